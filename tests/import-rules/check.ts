/**
 * The checker of the import rules declared in `tests/import-rules/layers.ts` (docs/architecture.md, "What
 * may import what"). It reads every module under `<root>/app` and `<root>/server` and parses it with the
 * TypeScript compiler,
 * so an import split over lines, a re-export, `import()` and `typeof import()` count as much as a one-line
 * import. `import type` is erased from the build; `import { type A }` is not under `verbatimModuleSyntax`
 * (the module is still loaded), so it counts as a value import. An `import()` whose module is computed
 * (a template with a substitution, a variable) cannot be checked, so it is a finding in every layer.
 *
 * The same function checks the real tree and the fixtures of `tests/architecture-fixtures/`, which keeps
 * the fixtures honest: each must fail here, naming its import, for the real tree's pass to mean anything.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { LAYERS, type Layer } from "./layers.ts";

export interface Import {
  /** The module as written. */
  specifier: string;
  /** An app module as a path from the root without its extension ("app/db/schema"), else the package. */
  target: string;
  typeOnly: boolean;
  /** The names taken: "default", "*" for a namespace, `export *`, `import()` or a computed module. */
  names: string[];
  /** Set when `import()` names its module by an expression: the expression as written. */
  computed?: string;
  line: number;
}

export interface SourceFile {
  /** From the root, with its extension ("app/lib/dates.ts"). */
  file: string;
  text: string;
}

function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(root, relative);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [relative] : [];
  });
}

/** The production code the rules cover: the app and the server process (a tree without server/ has none). */
const PRODUCTION_FOLDERS = ["app", "server"] as const;

export function readTree(root: string): SourceFile[] {
  return PRODUCTION_FOLDERS.filter((dir) => existsSync(path.join(root, dir)))
    .flatMap((dir) => sourceFiles(root, dir))
    .map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }));
}

/**
 * Tests set up rows directly and may reach any layer: the rules are about the code that runs in the app.
 * Their helpers live in tests/support/, outside the tree, where no production module may reach them.
 */
export const isTestSupport = (file: string) => /\.test\.tsx?$/.test(file);

/** Module paths from the repository's root: `#app/...` and `#test-support/...` (tsconfig.json) and relative ones. */
function resolveTarget(file: string, specifier: string): string {
  const bare = specifier.replace(/\.(tsx?|js)$/, "");
  if (bare.startsWith("#app/")) return `app/${bare.slice("#app/".length)}`;
  if (bare.startsWith("#test-support/")) return `tests/support/${bare.slice("#test-support/".length)}`;
  if (bare.startsWith(".")) return path.posix.normalize(path.posix.join(path.posix.dirname(file), bare));
  return bare;
}

export function importsOf(file: string, text: string): Import[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Import[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const add = (literal: ts.Expression | undefined, typeOnly: boolean, names: string[]) => {
    if (!literal || !ts.isStringLiteralLike(literal)) return;
    found.push({
      specifier: literal.text,
      target: resolveTarget(file, literal.text),
      typeOnly,
      names,
      line: lineOf(literal),
    });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const names = [
        ...(clause?.name ? ["default"] : []),
        ...(bindings && ts.isNamespaceImport(bindings) ? ["*"] : []),
        ...(bindings && ts.isNamedImports(bindings)
          ? bindings.elements.map((element) => (element.propertyName ?? element.name).text)
          : []),
      ];
      add(node.moduleSpecifier, clause?.isTypeOnly ?? false, names);
    } else if (ts.isExportDeclaration(node)) {
      const clause = node.exportClause;
      const names =
        clause && ts.isNamedExports(clause)
          ? clause.elements.map((element) => (element.propertyName ?? element.name).text)
          : ["*"];
      add(node.moduleSpecifier, node.isTypeOnly, names);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly, ["*"]);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const argument = node.arguments[0];
      if (argument && ts.isStringLiteralLike(argument)) add(argument, false, ["*"]);
      else {
        const written = argument?.getText(source) ?? "";
        found.push({
          specifier: written,
          target: "",
          typeOnly: false,
          names: ["*"],
          computed: written,
          line: lineOf(node),
        });
      }
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true, ["*"]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** "app/**" style globs: `**` crosses folders, `*` does not. */
function globToRegExp(glob: string): RegExp {
  const body = glob
    .split("**")
    .map((part) =>
      part
        .split("*")
        .map((text) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^/]*"),
    )
    .join(".*");
  return new RegExp(`^${body}$`);
}

/** A module of the repository rather than a package. */
const isLocal = (target: string) => /^(app|server|tests)\//.test(target);

/** The package an import names: "@aws-sdk/client-s3" for "@aws-sdk/client-s3/x", "node:fs" for "node:fs/promises". */
const packageOf = (target: string) =>
  target
    .split("/")
    .slice(0, target.startsWith("@") ? 2 : 1)
    .join("/");

/**
 * Whether a target matches one pattern of the declaration. A pattern starting with "app/", "server/" or
 * "tests/" is a glob over the repository's modules (paths without their extension); any other names packages, `*` matching any characters, and
 * takes their subpaths with them ("drizzle-orm*" is drizzle-orm, drizzle-orm/pg-core, drizzle-orm/sql…).
 */
export function matches(pattern: string, target: string): boolean {
  if (isLocal(pattern)) return isLocal(target) && globToRegExp(pattern).test(target);
  if (isLocal(target)) return false;
  const name = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
  return name.test(packageOf(target));
}

const matchesAny = (patterns: readonly string[] | undefined, target: string) =>
  (patterns ?? []).some((pattern) => matches(pattern, target));

const inLayer = (layer: Layer, file: string) => {
  const module = file.replace(/\.tsx?$/, "");
  return matchesAny(layer.files, module) && !matchesAny(layer.except, module);
};

/** Whether one direct import keeps the layer's declaration. */
function isAllowed(layer: Layer, imported: Import): boolean {
  const names = Object.entries(layer.names ?? {}).find(([module]) => matches(module, imported.target))?.[1];
  if (names) return imported.names.every((name) => names.includes(name));
  if (imported.typeOnly && matchesAny(layer.typesMay, imported.target)) return true;
  return matchesAny(layer.may, imported.target) && !matchesAny(layer.never, imported.target);
}

const describeImport = (file: string, i: Import) =>
  i.computed !== undefined
    ? `${file}:${i.line} imports a computed module import(${i.computed})`
    : `${file}:${i.line} imports ${i.typeOnly ? "type from " : ""}${i.specifier}`;

/** The local module an import loads, if it is in the tree. */
function localModule(byPath: Map<string, SourceFile>, target: string): SourceFile | undefined {
  return byPath.get(target) ?? byPath.get(`${target}/index`);
}

/**
 * The first module or package matching `never` that one value import loads at run time, through any
 * chain of modules (type imports are erased), as the chain of targets ending with it.
 */
function forbiddenReach(
  byPath: Map<string, SourceFile>,
  importsIn: (source: SourceFile) => Import[],
  start: string,
  never: readonly string[],
): string[] | undefined {
  const seen = new Set<string>();
  const walk = (target: string): string[] | undefined => {
    if (matchesAny(never, target)) return [target];
    const local = localModule(byPath, target);
    if (!local || seen.has(local.file)) return undefined;
    seen.add(local.file);
    for (const i of importsIn(local)) {
      if (i.typeOnly || i.computed !== undefined) continue;
      const rest = walk(i.target);
      if (rest) return [target, ...rest];
    }
    return undefined;
  };
  return walk(start);
}

/** Every finding of the declaration on a tree, as "[layer] file:line imports …". Empty when it keeps it. */
export function checkTree(files: SourceFile[], layers: readonly Layer[] = LAYERS): string[] {
  const byPath = new Map(files.map((source) => [source.file.replace(/\.tsx?$/, ""), source]));
  const parsed = new Map<string, Import[]>();
  const importsIn = (source: SourceFile) => {
    if (!parsed.has(source.file)) parsed.set(source.file, importsOf(source.file, source.text));
    return parsed.get(source.file)!;
  };
  const findings: string[] = [];
  for (const source of files) {
    const { file } = source;
    if (isTestSupport(file)) continue;
    const own = layers.filter((layer) => inLayer(layer, file));
    if (own.length === 0)
      findings.push(`[no layer] ${file} belongs to no layer of tests/import-rules/layers.ts`);
    const imports = importsIn(source);
    for (const layer of own) {
      for (const i of imports) {
        if (i.computed !== undefined) {
          findings.push(`[${layer.name}] ${describeImport(file, i)}, which cannot be checked`);
          continue;
        }
        if (!isAllowed(layer, i)) {
          findings.push(`[${layer.name}] ${describeImport(file, i)}`);
          continue;
        }
        if (!layer.neverReaches || i.typeOnly) continue;
        const chain = forbiddenReach(byPath, importsIn, i.target, layer.neverReaches);
        if (chain && chain.length > 1)
          findings.push(`[${layer.name}] ${describeImport(file, i)}, which reaches ${chain.join(" → ")}`);
        else if (chain) findings.push(`[${layer.name}] ${describeImport(file, i)}`);
      }
    }
  }
  return [...new Set(findings)];
}

/** Every package the modules reach from `entries` load at run time (type imports are erased). */
export function packagesReached(files: SourceFile[], entries: string[]): Set<string> {
  const byPath = new Map(files.map((source) => [source.file.replace(/\.tsx?$/, ""), source]));
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (source: SourceFile) => {
    if (seen.has(source.file)) return;
    seen.add(source.file);
    for (const i of importsOf(source.file, source.text)) {
      if (i.typeOnly || i.computed !== undefined) continue;
      const local = localModule(byPath, i.target);
      if (local) visit(local);
      else if (!isLocal(i.target)) packages.add(packageOf(i.target));
    }
  };
  for (const entry of entries) {
    const found = files.find(({ file }) => file === entry);
    if (found) visit(found);
  }
  return packages;
}
