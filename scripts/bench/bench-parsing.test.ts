/**
 * The bench reads other programs' output and the app's HTML; a wrong reading would print a figure that
 * looks right. These pin the readings to real samples.
 */
import { describe, expect, test } from "vitest";
import { durationSeconds, parseWrk, wrkArgs, wrkScript } from "./load";
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
      cache: { hits: 120, misses: 860, other: 5, notModified: 0 },
    });
  });

  test("the 304s counted by the hook: the line's eleventh number", () => {
    const poll =
      "Requests/sec:  41000.00\nBENCH_RESULT 410000 10000000 900 2400 0 0 123000000 410000 0 0 409990\n";
    expect(parseWrk(poll, true)).toMatchObject({
      requests: 410000,
      bytesPerAnswer: 300,
      cache: { hits: 410000, misses: 0, other: 0, notModified: 409990 },
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

  test("counting the cache also counts the 304s, and prints them last", () => {
    const script = wrkScript(paths, { countCache: true }, 2);
    expect(script).toContain("if status == 304 then not_modified = not_modified + 1 end");
    expect(script).toMatch(/"BENCH_RESULT( %d){11}\\n"/);
    expect(script).toMatch(/summary\.bytes, h, m, o, nm\)\)/);
  });
});

describe("wrk's command line", () => {
  const settings = { threads: 2, connections: 50, duration: "10s", acceptEncoding: "gzip, br" };

  test("extra headers go as -H after Accept-Encoding, before the script and the URL", () => {
    const args = wrkArgs(
      "http://127.0.0.1:3950",
      ["/article/a-1/updates"],
      settings,
      { headers: { "If-None-Match": 'W/"5d-abc"' } },
      "/tmp/x.lua",
    );
    expect(args).toEqual([
      "-t2",
      "-c50",
      "-d10s",
      "--latency",
      "--timeout",
      "10s",
      "-H",
      "Accept-Encoding: gzip, br",
      "-H",
      'If-None-Match: W/"5d-abc"',
      "-s",
      "/tmp/x.lua",
      "http://127.0.0.1:3950/article/a-1/updates",
    ]);
  });

  test("without extra headers, only Accept-Encoding", () => {
    const args = wrkArgs("http://127.0.0.1:3950", ["/"], settings, {}, "/tmp/x.lua");
    expect(args.filter((a) => a === "-H")).toHaveLength(1);
  });

  test("a header that would break the request line, or a second Accept-Encoding, is refused", () => {
    const at = (headers: Record<string, string>) => () =>
      wrkArgs("http://127.0.0.1:3950", ["/"], settings, { headers }, "/tmp/x.lua");
    expect(at({ "If-None-Match": '"a"\r\nX-Evil: 1' })).toThrow(/not a request header/);
    expect(at({ "Bad Name": "1" })).toThrow(/not a request header/);
    expect(at({ "accept-encoding": "identity" })).toThrow(/load settings/);
  });
});
