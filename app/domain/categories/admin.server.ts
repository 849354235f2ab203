/**
 * Category management. Names and slugs are unique; a category
 * that still has articles is only deleted once its articles have somewhere else to go.
 */
import { signalAfter } from "#app/domain/delivery/site-changes.server";
import { and, asc, count, eq, ilike, inArray, ne, or, sql } from "drizzle-orm";
import { accessDenied, type CurrentUser } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import type { Db, DbOrTx, Tx } from "#app/db/client.server";
import { isUniqueViolation } from "#app/db/errors";
import { escapeLike } from "#app/db/like";
import { articles, categories, type Category } from "#app/db/schema";
import { logActivity } from "#app/domain/activity/activity.server";
import { conflict, fieldsRefused, invalid, notFound } from "#app/lib/errors";
import { CATEGORY_TEXT, type CategoryInput } from "#app/lib/category-form";
import { firstRow } from "#app/db/rows";

const requireManage = (actor: CurrentUser) => {
  if (!can(actor.role, "categories", "manage")) accessDenied();
};

/** Every category with its article count, counted by the database. */
export async function listCategoriesWithCounts(db: DbOrTx, q = "") {
  const pattern = `%${escapeLike(q)}%`;
  const counts = db
    .select({ categoryId: articles.categoryId, n: count().as("n") })
    .from(articles)
    .groupBy(articles.categoryId)
    .as("article_counts");
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      color: categories.color,
      articleCount: counts.n,
    })
    .from(categories)
    .leftJoin(counts, eq(counts.categoryId, categories.id))
    .where(
      q
        ? or(
            ilike(categories.name, pattern),
            ilike(categories.slug, pattern),
            ilike(categories.description, pattern),
          )
        : undefined,
    )
    .orderBy(asc(categories.name));
  return rows.map((row) => ({ ...row, articleCount: Number(row.articleCount ?? 0) }));
}
export async function getCategory(db: DbOrTx, id: string): Promise<Category | null> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row ?? null;
}

export type CategoryFieldErrors = Partial<Record<"name" | "slug" | "description" | "color", string>>;

/** Thrown with the field errors a duplicate name or slug deserves. */
const duplicate = (fieldErrors: CategoryFieldErrors): never => {
  throw fieldsRefused("conflict", fieldErrors);
};

async function assertUnique(db: DbOrTx, input: { name: string; slug: string }, exceptId?: string) {
  const clash = await db
    .select({ name: categories.name, slug: categories.slug })
    .from(categories)
    .where(
      and(
        or(sql`lower(${categories.name}) = lower(${input.name})`, eq(categories.slug, input.slug)),
        exceptId ? ne(categories.id, exceptId) : undefined,
      ),
    );
  const fieldErrors: CategoryFieldErrors = {};
  if (clash.some((c) => c.name.toLowerCase() === input.name.toLowerCase()))
    fieldErrors.name = CATEGORY_TEXT.duplicateName;
  if (clash.some((c) => c.slug === input.slug)) fieldErrors.slug = CATEGORY_TEXT.duplicateSlug;
  if (fieldErrors.name || fieldErrors.slug) duplicate(fieldErrors);
}

/** A concurrent save can still hit the unique index after our check: answer it the same way. */
async function translatingDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) duplicate({ name: CATEGORY_TEXT.duplicateName });
    throw error;
  }
}

export async function createCategory(db: Db, actor: CurrentUser, input: CategoryInput & { slug: string }) {
  requireManage(actor);
  await assertUnique(db, input);
  return signalAfter(db, { scope: "everything", reason: "category changed" }, () =>
    translatingDuplicates(() =>
      db.transaction(async (tx) => {
        const row = firstRow(
          await tx
            .insert(categories)
            .values({
              name: input.name,
              slug: input.slug,
              description: input.description,
              color: input.color,
            })
            .returning(),
        );
        await logActivity(tx, { type: "article", actor, action: "created category", title: row.name });
        return row;
      }),
    ),
  );
}

/** The edit screen changes name, slug and description (the colour stays as created). */
export async function updateCategory(
  db: Db,
  actor: CurrentUser,
  id: string,
  input: Omit<CategoryInput, "color"> & { slug: string },
) {
  requireManage(actor);
  await assertUnique(db, input, id);
  return signalAfter(db, { scope: "everything", reason: "category changed" }, () =>
    translatingDuplicates(() =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(categories)
          .set({ name: input.name, slug: input.slug, description: input.description, updatedAt: new Date() })
          .where(eq(categories.id, id))
          .returning();
        if (!row) throw notFound(CATEGORY_TEXT.notFound);
        await logActivity(tx, { type: "article", actor, action: "updated category", title: row.name });
        return row;
      }),
    ),
  );
}

async function articleCountIn(tx: DbOrTx, ids: readonly string[]) {
  const { n } = firstRow(
    await tx
      .select({ n: count() })
      .from(articles)
      .where(inArray(articles.categoryId, [...ids])),
  );
  return n;
}

async function moveTargetOrRefuse(tx: Tx, ids: readonly string[], moveTo: string | undefined) {
  const needsMoveTarget = true;
  if (!moveTo) throw conflict(CATEGORY_TEXT.chooseMoveTarget, { needsMoveTarget });
  if (ids.includes(moveTo)) throw invalid(CATEGORY_TEXT.invalidMoveTarget, { needsMoveTarget });
  const target = await getCategory(tx, moveTo);
  if (!target) throw invalid(CATEGORY_TEXT.invalidMoveTarget, { needsMoveTarget });
  return target;
}

/**
 * Deletes one or more categories in one transaction. Their articles move to `moveTo`; when they have
 * articles and no target is given, nothing is deleted and the caller is asked for one.
 */
export async function deleteCategories(db: Db, actor: CurrentUser, ids: readonly string[], moveTo?: string) {
  requireManage(actor);
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw invalid(CATEGORY_TEXT.bulkNone);
  return signalAfter(db, { scope: "everything", reason: "category changed" }, () =>
    db.transaction(async (tx) => {
      const found = await tx.select().from(categories).where(inArray(categories.id, unique)).for("update");
      if (found.length !== unique.length) throw notFound(CATEGORY_TEXT.notFound);
      const moved = await articleCountIn(tx, unique);
      let target: Category | null = null;
      if (moved > 0) {
        target = await moveTargetOrRefuse(tx, unique, moveTo);
        await tx
          .update(articles)
          .set({ categoryId: target.id, updatedAt: new Date() })
          .where(inArray(articles.categoryId, unique));
      }
      await tx.delete(categories).where(inArray(categories.id, unique));
      for (const category of found) {
        await logActivity(tx, {
          type: "article",
          actor,
          action: "deleted category",
          title: category.name,
          description: target ? `${moved} article(s) moved to ${target.name}` : "",
        });
      }
      return { deleted: found.length, moved, movedTo: target?.name ?? null };
    }),
  );
}

/** How many articles the given categories hold: the delete dialog asks for a target when > 0. */
export const countArticlesIn = (db: DbOrTx, ids: readonly string[]) =>
  ids.length ? articleCountIn(db, ids) : Promise.resolve(0);
