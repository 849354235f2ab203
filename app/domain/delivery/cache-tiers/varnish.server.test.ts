import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startSilentServer } from "#test-support/loopback-server";
import { freePort } from "#test-support/server-processes";
import { startXkeyPurgeRecorder, type XkeyPurgeRecorder } from "#test-support/xkey-purge-recorder";
import { TierRefusal } from "./tier.server";
import { VARNISH_KEY_HEADER_BYTES, varnishTier } from "./varnish.server";

/** 1,000 keys of 33 bytes: 220 fit in 7,500 bytes with their spaces (220 × 34 − 1 = 7,479). */
const KEYS = Array.from({ length: 1_000 }, (_, i) => `story-${String(i).padStart(6, "0")}-${"x".repeat(20)}`);

async function refusalOf(promise: Promise<unknown>): Promise<TierRefusal> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TierRefusal);
  return error as TierRefusal;
}

describe("the Varnish tier", () => {
  let varnish: XkeyPurgeRecorder;
  beforeAll(async () => {
    varnish = await startXkeyPurgeRecorder();
  });
  afterAll(() => varnish.stop());
  beforeEach(() => void (varnish.purges.length = 0));

  test("purges 1,000 keys in five PURGE / requests, each header under Varnish's 8 KB line limit", async () => {
    const tier = varnishTier(`${varnish.url}/`);
    expect(tier.name).toBe(`Varnish ${varnish.url}`);
    await tier.purge(KEYS, { soft: false });
    expect(varnish.purgedKeys()).toEqual(KEYS);
    expect(varnish.purges.map((p) => [p.method, p.path, p.soft, p.status])).toEqual(
      Array.from({ length: 5 }, () => ["PURGE", "/", false, 200]),
    );
    for (const purge of varnish.purges) {
      expect(Buffer.byteLength(String(purge.headers["xkey-purge"]))).toBeLessThanOrEqual(
        VARNISH_KEY_HEADER_BYTES,
      );
      expect(purge.headers["xkey-softpurge"]).toBeUndefined();
    }
  });

  test("a soft purge sends xkey-softpurge instead", async () => {
    await varnishTier(varnish.url).purge(["a", "b"], { soft: true });
    expect(varnish.purges).toHaveLength(1);
    expect(varnish.purges[0]?.headers["xkey-softpurge"]).toBe("a b");
    expect(varnish.purges[0]?.headers["xkey-purge"]).toBeUndefined();
  });

  test("nothing to purge sends nothing", async () => {
    await varnishTier(varnish.url).purge([], { soft: false });
    expect(varnish.purges).toHaveLength(0);
  });

  test("a refused batch rejects with its status and Retry-After, and the batches after it are not sent", async () => {
    varnish.refuseNext(1, 503, { retryAfter: 30 });
    const refusal = await refusalOf(varnishTier(varnish.url).purge(KEYS, { soft: false }));
    expect(refusal.status).toBe(503);
    expect(refusal.retryAfterMs).toBe(30_000);
    expect(refusal.message).toBe(`Varnish ${varnish.url} refused the purge: 503 Refused`);
    expect(varnish.purges).toHaveLength(1);
  });

  test("a key longer than a header can carry is refused before anything is sent", async () => {
    const refusal = await refusalOf(
      varnishTier(varnish.url).purge(["a", "k".repeat(8_000)], { soft: false }),
    );
    expect(refusal.status).toBeUndefined();
    expect(varnish.purges).toHaveLength(0);
  });

  test("a Varnish that is down rejects, naming the network error", async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const refusal = await refusalOf(varnishTier(url).purge(["a"], { soft: false }));
    expect(refusal.status).toBeUndefined();
    expect(refusal.message).toBe(`Varnish ${url} refused the purge: ECONNREFUSED`);
  });

  test("a Varnish that never answers rejects after the timeout", async () => {
    const silent = await startSilentServer();
    try {
      const started = Date.now();
      const refusal = await refusalOf(
        varnishTier(silent.url, { timeoutMs: 200 }).purge(["a"], { soft: false }),
      );
      expect(refusal.message).toBe(`Varnish ${silent.url} refused the purge: no answer within 200 ms`);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await silent.stop();
    }
  });
});
