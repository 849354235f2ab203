/**
 * The bench reads other programs' output and the app's HTML; a wrong reading would print a figure that
 * looks right. These pin the readings to real samples.
 */
import { describe, expect, test } from "vitest";
import { durationSeconds, parseWrk, wrkScript } from "./load";
import { scriptUrlsOf } from "./weight";

describe("reading wrk", () => {
  const output = `Running 3s test @ http://127.0.0.1:3951/home.html
  2 threads and 50 connections
  Latency Distribution
     50%    1.10ms
     99%   12.00ms
  105735 requests in 3.00s, 1.01GB read
Requests/sec:  35245.12
Transfer/sec:    345.20MB
BENCH_RESULT 105735 3000021 1104 6130 0 0 1084629630 0 0 0
`;

  test("req/s is wrk's own figure; p50 and p95 come from our Lua hook, in microseconds", () => {
    expect(parseWrk(output)).toEqual({
      requestsPerSecond: 35245.12,
      p50Ms: 1.104,
      p95Ms: 6.13,
      requests: 105735,
      non2xx: 0,
      socketErrors: 0,
      bytesPerAnswer: 10258,
    });
  });

  test("the X-Cache answers counted by the hook, when asked for", () => {
    const sweep = "Requests/sec:     98.50\nBENCH_RESULT 985 10000000 38000 61000 0 0 8865000 120 860 5\n";
    expect(parseWrk(sweep, true)).toMatchObject({
      requests: 985,
      bytesPerAnswer: 9000,
      cache: { hits: 120, misses: 860, other: 5 },
    });
  });

  test("a run in which no request finished reads as zero requests, not as a fast server", () => {
    const result = parseWrk(
      "  0 requests in 3.10s, 85.41KB read\nRequests/sec:      0.00\nBENCH_RESULT 0 3097377 0 0 0 0 0 0 0 0\n",
    );
    expect(result.requests).toBe(0);
    expect(result.requestsPerSecond).toBe(0);
  });

  test("output without our line is refused rather than read as zeros", () => {
    expect(() => parseWrk("unable to connect to 127.0.0.1:3950 Connection refused\n")).toThrow(
      /wrk's output/,
    );
  });

  test("durations in wrk's syntax", () => {
    expect(durationSeconds("10s")).toBe(10);
    expect(durationSeconds("1m")).toBe(60);
    expect(durationSeconds("3")).toBe(3);
    expect(() => durationSeconds("ten")).toThrow(/BENCH_DURATION/);
  });
});

describe("the scripts a page loads at once", () => {
  test("module preloads, script src and the static imports of inline modules; not dynamic imports", () => {
    const html = `<head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>
<link rel="stylesheet" href="/assets/root-3.css"/><script src="/assets/legacy-4.js" defer></script></head>
<body><script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-5.js";
window.__later = () => import("/assets/lazy-6.js");</script></body>`;
    expect(scriptUrlsOf(html).sort()).toEqual([
      "/assets/entry.client-2.js",
      "/assets/legacy-4.js",
      "/assets/manifest-1.js",
      "/assets/root-5.js",
    ]);
  });
});

describe("the script wrk runs", () => {
  const paths = ["/article/a-1", "/article/b-2", "/article/c-3", "/article/d-4"];

  test("each thread seeds its random picks with its own number, read in its own Lua state", () => {
    const script = wrkScript(paths, { random: true }, 2);
    const seeds = /^local seeds = \{ (\d+), (\d+) \}$/m.exec(script);
    expect(seeds).not.toBeNull();
    // Two threads with one seed would ask for every article twice at once (a render shared by both).
    expect(seeds?.[1]).not.toBe(seeds?.[2]);
    expect(script).toContain('thread:set("thread_number", #threads)');
    expect(script).toContain("math.randomseed(seeds[thread_number])");
    expect(script).not.toMatch(/^local thread_number/m); // a local would hide the thread's global
  });

  test("in turn, each thread starts at its own place in the list", () => {
    expect(wrkScript(paths, {}, 2)).toContain("n = math.floor((thread_number - 1) * #paths / #seeds)");
  });
});
