/** Public reads of categories: the header, footer and categories bar show them in the preferred order. */
import type { Db, DbOrTx } from "#app/db/client.server";
import { categories } from "#app/db/schema";
import { onSiteChange } from "#app/domain/delivery/site-changes.server";
import { remembered } from "#app/lib/remembered.server";
import { categorySlug, PREFERRED_CATEGORIES, sortCategoriesPreferred } from "#app/lib/slug";
import { logFailure } from "#app/lib/log.server";

export interface NavCategory {
  name: string;
  slug: string;
  color: string;
}

async function listCategoriesPreferred(db: DbOrTx): Promise<NavCategory[]> {
  const rows = await db
    .select({ name: categories.name, slug: categories.slug, color: categories.color })
    .from(categories);
  return sortCategoriesPreferred(rows);
}

/** When categories cannot be loaded the chrome still offers the seven preferred names. */
export const FALLBACK_CATEGORIES: NavCategory[] = PREFERRED_CATEGORIES.map((name) => ({
  name,
  slug: categorySlug(name),
  color: "#1e3a8a",
}));

/**
 * The header's categories, from memory per database: dropped when the site changes, and after a minute
 * whatever happens (a safety net for a write that does not signal).
 */
const rememberedNav = remembered(listCategoriesPreferred, {
  maxAgeMs: 60_000,
  onFirstUse: (db, forget) =>
    onSiteChange(db as Db, (change) => {
      if (change.scope === "everything") forget();
    }),
});

export async function navCategories(db: DbOrTx): Promise<NavCategory[]> {
  try {
    const list = await rememberedNav.get(db);
    return list.length > 0 ? list : FALLBACK_CATEGORIES;
  } catch (error) {
    logFailure("[categories] could not load the navigation categories", error);
    return FALLBACK_CATEGORIES;
  }
}
