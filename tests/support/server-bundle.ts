/**
 * What the built server loads, read from the build itself (`npm run build` writes it to build/server/):
 * every file of the bundle its entry reaches through `import`, `export … from` and `import()`, and the
 * packages those name. The import rules (tests/import-rules/) check the sources; this checks what runs in
 * production, where a bundler could still have pulled a test helper in. Used by
 * scripts/deploy-settings.test.ts, which builds the app anyway.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { importsOf } from "../import-rules/check.ts";

export interface BundleReach {
  /** The bundle's files the entry loads, itself included, from the bundle's folder. */
  files: string[];
  /** Every package named by those files (node: built-ins included), as "name" or "@scope/name". */
  packages: Set<string>;
  /** Imports whose module is computed, so no check can tell what they load (`file: import(...)`). */
  computed: string[];
}

const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/** Follows the imports of `entry` (a file in the bundle's folder) through the bundle. */
export function bundleReach(bundleDir: string, entry: string): BundleReach {
  const files = new Set<string>();
  const packages = new Set<string>();
  const computed: string[] = [];
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(path.join(bundleDir, file), "utf8");
    for (const found of importsOf(file, text)) {
      if (found.computed !== undefined) computed.push(`${file}: import(${found.computed})`);
      else if (found.specifier.startsWith("."))
        visit(path.posix.join(path.posix.dirname(file), found.specifier));
      else packages.add(packageOf(found.specifier));
    }
  };
  visit(entry);
  return { files: [...files].sort(), packages, computed };
}

/** A package the built server may load: Node's own modules and the app's dependencies, nothing else. */
export function isRuntimePackage(name: string, dependencies: Record<string, string>): boolean {
  return name.startsWith("node:") || builtinModules.includes(name) || Object.hasOwn(dependencies, name);
}

const DECLARED = /^export (?:async )?(?:function\*?|const|let|class) ([A-Za-z_$][\w$]*)/gm;

/** The names `tests/support/` declares (tests and type declarations aside), with the file of each. */
export function testSupportNames(supportDir: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of readdirSync(supportDir)) {
    if (!/\.ts$/.test(file) || /\.(test|d)\.ts$/.test(file)) continue;
    const text = readFileSync(path.join(supportDir, file), "utf8");
    for (const [, name] of text.matchAll(DECLARED)) names.set(name!, file);
  }
  return names;
}

/**
 * The test-support names a bundle file declares (`function name(`, `const name =`, Rollup's renamed
 * `name$1` too), as "file: name (support file)". Only names the production sources do not declare
 * themselves are looked for, since an app function may share a helper's name.
 */
export function testSupportDeclared(
  bundleDir: string,
  files: string[],
  names: Map<string, string>,
  productionText: string,
): string[] {
  const declares = (text: string, name: string) =>
    new RegExp(`(?:function\\*?|const|let|var|class)\\s+${name.replace(/\$/g, "\\$")}(?:\\$\\d+)?\\b`).test(
      text,
    );
  const distinctive = [...names].filter(([name]) => !declares(productionText, name));
  return files.flatMap((file) => {
    const text = readFileSync(path.join(bundleDir, file), "utf8");
    return distinctive
      .filter(([name]) => declares(text, name))
      .map(([name, from]) => `${file}: ${name} (${from})`);
  });
}

/** The text of every production module (app/ and server/, tests aside), to tell which names are the app's. */
export function productionSourceText(root: string): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        texts.push(readFileSync(full, "utf8"));
    }
  };
  walk(path.join(root, "app"));
  walk(path.join(root, "server"));
  return texts.join("\n");
}
