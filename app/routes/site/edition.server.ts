/**
 * The edition a reader page's loader reads (decision record 022). React Router runs the loaders of an
 * address in parallel, so each page refuses an unknown or switched-off prefix itself, with the
 * not-found page: were it to read the main edition instead, its own answer (a story's move to its
 * edition) could win over the edition route's 404.
 */
import type { DbOrTx } from "#app/db/client.server";
import { editionOfParams, mainEditionTag } from "#app/domain/editions/page-edition.server";
import type { PageEdition } from "#app/lib/editions";
import { readerNotFound } from "./not-found.server";

export async function pageEditionOf(db: DbOrTx, params: { edition?: string }): Promise<PageEdition> {
  const edition = await editionOfParams(db, params);
  if (edition) return edition;
  throw await readerNotFound(db, await mainEditionTag(db));
}
