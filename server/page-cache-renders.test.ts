/**
 * Renders in flight: a crowd asking for one page at the same moment waits for one render, but a reader
 * who asks after a change must never be handed a render that began before it.
 */
import { createServer } from "node:http";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { PageCache } from "#app/domain/delivery/page-cache.server";
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
  const app = express();
  app.use(handlers.middleware);
  const server = createServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
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
