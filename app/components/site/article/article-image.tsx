/**
 * The article's main image. When there is none, or it fails to load (the reader script swaps it, see
 * image-fallback.ts), a placeholder says 'Image not available'. Width and height are set so the page
 * does not jump while it loads.
 */
import { ImageOff } from "lucide-react";
import { FALLBACK_CLASS, IMAGE_NOT_AVAILABLE } from "../image-fallback";

export function ArticleImage({ src, alt }: { src: string; alt: string }) {
  if (!src) {
    return (
      <div role="img" aria-label={IMAGE_NOT_AVAILABLE} className={FALLBACK_CLASS.article}>
        <ImageOff aria-hidden size={40} />
        <span className={FALLBACK_CLASS.articleText}>{IMAGE_NOT_AVAILABLE}</span>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={1200}
      height={630}
      fetchPriority="high"
      data-fallback="article"
      className="aspect-[40/21] w-full rounded-lg bg-gray-100 object-cover"
    />
  );
}
