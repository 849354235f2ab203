/**
 * A test run says what it did not run, and CI cannot be green without PostgreSQL (tests/vitest/): Vitest
 * itself, run on one small file as `npm test` runs it, under CI without TEST_DATABASE_URL, with an address
 * where nothing answers, and outside CI.
 */
import { spawnSync } from "node:child_process";
import { expect, test } from "vitest";

function vitest(env: Record<string, string | undefined>) {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete merged[name];
  const run = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "app/lib/slug.test.ts"], {
    env: merged,
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: run.status, output: run.stdout + run.stderr };
}

test("under CI, a run without TEST_DATABASE_URL fails before any test, saying why", () => {
  const run = vitest({ CI: "true", TEST_DATABASE_URL: undefined });
  expect(run.code, run.output).not.toBe(0);
  expect(run.output).toContain("CI runs every test, PostgreSQL's too, but TEST_DATABASE_URL is not set");
}, 120_000);

test("a TEST_DATABASE_URL where nothing answers fails the run, in CI or not", () => {
  const run = vitest({ CI: undefined, TEST_DATABASE_URL: "postgres://postgres@127.0.0.1:9/postgres" });
  expect(run.code, run.output).not.toBe(0);
  expect(run.output).toContain("TEST_DATABASE_URL names PostgreSQL at 127.0.0.1:9, which does not answer");
}, 120_000);

test("outside CI a run on PGlite alone passes and says, last, what was skipped and that PostgreSQL did not run", () => {
  const run = vitest({ CI: undefined, TEST_DATABASE_URL: undefined });
  expect(run.code, run.output).toBe(0);
  expect(run.output).toContain("[tests] 0 tests skipped.");
  expect(run.output).toContain("[tests] TEST_DATABASE_URL is not set: the tests on PostgreSQL do not run");
}, 120_000);
