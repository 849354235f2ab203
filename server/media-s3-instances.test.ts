/**
 * Two instances on one PostgreSQL database with their media in one S3-compatible bucket (a real s3rver
 * started here), each the real app over HTTP: a photo uploaded through A's media library is served by B,
 * original and every copy; B's article page shows it; deleting it on A removes every object it made.
 * Only PostgreSQL serves several instances (the embedded database belongs to one process), so this runs
 * when TEST_DATABASE_URL names a server.
 */
import sharp from "sharp";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CurrentUser } from "#app/auth/current-user.server";
import type { Database } from "#app/db/client.server";
import type { TestDatabase } from "#test-support/test-database";
import { startTestBucket, type TestBucket } from "#test-support/s3-test-bucket";
import {
  APP_MODULE_PATHS,
  type AppModules,
  listenApp,
  type RunningApp,
  startVite,
} from "#test-support/app-over-http";

type Modules = AppModules & {
  testing: typeof import("#test-support/test-database");
  seed: typeof import("#app/db/seed.server");
  routeTesting: typeof import("#test-support/route-calls");
  articles: typeof import("#app/domain/articles/admin.server");
  settingsRead: typeof import("#app/domain/settings/settings.server");
  client: typeof import("#app/db/client.server");
  schema: typeof import("#app/db/schema");
};

const MODULE_PATHS: Record<keyof Modules, string> = {
  ...APP_MODULE_PATHS,
  testing: "/tests/support/test-database.ts",
  seed: "/app/db/seed.server.ts",
  routeTesting: "/tests/support/route-calls.ts",
  articles: "/app/domain/articles/admin.server.ts",
  settingsRead: "/app/domain/settings/settings.server.ts",
  client: "/app/db/client.server.ts",
  schema: "/app/db/schema.ts",
};

describe.skipIf(!process.env.TEST_DATABASE_URL)("two instances, one PostgreSQL, one bucket", () => {
  const m = {} as Modules;
  let vite: ViteDevServer;
  let bucket: TestBucket;
  let database: TestDatabase;
  let secondDatabase: Database;
  let a: RunningApp;
  let b: RunningApp;
  let admin: CurrentUser;
  let adminCookie: string;

  beforeAll(async () => {
    bucket = await startTestBucket();
    vite = await startVite(MODULE_PATHS, m);
    database = await m.testing.createTestDatabase("postgres");
    m.settingsRead.forgetCachedSettings();
    await m.seed.seedDatabase(database.db, { adminPassword: "unused-123" });
    ({ admin, adminCookie } = await m.routeTesting.signedInAdmin("s3-admin@example.com"));
    secondDatabase = await m.client.openDatabase({ databaseUrl: database.url! });
    // Each instance's services (built from its configuration, as at start-up) put its writes in the bucket
    // its configuration names, and serve /media from it with their own client.
    a = await listenApp(vite, m, database.db, bucket.env);
    b = await listenApp(vite, m, secondDatabase.db, bucket.env);
  }, 180_000);
  afterAll(async () => {
    for (const app of [a, b]) {
      app?.server.closeAllConnections();
      await app?.close();
    }
    await secondDatabase?.close();
    await database?.destroy();
    await vite?.close();
    await bucket?.stop();
  });

  /** The media library's upload form, posted to an instance as a signed-in admin's browser would. */
  async function uploadThrough(app: RunningApp, name: string, file: File) {
    const form = new FormData();
    for (const [field, value] of Object.entries({
      intent: "upload",
      mode: "file",
      name,
      alt: "Boats at dawn",
    }))
      form.set(field, value);
    form.set("file", file);
    return fetch(`${app.origin}/admin/media`, {
      method: "POST",
      body: form,
      headers: { Cookie: adminCookie, Origin: app.origin },
      redirect: "manual",
    });
  }

  test("a photo uploaded on A is served by B with every copy, shown on B's article page, and gone from the bucket when A deletes it", async () => {
    const jpeg = await sharp({ create: { width: 2000, height: 1250, channels: 3, background: "#0b7285" } })
      .jpeg()
      .toBuffer();
    const uploaded = await uploadThrough(a, "Harbour", new File([new Uint8Array(jpeg)], "harbour.jpg"));
    expect(uploaded.status).toBe(302);

    // B reads the row A wrote.
    const [row] = await secondDatabase.db.select().from(m.schema.media);
    if (!row) throw new Error("the upload made no row");
    const stored = [row.storageKey, ...row.variants.map((v) => v.key)].sort();
    expect(row.variants.map((v) => `${v.width}x${v.height}`)).toEqual([
      "400x250",
      "800x500",
      "1200x750",
      "1200x630",
    ]);
    expect(await bucket.objectKeys()).toEqual(stored);

    // Every file, from B: the original as uploaded, each copy at its size.
    const original = await fetch(`${b.origin}${row.url}`);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("image/jpeg");
    expect(original.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await original.arrayBuffer()).equals(jpeg)).toBe(true);
    for (const variant of row.variants) {
      const response = await fetch(`${b.origin}${variant.url}`);
      expect(response.status, variant.url).toBe(200);
      expect(response.headers.get("content-type")).toBe(
        variant.format === "jpeg" ? "image/jpeg" : "image/webp",
      );
      const size = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect({ width: size.width, height: size.height, format: size.format }).toEqual({
        width: variant.width,
        height: variant.height,
        format: variant.format,
      });
    }

    // A story published on A with the photo (by its absolute address, as the form takes it), read on B.
    const { id } = await m.articles.saveArticle(a.services, admin, {
      title: "Boats come home to the harbour",
      content: "<p>The fleet returned at dawn.</p>",
      excerpt: "",
      status: "published",
      authorName: "",
      categoryId: "",
      tags: [],
      imageUrl: `${a.origin}${row.url}`,
      youtubeUrl: "",
      useManualDate: false,
      manualDate: "",
      featured: false,
      isTopStory: false,
    });
    const page = await fetch(`${b.origin}/article/${id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Boats come home to the harbour");
    const shown = new Set(
      [...html.matchAll(/\/media\/([0-9a-f]{24}[a-z0-9-]*\.[a-z]+)/g)].map(([, key]) => key),
    );
    // The page draws the WebP copies (srcset) and names the share image for link previews.
    for (const variant of row.variants) expect(shown, variant.key).toContain(variant.key);
    for (const key of shown) expect((await fetch(`${b.origin}/media/${key}`)).status, key).toBe(200);

    // Deleted on A: every object it made is gone, and B answers 404 for each.
    const deleted = await fetch(`${a.origin}/admin/media`, {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", id: row.id, confirmed: "yes" }),
      headers: { Cookie: adminCookie, Origin: a.origin },
      redirect: "manual",
    });
    expect(deleted.status).toBe(302);
    expect(await secondDatabase.db.select().from(m.schema.media)).toEqual([]);
    expect(await bucket.objectKeys()).toEqual([]);
    for (const key of stored) expect((await fetch(`${b.origin}/media/${key}`)).status, key).toBe(404);
  });
});
