/** Public reads of categories: the header, footer and categories bar show them in the preferred order. */
import type { DbOrTx } from "#app/db/client.server";
import { categories } from "#app/db/schema";
import { categorySlug, PREFERRED_CATEGORIES, sortCategoriesPreferred } from "#app/lib/slug";

export interface NavCategory {
  name: string;
  slug: string;
  color: string;
}

export async function listCategoriesPreferred(db: DbOrTx): Promise<NavCategory[]> {
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

export async function navCategories(db: DbOrTx): Promise<NavCategory[]> {
  try {
    const list = await listCategoriesPreferred(db);
    return list.length > 0 ? list : FALLBACK_CATEGORIES;
  } catch (error) {
    console.error("[categories] could not load the navigation categories", error);
    return FALLBACK_CATEGORIES;
  }
}
