/**
 * How reader pages draw an image: which stored WebP copies a page offers (`srcset`), how wide each place
 * shows it (`sizes`), its real size (`width`/`height`, so nothing moves while it loads) and when it loads.
 * An image that is not an upload (an external URL, the sample SVGs) stays a plain `<img>`.
 *
 * Measured on the home page with a 441 KiB photo as the top story, empty cache, phone emulation (390 px at
 * DPR 3, and 412 px at DPR 1.75): images went from 445 KB (the original, for the hero and its Latest News
 * row) to 81 KB (the 800 px copy, which Chromium reuses for the row), the page from 610 KB to 247 KB
 * with 142 KB of it script; with Save-Data, images 31 KB (the 400 px copy).
 */

/** One stored copy of an image. */
export interface ImageCopy {
  url: string;
  width: number;
  height: number;
  /** Bytes, when recorded (copies made before sizes were get theirs at start-up). */
  size?: number;
}

/** What a page needs to draw one uploaded image; it travels in the loader's data. */
export interface PageImage {
  /** The copy for browsers that ignore `srcSet`; with Save-Data, the smallest and only one. */
  src: string;
  /** Every width, for the browser to choose from by `sizes`; absent when there is a single copy. */
  srcSet?: string;
  /** The real size of `src`. */
  width: number;
  height: number;
  /** The bytes of `src`, when known: what a reader saving data is told the photo would cost. */
  size?: number;
}

/** Images on a page by the URL an article stores, for the uploads among them. */
export type PageImages = Record<string, PageImage>;

/** The copy that stands in for browsers without `srcset`: the middle width, a fair size anywhere. */
const FALLBACK_WIDTH = 800;

/** A copy's size as a field, left out when unknown (no `size: undefined` in the page's data). */
const sizeOf = (copy: ImageCopy) => (copy.size === undefined ? {} : { size: copy.size });

/**
 * The image a page draws from an upload's copies (the share image not among them). With `small`
 * (Save-Data) only the smallest copy is offered: the top story too, blurrier on a large screen but a
 * tenth of the bytes.
 */
export function pageImageOf(copies: readonly ImageCopy[], { small }: { small: boolean }): PageImage | null {
  const sorted = [...copies].filter((c) => c.width > 0 && c.height > 0).sort((a, b) => a.width - b.width);
  const smallest = sorted[0];
  if (!smallest) return null;
  if (small || sorted.length === 1)
    return { src: smallest.url, width: smallest.width, height: smallest.height, ...sizeOf(smallest) };
  const fallback = sorted.filter((c) => c.width <= FALLBACK_WIDTH).at(-1) ?? smallest;
  return {
    src: fallback.url,
    srcSet: sorted.map((c) => `${c.url} ${c.width}w`).join(", "),
    width: fallback.width,
    height: fallback.height,
    ...sizeOf(fallback),
  };
}

/**
 * `sizes` for a place: the width rules of larger screens, then the phone's width. Screens of 2.5x and
 * more (most phones are 2.6x to 3.5x) are asked for 2x pixels: the hero at 390 px then takes the 800 px
 * copy (77 KB for the measured photo) instead of the 1200 px one (135 KB), with no visible difference at
 * a phone's viewing distance. Browsers that do not know `min-resolution` skip that rule and ask for full
 * density.
 */
function sizesFor(phone: string, wider: readonly string[] = []): string {
  return [...wider, `(min-resolution: 2.5dppx) calc(${phone} * 2 / 3)`, phone].join(", ");
}

/**
 * How wide each place shows its image, in CSS pixels, from the page's Tailwind layout: the containers
 * (`max-w-7xl px-4` is 1248 px at most, `px-4` leaves 100vw - 2rem on a phone), their columns and gaps.
 */
export const IMAGE_SIZES = {
  /** Home top story: 3 of 5 columns from 1024 px, the full width below. */
  lead: sizesFor("calc(100vw - 2rem)", [
    "(min-width: 1280px) 749px",
    "(min-width: 1024px) calc(60vw - 1.2rem)",
  ]),
  /** Article page image: the text column (72ch, about 640 px) from 768 px. */
  articleHero: sizesFor("calc(100vw - 2rem)", ["(min-width: 768px) 640px"]),
  /** Card grids of 1, 2 and 3 columns (home featured, category, all articles, featured news). */
  card: sizesFor("calc(100vw - 2rem)", [
    "(min-width: 1280px) 400px",
    "(min-width: 1024px) calc((100vw - 5rem) / 3)",
    "(min-width: 640px) calc(50vw - 1.75rem)",
  ]),
  /** Latest news: the card grid with a 4th column from 1280 px. */
  cardOfFour: sizesFor("calc(100vw - 2rem)", [
    "(min-width: 1280px) 294px",
    "(min-width: 1024px) calc((100vw - 5rem) / 3)",
    "(min-width: 640px) calc(50vw - 1.75rem)",
  ]),
  /** Related articles: two columns inside the article's text column from 640 px. */
  related: sizesFor("calc(100vw - 2rem)", ["(min-width: 640px) 310px"]),
  /** The home page's Latest News rows: a 112 px thumbnail, 176 px from 640 px. */
  thumbnail: sizesFor("112px", ["(min-width: 640px) 176px"]),
  /** Search results: a 240 px column from 640 px, the full width above the text below. */
  searchResult: sizesFor("calc(100vw - 2rem)", ["(min-width: 640px) 240px"]),
} as const;

export type ImagePlace = keyof typeof IMAGE_SIZES;

interface ImageOptions {
  /** Where the image is shown (its `sizes`). */
  place: ImagePlace;
  /** The first, biggest image above the fold (home top story, article image): fetched first, never lazily. */
  isLead?: boolean;
  /** The box's size as the layout draws it, used for a plain image whose real size is unknown. */
  width: number;
  height: number;
}

/** The `<img>` attributes for an image: the upload's copies when there are some, else the plain URL. */
export function imageAttributes(src: string, image: PageImage | null | undefined, options: ImageOptions) {
  const loading = options.isLead
    ? ({ loading: "eager", fetchPriority: "high" } as const)
    : ({ loading: "lazy", decoding: "async" } as const);
  if (!image) return { src, width: options.width, height: options.height, ...loading };
  return {
    src: image.src,
    ...(image.srcSet ? { srcSet: image.srcSet, sizes: IMAGE_SIZES[options.place] } : {}),
    width: image.width,
    height: image.height,
    ...loading,
  };
}
