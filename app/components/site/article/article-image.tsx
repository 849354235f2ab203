/**
 * The article's main image, the page's lead image. When it fails to load a placeholder says 'Image not
 * available'. The box has the share image's shape (40:21) so the page does not jump while it loads.
 */
import { ImageOff } from "lucide-react";
import { SiteImage } from "#app/components/site/site-image";
import type { PageImage } from "#app/lib/responsive-image";

const IMAGE_NOT_AVAILABLE = "Image not available";

export function ArticleImage({ src, image, alt }: { src: string; image?: PageImage | null; alt: string }) {
  return (
    <SiteImage
      src={src}
      image={image}
      alt={alt}
      place="articleHero"
      isLead
      width={1200}
      height={630}
      className="aspect-[40/21] w-full rounded-lg bg-gray-100 object-cover"
      placeholder={
        <div
          role="img"
          aria-label={IMAGE_NOT_AVAILABLE}
          className="flex aspect-[40/21] w-full flex-col items-center justify-center gap-2 rounded-lg bg-gray-100 text-gray-600"
        >
          <ImageOff aria-hidden size={40} />
          <span className="text-sm font-medium">{IMAGE_NOT_AVAILABLE}</span>
        </div>
      }
    />
  );
}
