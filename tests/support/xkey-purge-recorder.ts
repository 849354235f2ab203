/**
 * A server that takes `PURGE` requests the way deploy/varnish.vcl does with the xkey vmod, and records
 * them: the keys of `xkey-purge` (evict) or `xkey-softpurge` (mark stale), 200 when accepted. Like varnishd
 * with its default `http_req_hdr_len` (8 KB), it answers 400 to a request with a longer header line, so a
 * sender that does not batch fails here as it would there. The real varnishd is tested elsewhere.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import { listenOnLoopback, stopServer } from "./loopback-server";

export interface XkeyPurge {
  method: string;
  path: string;
  keys: string[];
  soft: boolean;
  headers: IncomingHttpHeaders;
  status: number;
}

export interface XkeyPurgeRecorder {
  url: string;
  purges: XkeyPurge[];
  /** The keys of the purges accepted, in order. */
  purgedKeys(): string[];
  /** The next `times` purges answer `status` (503 when Varnish's backend-less purge fails, for example). */
  refuseNext(times: number, status: number, options?: { retryAfter?: number | string }): void;
  stop(): Promise<void>;
}

/** varnishd's default `http_req_hdr_len`. */
export const VARNISH_HEADER_LINE_BYTES = 8 * 1024;

export async function startXkeyPurgeRecorder(): Promise<XkeyPurgeRecorder> {
  const purges: XkeyPurge[] = [];
  const refusals: { status: number; retryAfter?: string }[] = [];
  const server = createServer((req, res) => {
    const lines = req.rawHeaders.flatMap((value, i) =>
      i % 2 === 1 ? [`${req.rawHeaders[i - 1] ?? ""}: ${value}`] : [],
    );
    if (lines.some((line) => Buffer.byteLength(line) > VARNISH_HEADER_LINE_BYTES)) {
      res.writeHead(400).end("Bad Request");
      return;
    }
    const soft = req.headers["xkey-softpurge"] !== undefined;
    const value = req.headers[soft ? "xkey-softpurge" : "xkey-purge"];
    const keys = (Array.isArray(value) ? value.join(" ") : (value ?? "")).split(" ").filter(Boolean);
    const refusal = req.method === "PURGE" ? refusals.shift() : { status: 405 };
    const status = refusal?.status ?? 200;
    purges.push({ method: req.method ?? "", path: req.url ?? "", keys, soft, headers: req.headers, status });
    if (refusal && "retryAfter" in refusal && refusal.retryAfter)
      res.setHeader("Retry-After", refusal.retryAfter);
    res
      .writeHead(status, { "Content-Type": "text/plain" })
      .end(status === 200 ? `Invalidated ${keys.length}` : "Refused");
  });
  const url = await listenOnLoopback(server);
  return {
    url,
    purges,
    purgedKeys: () => purges.filter((purge) => purge.status === 200).flatMap((purge) => purge.keys),
    refuseNext(times, status, options = {}) {
      const retryAfter = options.retryAfter === undefined ? undefined : String(options.retryAfter);
      for (let i = 0; i < times; i++) refusals.push({ status, retryAfter });
    },
    stop: () => stopServer(server),
  };
}
