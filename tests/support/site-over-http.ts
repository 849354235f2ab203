/**
 * What the reader site's HTTP tests load through Vite besides the app itself (tests/support/app-over-http.ts):
 * a test database and its seed, signed-in staff, stories and settings, and a way to publish a story in an
 * edition (decision record 022) as a newsroom would.
 */
import { eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { articleInput } from "./article-fixtures";
import { APP_MODULE_PATHS, type AppModules } from "./app-over-http";
import { testServices } from "./services";

export type SiteModules = AppModules & {
  testing: typeof import("#test-support/test-database");
  seed: typeof import("#app/db/seed.server");
  routeTesting: typeof import("#test-support/route-calls");
  articles: typeof import("#app/domain/articles/admin.server");
  settingsRead: typeof import("#app/domain/settings/settings.server");
  schema: typeof import("#app/db/schema");
};

export const SITE_MODULE_PATHS: Record<keyof SiteModules, string> = {
  ...APP_MODULE_PATHS,
  testing: "/tests/support/test-database.ts",
  seed: "/app/db/seed.server.ts",
  routeTesting: "/tests/support/route-calls.ts",
  articles: "/app/domain/articles/admin.server.ts",
  settingsRead: "/app/domain/settings/settings.server.ts",
  schema: "/app/db/schema.ts",
};

/**
 * Publishes `title` in `category` as an admin's story, then moves it to the `language` edition (the
 * edition's listings read it at once); its slug.
 */
export async function publishStoryIn(
  m: SiteModules,
  db: Db,
  { language, title, category = "News" }: { language: string; title: string; category?: string },
): Promise<string> {
  const { admin } = await m.routeTesting.signedInAdmin(`editions-${language}@example.com`);
  const [found] = await db
    .select({ id: m.schema.categories.id })
    .from(m.schema.categories)
    .where(eq(m.schema.categories.name, category));
  const { id } = await m.articles.saveArticle(
    testServices(db),
    admin,
    articleInput(
      { title, status: "published", categoryId: found?.id ?? "" },
      `<p>${title}: the whole story.</p>`,
    ),
  );
  await db.update(m.schema.articles).set({ language }).where(eq(m.schema.articles.id, id));
  return storySlug(m, db, id);
}

/** The story's current slug, as its address uses it. */
export async function storySlug(m: SiteModules, db: Db, id: string): Promise<string> {
  const [row] = await db
    .select({ slug: m.schema.articles.slug })
    .from(m.schema.articles)
    .where(eq(m.schema.articles.id, id));
  return row!.slug!;
}
