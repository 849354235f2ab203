import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startFastlyStandIn, type FastlyStandIn } from "#test-support/fastly-api";
import { startSilentServer } from "#test-support/loopback-server";
import { freePort } from "#test-support/server-processes";
import { FASTLY_API_URL, FASTLY_KEY_HEADER_BYTES, fastlyTier } from "./fastly.server";
import { TierRefusal } from "./tier.server";

const KEYS = Array.from({ length: 1_000 }, (_, i) => `story-${i}`);

async function refusalOf(promise: Promise<unknown>): Promise<TierRefusal> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TierRefusal);
  return error as TierRefusal;
}

describe("the Fastly tier", () => {
  let fastly: FastlyStandIn;
  const tier = (
    overrides: { apiToken?: string; serviceId?: string; apiUrl?: string; timeoutMs?: number } = {},
  ) =>
    fastlyTier({ serviceId: fastly.serviceId, apiToken: fastly.apiToken, apiUrl: fastly.url, ...overrides });

  beforeAll(async () => {
    fastly = await startFastlyStandIn();
  });
  afterAll(() => fastly.stop());
  beforeEach(() => void (fastly.calls.length = 0));

  test("purges 1,000 keys in four calls of at most 256 (Fastly's most per call), each with the API token", async () => {
    const service = tier();
    expect(service.name).toBe(`Fastly service ${fastly.serviceId}`);
    await service.purge(KEYS, { soft: false });
    expect(fastly.purgedKeys()).toEqual(KEYS);
    expect(fastly.calls.map((call) => [call.keys.length, call.status, call.soft])).toEqual([
      [256, 200, false],
      [256, 200, false],
      [256, 200, false],
      [232, 200, false],
    ]);
    for (const call of fastly.calls) expect(call.headers["fastly-key"]).toBe(fastly.apiToken);
  });

  test("a soft purge sends Fastly-Soft-Purge: 1", async () => {
    await tier().purge(["home", "story-1"], { soft: true });
    expect(fastly.calls.map((call) => [call.keys, call.soft, call.headers["fastly-soft-purge"]])).toEqual([
      [["home", "story-1"], true, "1"],
    ]);
  });

  test("long keys are batched by the header's size too: 300 keys of 100 bytes are two calls", async () => {
    const longKeys = Array.from({ length: 300 }, (_, i) => `${String(i).padStart(3, "0")}${"k".repeat(97)}`);
    await tier().purge(longKeys, { soft: false });
    expect(fastly.purgedKeys()).toEqual(longKeys);
    // 158 keys and their spaces are 158 × 101 − 1 = 15,957 bytes; one more would pass 16,000.
    expect(fastly.calls.map((call) => call.keys.length)).toEqual([158, 142]);
    for (const call of fastly.calls)
      expect(Buffer.byteLength(String(call.headers["surrogate-key"]))).toBeLessThanOrEqual(
        FASTLY_KEY_HEADER_BYTES,
      );
  });

  test("a 429 rejects with its Retry-After (an HTTP date too), and the batches after it are not sent", async () => {
    fastly.refuseNext(1, 429, { retryAfter: new Date(Date.now() + 60_000).toUTCString() });
    const refusal = await refusalOf(tier().purge(KEYS, { soft: false }));
    expect(refusal.status).toBe(429);
    expect(refusal.retryAfterMs).toBeGreaterThan(55_000);
    expect(refusal.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(refusal.message).toBe(
      `Fastly service ${fastly.serviceId} refused the purge: 429 {"msg":"Too many requests"}`,
    );
    expect(fastly.calls).toHaveLength(1);
  });

  test("a 500 and a wrong token reject with their status", async () => {
    fastly.refuseNext(1, 500);
    expect((await refusalOf(tier().purge(["home"], { soft: false }))).status).toBe(500);
    const byToken = await refusalOf(tier({ apiToken: "not-the-token" }).purge(["home"], { soft: false }));
    expect(byToken.status).toBe(401);
    expect(byToken.message).toContain("Provided credentials are missing or invalid");
    expect(fastly.purgedKeys()).toEqual([]);
  });

  test("a key over 1 KB is refused before anything is sent", async () => {
    await refusalOf(tier().purge(["home", "k".repeat(1_025)], { soft: false }));
    expect(fastly.calls).toHaveLength(0);
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

  test("by default it calls Fastly's API", () => {
    expect(FASTLY_API_URL).toBe("https://api.fastly.com");
  });
});
