/**
 * What the guides and the comments point at can be opened in this repository. The guides
 * (docs/architecture.md, docs/style.md) name files in backticks, and a renamed or moved file leaves them
 * pointing at nothing; a comment cites a decision record, a doc or a test (docs/style.md, "Comments say
 * why"), never a tracker's number or a spec kept outside the repository, which a reader cannot open.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";

const GUIDES = ["docs/architecture.md", "docs/style.md"];
const REPOSITORY_FOLDERS = [
  "app",
  "server",
  "scripts",
  "bin",
  "docs",
  "tests",
  "public",
  "deploy",
  "drizzle",
];
const COMMENTED_FOLDERS = ["app", "server", "scripts", "bin", "tests"];
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

/** Every path a guide names in backticks, alternatives spelled out: `app/routes/site|admin/` is two. */
export function namedPaths(markdown: string): string[] {
  const paths: string[] = [];
  for (const [, quoted = ""] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const word = quoted.trim().split(/\s+/)[0] ?? "";
    if (!REPOSITORY_FOLDERS.some((folder) => word.startsWith(`${folder}/`))) continue;
    // A pattern or a placeholder (`app/lib/*.ts`, `app/domain/<area>/`, `app/…`) names no one file.
    if (/[<>*{}…]|\.\.\./.test(word)) continue;
    const [first = "", ...others] = word.split("|");
    const parent = path.posix.dirname(first.replace(/\/$/, ""));
    paths.push(first, ...others.map((other) => path.posix.join(parent, other)));
  }
  return paths.map((named) => named.replace(/\/$/, ""));
}

function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name))
    .map((entry) => path.posix.join(entry.parentPath.split(path.sep).join("/"), entry.name));
}

function sourceDocuments(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .map((entry) => path.posix.join(entry.parentPath.split(path.sep).join("/"), entry.name));
}

/** The text of every comment in a source file, found by TypeScript's own parser (not fooled by strings). */
export function commentsOf(fileName: string, text: string): string[] {
  const kind = /\.(tsx|jsx)$/.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found = new Map<number, string>();
  const visit = (node: ts.Node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(source);
    if (children.length > 0) return children.forEach(visit);
    // A leaf token: the trivia before it holds every comment since the previous token. JSX text is
    // page text, not trivia.
    if (node.kind === ts.SyntaxKind.JsxText) return;
    // Comments on the previous token's line are its "trailing" ones, the rest "leading": both are here.
    const ranges = [
      ...(ts.getTrailingCommentRanges(text, node.pos) ?? []),
      ...(ts.getLeadingCommentRanges(text, node.pos) ?? []),
    ];
    for (const range of ranges) {
      found.set(range.pos, text.slice(range.pos, range.end));
    }
  };
  visit(source);
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, comment]) => comment);
}

/**
 * A tracker's reference in a comment: the word issue and a number, or a number after "#" (not "&#39;",
 * "PKCS#8").
 */
export function issueReferences(comment: string): string[] {
  return [...comment.matchAll(/\bissues?\s+#?\d+|(?<![\w&#])#\d+\b(?![0-9a-f])/gi)].map((match) => match[0]);
}

const OUTSIDE_SPEC = /\b(?:public-site|back-office|deviations)\.md\b|shared\/spec\//;

describe("the guides name files that exist", () => {
  test.each(GUIDES)("%s", (guide) => {
    const named = namedPaths(fs.readFileSync(guide, "utf8"));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((file) => !fs.existsSync(file))).toEqual([]);
  });

  test("alternatives and placeholders are read as such", () => {
    expect(namedPaths("`app/components/site|admin|ui/`, `app/domain/<area>/*.server.ts`, `app/…`")).toEqual([
      "app/components/site",
      "app/components/admin",
      "app/components/ui",
    ]);
    expect(namedPaths("`bin/newsdesk.mjs user:create`, `npm start`, `#app/lib/x`")).toEqual([
      "bin/newsdesk.mjs",
    ]);
  });
});

describe("comments cite what a reader of the repository can open", () => {
  const files = COMMENTED_FOLDERS.flatMap(sourceFiles);
  const comments = new Map(files.map((file) => [file, commentsOf(file, fs.readFileSync(file, "utf8"))]));

  test("no comment cites an issue number", () => {
    expect(files.length).toBeGreaterThan(100);
    const cited = files.flatMap((file) =>
      (comments.get(file) ?? []).flatMap((comment) =>
        issueReferences(comment).map((reference) => `${file}: ${reference}`),
      ),
    );
    expect(cited).toEqual([]);
  });

  test("no comment cites the spec files kept outside the repository", () => {
    const cited = files.filter((file) =>
      (comments.get(file) ?? []).some((comment) => OUTSIDE_SPEC.test(comment)),
    );
    expect(cited).toEqual([]);
  });

  test("no guide or decision record cites an issue number", () => {
    const documents = ["README.md", ...sourceDocuments("docs")];
    expect(documents.length).toBeGreaterThan(20);
    const cited = documents.flatMap((file) =>
      issueReferences(fs.readFileSync(file, "utf8")).map((reference) => `${file}: ${reference}`),
    );
    expect(cited).toEqual([]);
  });

  test("comments are found in code, strings and JSX text are not comments", () => {
    const text = [
      "/** Live coverage (issue 28). */",
      'const url = "http://example.com/#12 issue 4";',
      "const view = <p>// issue 5 {/* issue 6 */}</p>;",
      "const entity = /&#39;/; // PKCS#8, colour #1e40af, see #41",
    ].join("\n");
    const found = commentsOf("example.tsx", text);
    expect(found).toEqual([
      "/** Live coverage (issue 28). */",
      "/* issue 6 */",
      "// PKCS#8, colour #1e40af, see #41",
    ]);
    expect(found.flatMap(issueReferences)).toEqual(["issue 28", "issue 6", "#41"]);
  });
});
