/**
 * A listing image in a box of the layout's shape (1200x630 cards, 480x320 rows): the picture fills it.
 * When there is none, or it fails (the reader script swaps it, see image-fallback.ts), a neutral
 * placeholder of the same shape takes its place.
 */
import { Newspaper } from "lucide-react";
import type { ImagePlace, PageImage } from "#app/lib/responsive-image";
import { useMessages } from "#app/i18n/use-messages";
import { FALLBACK_CLASS } from "./image-fallback";
import { SiteImage } from "./site-image";

interface CardImageProps {
  src: string;
  image?: PageImage | null;
  place: ImagePlace;
  alt?: string;
  width?: number;
  height?: number;
  className?: string;
  /** Above the fold (the hero): fetch at once instead of lazily. */
  isPriority?: boolean;
}

export function CardImage({
  src,
  image,
  place,
  alt = "",
  width = 1200,
  height = 630,
  className = "",
  isPriority = false,
}: CardImageProps) {
  const aspectRatio = `${width} / ${height}`;
  const notAvailable = useMessages().t("script.imageNotAvailable");
  return (
    <SiteImage
      src={src}
      image={image}
      alt={alt}
      place={place}
      isLead={isPriority}
      width={width}
      height={height}
      // The box keeps the layout's shape whatever the picture's own: the real size only tells the browser its proportions.
      style={{ aspectRatio }}
      className={`w-full bg-slate-100 object-cover ${className}`}
      fallback="card"
      fallbackClass={className}
      placeholder={
        <div
          role="img"
          aria-label={alt || notAvailable}
          style={{ aspectRatio }}
          className={`${FALLBACK_CLASS.card} ${className}`}
        >
          <Newspaper aria-hidden size={36} />
        </div>
      }
    />
  );
}
