/**
 * The editions the site publishes in (decision record 022), kept in memory per database like the
 * navigation categories: every reader page's layout reads them. Writes are in admin.server.ts.
 */
import { asc } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { editions } from "#app/db/schema";
import { onSiteChange } from "#app/domain/delivery/site-changes.server";
import { remembered } from "#app/lib/remembered.server";
import { EDITION_TAG_PATTERN, pageEdition, type PageEdition } from "#app/lib/editions";

export interface Edition {
  tag: string;
  name: string;
  position: number;
  enabled: boolean;
}

/** Every edition in the admins' order (the main one too): a query to read as it is, or lock (`.for`). */
export const editionsInOrder = (db: DbOrTx) =>
  db
    .select({
      tag: editions.tag,
      name: editions.name,
      position: editions.position,
      enabled: editions.enabled,
    })
    .from(editions)
    .orderBy(asc(editions.position), asc(editions.tag))
    .$dynamic();

/** The list, read once per database until the site changes. */
const rememberedEditions = remembered(async (db: DbOrTx): Promise<Edition[]> => editionsInOrder(db), {
  maxAgeMs: 60_000,
  onFirstUse: (db, forget) =>
    onSiteChange(db as Db, (change) => {
      if (change.scope === "everything") forget();
    }),
});

export const allEditions = (db: DbOrTx) => rememberedEditions.get(db);

/** Drops the remembered list at once (an admin's write, before the page that follows reads it). */
export const forgetEditions = (db: DbOrTx) => rememberedEditions.forget(db);

/**
 * The edition a reader page under `/{tag}/` is in: an enabled edition other than the main one (the main
 * one's addresses have no prefix), or null: the address is not an edition's.
 */
export async function readerEdition(db: DbOrTx, tag: string, mainTag: string): Promise<PageEdition | null> {
  if (!EDITION_TAG_PATTERN.test(tag) || tag === mainTag) return null;
  const found = (await allEditions(db)).find((edition) => edition.tag === tag && edition.enabled);
  return found ? pageEdition(found.tag, mainTag) : null;
}

/** The editions readers can open (enabled), in order: the switcher's and `hreflang`'s list. */
export async function enabledEditions(db: DbOrTx): Promise<Edition[]> {
  return (await allEditions(db)).filter((edition) => edition.enabled);
}
