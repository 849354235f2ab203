/**
 * A listing image. Width and height are set so the layout does not jump while it loads; when it fails
 * (also before hydration, which onError alone would miss) a neutral placeholder takes its place.
 */
import { Newspaper } from "lucide-react";
import { useEffect, useRef, useState } from "react";

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
  const [hasFailed, setHasFailed] = useState(!src);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setHasFailed(true);
  }, []);
  if (hasFailed) {
    return (
      <div
        role="img"
        aria-label={alt || "Image not available"}
        style={{ aspectRatio: `${width} / ${height}` }}
        className={`flex w-full items-center justify-center bg-gradient-to-br from-slate-100 to-slate-200 text-slate-400 ${className}`}
      >
        <Newspaper aria-hidden size={36} />
      </div>
    );
  }
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={isPriority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={isPriority ? "high" : undefined}
      onError={() => setHasFailed(true)}
      style={{ aspectRatio: `${width} / ${height}` }}
      className={`w-full bg-slate-100 object-cover ${className}`}
    />
  );
}
