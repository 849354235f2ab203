/**
 * Reader reads of media: the stored copies of the uploaded images a page shows, found in one query for
 * the whole page (by the key in each image URL; `media_storage_key_idx`), whatever the number of cards.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { media } from "#app/db/schema";
import { pageImageOf, type PageImages } from "#app/lib/responsive-image";
import type { SocialImage } from "#app/lib/seo";
import { isShareVariant, shareVariantOf } from "./media-rules";
import { originalKeyOfUrl, type MediaServices } from "./storage.server";
import { logFailure } from "#app/lib/log.server";

interface PageImagesOptions {
  /** Save-Data: only the smallest copies (`isLiteRequest`). */
  small: boolean;
  /** The page's own image, whose share image goes into its link preview. */
  lead?: string | null;
  /** Where uploads are served from (MEDIA_PUBLIC_URL): an address under it names an upload too. */
  media: MediaServices;
}

/** What the media library keeps with the lead image, shown with it on the article page. */
export interface LeadDetails {
  alt: string;
  caption: string;
  credit: string;
}

interface ImagesOfPage {
  images: PageImages;
  /** The lead's link-preview image, null when the page has no lead image. */
  share: SocialImage | null;
  /** The lead's alt text, caption and credit when it is an upload; null otherwise. */
  lead: LeadDetails | null;
}

/**
 * The uploaded images among `urls`, ready to draw, and the share image of `lead`: an upload's 1200x630
 * copy with its size; any other URL as it is, with no size claimed. When the lookup fails the page
 * still renders, with the plain URLs (the cause goes to the log).
 */
export async function pageImages(
  db: DbOrTx,
  urls: ReadonlyArray<string | null | undefined>,
  options: PageImagesOptions,
): Promise<ImagesOfPage> {
  try {
    return await findPageImages(db, urls, options);
  } catch (error) {
    logFailure("[media] could not find the copies of the page's images", error);
    return { images: {}, share: options.lead ? { url: options.lead } : null, lead: null };
  }
}

async function findPageImages(
  db: DbOrTx,
  urls: ReadonlyArray<string | null | undefined>,
  { small, lead, media: store }: PageImagesOptions,
): Promise<ImagesOfPage> {
  const keyOf = new Map<string, string>();
  for (const url of [...urls, lead]) {
    const key = url ? originalKeyOfUrl(store, url) : null;
    if (url && key) keyOf.set(url, key);
  }
  const keys = [...new Set(keyOf.values())];
  const rows =
    keys.length === 0
      ? []
      : await db
          .select({
            storageKey: media.storageKey,
            variants: media.variants,
            alt: media.alt,
            caption: media.caption,
            credit: media.credit,
          })
          .from(media)
          .where(and(inArray(media.storageKey, keys), eq(media.type, "image")));
  const variantsOf = new Map(rows.map((row) => [row.storageKey, row.variants]));
  const images: PageImages = {};
  for (const [url, key] of keyOf) {
    const image = pageImageOf(
      (variantsOf.get(key) ?? []).filter((v) => !isShareVariant(v)),
      { small },
    );
    if (image) images[url] = image;
  }
  if (!lead) return { images, share: null, lead: null };
  const leadKey = keyOf.get(lead);
  const shared = leadKey ? shareVariantOf(variantsOf.get(leadKey) ?? []) : undefined;
  const leadRow = leadKey ? rows.find((row) => row.storageKey === leadKey) : undefined;
  return {
    images,
    share: shared ? { url: shared.url, width: shared.width, height: shared.height } : { url: lead },
    lead: leadRow ? { alt: leadRow.alt, caption: leadRow.caption, credit: leadRow.credit } : null,
  };
}
