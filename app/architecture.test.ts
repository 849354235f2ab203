/**
 * The import rules of docs/architecture.md ("What may import what"), checked on every module under app/.
 * Each file is parsed with the TypeScript compiler, so an import split over lines, a re-export or an
 * `import()` counts as much as a one-line import. `import type` is erased from the build and may cross a
 * line where a rule says so (a route may name the `Db` type); `import { type A }` is not erased under
 * `verbatimModuleSyntax` (the module is still loaded), so it counts as a value import.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

interface Import {
  /** The module as written. */
  specifier: string;
  /** An app module as a path from the repository root without its extension ("app/db/schema"), else the package. */
  target: string;
  typeOnly: boolean;
  line: number;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [relative] : [];
  });
}

/**
 * Tests and their helpers set up rows directly and may reach any layer: the rules are about the code
 * that runs in the app.
 */
const isTestSupport = (file: string) =>
  /\.test\.tsx?$/.test(file) || file === "app/routes/admin/route-testing.server.ts";

function resolveTarget(file: string, specifier: string): string {
  const bare = specifier.replace(/\.(tsx?|js)$/, "");
  if (bare.startsWith("#app/")) return `app/${bare.slice("#app/".length)}`;
  if (bare.startsWith(".")) return path.posix.normalize(path.posix.join(path.posix.dirname(file), bare));
  return bare;
}

export function importsOf(file: string, text: string): Import[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Import[] = [];
  const add = (literal: ts.Expression | undefined, typeOnly: boolean) => {
    if (!literal || !ts.isStringLiteralLike(literal)) return;
    found.push({
      specifier: literal.text,
      target: resolveTarget(file, literal.text),
      typeOnly,
      line: source.getLineAndCharacterOfPosition(literal.getStart()).line + 1,
    });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      add(node.moduleSpecifier, node.importClause?.isTypeOnly ?? false);
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

interface Rule {
  name: string;
  /** The files the rule holds for (paths from the repository root). */
  applies: (file: string) => boolean;
  /** Whether one import breaks the rule. */
  refuses: (imported: Import) => boolean;
}

const within = (folder: string) => (target: string) => target === folder || target.startsWith(`${folder}/`);
const isDb = within("app/db");
const isReactRouterOrReact = (target: string) =>
  /^(react|react-dom|react-router|@react-router\/[^/]+)(\/|$)/.test(target);

export const RULES: Rule[] = [
  {
    name: "routes reach the database only through the domain (the Db type aside)",
    applies: within("app/routes"),
    refuses: (i) => !i.typeOnly && (isDb(i.target) || i.target === "drizzle-orm"),
  },
  {
    name: "app/lib and components never import a value from app/db",
    applies: (file) => within("app/lib")(file) || within("app/components")(file),
    refuses: (i) => !i.typeOnly && (isDb(i.target) || i.target === "drizzle-orm"),
  },
  {
    name: "app/db never imports the domain or the routes",
    applies: within("app/db"),
    refuses: (i) => within("app/domain")(i.target) || within("app/routes")(i.target),
  },
  {
    name: "the domain never imports React, React Router or the routes",
    applies: within("app/domain"),
    refuses: (i) => isReactRouterOrReact(i.target) || within("app/routes")(i.target),
  },
];

/** Every import that breaks a rule, as "file:line imports specifier". */
export function breaches(rule: Rule, files: { file: string; text: string }[]): string[] {
  return files
    .filter(({ file }) => rule.applies(file) && !isTestSupport(file))
    .flatMap(({ file, text }) =>
      importsOf(file, text)
        .filter(rule.refuses)
        .map((i) => `${file}:${i.line} imports ${i.typeOnly ? "type from " : ""}${i.specifier}`),
    );
}

const APP_FILES = sourceFiles("app").map((file) => ({
  file,
  text: readFileSync(path.join(ROOT, file), "utf8"),
}));

const BY_PATH = new Map(APP_FILES.map(({ file, text }) => [file.replace(/\.tsx?$/, ""), { file, text }]));

/** Every package the modules reach from `entries` load at run time (type imports are erased). */
export function packagesReached(entries: string[]): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string, text: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const i of importsOf(file, text)) {
      if (i.typeOnly) continue;
      const local = BY_PATH.get(i.target) ?? BY_PATH.get(`${i.target}/index`);
      if (local) visit(local.file, local.text);
      else if (!i.target.startsWith("app/"))
        packages.add(
          i.target
            .split("/")
            .slice(0, i.target.startsWith("@") ? 2 : 1)
            .join("/"),
        );
    }
  };
  for (const entry of entries) {
    const found = APP_FILES.find(({ file }) => file === entry);
    if (found) visit(found.file, found.text);
  }
  return packages;
}

describe("the import rules of docs/architecture.md", () => {
  test.each(RULES.map((rule) => [rule.name, rule] as const))("%s", (_name, rule) => {
    expect(breaches(rule, APP_FILES)).toEqual([]);
  });

  test("the reader script loads no package: no React, no zod, no diff or TOTP library", () => {
    const entries = APP_FILES.map(({ file }) => file).filter(
      (file) => within("app/reader")(file) && !isTestSupport(file),
    );
    expect(entries.length).toBeGreaterThan(0);
    expect([...packagesReached(entries)]).toEqual([]);
    // The check follows imports: the revisions screen's rules do reach the diff package.
    expect(packagesReached(["app/domain/articles/revision-rules.ts"])).toContain("diff");
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
    expect(breaches(RULES[0]!, [{ file, text }])).toEqual([
      `${file}:4 imports ../../db/schema`,
      `${file}:5 imports #app/db/schema.ts`,
      `${file}:6 imports #app/db/rows`,
      `${file}:7 imports #app/db/seed.server`,
    ]);
  });
});
