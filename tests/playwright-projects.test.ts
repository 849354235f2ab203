/**
 * A browser journey runs only if a Playwright project's testMatch takes its file: a new spec that no
 * project names is skipped without a word, and the run still passes. This test fails instead.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import config from "../playwright.config";

const ROOT = path.resolve(import.meta.dirname, "..");
const TEST_DIR = path.resolve(ROOT, config.testDir ?? ".");

type Pattern = string | RegExp | Array<string | RegExp> | undefined;

/** Playwright matches these against the file's absolute path; only regular expressions are used here. */
function matches(pattern: Pattern, file: string): boolean {
  if (pattern === undefined) return false;
  if (Array.isArray(pattern)) return pattern.some((one) => matches(one, file));
  if (pattern instanceof RegExp) return pattern.test(file);
  throw new Error(
    `A glob testMatch ("${pattern}") is not understood by this check: use a regular expression`,
  );
}

/** The projects that run a file: its testMatch takes it and its testIgnore does not. */
export function projectsOf(file: string): string[] {
  return (config.projects ?? [])
    .filter((project) => {
      const dir = path.resolve(ROOT, project.testDir ?? TEST_DIR);
      if (!file.startsWith(dir + path.sep)) return false;
      return matches(project.testMatch as Pattern, file) && !matches(project.testIgnore as Pattern, file);
    })
    .map((project) => project.name ?? "(unnamed)");
}

const SPECS = readdirSync(TEST_DIR, { recursive: true, encoding: "utf8" })
  .filter((name) => name.endsWith(".spec.ts"))
  .map((name) => path.join(TEST_DIR, name));

test("there are browser journeys to check", () => {
  expect(SPECS.length).toBeGreaterThan(10);
});

test.each(SPECS.map((file) => [path.relative(ROOT, file), file]))(
  "%s runs in exactly one Playwright project",
  (_name, file) => {
    expect(projectsOf(file)).toHaveLength(1);
  },
);

test("a spec that no project names is caught", () => {
  expect(projectsOf(path.join(TEST_DIR, "a-journey-nobody-listed.spec.ts"))).toEqual([]);
  expect(projectsOf(path.join(TEST_DIR, "reader-browse.spec.ts"))).toEqual(["reader"]);
});
