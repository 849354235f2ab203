import zlib from "node:zlib";
import { describe, expect, test } from "vitest";
import {
  BEST_BROTLI_QUALITY,
  CompressionUpgrader,
  encode,
  FAST_BROTLI_QUALITY,
  plainBody,
  type Recompressible,
} from "./page-compression.server";

/** A page of varied text, as a real one (a repetitive one compresses the same at any quality). */
const html = (() => {
  const words = [
    "Accra",
    "cocoa",
    "market",
    "traders",
    "Black",
    "Stars",
    "festival",
    "gold",
    "mining",
    "Kumasi",
    "budget",
    "rain",
    "floods",
    "election",
    "results",
  ];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const items = Array.from({ length: 300 }, (_, i) => {
    const title = Array.from({ length: 8 }, () => words[next() % words.length]).join(" ");
    return `<li><a href="/article/story-${next() % 100000}-${i}">${title}</a><p>${next()}</p></li>`;
  });
  return Buffer.from(`<ul>${items.join("")}</ul>`);
})();

async function fastPage(): Promise<Recompressible> {
  return { bodies: { br: await encode(html, "br") }, brotliQuality: FAST_BROTLI_QUALITY };
}

describe("the compression upgrader", () => {
  test("recompresses an offered page at brotli's best: fewer bytes, the same page", async () => {
    const kept = new Map<string, Recompressible>([["/", await fastPage()]]);
    const upgrader = new CompressionUpgrader<Recompressible>({
      replace: (key, current, better) => kept.get(key) === current && !!kept.set(key, better),
      shareOfTime: 0.5,
    });
    const before = kept.get("/")!;
    upgrader.offer("/", before);
    await upgrader.idle();
    const after = kept.get("/")!;
    expect(after.brotliQuality).toBe(BEST_BROTLI_QUALITY);
    expect(after.bodies.br!.length).toBeLessThan(before.bodies.br!.length);
    expect((await plainBody(after)).equals(html)).toBe(true);
    expect(upgrader.upgraded).toBe(1);
    // Already at its best: not offered again.
    upgrader.offer("/", after);
    expect(upgrader.pending).toBe(0);
  });

  test("stopped (a server that stops), it drops the pages waiting and takes no more", async () => {
    const kept = new Map<string, Recompressible>([["/", await fastPage()]]);
    const upgrader = new CompressionUpgrader<Recompressible>({
      replace: (key, current, better) => kept.get(key) === current && !!kept.set(key, better),
    });
    upgrader.stop();
    upgrader.offer("/", kept.get("/")!);
    expect(upgrader.pending).toBe(0);
    await upgrader.idle();
    expect(kept.get("/")!.brotliQuality).toBe(FAST_BROTLI_QUALITY);
  });

  test("leaves a page alone that was purged or stored anew while it waited", async () => {
    const kept = new Map<string, Recompressible>([["/", await fastPage()]]);
    const upgrader = new CompressionUpgrader<Recompressible>({
      replace: (key, current, better) => kept.get(key) === current && !!kept.set(key, better),
    });
    const offered = kept.get("/")!;
    kept.set("/", await fastPage()); // stored anew meanwhile
    upgrader.offer("/", offered);
    await upgrader.idle();
    expect(kept.get("/")!.brotliQuality).toBe(FAST_BROTLI_QUALITY);
    expect(upgrader.upgraded).toBe(0);
  });

  test("takes no more than its share of time: after a page it rests in proportion", async () => {
    const upgrader = new CompressionUpgrader<Recompressible>({ replace: () => true, shareOfTime: 0.2 });
    const started = performance.now();
    upgrader.offer("/a", await fastPage());
    upgrader.offer("/b", await fastPage());
    await upgrader.idle();
    const elapsed = performance.now() - started;
    // Two recompressions of d ms each, with a rest of 4d after each: at least 5 × the work.
    const one = performance.now();
    zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BEST_BROTLI_QUALITY } });
    const workMs = performance.now() - one;
    expect(elapsed).toBeGreaterThanOrEqual(2 * workMs * 5 * 0.5); // half, for a noisy machine
  });

  test("a gzip-only page is not offered (gzip's best saves too little), and the queue is bounded", async () => {
    const upgrader = new CompressionUpgrader<Recompressible>({ replace: () => true, maxWaiting: 2 });
    upgrader.offer("/g", {
      bodies: { gzip: await encode(html, "gzip") },
      brotliQuality: FAST_BROTLI_QUALITY,
    });
    expect(upgrader.pending).toBe(0);
    for (const key of ["/1", "/2", "/3", "/4"]) upgrader.offer(key, await fastPage());
    expect(upgrader.pending).toBeLessThanOrEqual(2);
    await upgrader.idle();
    expect(upgrader.upgraded).toBeLessThanOrEqual(3);
  });
});

test("kept bytes hold a store of their own size, not zlib's 16 KB chunk", async () => {
  for (const encoding of ["br", "gzip"] as const) {
    const bytes = await encode(html, encoding);
    expect(bytes.buffer.byteLength).toBe(bytes.length);
  }
});
