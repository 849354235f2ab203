/**
 * The article's main image. When it fails to load (also before the page became interactive, which
 * onError alone would miss) a placeholder says 'Image not available'. Width and height are set so the
 * page does not jump while it loads.
 */
import { ImageOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";

const IMAGE_NOT_AVAILABLE = "Image not available";

export function ArticleImage({ src, alt }: { src: string; alt: string }) {
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
        aria-label={IMAGE_NOT_AVAILABLE}
        className="flex aspect-[40/21] w-full flex-col items-center justify-center gap-2 rounded-lg bg-gray-100 text-gray-600"
      >
        <ImageOff aria-hidden size={40} />
        <span className="text-sm font-medium">{IMAGE_NOT_AVAILABLE}</span>
      </div>
    );
  }
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={1200}
      height={630}
      fetchPriority="high"
      onError={() => setHasFailed(true)}
      className="aspect-[40/21] w-full rounded-lg bg-gray-100 object-cover"
    />
  );
}
