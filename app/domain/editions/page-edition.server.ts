/**
 * Which edition a reader page is in (decision record 022, point 2): the main edition at the root, another
 * under `/{tag}/`. Every reader loader asks (its listings read that edition's stories); the edition route
 * (app/routes/site/edition.tsx) refuses an address whose first segment is no enabled edition.
 */
import type { DbOrTx } from "#app/db/client.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { pageEdition, type PageEdition } from "#app/lib/editions";
import { readerEdition } from "./editions.server";

/** The main edition's tag: Settings → General's language. */
export async function mainEditionTag(db: DbOrTx): Promise<string> {
  return (await getSettings(db)).language || "en";
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

/** The page's edition for a reader loader: the main one when the prefix names none (edition.tsx answers those). */
export async function pageEditionOf(db: DbOrTx, params: { edition?: string }): Promise<PageEdition> {
  const found = await editionOfParams(db, params);
  if (found) return found;
  const mainTag = await mainEditionTag(db);
  return pageEdition(mainTag, mainTag);
}
