import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/** Every module that may end up in a browser bundle: anything under app/ that is not server-only. */
function browserModules(dir = "app"): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return browserModules(file);
    return /\.tsx?$/.test(entry.name) && !/\.server\.tsx?$|\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

// A value import from the schema pulls Drizzle into the client bundle; the lists live in enums.ts.
test("browser code imports only types from app/db/schema.ts", () => {
  const valueImport = /^import\s+(?!type\b)[^;]*?from\s+"(#app\/db\/schema|(\.\.?\/)+(db\/)?schema)";/m;
  const offenders = browserModules()
    .filter((file) => file !== path.join("app", "db", "schema.ts"))
    .filter((file) => valueImport.test(fs.readFileSync(file, "utf8")));
  expect(offenders).toEqual([]);
});
