/**
 * The article's main image, the page's lead image. When there is none, or it fails to load (the reader
 * script swaps it, see image-fallback.ts), a placeholder says 'Image not available'. The box has the
 * share image's shape (40:21) so the page does not jump while it loads.
 */
import { ImageOff } from "lucide-react";
import { SiteImage } from "#app/components/site/site-image";
import type { PageImage } from "#app/lib/responsive-image";
import { useMessages } from "#app/i18n/use-messages";
import { FALLBACK_CLASS } from "../image-fallback";

export function ArticleImage({ src, image, alt }: { src: string; image?: PageImage | null; alt: string }) {
  const notAvailable = useMessages().t("script.imageNotAvailable");
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
      fallback="article"
      placeholder={
        <div role="img" aria-label={notAvailable} className={FALLBACK_CLASS.article}>
          <ImageOff aria-hidden size={40} />
          <span className={FALLBACK_CLASS.articleText}>{notAvailable}</span>
        </div>
      }
    />
  );
}
