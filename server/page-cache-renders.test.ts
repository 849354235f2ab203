/**
 * Renders in flight: a crowd asking for one page at the same moment waits for one render, but a reader
 * who asks after a change must never be handed a render that began before it. And what a kept page
 * costs later: its best compression only once readers keep asking for it.
 */
import { createServer } from "node:http";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { PageCache, type CachedPage } from "#app/domain/delivery/page-cache.server";
import { BEST_BROTLI_QUALITY, RECOMPRESS_AFTER_HITS } from "#app/domain/delivery/page-compression.server";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { seedDatabase } from "#app/db/seed.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { pageCacheHandlers } from "./page-cache";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  forgetCachedSettings();
  await seedDatabase(database.db, { adminPassword: "unused-123" });
}, 60_000);
afterAll(() => database?.destroy());

test("a reader who asks after a purge gets a render of their own, not one begun before the change", async () => {
  const cache = new PageCache(1024 * 1024);
  let version = 1;
  let renders = 0;
  let releaseFirst: () => void = () => {};
  const firstMayEnd = new Promise<void>((resolve) => (releaseFirst = resolve));
  const handlers = pageCacheHandlers({
    cache,
    db: database.db,
    trustProxy: 0,
    context: () => ({}) as never,
    // The page as it is when its render begins; the first render is held until released.
    render: async () => {
      const shown = `<p>version ${version}</p>`;
      if (++renders === 1) await firstMayEnd;
      return new Response(shown, { headers: { "Content-Type": "text/html" } });
    },
  });
  const { server, port } = await listening(handlers);
  const read = () => fetch(`http://127.0.0.1:${port}/story`).then((r) => r.text());
  try {
    const before = read();
    await new Promise((resolve) => setTimeout(resolve, 100)); // its render has begun and waits
    const crowd = read(); // same moment, no change: joins it
    await new Promise((resolve) => setTimeout(resolve, 50));
    version = 2;
    cache.purge({ scope: "everything", reason: "an editor saved" });
    const after = read();
    await new Promise((resolve) => setTimeout(resolve, 50));
    releaseFirst();
    expect(await after).toBe("<p>version 2</p>");
    expect(await before).toBe("<p>version 1</p>");
    expect(await crowd).toBe("<p>version 1</p>");
    expect(renders).toBe(2);
    expect(await read()).toBe("<p>version 2</p>"); // and the cache keeps the new one
  } finally {
    server.close();
  }
});

test("a kept page is recompressed at brotli's best for its fifth reader, not for its second", async () => {
  // What the cache was handed to keep in place of a page: the upgrader's better bytes.
  const replacements: CachedPage[] = [];
  const cache = new (class extends PageCache {
    override replace(key: string, current: CachedPage, next: CachedPage) {
      replacements.push(next);
      return super.replace(key, current, next);
    }
  })(1024 * 1024);
  // Varied text, as a real page's: a repetitive one compresses the same at any quality.
  const page = Array.from(
    { length: 400 },
    (_, i) => `<p>Story ${i * 7919} from Accra, item ${i ** 2}</p>`,
  ).join("");
  const handlers = pageCacheHandlers({
    cache,
    db: database.db,
    trustProxy: 0,
    context: () => ({}) as never,
    render: async () => new Response(page, { headers: { "Content-Type": "text/html" } }),
  });
  const { server, port } = await listening(handlers);
  const read = async () => {
    const response = await fetch(`http://127.0.0.1:${port}/story`, { headers: { "Accept-Encoding": "br" } });
    expect(await response.text()).toBe(page);
    return response.headers.get("X-Cache");
  };
  try {
    expect(await read()).toBe("MISS");
    for (let hit = 1; hit < RECOMPRESS_AFTER_HITS; hit++) expect(await read()).toBe("HIT");
    await handlers.upgrader.idle();
    expect(handlers.upgrader.upgraded).toBe(0);
    expect(replacements).toEqual([]);

    expect(await read()).toBe("HIT"); // the fifth reader
    await handlers.upgrader.idle();
    expect(handlers.upgrader.upgraded).toBe(1);
    const [kept] = replacements;
    expect(kept?.brotliQuality).toBe(BEST_BROTLI_QUALITY);
    expect(zlib.brotliDecompressSync(kept!.bodies.br!).toString()).toBe(page);
    expect(await read()).toBe("HIT"); // the better bytes, the same page
  } finally {
    server.close();
  }
});

/** The page cache's handlers behind Express on a free port of 127.0.0.1. */
async function listening(handlers: ReturnType<typeof pageCacheHandlers>) {
  const app = express();
  app.use(handlers.middleware);
  const server = createServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { server, port: (server.address() as { port: number }).port };
}
