/**
 * deploy/varnish.vcl in a real varnishd, in front of two stand-ins for the app
 * (tests/support/cache-tier-backend.ts): what it stores and shares, what it never does, purges by cache
 * tag, the reader's variants and encodings, and stale pages while the app is down (docs/operations.md,
 * "Varnish in front").
 */
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startCacheTierBackend, type CacheTierBackend } from "#test-support/cache-tier-backend";
import { waitFor } from "#test-support/server-processes";
import { deployedVcl, hasVarnish, startVarnish, type RunningVarnish } from "./varnish";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body decoded by its Content-Encoding. */
  text: string;
}

function send(base: string, path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const decoded =
          encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: decoded.toString() });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** Whether Varnish answered from its store: X-Varnish names two transactions on a hit. */
const isHit = (answer: Answer) => String(answer.headers["x-varnish"]).trim().split(/\s+/).length === 2;

const needs = "(needs varnishd and the xkey vmod: .ci/run installs them)";
// CI installs Varnish (.ci/run): there a missing one fails rather than skips.
const available = hasVarnish();

describe.runIf(available || process.env.CI)(`deploy/varnish.vcl in a real varnishd ${needs}`, () => {
  let one: CacheTierBackend;
  let two: CacheTierBackend;
  let varnish: RunningVarnish;
  const get = (path: string, headers?: Record<string, string>) => send(varnish.url, path, headers);
  const purge = (headers: Record<string, string>) => send(varnish.url, "/", headers, "PURGE");
  const renders = (path: string) => (one.renders.get(path) ?? 0) + (two.renders.get(path) ?? 0);

  beforeAll(async () => {
    [one, two] = await Promise.all([startCacheTierBackend("one"), startCacheTierBackend("two")]);
    varnish = await startVarnish(await deployedVcl([one.port, two.port]));
    // The probes call both instances healthy within one interval (2 s).
    await waitFor(
      () => `healthy backends (${varnish.output()})`,
      async () => (await get("/healthz")).status === 200,
      15_000,
    );
  });
  afterAll(async () => {
    await varnish?.stop();
    await Promise.all([one?.close(), two?.close()]);
  });

  test("a page is stored and shared: the second reader's answer is a hit, its cache tags not sent", async () => {
    const first = await get("/story/kept");
    const second = await get("/story/kept");
    expect(first.status).toBe(200);
    expect(isHit(first)).toBe(false);
    expect(isHit(second)).toBe(true);
    expect(second.headers["x-varnish-cache"]).toBe("HIT");
    expect(second.headers.age).toMatch(/^\d+$/);
    expect(second.text).toBe(first.text);
    expect(renders("/story/kept")).toBe(1);
    for (const tagHeader of ["xkey", "surrogate-key", "cache-tag", "x-hashtwo"])
      expect(second.headers[tagHeader]).toBeUndefined();
    // The caches after Varnish (browsers) still learn that the page varies by encoding.
    expect(second.headers.vary).toBe("Save-Data, Cookie, Accept-Encoding");
    // The app's own headers are left as they came.
    expect(second.headers["x-cache"]).toBe("MISS");
  });

  test("misses go round the two instances", async () => {
    const bodies = await Promise.all(
      ["/story/r1", "/story/r2", "/story/r3", "/story/r4"].map((path) => get(path)),
    );
    const names = new Set(bodies.map((answer) => answer.text.split(" ")[0]));
    expect([...names].sort()).toEqual(["one", "two"]);
  });

  test("a purge by tag drops exactly the pages carrying it", async () => {
    for (const path of ["/story/p1-in-world", "/story/p2-in-world", "/story/p3-in-sport"]) await get(path);
    const purged = await purge({ "xkey-purge": "nd-t-world" });
    expect(purged.status).toBe(200);
    // Two pages, each stored once (one encoding, the full variant).
    expect(purged.text).toBe("Purged 2\n");
    expect(isHit(await get("/story/p1-in-world"))).toBe(false);
    expect(isHit(await get("/story/p2-in-world"))).toBe(false);
    expect(isHit(await get("/story/p3-in-sport"))).toBe(true);
    expect(renders("/story/p1-in-world")).toBe(2);
    expect(renders("/story/p3-in-sport")).toBe(1);
  });

  test("a purge of several tags at once, in one header", async () => {
    await Promise.all([get("/story/m1"), get("/story/m2")]);
    expect((await purge({ "xkey-purge": "nd-a-m1 nd-a-m2" })).text).toBe("Purged 2\n");
    expect(isHit(await get("/story/m1"))).toBe(false);
    expect(isHit(await get("/story/m2"))).toBe(false);
  });

  test("after a soft purge the next reader gets the stale page once, then the refreshed one", async () => {
    const first = await get("/story/soft");
    expect((await purge({ "xkey-softpurge": "nd-a-soft" })).text).toBe("Purged 1\n");
    const stale = await get("/story/soft");
    expect(stale.text).toBe(first.text);
    await waitFor("the background refresh", () => renders("/story/soft") === 2, 5_000);
    // The stand-in has answered; Varnish stores the refreshed page a moment later.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const fresh = await get("/story/soft");
    // Rendered again: by the other instance (its first time) or by the same one (its second).
    expect(fresh.text).not.toBe(first.text);
    expect(isHit(fresh)).toBe(true);
  });

  test("a purge without a tag header is refused; so is one relayed by a proxy", async () => {
    expect((await purge({})).status).toBe(400);
    await get("/story/relayed");
    const relayed = await purge({ "xkey-purge": "nd", "X-Forwarded-For": "203.0.113.9" });
    expect(relayed.status).toBe(403);
    expect(isHit(await get("/story/relayed"))).toBe(true);
  });

  test("staff pages and signed-in requests are passed every time and never reach a reader", async () => {
    for (const path of ["/admin", "/admin/articles", "/ADMIN", "//admin", "/%61dmin"]) {
      await get(path);
      const again = await get(path);
      expect(isHit(again), path).toBe(false);
      expect(again.headers["x-varnish-cache"], path).toBe("PASS");
    }
    expect(renders("/admin")).toBe(2);
    for (const cookie of ["nd_session=s1", "a=1; nd_session =s1", "nd_flash=x", "nd_2fa=y", "nd_member=m"]) {
      const before = renders("/story/staff");
      expect((await get("/story/staff", { Cookie: cookie })).text, cookie).toMatch(/ (staff|reader) /);
      expect(renders("/story/staff"), cookie).toBe(before + 1);
    }
    const reader = await get("/story/staff");
    expect(reader.text).toMatch(/ reader full /);
    expect(isHit(reader)).toBe(false);
  });

  test("other methods are passed", async () => {
    await send(varnish.url, "/story/posted", {}, "POST");
    await send(varnish.url, "/story/posted", {}, "POST");
    expect(renders("/story/posted")).toBe(2);
  });

  test("answers that set a cookie, are private or say nothing of caching are delivered as they came and not stored", async () => {
    for (const path of ["/set-cookie", "/private", "/moved"]) {
      const first = await get(path);
      const second = await get(path);
      expect(isHit(second), path).toBe(false);
      expect(renders(path), path).toBe(2);
      if (path !== "/moved")
        expect(first.headers["cache-control"], path).toMatch(path === "/private" ? /private/ : /public/);
    }
    expect((await get("/set-cookie")).headers["set-cookie"]).toEqual(["nd_lite=on; Path=/"]);
  });

  test("lite by cookie and lite by Save-Data are one copy; the reader's nd_lite=off wins; other cookies split nothing", async () => {
    const byCookie = await get("/story/lite", { Cookie: "_ga=1; nd_lite=on" });
    expect(byCookie.text).toMatch(/ lite /);
    const bySaveData = await get("/story/lite", { "Save-Data": "on" });
    expect(bySaveData.text).toBe(byCookie.text);
    expect(isHit(bySaveData)).toBe(true);
    const chosenFull = await get("/story/lite", { "Save-Data": "on", Cookie: "nd_lite=off" });
    expect(chosenFull.text).toMatch(/ full /);
    expect(isHit(chosenFull)).toBe(false);
    for (const headers of [
      {} as Record<string, string>,
      { Cookie: "_ga=GA1.2.3; _fbp=fb.1" },
      { Cookie: "nd_lite = off ; nd_lite=on" },
    ]) {
      const full = await get("/story/lite", headers);
      expect(full.text, JSON.stringify(headers)).toBe(chosenFull.text);
      expect(isHit(full)).toBe(true);
    }
    expect(renders("/story/lite")).toBe(2);
  });

  test("brotli, gzip and identity readers each get their own encoding, stored apart", async () => {
    const cases = [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["", undefined],
      ["br;q=0, gzip", "gzip"],
    ] as const;
    for (const round of [1, 2])
      for (const [accept, expected] of cases) {
        const answer = await get("/story/encoded", accept ? { "Accept-Encoding": accept } : {});
        expect(answer.headers["content-encoding"], `${accept} round ${round}`).toBe(expected);
        expect(answer.text).toMatch(/ \/story\/encoded #[123]$/);
        if (round === 2) expect(isHit(answer), accept).toBe(true);
      }
    expect(renders("/story/encoded")).toBe(3);
  });

  test("a page that varies by device is kept twice, mobile and desktop, not once per browser", async () => {
    const android =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36";
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
    const desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";
    const mobile = await get("/device/page", { "User-Agent": android });
    expect(mobile.text).toMatch(/ mobile /);
    expect(mobile.headers.vary).toBe("Save-Data, Cookie, Accept-Encoding, User-Agent");
    const otherMobile = await get("/device/page", { "User-Agent": iphone });
    expect(otherMobile.text).toBe(mobile.text);
    expect((await get("/device/page", { "User-Agent": desktop })).text).toMatch(/ desktop /);
    expect(isHit(await get("/device/page", { "User-Agent": "curl/8.5" }))).toBe(true);
    expect(renders("/device/page")).toBe(2);
  });

  // Last: it takes the instances down. A page past its freshness and the short grace of a healthy app
  // is fetched again while the app answers, and served stale, from the day of grace, while it does not.
  test("while the app answers, a page past its short grace is fetched again; with every instance down, readers still get the pages stored", async () => {
    const stored = await get("/story/outage?ttl=1");
    const refreshed = await get("/story/refreshed?ttl=1");
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    const whileUp = await get("/story/refreshed?ttl=1");
    expect(whileUp.text).not.toBe(refreshed.text);
    expect(isHit(whileUp)).toBe(false);
    one.setDown(true);
    two.setDown(true);
    // Down, an instance answers 500; once the probes call both sick, Varnish asks neither (503).
    await waitFor("both instances sick", async () => (await get("/story/probing")).status === 503, 10_000);
    const during = await get("/story/outage?ttl=1");
    expect(during.status).toBe(200);
    expect(during.text).toBe(stored.text);
    expect(Number(during.headers.age)).toBeGreaterThanOrEqual(12);
    expect(renders("/story/outage")).toBe(1);
  }, 40_000);
});

describe.runIf(available || process.env.CI)(`the purgers acl ${needs}`, () => {
  let backend: CacheTierBackend;
  let varnish: RunningVarnish;
  beforeAll(async () => {
    backend = await startCacheTierBackend("one");
    // The deployed VCL with a purgers acl that leaves this machine out, as for any other address.
    const vcl = (await deployedVcl([backend.port, backend.port])).replace(
      /acl purgers \{[^}]*\}/,
      'acl purgers { "192.0.2.1"; }',
    );
    expect(vcl).toContain('acl purgers { "192.0.2.1"; }');
    varnish = await startVarnish(vcl);
  });
  afterAll(async () => {
    await varnish?.stop();
    await backend?.close();
  });

  test("a purge from outside the acl is refused and purges nothing", async () => {
    const refused = await send(varnish.url, "/", { "xkey-purge": "nd" }, "PURGE");
    expect(refused.status).toBe(403);
    expect((await send(varnish.url, "/", { "xkey-softpurge": "nd" }, "PURGE")).status).toBe(403);
  });
});
