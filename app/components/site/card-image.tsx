/**
 * A listing image in a box of the layout's shape (1200x630 cards, 480x320 rows): the picture fills it.
 * When it fails a neutral placeholder of the same shape takes its place.
 */
import { Newspaper } from "lucide-react";
import type { ImagePlace, PageImage } from "#app/lib/responsive-image";
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
      placeholder={
        <div
          role="img"
          aria-label={alt || "Image not available"}
          style={{ aspectRatio }}
          className={`flex w-full items-center justify-center bg-gradient-to-br from-slate-100 to-slate-200 text-slate-400 ${className}`}
        >
          <Newspaper aria-hidden size={36} />
        </div>
      }
    />
  );
}
