/**
 * Every image on reader pages: an upload's WebP copies with `srcset`/`sizes` and its real size, or a
 * plain URL as it is (`imageAttributes`, app/lib/responsive-image.ts). With no image the caller's
 * placeholder is rendered; an image that fails to load names its placeholder with `data-fallback`, and
 * the reader script swaps it in (app/reader/images.ts): reader pages are not hydrated. On a lite page
 * (the reader saves data) the photo waits for a tap (`LitePhoto`).
 */
import type { CSSProperties, ReactNode } from "react";
import { imageAttributes, type ImagePlace, type PageImage } from "#app/lib/responsive-image";
import type { FallbackKind } from "./image-fallback";
import { LitePhoto } from "./lite-photo";
import { useLiteMode } from "./use-site";

interface SiteImageProps {
  src: string;
  /** The upload's copies, when the URL is an upload (from the loader's `images`). */
  image?: PageImage | null;
  alt: string;
  place: ImagePlace;
  isLead?: boolean;
  /** The box as the layout draws it: a plain image's size attributes. */
  width: number;
  height: number;
  className?: string;
  style?: CSSProperties;
  /** What the reader script puts in its place if it fails, and extra classes for it. */
  fallback: FallbackKind;
  fallbackClass?: string;
  /** Rendered when there is no image at all. */
  placeholder: ReactNode;
}

export function SiteImage({
  src,
  image,
  alt,
  placeholder,
  className,
  style,
  fallback,
  fallbackClass,
  ...options
}: SiteImageProps) {
  const isLite = useLiteMode();
  if (!src) return placeholder;
  if (isLite)
    return (
      <LitePhoto
        src={image?.src ?? src}
        alt={alt}
        size={image?.size}
        width={image?.width ?? options.width}
        height={image?.height ?? options.height}
        photoClassName={className}
        style={style}
      />
    );
  return (
    <img
      {...imageAttributes(src, image, options)}
      alt={alt}
      data-fallback={fallback}
      data-fallback-class={fallbackClass || undefined}
      style={style}
      className={className}
    />
  );
}
