/**
 * The media library: listing with filters, sort and server-side pages; status, featured and delete.
 * Deleting removes the stored files too, after the row is gone.
 */
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { escapeLike } from "#app/db/like";
import { media, users } from "#app/db/schema";
import { MEDIA_STATUSES, MEDIA_TYPES } from "#app/lib/enums";
import { logActivity, type Actor } from "#app/domain/activity/activity.server";
import { MEDIA_TEXT } from "./media-rules";
import { removeMediaFiles, type MediaServices } from "./storage.server";
import { mediaError } from "./upload.server";
import { firstRow } from "#app/db/rows";
import { totalPagesFor } from "#app/lib/pagination";
import { logFailure } from "#app/lib/log.server";

/** The spec's media default list. */
const MEDIA_PAGE_SIZE = 50;

export const MEDIA_SORTS = ["date", "name", "size"] as const;
type MediaSort = (typeof MEDIA_SORTS)[number];

interface MediaListFilter {
  type?: (typeof MEDIA_TYPES)[number] | null;
  status?: (typeof MEDIA_STATUSES)[number] | null;
  search?: string;
  sort?: MediaSort;
  order?: "asc" | "desc";
  page?: number;
  pageSize?: number;
  /** Admins see each uploader's e-mail (the spec's column); everyone else their name. */
  showUploaderEmails?: boolean;
}

function whereOf(filter: MediaListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(media.type, filter.type));
  if (filter.status) conditions.push(eq(media.status, filter.status));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(
      sql`(${media.name} ilike ${pattern} or exists (select 1 from unnest(${media.tags}) as tag where tag ilike ${pattern}))`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function listMedia(db: DbOrTx, filter: MediaListFilter = {}) {
  const pageSize = filter.pageSize ?? MEDIA_PAGE_SIZE;
  const where = whereOf(filter);
  const { total } = firstRow(await db.select({ total: count() }).from(media).where(where));
  const pageCount = totalPagesFor(total, pageSize);
  const page = Math.min(Math.max(1, filter.page ?? 1), pageCount);
  const column = { date: media.uploadedAt, name: sql`lower(${media.name})`, size: media.size }[
    filter.sort ?? "date"
  ];
  const direction = filter.order === "asc" ? asc : desc;
  const rows = await db
    .select({ ...getTableColumns(media), uploaderName: users.name })
    .from(media)
    .leftJoin(users, eq(users.id, media.uploadedById))
    .where(where)
    .orderBy(direction(column), direction(media.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const items = rows.map(({ uploaderName, ...item }) => ({
    ...item,
    uploadedBy: uploaderShown(item.uploadedBy, uploaderName, filter.showUploaderEmails ?? false),
  }));
  return { items, total, page, pageCount, pageSize };
}

/**
 * Who uploaded a file, as a viewer may see it: the spec's uploader e-mail for those who manage staff
 * accounts (admins), the uploader's name for everyone else, who have no business with colleagues'
 * addresses (writers once saw every uploader's e-mail).
 */
export function uploaderShown(email: string, name: string | null, showEmails: boolean): string {
  if (showEmails) return email;
  return name?.trim() || MEDIA_TEXT.formerStaff;
}

const unique = (ids: string[]) => [...new Set(ids.filter((id) => id !== ""))];

/**
 * Whether every one of the items was uploaded by this user. The matrix gives writers upload but not
 * delete: like their articles, they may change only their own media.
 */
export async function ownsAllMedia(db: DbOrTx, userId: string, ids: string[]): Promise<boolean> {
  const wanted = unique(ids);
  if (wanted.length === 0) return true;
  const rows = await db
    .select({ uploadedById: media.uploadedById })
    .from(media)
    .where(inArray(media.id, wanted));
  return rows.every((row) => row.uploadedById === userId);
}

/** Bulk activate / deactivate; the number of items changed. */
export async function setMediaStatus(db: Db, actor: Actor, ids: string[], status: "active" | "inactive") {
  const wanted = unique(ids);
  if (wanted.length === 0) return 0;
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(media)
      .set({ status, updatedAt: new Date() })
      .where(inArray(media.id, wanted))
      .returning({ name: media.name });
    if (rows.length === 0) throw mediaError(MEDIA_TEXT.bulkFailed, MEDIA_TEXT.notFound, "not_found");
    await logActivity(tx, {
      type: "media",
      actor,
      action: `${status === "active" ? "activated" : "deactivated"} media`,
      title: `${rows.length} media item${rows.length === 1 ? "" : "s"}`,
      description: rows.map((r) => r.name).join(", "),
    });
    return rows.length;
  });
}

/** Flips one item's featured flag; the new value. */
export async function toggleMediaFeatured(db: Db, actor: Actor, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(media)
      .set({ featured: sql`not ${media.featured}`, updatedAt: new Date() })
      .where(eq(media.id, id))
      .returning({ name: media.name, featured: media.featured });
    if (!row) throw mediaError(MEDIA_TEXT.updateFailed, MEDIA_TEXT.notFound, "not_found");
    await logActivity(tx, {
      type: "media",
      actor,
      action: row.featured ? "featured media" : "unfeatured media",
      title: row.name,
    });
    return row.featured;
  });
}

/** Deletes items and then their files (original and variants); the number deleted. */
export async function deleteMedia(
  db: Db,
  store: MediaServices,
  actor: Actor,
  ids: string[],
): Promise<number> {
  const wanted = unique(ids);
  if (wanted.length === 0) return 0;
  const removed = await db.transaction(async (tx) => {
    const rows = await tx.delete(media).where(inArray(media.id, wanted)).returning();
    if (rows.length === 0) throw mediaError(MEDIA_TEXT.deleteFailed, MEDIA_TEXT.notFound, "not_found");
    await logActivity(tx, {
      type: "media",
      actor,
      action: "deleted media",
      title: rows.length === 1 ? firstRow(rows).name : `${rows.length} media items`,
      description: rows.map((r) => r.name).join(", "),
    });
    return rows;
  });
  const keys = removed.flatMap((row) => [row.storageKey, ...row.variants.map((v) => v.key)]).filter(Boolean);
  // A page showing a deleted image must not keep offering its variants, nor a cache in front the files.
  siteChanged(db, { scope: "everything", reason: "media deleted", mediaKeys: keys });
  try {
    await removeMediaFiles(store, keys);
  } catch (error) {
    // The rows are gone; a file left behind is only disk space. Log it for the operator.
    logFailure("[media] could not remove files", error, { keys });
  }
  return removed.length;
}

/** One item's uploader as this viewer may see it (the item page; the list joins it in). */
export async function uploaderFor(
  db: DbOrTx,
  item: { uploadedBy: string; uploadedById: string | null },
  showEmails: boolean,
): Promise<string> {
  if (showEmails) return item.uploadedBy;
  const [uploader] = item.uploadedById
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, item.uploadedById)).limit(1)
    : [];
  return uploaderShown(item.uploadedBy, uploader?.name ?? null, false);
}
