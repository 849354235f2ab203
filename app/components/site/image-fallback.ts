/**
 * What stands in for an image that is missing or fails to load (the reader site's rule: "replaced
 * by a placeholder image; the article image shows 'Image not available'"). The server renders it when
 * there is no image; the reader script (app/reader/images.ts) swaps it in when an image fails. An
 * image names its placeholder with data-fallback.
 */
export const IMAGE_NOT_AVAILABLE = "Image not available";

export const FALLBACK_CLASS = {
  card: "flex w-full items-center justify-center bg-gradient-to-br from-slate-100 to-slate-200 text-slate-400",
  article:
    "flex aspect-[40/21] w-full flex-col items-center justify-center gap-2 rounded-lg bg-gray-100 text-gray-600",
  articleText: "text-sm font-medium",
  avatar:
    "flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white",
} as const;

export type FallbackKind = "card" | "article" | "avatar";

/** The avatar's stand-in shows the author's initial. */
export const initialOf = (name: string) => name.trim().charAt(0).toUpperCase() || "A";
