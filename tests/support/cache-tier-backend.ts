/**
 * A stand-in for one Newsdesk instance behind the shared cache (deploy/varnish.vcl): it answers as the
 * app's reader pages do, in the headers the cache reads (Cache-Control with s-maxage, stale-while-
 * revalidate and stale-if-error; `xkey` tags; `Vary: Save-Data, Cookie, Accept-Encoding`; a body in the
 * encoding asked for) and decides lite pages with the app's own rule (app/lib/lite-mode.ts). Each body
 * names the instance, the variant and how many times that path was rendered, so a test sees whether an
 * answer came from the cache. `/healthz` answers 200, or 503 once the instance is marked down.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { isMobileUserAgent } from "#app/domain/snippets/snippet-rules";
import { liteReason } from "#app/lib/lite-mode";

export interface CacheTierBackend {
  name: string;
  port: number;
  /** Renders per path (the query left out). */
  renders: Map<string, number>;
  /** Marked down: /healthz answers 503 and every page 500. */
  setDown: (down: boolean) => void;
  close: () => Promise<void>;
}

/** The tags a path carries: every page `nd`, a story its own, and /story/x-in-y the tag y too. */
export function tagsOf(pathname: string): string {
  const tags = ["nd"];
  const story = /^\/story\/([a-z0-9-]+?)(?:-in-([a-z0-9]+))?$/.exec(pathname);
  if (story) tags.push(`nd-a-${story[1]}`);
  if (story?.[2]) tags.push(`nd-t-${story[2]}`);
  return tags.join(" ");
}

/** The encoding the app would answer in: brotli first, then gzip, else none. */
function encodingFor(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const accepted = (acceptEncoding ?? "").split(",").map((part) => part.trim().split(";")[0]);
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return "identity";
}

function encode(body: string, encoding: "br" | "gzip" | "identity"): Buffer {
  if (encoding === "br") return brotliCompressSync(body);
  if (encoding === "gzip") return gzipSync(body);
  return Buffer.from(body);
}

function answer(name: string, renders: Map<string, number>, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://stand-in");
  const count = (renders.get(url.pathname) ?? 0) + 1;
  renders.set(url.pathname, count);
  const cookie = req.headers.cookie;
  const who =
    /nd_session|nd_member/.test(cookie ?? "") || url.pathname.startsWith("/admin") ? "staff" : "reader";
  const lite = liteReason(String(req.headers["save-data"] ?? ""), cookie) ? "lite" : "full";
  const encoding = encodingFor(req.headers["accept-encoding"]);
  const ttl = url.searchParams.get("ttl") ?? "60";
  const headers: Record<string, string> = {
    // As the app's public pages: the cache keeps them, browsers revalidate.
    "Cache-Control": `public, max-age=0, s-maxage=${ttl}, stale-while-revalidate=60, stale-if-error=86400`,
    xkey: tagsOf(url.pathname),
    Vary: "Save-Data, Cookie, Accept-Encoding",
    "Content-Type": "text/plain; charset=utf-8",
    "X-Cache": "MISS",
  };
  if (encoding !== "identity") headers["Content-Encoding"] = encoding;
  // As a page with a snippet for one kind of device (app/domain/snippets/public-page-code.server.ts).
  if (url.pathname.startsWith("/device/")) headers.Vary += ", User-Agent";
  if (url.pathname === "/set-cookie") headers["Set-Cookie"] = "nd_lite=on; Path=/";
  if (url.pathname === "/private") headers["Cache-Control"] = "private, no-cache";
  // As a moved story's redirect: no Cache-Control, no tags (a purge could never reach it).
  if (url.pathname === "/moved") {
    delete headers["Cache-Control"];
    delete headers.xkey;
  }
  res.writeHead(200, headers);
  const device = isMobileUserAgent(req.headers["user-agent"]) ? "mobile" : "desktop";
  res.end(encode(`${name} ${who} ${lite} ${device} ${url.pathname} #${count}`, encoding));
}

export async function startCacheTierBackend(name: string): Promise<CacheTierBackend> {
  const renders = new Map<string, number>();
  let down = false;
  const server = createServer((req, res) => {
    if (req.url === "/healthz") {
      res.writeHead(down ? 503 : 200, { "Cache-Control": "no-store" });
      res.end(down ? "down" : "ok");
    } else if (down) {
      res.writeHead(500, { "Cache-Control": "no-store" });
      res.end("down");
    } else answer(name, renders, req, res);
  });
  // Varnish holds its backend connections open: close them too, or close() waits for their timeout.
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    name,
    port: (server.address() as AddressInfo).port,
    renders,
    setDown: (value) => (down = value),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
