import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startCloudflareStandIn, type CloudflareStandIn } from "#test-support/cloudflare-api";
import { startSilentServer } from "#test-support/loopback-server";
import { freePort } from "#test-support/server-processes";
import { CLOUDFLARE_API_URL, cloudflareTier } from "./cloudflare.server";
import { TierRefusal } from "./tier.server";

const TAGS = Array.from({ length: 1_000 }, (_, i) => `story-${i}`);

async function refusalOf(promise: Promise<unknown>): Promise<TierRefusal> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TierRefusal);
  return error as TierRefusal;
}

describe("the Cloudflare tier", () => {
  let cloudflare: CloudflareStandIn;
  const tier = (
    overrides: { apiToken?: string; zoneId?: string; apiUrl?: string; timeoutMs?: number } = {},
  ) =>
    cloudflareTier({
      zoneId: cloudflare.zoneId,
      apiToken: cloudflare.apiToken,
      apiUrl: cloudflare.url,
      ...overrides,
    });

  beforeAll(async () => {
    cloudflare = await startCloudflareStandIn();
  });
  afterAll(() => cloudflare.stop());
  beforeEach(() => void (cloudflare.calls.length = 0));

  test("purges 1,000 tags in ten calls of 100 (Cloudflare's most per call), each with the API token", async () => {
    const zone = tier();
    expect(zone.name).toBe(`Cloudflare zone ${cloudflare.zoneId}`);
    await zone.purge(TAGS, { soft: false });
    expect(cloudflare.purgedTags()).toEqual(TAGS);
    expect(cloudflare.calls.map((call) => [call.tags.length, call.status, call.success])).toEqual(
      Array.from({ length: 10 }, () => [100, 200, true]),
    );
    for (const call of cloudflare.calls) {
      expect(call.headers.authorization).toBe(`Bearer ${cloudflare.apiToken}`);
      expect(call.headers["content-type"]).toBe("application/json");
    }
  });

  test("101 tags are two calls: the stand-in refuses more than 100 in one, as Cloudflare does", async () => {
    await tier().purge(TAGS.slice(0, 101), { soft: true });
    expect(cloudflare.calls.map((call) => call.tags.length)).toEqual([100, 1]);
  });

  test("tags that differ only in case are one tag to Cloudflare, and are sent once", async () => {
    await tier().purge(["Story-1", "story-1", "STORY-1", "home"], { soft: false });
    expect(cloudflare.purgedTags()).toEqual(["Story-1", "home"]);
  });

  test("a 429 rejects with its Retry-After, and the batches after it are not sent", async () => {
    cloudflare.refuseNext(1, 429, { retryAfter: 12 });
    const refusal = await refusalOf(tier().purge(TAGS, { soft: false }));
    expect(refusal.status).toBe(429);
    expect(refusal.retryAfterMs).toBe(12_000);
    expect(refusal.message).toBe(
      `Cloudflare zone ${cloudflare.zoneId} refused the purge: 429 971 Please wait and consider throttling your request speed`,
    );
    expect(cloudflare.calls).toHaveLength(1);
  });

  test("a 500 rejects with its status and no Retry-After", async () => {
    cloudflare.refuseNext(1, 500);
    const refusal = await refusalOf(tier().purge(["home"], { soft: false }));
    expect(refusal.status).toBe(500);
    expect(refusal.retryAfterMs).toBeUndefined();
  });

  test("another token or another zone is refused with Cloudflare's authentication error", async () => {
    const byToken = await refusalOf(tier({ apiToken: "not-the-token" }).purge(["home"], { soft: false }));
    expect(byToken.status).toBe(403);
    expect(byToken.message).toContain("403 10000 Authentication error");
    const byZone = await refusalOf(tier({ zoneId: "0".repeat(32) }).purge(["home"], { soft: false }));
    expect(byZone.status).toBe(403);
    expect(cloudflare.purgedTags()).toEqual([]);
  });

  test("an answer of 200 with success: false is a refusal, with Cloudflare's error codes", async () => {
    const refusal = await refusalOf(tier().purge(["café"], { soft: false }));
    expect(refusal.status).toBe(200);
    expect(refusal.message).toContain(
      "200 1315 Non-printable characters are forbidden in tags; 1016 One or more cache purge errors",
    );
  });

  test("a tag over 1,024 characters is refused before anything is sent", async () => {
    const refusal = await refusalOf(tier().purge(["home", "t".repeat(1_025)], { soft: false }));
    expect(refusal.message).toContain("1 to 1024 bytes");
    expect(cloudflare.calls).toHaveLength(0);
  });

  test("an API that is down, or never answers, rejects", async () => {
    const down = await refusalOf(
      tier({ apiUrl: `http://127.0.0.1:${await freePort()}` }).purge(["a"], { soft: false }),
    );
    expect(down.message).toContain("ECONNREFUSED");
    const silent = await startSilentServer();
    try {
      const hung = await refusalOf(
        tier({ apiUrl: silent.url, timeoutMs: 200 }).purge(["a"], { soft: false }),
      );
      expect(hung.message).toContain("no answer within 200 ms");
    } finally {
      await silent.stop();
    }
  });

  test("by default it calls Cloudflare's API", () => {
    expect(CLOUDFLARE_API_URL).toBe("https://api.cloudflare.com/client/v4");
  });
});
