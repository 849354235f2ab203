/**
 * Ends every Vitest run with what did not run and why: the skipped tests grouped by file and block, each
 * with its reason (the note given to `ctx.skip(note)`, else what the block's name says it needs), and
 * whether the tests on PostgreSQL ran. A run on PGlite alone is then never mistaken for a whole one.
 */
import type { Reporter, TestModule } from "vitest/node";
import { POSTGRES_UNSET } from "./postgres-check";

export default class SkipReport implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const groups = new Map<string, { count: number; reason: string }>();
    let skipped = 0;
    let onPostgres = 0;
    for (const testModule of testModules) {
      for (const testCase of testModule.children.allTests()) {
        const result = testCase.result();
        if (/postgres/i.test(testCase.fullName) && result.state !== "skipped") onPostgres++;
        if (result.state !== "skipped") continue;
        skipped++;
        const block = testCase.fullName.split(" > ")[0] ?? testCase.name;
        const key = `${testModule.relativeModuleId} › ${block}`;
        const group = groups.get(key) ?? { count: 0, reason: reasonFor(testCase.fullName, result.note) };
        group.count++;
        groups.set(key, group);
      }
    }
    const lines = [`[tests] ${skipped} test${skipped === 1 ? "" : "s"} skipped.`];
    for (const [where, { count, reason }] of groups) lines.push(`  ${where} (${count}): ${reason}`);
    lines.push(
      process.env.TEST_DATABASE_URL
        ? `[tests] ${onPostgres} tests named for PostgreSQL ran on it.`
        : `[tests] ${POSTGRES_UNSET}.`,
    );
    console.log(`\n${lines.join("\n")}`);
  }
}

function reasonFor(fullName: string, note: string | undefined): string {
  if (note) return note;
  if (/postgres/i.test(fullName) && !process.env.TEST_DATABASE_URL)
    return "needs PostgreSQL (TEST_DATABASE_URL is not set)";
  return "a condition in the file, or not chosen by this run (-t, .only)";
}
