/**
 * Which edition a reader page is in (decision record 022, point 2): the main edition at the root, another
 * under `/{tag}/`. Every reader loader asks (its listings read that edition's stories); the edition route
 * (app/routes/site/edition.tsx) refuses an address whose first segment is no enabled edition.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { editionPrefix, inEdition, mainTagOf, pageEdition, type PageEdition } from "#app/lib/editions";
import { allEditions, readerEdition } from "./editions.server";

/**
 * The main edition's tag as the database reads it, for a write that files a story there (a new story
 * before the editor chooses a language, an imported one): the same rule as `mainEditionTag`.
 */
export const MAIN_EDITION_TAG_SQL = sql<string>`coalesce((SELECT language FROM settings LIMIT 1), 'en')`;

/** The main edition's tag: Settings → General's language. */
export async function mainEditionTag(db: DbOrTx): Promise<string> {
  return mainTagOf(await getSettings(db));
}


/**
 * The page's edition, or null when `/{tag}/` names none readers may open (unknown, switched off, or the
 * main edition's own tag, whose pages have no prefix).
 */
export async function editionOfParams(db: DbOrTx, params: { edition?: string }): Promise<PageEdition | null> {
  const mainTag = await mainEditionTag(db);
  if (params.edition === undefined) return pageEdition(mainTag, mainTag);
  return readerEdition(db, params.edition.toLowerCase(), mainTag);
}

/**
 * The page's edition for the site layout, which draws the chrome of every reader page: the main one when
 * the prefix names none (the pages under it answer 404, app/routes/site/edition.server.ts).
 */
export async function editionOrMain(db: DbOrTx, params: { edition?: string }): Promise<PageEdition> {
  const found = await editionOfParams(db, params);
  if (found) return found;
  const mainTag = await mainEditionTag(db);
  return pageEdition(mainTag, mainTag);
}

/** The main edition's tag and the tags readers can open: what sitemaps and feeds list (decision record 022). */
export async function feedEditions(db: DbOrTx): Promise<{ mainTag: string; enabledTags: string[] }> {
  const [mainTag, editions] = await Promise.all([mainEditionTag(db), allEditions(db)]);
  const enabledTags = editions.filter((edition) => edition.enabled).map((edition) => edition.tag);
  // The main edition is always open, whatever its row says.
  return { mainTag, enabledTags: enabledTags.includes(mainTag) ? enabledTags : [mainTag, ...enabledTags] };
}

/**
 * The home of every edition readers can open, in the editions' order (decision record 022, point 8): the
 * homes name each other with `hreflang`, the main one (`/`) the `x-default` (`alternatesOf`).
 */
export async function editionHomes(
  db: DbOrTx,
): Promise<Array<{ tag: string; path: string; isOriginal: boolean }>> {
  const { mainTag, enabledTags } = await feedEditions(db);
  return enabledTags.map((tag) => ({
    tag,
    path: inEdition(editionPrefix(tag, mainTag), "/"),
    isOriginal: tag === mainTag,
  }));
}
