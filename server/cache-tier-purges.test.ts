/**
 * The purges of the caches in front (decision record 023) against stand-ins that follow Cloudflare's and
 * Fastly's published purge APIs (tests/support/cloudflare-api.ts, fastly-api.ts): the job a serving
 * process runs, on a real database, with stories saved through the domain as the back office saves them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { users } from "#app/db/schema";
import { saveArticle } from "#app/domain/articles/admin.server";
import { changeTags } from "#app/domain/delivery/cache-tiers/cache-tags.server";
import { cloudflareTier } from "#app/domain/delivery/cache-tiers/cloudflare.server";
import { fastlyTier } from "#app/domain/delivery/cache-tiers/fastly.server";
import { onSiteChange, siteChanged, type SiteChange } from "#app/domain/delivery/site-changes.server";
import { articleInput, staff } from "#test-support/article-fixtures";
import { startCloudflareStandIn, CLOUDFLARE_MAX_TAGS, type CloudflareStandIn } from "#test-support/cloudflare-api";
import { startFastlyStandIn, FASTLY_MAX_KEYS, type FastlyStandIn } from "#test-support/fastly-api";
import { captureLogEvents } from "#test-support/logs";
import { testServices } from "#test-support/services";
import { createTestDatabase, type TestDatabase } from "#test-support/test-database";
import { cacheTierPurgesJob } from "./site-jobs";
import type { StopJob } from "./jobs";

describe("purges of the caches in front, Cloudflare and Fastly", () => {
  let database: TestDatabase;
  let cloudflare: CloudflareStandIn;
  let fastly: FastlyStandIn;
  let stopJob: StopJob | void;
  let services: ReturnType<typeof testServices>;
  const editor = staff("editor", "Efua");
  const changes: SiteChange[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await database.db.insert(users).values({ id: editor.id, email: editor.email, name: editor.name, role: "editor" });
    onSiteChange(database.db, (change) => changes.push(change));
    cloudflare = await startCloudflareStandIn();
    fastly = await startFastlyStandIn();
    services = testServices(database.db, {
      cacheTiers: [
        cloudflareTier({ zoneId: cloudflare.zoneId, apiToken: cloudflare.apiToken, apiUrl: cloudflare.url }),
        fastlyTier({ serviceId: fastly.serviceId, apiToken: fastly.apiToken, apiUrl: fastly.url }),
      ],
    });
    stopJob = await cacheTierPurgesJob(services).start();
  });
  afterAll(async () => {
    await stopJob?.();
    await cloudflare?.stop();
    await fastly?.stop();
    await database?.destroy();
  });
  afterEach(() => {
    changes.length = 0;
    cloudflare.calls.length = 0;
    fastly.calls.length = 0;
  });

  /** Waits (bounded) until both stand-ins have taken `count` keys in all. */
  async function purged(count: number) {
    for (let i = 0; i < 200; i++) {
      if (new Set(cloudflare.purgedTags()).size >= count && new Set(fastly.purgedKeys()).size >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`purges not taken: Cloudflare ${cloudflare.purgedTags().length}, Fastly ${fastly.purgedKeys().length}`);
  }

  test("a story's new title: each provider gets exactly its keys once, with the token; Fastly softly", async () => {
    const { id } = await saveArticle(services, editor, articleInput({ title: "Cocoa prices rise", status: "published" }));
    await purged(1);
    changes.length = 0;
    cloudflare.calls.length = 0;
    fastly.calls.length = 0;

    await saveArticle(services, editor, articleInput({ title: "Cocoa prices rise again", status: "published" }), id);
    expect(changes).toHaveLength(1);
    const keys = changeTags(changes[0]!);
    expect(keys).toContain(`nd-a-${id}`);
    await purged(keys.length);
    expect(cloudflare.purgedTags().sort()).toEqual([...keys].sort());
    expect(fastly.purgedKeys().sort()).toEqual([...keys].sort());
    expect(cloudflare.calls.map((call) => call.headers.authorization)).toEqual([`Bearer ${cloudflare.apiToken}`]);
    expect(fastly.calls.map((call) => [call.headers["fastly-key"], call.soft])).toEqual([[fastly.apiToken, true]]);
  });

  test("a refused purge is tried again and logged; what piled up meanwhile goes out within each API's limits", async () => {
    const logs = captureLogEvents();
    try {
      cloudflare.refuseNext(1, 429, { retryAfter: 1 });
      fastly.refuseNext(1, 503);
      const stories = Array.from({ length: 300 }, (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`);
      for (const articleId of stories) siteChanged(database.db, { scope: "article", articleId, reason: "bulk edit" });
      const expected = new Set(stories.flatMap((articleId) => changeTags({ scope: "article", articleId, reason: "" })));
      await purged(expected.size);
      expect(new Set(cloudflare.purgedTags())).toEqual(expected);
      expect(new Set(fastly.purgedKeys())).toEqual(expected);
      expect(cloudflare.calls[0]!.status).toBe(429);
      expect(fastly.calls[0]!.status).toBe(503);
      expect(Math.max(...cloudflare.calls.map((call) => call.tags.length))).toBeLessThanOrEqual(CLOUDFLARE_MAX_TAGS);
      expect(Math.max(...fastly.calls.map((call) => call.keys.length))).toBeLessThanOrEqual(FASTLY_MAX_KEYS);
      const said = logs.events.map((event) => event.msg);
      expect(said.some((msg) => /^Cloudflare .* refused a purge .*429/.test(msg))).toBe(true);
      expect(said.some((msg) => /^Fastly .* refused a purge .*503/.test(msg))).toBe(true);
      expect(said.filter((msg) => /took the purges it had missed$/.test(msg))).toHaveLength(2);
    } finally {
      logs.stop();
    }
  }, 20_000);
});
