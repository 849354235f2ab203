/**
 * Imports a JSON export of the old document database (README.md, "Moving from the old site"): the collections
 * articles, categories, comments, users, media, notifications, contactMessages and settings, in any of
 * the field variants the old app wrote. Idempotent: records keep their source ids and are upserted, so
 * running the same export twice changes nothing. Ids come the ways document databases export them:
 * `_id` (MongoDB, also as extended JSON `{"$oid": ...}`), `id`, or the key of a collection exported as an
 * object keyed by id (Firestore); references between records (an article's category and author, a
 * comment's article) may use any of them. A record left out is listed in the report with its reason.
 */
import { MAIN_EDITION_TAG_SQL } from "#app/domain/editions/page-edition.server";
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import { eq, or, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "#app/db/client.server";
import type { MediaServices } from "#app/domain/media/storage.server";
import {
  articles,
  categories,
  comments,
  contactMessages,
  media,
  notifications,
  settings,
  users,
  type SocialLinks,
} from "#app/db/schema";
import {
  ARTICLE_STATUSES,
  COMMENT_STATUSES,
  CONTACT_STATUSES,
  MEDIA_STATUSES,
  MEDIA_TYPES,
  NOTIFICATION_TYPES,
  USER_ROLES,
  USER_STATUSES,
} from "#app/lib/enums";
import { audienceForLink } from "#app/domain/notifications/notifications.server";
import { changeArticleSlug, slugTaken, uniqueSlugFor } from "#app/domain/articles/slugs.server";
import { isLegacyRole, recordLegacyRoleMigration } from "#app/domain/users/legacy-roles.server";
import { uniqueUserSlug } from "#app/domain/users/users.server";
import { isValidSlug } from "#app/lib/article-form/slug-rules";
import { categoryMatchKey, categorySlug } from "#app/lib/slug";
import { readTimeFor } from "#app/lib/text";
import { invalid } from "#app/lib/errors";
import { safeBody } from "#app/lib/sanitize.server";
import {
  inlineImageStore,
  isDataUrl,
  removeStoredFiles,
  storeBodyImages,
  type InlineImageStore,
} from "./inline-images.server";

type Doc = Record<string, unknown>;

/** The collections the importer reads, in the order it reads them (references point backwards). */
const COLLECTIONS = [
  "settings",
  "categories",
  "users",
  "articles",
  "comments",
  "media",
  "notifications",
  "contactMessages",
] as const;

/** What the import command prints: the reasons a record is left out, and the summary. */
export const IMPORT_TEXT = {
  notADocument: "not a document (an object was expected)",
  noId: "no id (no _id, no id and no key)",
  noTitle: "no title",
  noName: "no name",
  noEmail: "no e-mail",
  noText: "no text",
  noMessage: "no message",
  noUrl: "no URL",
  featuredImage: "featured image",
  bodyImage: (position: number) => `image ${position} in the body`,
  imageLeftOut: (which: string, reason: string) => `${which} left out: ${reason}`,
  articleMissing: "its article is not in the export",
  unknownCollection: `not a collection the importer reads (it reads ${COLLECTIONS.join(", ")})`,
  unknownCategory: (id: string) => `unknown category ${id}: imported as Uncategorised`,
  notAnExport: (what: string, file = "This file") =>
    `${file} is not an export of the old site: it holds ${what}, where an export is a JSON object with collections (${COLLECTIONS.join(", ")}). Nothing was imported.`,
  usersHaveNoPassword: "Imported users have no password: an admin must set one before they can sign in.",
  skippedHeading: (count: number) => `Skipped ${count} ${count === 1 ? "record" : "records"}:`,
  warningsHeading: (count: number) =>
    `Imported with ${count === 1 ? "a warning" : `${count} warnings`} (check ${count === 1 ? "it" : "them"} in the back office):`,
} as const;

/** A record the import left out: its collection, its id (or `index <n>` when it has none) and why. */
export interface SkippedRecord {
  collection: string;
  record: string;
  reason: string;
}

export interface ImportReport {
  categories: number;
  articles: number;
  comments: number;
  users: number;
  media: number;
  notifications: number;
  contactMessages: number;
  settings: boolean;
  skipped: SkippedRecord[];
  /** Records imported with a change the export did not ask for (an unknown category left out). */
  warnings: SkippedRecord[];
}

const skip = (report: ImportReport, collection: string, record: string, reason: string) =>
  report.skipped.push({ collection, record, reason });

/**
 * A collection may be an array of documents or an object keyed by document id. Each document's id is
 * its `_id`, its `id`, its `uid` or its key, the first there; one with none, or that is not an object,
 * is left out and told to `onSkip` with its key or `index <n>` (from 0, as in the file).
 */
export function documents(
  collection: unknown,
  onSkip?: (record: string, reason: string) => void,
): Array<Doc & { id: string }> {
  if (!collection || typeof collection !== "object") return [];
  const entries: Array<[string, string | undefined, unknown]> = Array.isArray(collection)
    ? collection.map((doc, index): [string, undefined, unknown] => [`index ${index}`, undefined, doc])
    : Object.entries(collection).map(([key, doc]): [string, string, unknown] => [key, key, doc]);
  const out: Array<Doc & { id: string }> = [];
  for (const [record, key, value] of entries) {
    if (!isObject(value)) {
      onSkip?.(record, IMPORT_TEXT.notADocument);
      continue;
    }
    const id = idOf(value._id) || idOf(value.id) || idOf(value.uid) || key;
    if (!id) {
      onSkip?.(record, IMPORT_TEXT.noId);
      continue;
    }
    out.push({ ...value, id });
  }
  return out;
}

const isObject = (value: unknown): value is Doc =>
  !!value && typeof value === "object" && !Array.isArray(value);

/** MongoDB's extended JSON wraps ids and numbers: {"$oid": "..."}, {"$numberInt": "7"}. */
const WRAPPERS = ["$oid", "$numberInt", "$numberLong", "$numberDouble", "$numberDecimal"] as const;
function plain(value: unknown): unknown {
  if (isObject(value)) for (const key of WRAPPERS) if (key in value) return plain(value[key]);
  return value;
}

/** An id or a reference: a string, a number, {"$oid"}, or an embedded record's own `_id` or `id`. */
export function idOf(value: unknown): string {
  const bare = plain(value);
  if (isObject(bare)) return idOf(bare._id) || idOf(bare.id);
  return str(bare).trim();
}

const str = (value: unknown): string => {
  const bare = plain(value);
  return typeof bare === "string" ? bare : typeof bare === "number" ? String(bare) : "";
};
const first = (doc: Doc, ...keys: string[]) => {
  for (const key of keys) {
    const value = str(doc[key]).trim();
    if (value) return value;
  }
  return "";
};
const bool = (doc: Doc, ...keys: string[]) => keys.some((key) => doc[key] === true || doc[key] === "true");
const int = (value: unknown) => {
  const bare = plain(value);
  const n = typeof bare === "number" ? bare : Number(bare);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};
const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  (allowed as readonly string[]).includes(str(value)) ? (str(value) as T) : fallback;
const strings = (value: unknown): string[] =>
  Array.isArray(value)
    ? [
        ...new Set(
          value
            .map(str)
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ]
    : [];

/**
 * Dates arrive as ISO strings, epoch milliseconds, Firestore timestamps ({seconds} / {_seconds}) or
 * MongoDB's extended JSON ({"$date": ISO string or {"$numberLong": milliseconds}}).
 */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === "") return null;
  let date: Date | null = null;
  if (value instanceof Date) date = value;
  else if (typeof value === "number") date = new Date(value);
  else if (typeof value === "string") date = new Date(value);
  else if (isObject(value) && "$date" in value) {
    const inner = plain(value.$date);
    return toDate(typeof inner === "string" && /^-?\d+$/.test(inner) ? Number(inner) : inner);
  } else if (typeof value === "object") {
    const seconds = (value as Doc).seconds ?? (value as Doc)._seconds;
    if (typeof seconds === "number") date = new Date(seconds * 1000);
  }
  return date && !Number.isNaN(date.getTime()) ? date : null;
}
const firstDate = (doc: Doc, ...keys: string[]) => {
  for (const key of keys) {
    const date = toDate(doc[key]);
    if (date) return date;
  }
  return null;
};

/** Returns where each imported category went: its own id, or the category already here it matched. */
async function importCategories(tx: DbOrTx, docs: unknown, report: ImportReport) {
  const storedAs = new Map<string, string>();
  for (const doc of documents(docs, (record, reason) => skip(report, "categories", record, reason))) {
    const name = first(doc, "name");
    if (!name) {
      skip(report, "categories", doc.id, IMPORT_TEXT.noName);
      continue;
    }
    const values = {
      id: doc.id,
      name,
      slug: first(doc, "slug") ? categorySlug(first(doc, "slug")) : categorySlug(name),
      description: first(doc, "description"),
      color: first(doc, "color") || "#1e3a8a",
      createdAt: firstDate(doc, "createdAt") ?? new Date(),
      updatedAt: firstDate(doc, "updatedAt", "createdAt") ?? new Date(),
    };
    // A category of the same name already here (e.g. the sample content) is kept: no duplicate.
    const inserted = await tx
      .insert(categories)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: categories.id });
    if (inserted.length === 0) {
      await tx
        .update(categories)
        .set({ description: values.description, color: values.color, updatedAt: values.updatedAt })
        .where(sql`${categories.id} = ${doc.id}`);
    }
    // Its own id when it has it here, else the category of the same name or address it was folded into.
    const [here] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(or(eq(categories.id, doc.id), eq(categories.name, name), eq(categories.slug, values.slug)))
      .orderBy(sql`CASE WHEN ${categories.id} = ${doc.id} THEN 0 ELSE 1 END`)
      .limit(1);
    storedAs.set(doc.id, here?.id ?? doc.id);
    report.categories++;
  }
  return storedAs;
}

async function categoryResolver(tx: DbOrTx, imported: Map<string, string>) {
  const rows = await tx
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories);
  const byKey = new Map(rows.map((row) => [categoryMatchKey(row.name), row.id]));
  const bySlug = new Map(rows.map((row) => [row.slug, row.id]));
  const byId = new Map([...rows.map((row): [string, string] => [row.id, row.id]), ...imported]);
  // The old app's `categoryId` sometimes held the category's name or address instead of its id.
  const resolveId = (id: string) =>
    byId.get(id) ?? byKey.get(categoryMatchKey(id)) ?? bySlug.get(id.toLowerCase()) ?? null;
  const resolveName = async (name: string): Promise<string | null> => {
    if (!name) return null;
    const key = categoryMatchKey(name);
    const known = byKey.get(key);
    if (known) return known;
    const [created] = await tx
      .insert(categories)
      .values({ name: name.trim(), slug: categorySlug(name) })
      .onConflictDoNothing()
      .returning({ id: categories.id });
    if (created) byKey.set(key, created.id);
    return created?.id ?? null;
  };
  /**
   * An article names its category by id (`categoryId`, or `category` as {"$oid"} or an embedded record;
   * an id that is a category's name or address here counts too) or by name (`category` as text, which
   * may also be a category's id or key). A name not here yet becomes a category; an id that is nowhere is
   * `unknown`.
   */
  return async (doc: Doc): Promise<{ id: string | null } | { unknown: string }> => {
    const given = doc.category;
    const ref = idOf(doc.categoryId) || (isObject(given) ? idOf(given) : "");
    const name = isObject(given) ? first(given, "name") : first(doc, "category");
    if (ref) {
      const id = resolveId(ref) ?? (name ? await resolveName(name) : null);
      return id ? { id } : { unknown: ref };
    }
    return { id: name ? (resolveId(name) ?? (await resolveName(name))) : null };
  };
}

/** Returns where each imported account went: its own id, or the account already here with its e-mail. */
async function importUsers(tx: DbOrTx, docs: unknown, report: ImportReport) {
  const storedAs = new Map<string, string>();
  let legacyRoles = 0;
  for (const doc of documents(docs, (record, reason) => skip(report, "users", record, reason))) {
    const email = first(doc, "email").toLowerCase();
    if (!email.includes("@")) {
      skip(report, "users", doc.id, IMPORT_TEXT.noEmail);
      continue;
    }
    const disabled = bool(doc, "disabled");
    const values = {
      id: doc.id,
      email,
      name: (first(doc, "name", "displayName") || (email.split("@")[0] ?? "")).slice(0, 100),
      // Imported accounts have no password: an admin sets one (or the user resets it).
      passwordHash: null,
      // The old app's legacy roles (subscriber, author) and anything unknown arrive as writer, the role
      // its back office migrated them to; drizzle/0002 did the same for accounts already here.
      role: oneOf(first(doc, "role"), USER_ROLES, "writer"),
      status: disabled ? "inactive" : oneOf(doc.status, USER_STATUSES, "active"),
      bio: first(doc, "bio").slice(0, 500),
      avatarUrl: isDataUrl(first(doc, "avatar", "photoURL"))
        ? ""
        : first(doc, "avatar", "photoURL").slice(0, 2048),
      website: first(doc, "website"),
      location: first(doc, "location"),
      createdAt: firstDate(doc, "createdAt") ?? new Date(),
      updatedAt: firstDate(doc, "updatedAt", "createdAt") ?? new Date(),
    };
    const { passwordHash: _keepPassword, ...updatable } = values;
    // A new account gets its author page's slug; an account already here keeps its own.
    const slug = await uniqueUserSlug(tx, values.name || email, doc.id);
    const inserted = await tx
      .insert(users)
      .values({ ...values, slug })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (inserted.length === 0) {
      // Same id: refresh the profile. Same e-mail under another id: keep the existing account.
      await tx
        .update(users)
        .set(updatable)
        .where(sql`${users.id} = ${doc.id} AND ${users.email} = ${email}`);
      const [here] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (here) storedAs.set(doc.id, here.id);
    }
    // Counted once: a second run of the same export finds these accounts here already.
    if (inserted.length > 0 && isLegacyRole(first(doc, "role"))) legacyRoles++;
    report.users++;
  }
  await recordLegacyRoleMigration(tx, legacyRoles);
  return storedAs;
}

async function importArticles(
  tx: Tx,
  docs: unknown,
  report: ImportReport,
  imported: { categories: Map<string, string>; users: Map<string, string> },
  images: InlineImageStore,
) {
  const resolveCategory = await categoryResolver(tx, imported.categories);
  const userIds = new Set((await tx.select({ id: users.id }).from(users)).map((u) => u.id));
  const authorOf = (doc: Doc) => {
    const ref = idOf(doc.authorId) || (isObject(doc.author) ? idOf(doc.author) : "");
    const id = imported.users.get(ref) ?? ref;
    return userIds.has(id) ? id : null;
  };
  const list = newestFirst(documents(docs, (record, reason) => skip(report, "articles", record, reason)));
  // Featured and breaking stay exclusive: only the most recent flagged article of the export keeps each.
  const flags = { featuredTaken: false, topStoryTaken: false };
  if (list.some(isFeatured))
    await tx
      .update(articles)
      .set({ featured: false })
      .where(sql`${articles.featured} AND ${articles.language} = ${MAIN_EDITION_TAG_SQL}`);
  if (list.some((d) => bool(d, "isTopStory")))
    await tx
      .update(articles)
      .set({ isTopStory: false })
      .where(sql`${articles.isTopStory} AND ${articles.language} = ${MAIN_EDITION_TAG_SQL}`);
  for (const doc of list) {
    const title = first(doc, "title");
    if (!title) {
      skip(report, "articles", doc.id, IMPORT_TEXT.noTitle);
      continue;
    }
    const resolved = await resolveCategory(doc);
    // Losing a whole story for a dangling reference is worse than filing it under no category: an
    // editor picks one in the back office, and the report says which.
    if ("unknown" in resolved)
      report.warnings.push({
        collection: "articles",
        record: doc.id,
        reason: IMPORT_TEXT.unknownCategory(resolved.unknown),
      });
    const categoryId = "unknown" in resolved ? null : resolved.id;
    const values = await articleValues(doc, {
      title,
      categoryId,
      authorId: authorOf(doc),
      flags,
      images,
      report,
    });
    const [stored] = await tx
      .insert(articles)
      // Imported stories are the main edition's (decision record 022).
      .values({ id: doc.id, ...values, language: MAIN_EDITION_TAG_SQL })
      .onConflictDoUpdate({ target: articles.id, set: values })
      .returning({ id: articles.id, slug: articles.slug, publishedAt: articles.publishedAt });
    // Its readable address: the old site's slug when it is a valid free one, else one from the title. A
    // story imported again keeps the address it has.
    if (stored && !stored.slug) {
      const old = first(doc, "slug").toLowerCase();
      const keepOld = isValidSlug(old) && !(await slugTaken(tx, old, stored.id));
      await changeArticleSlug(tx, stored, keepOld ? old : await uniqueSlugFor(tx, title, stored.id));
    }
    report.articles++;
  }
}

const isFeatured = (doc: Doc) => bool(doc, "featured", "isFeatured");

const ARTICLE_DATE_FIELDS = ["publishDate", "publishedAt", "createdAt", "date", "updatedAt", "timestamp"];

/** The export's articles, the most recent first (the first flagged one keeps its flag). */
function newestFirst<T extends Doc>(list: T[]): T[] {
  const timeOf = (doc: Doc) => firstDate(doc, ...ARTICLE_DATE_FIELDS)?.getTime() ?? 0;
  return list.sort((a, b) => timeOf(b) - timeOf(a));
}

/**
 * One exported article as a row: its inline images stored as media (data URLs never go into the
 * database), its dates, and the featured and breaking flags while no more recent article holds them.
 */
async function articleValues(
  doc: Doc & { id: string },
  {
    title,
    categoryId,
    authorId,
    flags,
    images,
    report,
  }: {
    title: string;
    categoryId: string | null;
    authorId: string | null;
    flags: { featuredTaken: boolean; topStoryTaken: boolean };
    images: InlineImageStore;
    report: ImportReport;
  },
) {
  const leftOut = (which: string, reason: string) =>
    skip(report, "articles", doc.id, IMPORT_TEXT.imageLeftOut(which, reason));
  const body = await storeBodyImages(str(doc.content), (url, alt) =>
    images.store(url, { userId: authorId }, { name: title, alt }),
  );
  for (const { position, reason } of body.refused) leftOut(IMPORT_TEXT.bodyImage(position), reason);
  const { content, contentSafeHash } = safeBody(body.content);
  const status = oneOf(doc.status, ARTICLE_STATUSES, "published");
  const createdAt =
    firstDate(doc, "createdAt", "date", "timestamp", "publishDate", "publishedAt") ?? new Date();
  const publishedAt =
    status === "published" ? (firstDate(doc, "publishDate", "publishedAt") ?? createdAt) : null;
  const manualDate = bool(doc, "useManualDate") ? firstDate(doc, "manualDate") : null;
  let imageUrl = first(doc, "imageUrl", "image");
  if (isDataUrl(imageUrl)) {
    const stored = await images.store(imageUrl, { userId: authorId }, { name: title });
    if (!stored.ok) leftOut(IMPORT_TEXT.featuredImage, stored.reason);
    imageUrl = stored.ok ? stored.item.url : "";
  }
  const featured: boolean = isFeatured(doc) && !flags.featuredTaken;
  const isTopStory: boolean = bool(doc, "isTopStory") && !flags.topStoryTaken;
  flags.featuredTaken ||= featured;
  flags.topStoryTaken ||= isTopStory;
  return {
    title,
    // None in the old record: none here either, so the excerpt follows the body (derived when read).
    excerpt: first(doc, "excerpt"),
    content,
    contentSafeHash,
    categoryId,
    authorId,
    // `author` is a name, or a reference to the account ({"$oid"} or an embedded record).
    authorName:
      first(doc, "authorName") || (isObject(doc.author) ? first(doc.author, "name") : first(doc, "author")),
    authorImage: isDataUrl(first(doc, "authorImage")) ? "" : first(doc, "authorImage"),
    tags: strings(doc.tags),
    status,
    featured,
    isTopStory,
    views: int(doc.views),
    readTime: first(doc, "readTime") || readTimeFor(content),
    imageUrl,
    youtubeUrl: first(doc, "youtubeUrl"),
    useManualDate: manualDate !== null,
    manualDate,
    publishedAt,
    createdAt,
    updatedAt: firstDate(doc, "updatedAt") ?? createdAt,
  };
}

async function importComments(tx: DbOrTx, docs: unknown, report: ImportReport) {
  const articleIds = new Set((await tx.select({ id: articles.id }).from(articles)).map((a) => a.id));
  for (const doc of documents(docs, (record, reason) => skip(report, "comments", record, reason))) {
    const articleId = idOf(doc.articleId) || idOf(doc.article);
    const text = first(doc, "text", "content");
    if (!articleIds.has(articleId) || !text) {
      skip(report, "comments", doc.id, text ? IMPORT_TEXT.articleMissing : IMPORT_TEXT.noText);
      continue;
    }
    const values = {
      articleId,
      authorName: (first(doc, "authorName", "author", "name") || "Anonymous").slice(0, 100),
      authorEmail: first(doc, "authorEmail", "email").slice(0, 254),
      text: text.slice(0, 5000),
      // A comment with no status is pending, as a new comment is.
      status: oneOf(doc.status, COMMENT_STATUSES, "pending"),
      likes: int(doc.likes),
      createdAt: firstDate(doc, "createdAt", "timestamp") ?? new Date(),
      updatedAt: firstDate(doc, "updatedAt", "createdAt", "timestamp") ?? new Date(),
    };
    await tx
      .insert(comments)
      .values({ id: doc.id, ...values })
      .onConflictDoUpdate({ target: comments.id, set: values });
    report.comments++;
  }
}

async function importMedia(tx: DbOrTx, docs: unknown, report: ImportReport, images: InlineImageStore) {
  for (const doc of documents(docs, (record, reason) => skip(report, "media", record, reason))) {
    const url = first(doc, "url");
    if (!url) {
      skip(report, "media", doc.id, IMPORT_TEXT.noUrl);
      continue;
    }
    if (isDataUrl(url)) {
      // The file is stored and gets a new id; found again by its content, not by the old record's id.
      const stored = await images.store(
        url,
        { emailOrId: first(doc, "uploadedBy") },
        {
          name: first(doc, "name", "originalName") || "Untitled",
          alt: first(doc, "alt"),
          description: first(doc, "description"),
          tags: strings(doc.tags),
        },
      );
      if (stored.ok) report.media++;
      else skip(report, "media", doc.id, stored.reason);
      continue;
    }
    const values = {
      name: (first(doc, "name", "originalName") || "Untitled").slice(0, 100),
      type: oneOf(doc.type, MEDIA_TYPES, "image"),
      url,
      alt: first(doc, "alt").slice(0, 200),
      description: first(doc, "description").slice(0, 500),
      tags: strings(doc.tags),
      featured: bool(doc, "featured"),
      status: oneOf(doc.status, MEDIA_STATUSES, "active"),
      size: int(doc.size),
      uploadedBy: first(doc, "uploadedBy"),
      originalName: first(doc, "originalName"),
      mimeType: first(doc, "mimeType"),
      uploadedAt: firstDate(doc, "uploadedAt", "createdAt") ?? new Date(),
      updatedAt: firstDate(doc, "updatedAt", "uploadedAt") ?? new Date(),
    };
    await tx
      .insert(media)
      .values({ id: doc.id, ...values })
      .onConflictDoUpdate({ target: media.id, set: values });
    report.media++;
  }
}

async function importNotifications(tx: DbOrTx, docs: unknown, report: ImportReport) {
  for (const doc of documents(docs, (record, reason) => skip(report, "notifications", record, reason))) {
    const message = first(doc, "message");
    if (!message) {
      skip(report, "notifications", doc.id, IMPORT_TEXT.noMessage);
      continue;
    }
    const values = {
      type: oneOf(doc.type, NOTIFICATION_TYPES, "other"),
      message,
      link: first(doc, "link"),
      // Read state was one flag for everyone; it is per person now and starts unread for each.
      audience: audienceForLink(first(doc, "link")),
      createdAt: firstDate(doc, "createdAt") ?? new Date(),
    };
    await tx
      .insert(notifications)
      .values({ id: doc.id, ...values })
      .onConflictDoUpdate({ target: notifications.id, set: values });
    report.notifications++;
  }
}

async function importContactMessages(tx: DbOrTx, docs: unknown, report: ImportReport) {
  for (const doc of documents(docs, (record, reason) => skip(report, "contactMessages", record, reason))) {
    const email = first(doc, "email");
    const message = first(doc, "message");
    if (!email || !message) {
      skip(report, "contactMessages", doc.id, email ? IMPORT_TEXT.noMessage : IMPORT_TEXT.noEmail);
      continue;
    }
    const values = {
      name: (first(doc, "name") || "Anonymous").slice(0, 100),
      email: email.slice(0, 254),
      subject: first(doc, "subject").slice(0, 200),
      message: message.slice(0, 5000),
      status: oneOf(doc.status, CONTACT_STATUSES, "new"),
      createdAt: firstDate(doc, "createdAt") ?? new Date(),
    };
    await tx
      .insert(contactMessages)
      .values({ id: doc.id, ...values })
      .onConflictDoUpdate({ target: contactMessages.id, set: values });
    report.contactMessages++;
  }
}

/** Settings arrive as `{general: {...}}`, `[{id: "general", ...}]` or the bare object. */
async function importSettings(tx: DbOrTx, raw: unknown, report: ImportReport) {
  const docs = documents(raw);
  const general = (docs.find((d) => d.id === "general") ??
    (raw && typeof raw === "object" && !Array.isArray(raw) && "siteTitle" in raw ? raw : null)) as Doc | null;
  if (!general) return;
  const nested = (key: string) =>
    general[key] && typeof general[key] === "object" ? (general[key] as Doc) : {};
  const text = (value: unknown, max: number) => str(value).replace(/[<>]/g, "").slice(0, max);
  const update: Partial<typeof settings.$inferInsert> = {};
  if (str(general.siteTitle)) update.siteTitle = text(general.siteTitle, 100);
  if (str(general.siteDescription)) update.siteDescription = text(general.siteDescription, 200);
  if (str(general.siteUrl)) update.siteUrl = str(general.siteUrl);
  if (str(general.adminEmail)) update.adminEmail = str(general.adminEmail);
  if (str(general.streetAddress)) update.streetAddress = text(general.streetAddress, 200);
  if (str(general.contactNumber)) update.contactNumber = text(general.contactNumber, 20);
  const perPage = int(general.postsPerPage);
  if (perPage >= 1 && perPage <= 100) update.postsPerPage = perPage;
  for (const key of [
    "allowComments",
    "moderateComments",
    "autoApproveComments",
    "showRejectedComments",
    "showSpamComments",
    "enableNewsletter",
  ] as const) {
    if (typeof general[key] === "boolean") update[key] = general[key] as boolean;
  }
  const social = nested("socialMedia");
  if (Object.keys(social).length > 0) {
    const keys = [
      "facebook",
      "twitter",
      "instagram",
      "youtube",
      "linkedin",
      "tiktok",
      "telegram",
      "whatsapp",
      "pinterest",
    ] as const;
    update.socialMedia = Object.fromEntries(keys.map((k) => [k, str(social[k])])) as unknown as SocialLinks;
  }
  const maintenance = nested("maintenance");
  if (typeof maintenance.enabled === "boolean") update.maintenanceEnabled = maintenance.enabled;
  if (str(maintenance.message)) update.maintenanceMessage = text(maintenance.message, 500);
  const seo = nested("seo");
  if (str(seo.metaDescription)) update.seoMetaDescription = text(seo.metaDescription, 300);
  if (str(seo.metaKeywords)) update.seoMetaKeywords = text(seo.metaKeywords, 200);
  if (Object.keys(update).length === 0) return;
  await tx
    .update(settings)
    .set({ ...update, updatedAt: new Date() })
    .where(sql`${settings.id} = 1`);
  report.settings = true;
}

/**
 * The export's collections, or a refusal when the file is something else (`[1,2,3]`, another app's JSON):
 * importing nothing and saying "Imported 0 articles" would read as success.
 */
export function exportCollections(data: unknown, file?: string): Record<string, unknown> {
  if (!isObject(data))
    throw invalid(
      IMPORT_TEXT.notAnExport(
        Array.isArray(data) ? "a list" : data === null ? "null" : `a ${typeof data}`,
        file,
      ),
    );
  if (!COLLECTIONS.some((name) => Object.hasOwn(data, name))) {
    const keys = Object.keys(data);
    throw invalid(
      IMPORT_TEXT.notAnExport(
        keys.length === 0
          ? "an empty object"
          : `an object with ${keys.slice(0, 5).join(", ")}${keys.length > 5 ? "…" : ""} and none of the collections`,
        file,
      ),
    );
  }
  return data;
}

export async function importExport(db: Db, store: MediaServices, file: unknown): Promise<ImportReport> {
  const data = exportCollections(file);
  const report: ImportReport = {
    categories: 0,
    articles: 0,
    comments: 0,
    users: 0,
    media: 0,
    notifications: 0,
    contactMessages: 0,
    settings: false,
    skipped: [],
    warnings: [],
  };
  // All or nothing: a failure half-way leaves the database as it was, and no image files behind.
  const storedKeys: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const images = inlineImageStore(tx, store, storedKeys);
      await importSettings(tx, data.settings, report);
      const categoriesHere = await importCategories(tx, data.categories, report);
      const usersHere = await importUsers(tx, data.users, report);
      await importArticles(
        tx,
        data.articles,
        report,
        { categories: categoriesHere, users: usersHere },
        images,
      );
      await importComments(tx, data.comments, report);
      await importMedia(tx, data.media, report, images);
      await importNotifications(tx, data.notifications, report);
      await importContactMessages(tx, data.contactMessages, report);
    });
  } catch (error) {
    await removeStoredFiles(store, storedKeys);
    throw error;
  }
  for (const name of Object.keys(data))
    if (!(COLLECTIONS as readonly string[]).includes(name))
      skip(report, name, "all its records", IMPORT_TEXT.unknownCollection);
  siteChanged(db, { scope: "everything", reason: "import" });
  return report;
}

/** What `npm run import` prints: the counts, then each record left out with its collection and reason. */
export function importSummary(report: ImportReport): string[] {
  const lines = [
    `Imported ${report.articles} articles, ${report.categories} categories, ${report.comments} comments, ` +
      `${report.users} users, ${report.media} media, ${report.notifications} notifications, ` +
      `${report.contactMessages} contact messages${report.settings ? " and the settings" : ""}.`,
  ];
  if (report.users > 0) lines.push(IMPORT_TEXT.usersHaveNoPassword);
  if (report.warnings.length > 0) {
    lines.push(IMPORT_TEXT.warningsHeading(report.warnings.length));
    for (const { collection, record, reason } of report.warnings)
      lines.push(`  ${collection} ${record}: ${reason}`);
  }
  if (report.skipped.length > 0) {
    lines.push(IMPORT_TEXT.skippedHeading(report.skipped.length));
    for (const { collection, record, reason } of report.skipped)
      lines.push(`  ${collection} ${record}: ${reason}`);
  }
  return lines;
}
