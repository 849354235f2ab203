/**
 * No function outside React components runs over 80 lines (docs/style.md, "Small modules"): a function
 * that long does several things, and each deserves a name. Components are left out: their length is
 * mostly markup. Tests are left out too: a test's steps read best in one place.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";

export const MAX_FUNCTION_LINES = 80;
const CHECKED_FOLDERS = ["app", "server", "scripts", "bin"];
const SOURCE_FILE = /\.(ts|tsx|mts|mjs)$/;
const TEST_FILE = /\.test\.(ts|tsx)$/;

export interface LongFunction {
  name: string;
  line: number;
  lines: number;
}

/** A function's name as a reader would look for it: its own, or the variable or property it is set to. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(source).slice(0, 40)})`;
  return "(anonymous)";
}

/** Whether a function returns JSX anywhere in its own body: a React component or a render helper. */
function returnsJsx(node: ts.Node): boolean {
  let found = false;
  const visit = (child: ts.Node) => {
    if (found) return;
    if (ts.isJsxElement(child) || ts.isJsxSelfClosingElement(child) || ts.isJsxFragment(child)) {
      found = true;
      return;
    }
    ts.forEachChild(child, visit);
  };
  ts.forEachChild(node, visit);
  return found;
}

/** The functions of one file longer than `max` lines, components (functions that make JSX) aside. */
export function longFunctions(fileName: string, text: string, max = MAX_FUNCTION_LINES): LongFunction[] {
  const kind = /\.tsx$/.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max && !returnsJsx(node))
        found.push({ name: nameOf(node as ts.FunctionLikeDeclaration, source), line: first + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name) && !TEST_FILE.test(entry.name))
    .map((entry) => path.posix.join(entry.parentPath.split(path.sep).join("/"), entry.name))
    .filter((file) => !file.includes("/+types/"));
}

describe("functions stay short", () => {
  test(`no function outside React components is over ${MAX_FUNCTION_LINES} lines`, () => {
    const files = CHECKED_FOLDERS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const long = files.flatMap((file) =>
      longFunctions(file, fs.readFileSync(file, "utf8")).map((f) => `${file}:${f.line} ${f.name} (${f.lines} lines)`),
    );
    expect(long).toEqual([]);
  });

  test("a long function is found, a long component is not", () => {
    const body = Array.from({ length: 85 }, (_, i) => `  const v${i} = ${i};`).join("\n");
    const text = [
      `export function tooLong() {\n${body}\n  return 1;\n}`,
      `export const alsoLong = () => {\n${body}\n  return 2;\n};`,
      `export function Page() {\n${body}\n  return <p>{v0}</p>;\n}`,
      `export function short() {\n  return 3;\n}`,
    ].join("\n");
    expect(longFunctions("example.tsx", text).map((f) => f.name)).toEqual(["tooLong", "alsoLong"]);
  });
});
