/**
 * Every image on reader pages: an upload's WebP copies with `srcset`/`sizes` and its real size, or a
 * plain URL as it is (`imageAttributes`, app/lib/responsive-image.ts). When it fails to load (also
 * before hydration, which onError alone would miss) the caller's placeholder takes its place.
 */
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { imageAttributes, type ImagePlace, type PageImage } from "#app/lib/responsive-image";

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
  placeholder: ReactNode;
}

export function SiteImage({ src, image, alt, placeholder, className, style, ...options }: SiteImageProps) {
  const [hasFailed, setHasFailed] = useState(!src);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setHasFailed(true);
  }, []);
  if (hasFailed) return placeholder;
  return (
    <img
      ref={ref}
      {...imageAttributes(src, image, options)}
      alt={alt}
      onError={() => setHasFailed(true)}
      style={style}
      className={className}
    />
  );
}
