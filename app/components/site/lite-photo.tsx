/**
 * A photo on a lite page (decision record 019): a link to its smallest copy that says what it costs,
 * "Show photo · 31 KB", in the box the photo would fill. The lite script (app/reader/lite-photos.ts)
 * puts the photo in its place when tapped; without a script the link opens the photo. Lifted above
 * a card's stretched link, so a tap shows the photo rather than opening the story.
 */
import { ImageIcon } from "lucide-react";
import type { CSSProperties } from "react";
import { LITE_PHOTO_CLASS } from "#app/lib/lite-body";
import { showPhotoLabel } from "#app/lib/lite-mode";
import { useMessages } from "#app/i18n/use-messages";

interface LitePhotoProps {
  src: string;
  alt: string;
  /** The copy's bytes, when known. */
  size?: number;
  width: number;
  height: number;
  /** The photo's own classes, for when it is shown. */
  photoClassName?: string;
  style?: CSSProperties;
}

export function LitePhoto({ src, alt, size, width, height, photoClassName = "", style }: LitePhotoProps) {
  const { t } = useMessages();
  const label = showPhotoLabel(size, t);
  return (
    <a
      href={src}
      data-lite-photo=""
      data-alt={alt}
      data-photo-class={photoClassName}
      data-width={width}
      data-height={height}
      aria-label={alt ? `${label}: ${alt}` : label}
      style={{ aspectRatio: `${width} / ${height}`, ...style }}
      className={LITE_PHOTO_CLASS}
    >
      <ImageIcon aria-hidden size={18} className="shrink-0" />
      <span>{label}</span>
    </a>
  );
}
