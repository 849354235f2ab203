/**
 * Page weight as a reader's connection carries it: the HTML gzipped, and the reader script, the sum of
 * the gzipped JavaScript files a page makes the browser load at once (module scripts, module preloads,
 * the static imports of inline module scripts, and what those files import statically in turn; a
 * dynamic import() is loaded later, so it is not counted).
 */
import { get } from "./http";

export interface ScriptWeight {
  files: number;
  /** Bytes on the wire with gzip accepted (a file under the server's compression threshold travels as is). */
  gzipBytes: number;
}

/** The .js URLs an HTML page loads at once. */
export function scriptUrlsOf(html: string): string[] {
  const urls = new Set<string>();
  for (const tag of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)) if (tag[1]) urls.add(tag[1]);
  for (const tag of html.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel="modulepreload"/.test(tag[0])) continue;
    const href = /\bhref="([^"]+)"/.exec(tag[0])?.[1];
    if (href) urls.add(href);
  }
  for (const inline of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const url of staticImportsOf(inline[1] ?? "")) urls.add(url);
  }
  return [...urls];
}

/** `import "x.js"` and `... from "x.js"`, not `import("x.js")`. */
function staticImportsOf(code: string): string[] {
  return [...code.matchAll(/(?:\bimport|\bfrom)\s*["']([^"']+\.js)["']/g)].flatMap((m) =>
    m[1] ? [m[1]] : [],
  );
}

/** Fetches every script the page loads at once, following static imports (at most 200 files). */
export async function scriptWeight(origin: string, html: string): Promise<ScriptWeight> {
  const pending = scriptUrlsOf(html).map((u) => new URL(u, `${origin}/`).href);
  const seen = new Set<string>();
  let gzipBytes = 0;
  while (pending.length > 0 && seen.size < 200) {
    const url = pending.shift() ?? "";
    if (seen.has(url) || new URL(url).origin !== origin) continue;
    seen.add(url);
    const answer = await get(url);
    if (answer.status !== 200) throw new Error(`[bench] ${url} answered ${answer.status}`);
    gzipBytes += answer.wireBytes;
    for (const imported of staticImportsOf(answer.body)) pending.push(new URL(imported, url).href);
  }
  return { files: seen.size, gzipBytes };
}
