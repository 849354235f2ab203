/** Public reads of categories: the header, footer and categories bar show them in the preferred order. */
import type { Db, DbOrTx } from "#app/db/client.server";
import { and, eq, exists, sql } from "drizzle-orm";
import { articles, categories, categoryNames } from "#app/db/schema";
import { inLanguage, isPublished } from "#app/domain/articles/published.server";
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

/**
 * Another edition's bar (decision record 022, point 4): the categories holding one of its published
 * stories, each under its name in that edition where one was given, else the main edition's.
 */
async function listEditionCategories(db: DbOrTx, language: string): Promise<NavCategory[]> {
  const rows = await db
    .select({
      name: sql<string>`coalesce(${categoryNames.name}, ${categories.name})`,
      slug: categories.slug,
      color: categories.color,
      mainName: categories.name,
    })
    .from(categories)
    .leftJoin(
      categoryNames,
      and(eq(categoryNames.categoryId, categories.id), eq(categoryNames.edition, language)),
    )
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(articles)
          .where(and(eq(articles.categoryId, categories.id), isPublished(), inLanguage(language))),
      ),
    );
  // In the main edition's preferred order, whatever each is called here.
  const order = new Map(
    sortCategoriesPreferred(rows.map((row) => ({ ...row, name: row.mainName }))).map((row, i) => [
      row.slug,
      i,
    ]),
  );
  return rows
    .sort((a, b) => (order.get(a.slug) ?? 0) - (order.get(b.slug) ?? 0))
    .map(({ name, slug, color }) => ({ name, slug, color }));
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
const rememberedNav = remembered(async (_db: DbOrTx) => new Map<string, Promise<NavCategory[]>>(), {
  maxAgeMs: 60_000,
  onFirstUse: (db, forget) =>
    onSiteChange(db as Db, (change) => {
      if (change.scope === "everything") forget();
    }),
});

/** The bar of an edition: the main one lists every category, as the spec says; `language` is the page's. */
export async function navCategories(
  db: DbOrTx,
  edition: { tag: string; main: boolean },
): Promise<NavCategory[]> {
  try {
    const lists = await rememberedNav.get(db);
    let list = lists.get(edition.tag);
    if (!list) {
      list = edition.main ? listCategoriesPreferred(db) : listEditionCategories(db, edition.tag);
      lists.set(edition.tag, list);
      list.catch(() => lists.delete(edition.tag));
    }
    const found = await list;
    // An edition without stories yet has an empty bar; the main one falls back to the preferred names.
    return found.length > 0 || !edition.main ? found : FALLBACK_CATEGORIES;
  } catch (error) {
    logFailure("[categories] could not load the navigation categories", error);
    return FALLBACK_CATEGORIES;
  }
}
