/**
 * The document a reader gets carries no React Router hydration (decision record 005): rendered by the
 * real root, site layout, pages and server entry, on a seeded database, without building anything.
 * The back office still hydrates.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seedDatabase } from "#app/db/seed.server";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { redirectWithToast } from "#app/lib/flash.server";
import { readerDocuments } from "#test-support/reader-documents";

const HYDRATION = [
  "__reactRouterContext", // the context and the streamed loader data
  'rel="modulepreload"',
  "/assets/entry.client.js",
  "/assets/manifest.js",
];

describe("the document", () => {
  let database: TestDatabase;
  let handle: (path: string, cookie?: string) => Promise<{ status: number; html: string }>;
  let articlePath: string;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await seedDatabase(database.db, { adminEmail: "admin@example.com", adminPassword: "secret12" });
    const read = readerDocuments(database.db, {
      via: "react-router",
      assets: { sharedChunks: ["/assets/chunk-react.js"], rootCss: ["/assets/root.css"] },
    });
    handle = (path, cookie) => read(path, { headers: cookie ? { Cookie: cookie } : {} });
    const { html } = await handle("/");
    articlePath = html.match(/href="(\/article\/[^"]+)"/)?.[1] ?? "";
  });

  afterAll(async () => {
    await database.destroy();
  });

  test("a reader page has no hydration: no React Router context, loader data, preloads or entry", async () => {
    expect(articlePath).toMatch(/^\/article\//);
    for (const path of ["/", articlePath]) {
      const { status, html } = await handle(path);
      expect(status).toBe(200);
      for (const marker of HYDRATION) expect(html, `${path}: ${marker}`).not.toContain(marker);
      // One script only, the reader script (structured data is JSON, not script), and the stylesheet.
      expect(html.match(/<script\b(?![^>]*type="application\/ld\+json")/g), path).toHaveLength(1);
      expect(html).toContain('<script type="module" src="/app/reader/reader.ts"></script>');
      expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    }
  });

  test("the article body is sent once", async () => {
    const { html } = await handle(articlePath);
    // A sentence of the sample article's body (app/db/sample-content.ts).
    expect(html.split("Longer days, safer streets")).toHaveLength(2);
  });

  test("a toast handed over by a redirect is in the reader page, marked for the reader script", async () => {
    const redirect = await redirectWithToast("/", { type: "success", title: "Comment Submitted" });
    const cookie = redirect.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    const { html } = await handle("/", cookie);
    expect(html).toMatch(/<div data-toast="success" role="status"[^>]*>.*Comment Submitted/);
    expect(html).toContain("data-toast-dismiss");
  });

  test("the back office still hydrates", async () => {
    const { status, html } = await handle("/admin/login");
    expect(status).toBe(200);
    for (const marker of HYDRATION) expect(html, marker).toContain(marker);
    expect(html).not.toContain("/app/reader/reader.ts");
  });
});
