/**
 * A listing image. Width and height are set so the layout does not jump while it loads; when there is
 * none, or it fails (the reader script swaps it, see image-fallback.ts), a neutral placeholder takes
 * its place.
 */
import { Newspaper } from "lucide-react";
import { FALLBACK_CLASS, IMAGE_NOT_AVAILABLE } from "./image-fallback";

interface CardImageProps {
  src: string;
  alt?: string;
  width?: number;
  height?: number;
  className?: string;
  /** Above the fold (the hero): fetch at once instead of lazily. */
  isPriority?: boolean;
}

export function CardImage({
  src,
  alt = "",
  width = 1200,
  height = 630,
  className = "",
  isPriority = false,
}: CardImageProps) {
  if (!src) {
    return (
      <div
        role="img"
        aria-label={alt || IMAGE_NOT_AVAILABLE}
        style={{ aspectRatio: `${width} / ${height}` }}
        className={`${FALLBACK_CLASS.card} ${className}`}
      >
        <Newspaper aria-hidden size={36} />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={isPriority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={isPriority ? "high" : undefined}
      data-fallback="card"
      data-fallback-class={className || undefined}
      style={{ aspectRatio: `${width} / ${height}` }}
      className={`w-full bg-slate-100 object-cover ${className}`}
    />
  );
}
