/**
 * The import rules of docs/architecture.md ("What may import what"), declared per layer in
 * `tests/import-rules/layers.ts` and checked by `tests/import-rules/check.ts` on every module under
 * app/ and server/, transitively where the guide says so (nothing there may reach tests/support/). The
 * same check runs on the fixtures of `tests/architecture-fixtures/`, one per kind of import it must
 * refuse: each must fail, naming the import, or the real tree's pass proves nothing.
 */
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  checkTree,
  importsOf,
  isTestSupport,
  matches,
  packagesReached,
  readTree,
} from "../tests/import-rules/check.ts";
import { LAYERS, TEST_ONLY } from "../tests/import-rules/layers.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const APP_FILES = readTree(ROOT);
const fixture = (name: string) => checkTree(readTree(path.join(ROOT, "tests/architecture-fixtures", name)));

describe("the import rules of docs/architecture.md", () => {
  test("the app keeps every layer's declaration", () => {
    expect(checkTree(APP_FILES)).toEqual([]);
  });

  test("the reader script loads no package: no React, no zod, no diff or TOTP library", () => {
    const entries = APP_FILES.map(({ file }) => file).filter(
      (file) => file.startsWith("app/reader/") && !isTestSupport(file),
    );
    expect(entries.length).toBeGreaterThan(0);
    expect([...packagesReached(APP_FILES, entries)]).toEqual([]);
    // The check follows imports: the revisions screen's rules do reach the diff package.
    expect(packagesReached(APP_FILES, ["app/domain/articles/revision-rules.ts"])).toContain("diff");
  });

  test("every module under app/ belongs to a layer, the root and entry files included", () => {
    expect(checkTree([{ file: "app/stray.ts", text: "" }])).toEqual([
      "[no layer] app/stray.ts belongs to no layer of tests/import-rules/layers.ts",
    ]);
    const entries = ["app/root.tsx", "app/entry.server.tsx", "app/entry.client.tsx", "app/routes.ts"];
    expect(entries.map((file) => checkTree([{ file, text: "" }]))).toEqual(entries.map(() => []));
    expect(LAYERS.length).toBeGreaterThan(0);
  });

  test("the check sees every form of import: split over lines, re-exports, import(), and tells type from value", () => {
    const text = [
      'import type { Db } from "#app/db/client.server";',
      "import {",
      "  articles,",
      '} from "../../db/schema";',
      'import { type Settings } from "#app/db/schema.ts";',
      'export { firstRow } from "#app/db/rows";',
      'const later = () => import("#app/db/seed.server");',
      'type Later = typeof import("#app/db/errors");',
    ].join("\n");
    const file = "app/routes/site/example.tsx";
    expect(importsOf(file, text).map((i) => [i.target, i.typeOnly, i.line])).toEqual([
      ["app/db/client.server", true, 1],
      ["app/db/schema", false, 4],
      ["app/db/schema", false, 5],
      ["app/db/rows", false, 6],
      ["app/db/seed.server", false, 7],
      ["app/db/errors", true, 8],
    ]);
    expect(checkTree([{ file, text }])).toEqual([
      `[route modules] ${file}:4 imports ../../db/schema`,
      `[route modules] ${file}:5 imports #app/db/schema.ts`,
      `[route modules] ${file}:6 imports #app/db/rows`,
      `[route modules] ${file}:7 imports #app/db/seed.server`,
    ]);
  });
});

describe("the check refuses each kind of import the guide forbids (tests/architecture-fixtures)", () => {
  test("a route importing Drizzle's subpaths or a driver", () => {
    const file = "app/routes/site/story.tsx";
    expect(fixture("route-database-packages")).toEqual([
      `[route modules] ${file}:2 imports @electric-sql/pglite`,
      `[route modules] ${file}:3 imports drizzle-orm/pg-core`,
      `[route modules] ${file}:4 imports drizzle-orm/sql`,
      `[route modules] ${file}:5 imports pg`,
    ]);
  });

  test("the domain importing the auth guard's requireUser, a component, the flash message or the HTTP mapper", () => {
    const file = "app/domain/articles/publish.server.ts";
    expect(fixture("domain-http-edge")).toEqual([
      `[the domain] ${file}:2 imports #app/auth/guard.server`,
      `[the domain] ${file}:3 imports #app/components/ui/toast`,
      `[the domain] ${file}:4 imports #app/lib/flash.server`,
      `[the domain] ${file}:5 imports #app/lib/http-errors.server`,
    ]);
  });

  test("an import() whose module is computed", () => {
    expect(fixture("computed-import")).toEqual([
      "[the domain] app/domain/backup/tables.server.ts:2 imports a computed module import(`#app/db/${name}`), which cannot be checked",
    ]);
  });

  test("the database layer importing the auth guard or a component", () => {
    const file = "app/db/seed.server.ts";
    expect(fixture("database-guard-component")).toEqual([
      `[the database layer] ${file}:2 imports #app/auth/guard.server`,
      `[the database layer] ${file}:3 imports #app/components/ui/toast`,
    ]);
  });

  test("a browser-safe module reaching a server module, directly or through another module", () => {
    expect(fixture("browser-safe-reaches-server")).toEqual([
      "[code that reaches the browser] app/lib/link-text.ts:1 imports ./signing-key.server",
      "[code that reaches the browser] app/lib/share-link.ts:2 imports ./link-text, which reaches app/lib/link-text → app/lib/signing-key.server",
    ]);
  });

  test("production code (app/, server/) importing test support, directly or through another module", () => {
    expect(fixture("production-reaches-test-support").sort()).toEqual([
      "[the domain] app/domain/articles/sample-data.server.ts:2 imports #test-support/article-fixtures",
      "[the server process] server/ports.ts:2 imports #test-support/server-processes",
      "[the server process] server/seed-demo.ts:2 imports ../app/domain/articles/sample-data.server, which reaches app/domain/articles/sample-data.server → tests/support/article-fixtures",
    ]);
    // No layer allows anything under tests/: every module of app/ and server/ is refused it.
    const helper = "tests/support/article-fixtures";
    expect(LAYERS.filter((layer) => layer.may.some((pattern) => matches(pattern, helper)))).toEqual([]);
    expect(matches(TEST_ONLY, helper)).toBe(true);
  });

  test("the root route importing the schema", () => {
    expect(fixture("root-schema")).toEqual(["[route modules] app/root.tsx:2 imports #app/db/schema"]);
  });
});
