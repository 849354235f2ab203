/**
 * First start: default settings, the spec's sample content and one admin account. Runs on every start
 * and changes nothing once the database has its settings row and a user.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { generatePassword, hashPassword } from "#app/auth/password.server";
import { categorySlug, shortSlug } from "#app/lib/slug";
import { listingExcerpt, readTimeFor } from "#app/lib/text";
import { uniqueSlugFor } from "./article-slugs.server";
import type { Db, DbOrTx } from "./client.server";
import { SAMPLE_ARTICLES, SAMPLE_CATEGORIES } from "./sample-content";
import { articles, categories, comments, settings, users } from "./schema";
import { firstRow } from "./rows";

/**
 * Contact details of a new install: none. The spec's defaults were placeholders, and invented details
 * must never reach readers (decision record 007); the admin fills them in Settings. Earlier installs' stored
 * placeholders are hidden when pages render (app/domain/settings/contact-details.ts).
 */
export const DEFAULT_CONTACT = {
  adminEmail: "",
  streetAddress: "",
  contactNumber: "",
} as const;

interface SeedOptions {
  adminEmail?: string;
  adminPassword?: string;
  siteUrl?: string;
  now?: Date;
}

interface SeedResult {
  createdSettings: boolean;
  createdSampleContent: boolean;
  /** Set when this run created the first admin; `password` is shown once when it was generated. */
  admin?: { email: string; password?: string };
}

/** Adds the sample categories (missing ones only) and the 4 sample articles with 3 comments each. */
export async function populateSampleContent(tx: DbOrTx, now = new Date()) {
  await tx
    .insert(categories)
    .values(
      SAMPLE_CATEGORIES.map((c) => ({ ...c, slug: categorySlug(c.name), createdAt: now, updatedAt: now })),
    )
    .onConflictDoNothing();
  const categoryRows = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(
      inArray(
        categories.name,
        SAMPLE_CATEGORIES.map((c) => c.name),
      ),
    );
  const categoryId = new Map(categoryRows.map((c) => [c.name, c.id]));

  // Featured and breaking are exclusive: the sample's flags take over from any existing article.
  if (SAMPLE_ARTICLES.some((a) => a.featured)) {
    await tx.update(articles).set({ featured: false }).where(eq(articles.featured, true));
  }
  if (SAMPLE_ARTICLES.some((a) => a.isTopStory)) {
    await tx.update(articles).set({ isTopStory: false }).where(eq(articles.isTopStory, true));
  }
  for (const sample of SAMPLE_ARTICLES) {
    const publishedAt = new Date(now.getTime() - sample.publishedHoursAgo * 3600_000);
    const id = crypto.randomUUID();
    const article = firstRow(
      await tx
        .insert(articles)
        .values({
          id,
          slug: await uniqueSlugFor(tx, sample.title, id),
          title: sample.title,
          excerpt: sample.excerpt || listingExcerpt({ content: sample.content }),
          content: sample.content,
          categoryId: categoryId.get(sample.category) ?? null,
          authorName: sample.authorName,
          imageUrl: sample.imageUrl,
          youtubeUrl: sample.youtubeUrl ?? "",
          tags: sample.tags,
          status: "published",
          featured: sample.featured,
          isTopStory: sample.isTopStory,
          readTime: readTimeFor(sample.content),
          publishedAt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        })
        .returning({ id: articles.id }),
    );
    await tx.insert(comments).values(
      sample.comments.map((c, i) => ({
        ...c,
        articleId: article.id,
        status: "approved" as const,
        createdAt: new Date(publishedAt.getTime() + (i + 1) * 25 * 60_000),
      })),
    );
  }
}

export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const result: SeedResult = { createdSettings: false, createdSampleContent: false };
  await db.transaction(async (tx) => {
    // Only the first start creates settings and sample content; later starts find the row and stop.
    const inserted = await tx
      .insert(settings)
      .values({ id: 1, siteUrl: options.siteUrl ?? "", ...DEFAULT_CONTACT, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: settings.id });
    if (inserted.length > 0) {
      result.createdSettings = true;
      await populateSampleContent(tx, now);
      result.createdSampleContent = true;
    }
  });

  const { count } = firstRow(await db.select({ count: sql<number>`count(*)::int` }).from(users));
  if (count === 0) {
    const email = (options.adminEmail ?? "admin@example.com").toLowerCase();
    const generated = options.adminPassword ? undefined : generatePassword();
    const password = options.adminPassword ?? generated!;
    const created = await db
      .insert(users)
      .values({
        email,
        name: "Administrator",
        slug: shortSlug("Administrator", 60, "staff"),
        role: "admin",
        status: "active",
        passwordHash: await hashPassword(password),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created.length > 0) result.admin = { email, password: generated };
  }
  return result;
}
