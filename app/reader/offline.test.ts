import fs from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { OFFLINE_CACHE, OFFLINE_PATH } from "#app/lib/offline-text";
import { storiesFrom } from "./offline";

const worker = fs.readFileSync("public/service-worker.js", "utf8");
const DAY = 24 * 60 * 60 * 1000;

describe("offline reading", () => {
  test("the service worker is at most 5 KB gzipped (a first visit's only extra besides the manifest)", () => {
    expect(gzipSync(worker, { level: 6 }).length).toBeLessThanOrEqual(5 * 1024);
  });

  test("the worker and the reader script name the same cache, headers, keeping time and offline page", () => {
    // The worker is plain JavaScript served as it is: it cannot import the names the script uses.
    expect(worker).toContain(`const PAGES = "${OFFLINE_CACHE.pages}";`);
    expect(worker).toContain(`const KEPT_AT = "${OFFLINE_CACHE.keptAt}";`);
    expect(worker).toContain(`const KEPT_TITLE = "${OFFLINE_CACHE.title}";`);
    expect(worker).toContain(`const OFFLINE_PAGE = "${OFFLINE_PATH}";`);
    expect(worker).toContain("const KEEP_MS = 3 * 24 * 60 * 60 * 1000;");
    expect(OFFLINE_CACHE.keepMs).toBe(3 * DAY);
  });

  test("the worker never answers for the back office or the endpoints", () => {
    expect(worker).toMatch(/const isBackOffice = \(path\) => \/\^\\\/admin\(\\\/\|\$\)\/i\.test\(path\);/);
    expect(worker).toContain("isNeverHandled(url.pathname)) return;");
  });

  test("the Read offline list: kept stories only, newest first, none past their time, at most twelve", () => {
    const now = 10 * DAY;
    const entry = (path: string, ageDays: number, title = `Story ${path}`) => ({
      url: `https://news.example.com${path}`,
      keptAt: now - ageDays * DAY,
      title,
    });
    const listed = storiesFrom(
      [
        entry("/", 0, "Home"),
        entry("/category/news", 0, "News"),
        entry("/article/old", 2),
        entry("/article/new", 0.5),
        entry("/article/expired", 3.5),
        entry("/article/untitled", 0, " "),
        ...Array.from({ length: 14 }, (_, i) => entry(`/article/more-${i}`, 1 + i / 100)),
      ],
      now,
    );
    expect(listed[0]).toEqual({ path: "/article/new", title: "Story /article/new", keptAt: now - 0.5 * DAY });
    expect(listed).toHaveLength(12);
    expect(listed.map((s) => s.path)).not.toContain("/article/expired");
    expect(listed.map((s) => s.path)).not.toContain("/article/untitled");
    expect(listed.map((s) => s.path)).not.toContain("/");
  });
});
