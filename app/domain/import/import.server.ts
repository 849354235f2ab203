/**
 * Imports a JSON export of the old document database (deviations.md, "Migration"): the collections
 * articles, categories, comments, users, media, notifications, contactMessages and settings, in any of
 * the field variants the old app wrote. Idempotent: records keep their source ids and are upserted, so
 * running the same export twice changes nothing.
 */
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import { sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "#app/db/client.server";
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
import { isValidSlug } from "#app/lib/article-form";
import { categoryMatchKey, categorySlug } from "#app/lib/slug";
import { readTimeFor } from "#app/lib/text";
import { safeBody } from "#app/lib/sanitize.server";

type Doc = Record<string, unknown>;

interface ImportReport {
  categories: number;
  articles: number;
  comments: number;
  users: number;
  media: number;
  notifications: number;
  contactMessages: number;
  settings: boolean;
  skipped: string[];
}

/** A collection may be an array of documents or an object keyed by document id. */
export function documents(collection: unknown): Array<Doc & { id: string }> {
  if (!collection || typeof collection !== "object") return [];
  const entries: Array<[string | undefined, unknown]> = Array.isArray(collection)
    ? collection.map((doc) => [undefined, doc])
    : Object.entries(collection);
  const out: Array<Doc & { id: string }> = [];
  for (const [key, value] of entries) {
    if (!value || typeof value !== "object") continue;
    const doc = value as Doc;
    const id = str(doc.id) || str(doc.uid) || key;
    if (id) out.push({ ...doc, id });
  }
  return out;
}

const str = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
const first = (doc: Doc, ...keys: string[]) => {
  for (const key of keys) {
    const value = str(doc[key]).trim();
    if (value) return value;
  }
  return "";
};
const bool = (doc: Doc, ...keys: string[]) => keys.some((key) => doc[key] === true || doc[key] === "true");
const int = (value: unknown) => {
  const n = typeof value === "number" ? value : Number(value);
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

/** Dates arrive as ISO strings, epoch milliseconds, or Firestore timestamps ({seconds} / {_seconds}). */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === "") return null;
  let date: Date | null = null;
  if (value instanceof Date) date = value;
  else if (typeof value === "number") date = new Date(value);
  else if (typeof value === "string") date = new Date(value);
  else if (typeof value === "object") {
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

/** Data URLs never go into the database (deviations.md): such media and images are dropped. */
const isDataUrl = (url: string) => url.trim().toLowerCase().startsWith("data:");

async function importCategories(tx: DbOrTx, docs: Doc[], report: ImportReport) {
  for (const doc of documents(docs)) {
    const name = first(doc, "name");
    if (!name) {
      report.skipped.push(`category ${doc.id}: no name`);
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
    report.categories++;
  }
}

async function categoryResolver(tx: DbOrTx) {
  const rows = await tx.select({ id: categories.id, name: categories.name }).from(categories);
  const byKey = new Map(rows.map((row) => [categoryMatchKey(row.name), row.id]));
  return async (name: string): Promise<string | null> => {
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
}

async function importUsers(tx: DbOrTx, docs: Doc[], report: ImportReport) {
  let legacyRoles = 0;
  for (const doc of documents(docs)) {
    const email = first(doc, "email").toLowerCase();
    if (!email.includes("@")) {
      report.skipped.push(`user ${doc.id}: no e-mail`);
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
    }
    // Counted once: a second run of the same export finds these accounts here already.
    if (inserted.length > 0 && isLegacyRole(first(doc, "role"))) legacyRoles++;
    report.users++;
  }
  await recordLegacyRoleMigration(tx, legacyRoles);
}

async function importArticles(tx: Tx, docs: Doc[], report: ImportReport) {
  const resolveCategory = await categoryResolver(tx);
  const userIds = new Set((await tx.select({ id: users.id }).from(users)).map((u) => u.id));
  // Featured and breaking stay exclusive: only the most recent flagged article of the export keeps each.
  const list = documents(docs).sort(
    (a, b) =>
      (firstDate(b, "publishDate", "publishedAt", "createdAt", "date", "updatedAt", "timestamp")?.getTime() ??
        0) -
      (firstDate(a, "publishDate", "publishedAt", "createdAt", "date", "updatedAt", "timestamp")?.getTime() ??
        0),
  );
  let featuredTaken = false;
  let topStoryTaken = false;
  const isFeatured = (doc: Doc) => bool(doc, "featured", "isFeatured");
  if (list.some(isFeatured))
    await tx
      .update(articles)
      .set({ featured: false })
      .where(sql`${articles.featured}`);
  if (list.some((d) => bool(d, "isTopStory")))
    await tx
      .update(articles)
      .set({ isTopStory: false })
      .where(sql`${articles.isTopStory}`);
  for (const doc of list) {
    const title = first(doc, "title");
    if (!title) {
      report.skipped.push(`article ${doc.id}: no title`);
      continue;
    }
    const { content, contentSafeHash } = safeBody(str(doc.content));
    const status = oneOf(doc.status, ARTICLE_STATUSES, "published");
    const createdAt =
      firstDate(doc, "createdAt", "date", "timestamp", "publishDate", "publishedAt") ?? new Date();
    const publishedAt =
      status === "published" ? (firstDate(doc, "publishDate", "publishedAt") ?? createdAt) : null;
    const manualDate = bool(doc, "useManualDate") ? firstDate(doc, "manualDate") : null;
    const imageUrl = first(doc, "imageUrl", "image");
    const authorId = first(doc, "authorId");
    const featured: boolean = isFeatured(doc) && !featuredTaken;
    const isTopStory: boolean = bool(doc, "isTopStory") && !topStoryTaken;
    featuredTaken ||= featured;
    topStoryTaken ||= isTopStory;
    const values = {
      title,
      // None in the old record: none here either, so the excerpt follows the body (derived when read).
      excerpt: first(doc, "excerpt"),
      content,
      contentSafeHash,
      categoryId: await resolveCategory(first(doc, "category")),
      authorId: userIds.has(authorId) ? authorId : null,
      authorName: first(doc, "authorName", "author"),
      authorImage: isDataUrl(first(doc, "authorImage")) ? "" : first(doc, "authorImage"),
      tags: strings(doc.tags),
      status,
      featured,
      isTopStory,
      views: int(doc.views),
      readTime: first(doc, "readTime") || readTimeFor(content),
      imageUrl: isDataUrl(imageUrl) ? "" : imageUrl,
      youtubeUrl: first(doc, "youtubeUrl"),
      useManualDate: manualDate !== null,
      manualDate,
      publishedAt,
      createdAt,
      updatedAt: firstDate(doc, "updatedAt") ?? createdAt,
    };
    const [stored] = await tx
      .insert(articles)
      .values({ id: doc.id, ...values })
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

async function importComments(tx: DbOrTx, docs: Doc[], report: ImportReport) {
  const articleIds = new Set((await tx.select({ id: articles.id }).from(articles)).map((a) => a.id));
  for (const doc of documents(docs)) {
    const articleId = first(doc, "articleId");
    const text = first(doc, "text", "content");
    if (!articleIds.has(articleId) || !text) {
      report.skipped.push(`comment ${doc.id}: ${text ? "its article is not in the export" : "no text"}`);
      continue;
    }
    const values = {
      articleId,
      authorName: (first(doc, "authorName", "author", "name") || "Anonymous").slice(0, 100),
      authorEmail: first(doc, "authorEmail", "email").slice(0, 254),
      text: text.slice(0, 5000),
      // A comment with no status is pending (back-office.md section 3).
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

async function importMedia(tx: DbOrTx, docs: Doc[], report: ImportReport) {
  for (const doc of documents(docs)) {
    const url = first(doc, "url");
    if (!url || isDataUrl(url)) {
      report.skipped.push(
        `media ${doc.id}: ${url ? "stored as a data URL (upload the file again)" : "no URL"}`,
      );
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

async function importNotifications(tx: DbOrTx, docs: Doc[], report: ImportReport) {
  for (const doc of documents(docs)) {
    const message = first(doc, "message");
    if (!message) continue;
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

async function importContactMessages(tx: DbOrTx, docs: Doc[], report: ImportReport) {
  for (const doc of documents(docs)) {
    const email = first(doc, "email");
    const message = first(doc, "message");
    if (!email || !message) continue;
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

export async function importExport(db: Db, data: Record<string, unknown>): Promise<ImportReport> {
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
  };
  const collection = (name: string) => (data[name] ?? []) as Doc[];
  // All or nothing: a failure half-way leaves the database as it was.
  await db.transaction(async (tx) => {
    await importSettings(tx, data.settings, report);
    await importCategories(tx, collection("categories"), report);
    await importUsers(tx, collection("users"), report);
    await importArticles(tx, collection("articles"), report);
    await importComments(tx, collection("comments"), report);
    await importMedia(tx, collection("media"), report);
    await importNotifications(tx, collection("notifications"), report);
    await importContactMessages(tx, collection("contactMessages"), report);
  });
  siteChanged(db, { scope: "everything", reason: "import" });
  return report;
}
