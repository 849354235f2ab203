/**
 * BENCH_AGAINST: the arithmetic that turns rounds into "3.00x", and the other build's preparation on a
 * real git repository (a small one made here, with a kept build standing in for `npm run build`).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import {
  comparisonLine,
  copyBuildData,
  median,
  roundsOf,
  speedRatio,
  summarize,
  type PairedFigure,
} from "./against";
import { buildCacheDir, labelOf, prepareOtherBuild, removeOtherBuild } from "./against-build";

describe("the ratios of a side-by-side run", () => {
  test("the medians of odd and even counts", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  test("above 1 means this build is faster: req/s this over the other, a time the other over this", () => {
    expect(speedRatio("req/s", 210, 70)).toBe(3);
    expect(speedRatio("ms", 21, 63)).toBe(3);
    expect(speedRatio("ms", 63, 21)).toBeCloseTo(1 / 3);
    expect(speedRatio("req/s", 50, 0)).toBeNull(); // the other answered nothing: no ratio, not infinity
  });

  test("each round's ratio pairs the rounds run next to each other; the median is of those ratios", () => {
    const figure: PairedFigure = { label: "sweep", unit: "req/s", ours: [200, 220], theirs: [80, 60] };
    const summary = summarize(figure);
    expect(summary.rounds).toEqual([2.5, 220 / 60]);
    expect(summary.ratio).toBeCloseTo((2.5 + 220 / 60) / 2);
    expect(summary).toMatchObject({ ours: 210, theirs: 70 });
  });

  test("the printed line names both builds, the median ratio and each round's", () => {
    const figure: PairedFigure = {
      label: "sweep, cache off, 4 conn.",
      unit: "req/s",
      ours: [203, 217],
      theirs: [70, 70],
    };
    expect(comparisonLine(figure, "c21b67c")).toBe(
      "sweep, cache off, 4 conn.: this build 210 req/s, c21b67c 70 req/s: 3.00x (rounds: 2.90x, 3.10x)",
    );
    const time: PairedFigure = { label: "article p95", unit: "ms", ours: [20, 22], theirs: [60, 66] };
    expect(comparisonLine(time, "HEAD~1 (03aad00)")).toBe(
      "article p95: this build 21.0 ms, HEAD~1 (03aad00) 63.0 ms: 3.00x (rounds: 3.00x, 3.00x)",
    );
  });

  test("BENCH_AGAINST_ROUNDS: 2 unless told, never fewer (one round lets drift fall on one side)", () => {
    expect(roundsOf(undefined)).toBe(2);
    expect(roundsOf("")).toBe(2);
    expect(roundsOf("5")).toBe(5);
    for (const bad of ["1", "0", "2.5", "two", "-3"])
      expect(() => roundsOf(bad)).toThrow(/BENCH_AGAINST_ROUNDS/);
  });
});

describe("the other build", () => {
  const made: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "newsdesk-against-test-"));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const git = (cwd: string, ...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
      cwd,
      encoding: "utf8",
    }).trim();

  /** A repository with a package-lock.json, node_modules (untracked, as in a checkout) and two commits. */
  function repository() {
    const repo = tempDir();
    git(repo, "init", "-q");
    fs.writeFileSync(path.join(repo, "package-lock.json"), '{"lockfileVersion":3}\n');
    fs.writeFileSync(path.join(repo, ".gitignore"), "node_modules\n");
    fs.mkdirSync(path.join(repo, "node_modules", "left-pad"), { recursive: true });
    fs.writeFileSync(path.join(repo, "node_modules", "left-pad", "index.js"), "module.exports = 1;\n");
    fs.mkdirSync(path.join(repo, "node_modules", ".vite"));
    fs.writeFileSync(path.join(repo, "node_modules", ".vite", "_metadata.json"), "{}");
    fs.writeFileSync(path.join(repo, "app.js"), "old\n");
    git(repo, "add", "-A");
    git(repo, "commit", "-q", "-m", "first");
    fs.writeFileSync(path.join(repo, "app.js"), "new\n");
    git(repo, "commit", "-q", "-am", "second");
    return repo;
  }

  test("a ref is checked out beside, with node_modules hard-linked and the kept build copied in, then removed", () => {
    const repo = repository();
    const cacheRoot = tempDir();
    const first = git(repo, "rev-parse", "HEAD~1");
    const kept = buildCacheDir(first, cacheRoot);
    fs.mkdirSync(path.join(kept, "server"), { recursive: true });
    fs.writeFileSync(path.join(kept, "server", "index.js"), "// the kept build\n");
    const root = path.join(tempDir(), "against");
    const lines: string[] = [];

    const other = prepareOtherBuild("HEAD~1", root, (line) => lines.push(line), { here: repo, cacheRoot });

    expect(other.commit).toBe(first);
    expect(other.label).toBe(`HEAD~1 (${git(repo, "rev-parse", "--short", first)})`);
    expect(fs.readFileSync(path.join(root, "app.js"), "utf8")).toBe("old\n");
    const linked = path.join("node_modules", "left-pad", "index.js");
    expect(fs.statSync(path.join(root, linked)).ino).toBe(fs.statSync(path.join(repo, linked)).ino);
    expect(fs.existsSync(path.join(root, "node_modules", ".vite"))).toBe(false);
    expect(fs.existsSync(path.join(repo, "node_modules", ".vite", "_metadata.json"))).toBe(true);
    const built = path.join(root, "build", "server", "index.js");
    expect(fs.readFileSync(built, "utf8")).toBe("// the kept build\n");
    // Newer than the checkout's files: the server's own build check must not build it again.
    expect(fs.statSync(built).mtimeMs).toBeGreaterThanOrEqual(fs.statSync(path.join(root, "app.js")).mtimeMs);
    expect(git(repo, "worktree", "list")).toContain(root);

    removeOtherBuild(root, repo);
    expect(fs.existsSync(root)).toBe(false);
    expect(git(repo, "worktree", "list")).not.toContain(root);
  });

  test("a ref that is not a commit is refused before anything is made", () => {
    const repo = repository();
    const root = path.join(tempDir(), "against");
    expect(() => prepareOtherBuild("no-such-branch", root, () => {}, { here: repo })).toThrow(
      /"no-such-branch" is not a commit here/,
    );
    expect(fs.existsSync(root)).toBe(false);
  });

  test("a commit is named by its short hash alone, a name with it", () => {
    expect(labelOf("c21b67c", "c21b67c")).toBe("c21b67c");
    expect(labelOf("C21B67C0123456789", "c21b67c")).toBe("c21b67c");
    expect(labelOf("main~3", "03aad00")).toBe("main~3 (03aad00)");
  });
});

describe("the other build's data", () => {
  test("the data folder is copied whole, but not the lock and the control socket of its last holder", async () => {
    const ours = fs.mkdtempSync(path.join(os.tmpdir(), "newsdesk-against-data-"));
    const copy = `${ours}-copy`;
    try {
      fs.mkdirSync(path.join(ours, "media"));
      fs.writeFileSync(path.join(ours, "media", "photo"), "jpeg");
      fs.writeFileSync(path.join(ours, "PG_VERSION"), "17");
      fs.writeFileSync(path.join(ours, "newsdesk.lock"), '{"pid":1}');
      fs.writeFileSync(path.join(ours, "newsdesk.sock"), "");
      const theirs = await copyBuildData({ dataDir: ours }, copy);
      expect(theirs).toEqual({ dataDir: copy });
      expect(fs.readdirSync(copy).sort()).toEqual(["PG_VERSION", "media"]);
      expect(fs.readFileSync(path.join(copy, "media", "photo"), "utf8")).toBe("jpeg");
    } finally {
      fs.rmSync(ours, { recursive: true, force: true });
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
