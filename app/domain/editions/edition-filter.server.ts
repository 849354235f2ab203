/**
 * The back office's Edition filter (decision record 022, point 11): the articles list and the dashboard
 * take `?edition=<tag>`. The choice only exists where the site has more than one edition; an unknown tag
 * (an edition since removed, a typo in a bookmark) is ignored rather than refused: every edition is shown.
 */
import type { DbOrTx } from "#app/db/client.server";
import { allEditions, type Edition } from "./editions.server";

export interface EditionFilter {
  /** Every edition in order, for the filter's options and the lists' language badge; empty on a one-edition site. */
  editions: Edition[];
  /** The chosen edition's tag, or null: all editions. */
  edition: string | null;
}

export async function editionFilterOf(db: DbOrTx, asked: string | null): Promise<EditionFilter> {
  const editions = await allEditions(db);
  if (editions.length < 2) return { editions: [], edition: null };
  const known = editions.find((edition) => edition.tag === asked);
  return { editions, edition: known ? known.tag : null };
}
