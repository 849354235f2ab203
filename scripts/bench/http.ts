/**
 * The bench's own HTTP client: one GET at a time over keep-alive, gzip accepted, the wire size and the
 * decoded body kept. Only 127.0.0.1 is ever asked (`get` refuses any other host).
 */
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { gunzipSync } from "node:zlib";

export interface Answer {
  status: number;
  ms: number;
  /** Bytes of the body as they travelled (compressed when the server compressed). */
  wireBytes: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** A request that hangs would stop the bench: each one is given this long unless told otherwise. */
const REQUEST_TIMEOUT_MS = 60_000;

interface GetOptions {
  acceptEncoding?: string;
  timeoutMs?: number;
  /** More request headers (`If-None-Match`, `Cookie`); Accept-Encoding comes from `acceptEncoding`. */
  headers?: Record<string, string>;
}

function getOnce(
  target: URL,
  { acceptEncoding = "gzip", timeoutMs = REQUEST_TIMEOUT_MS, headers = {} }: GetOptions,
) {
  return new Promise<Answer & { isReusedSocket: boolean }>((resolve, reject) => {
    const started = process.hrtime.bigint();
    const sent = { ...headers, "Accept-Encoding": acceptEncoding };
    const req = http.get(target, { agent, headers: sent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const body =
          res.headers["content-encoding"] === "gzip"
            ? gunzipSync(raw).toString("utf8")
            : raw.toString("utf8");
        resolve({
          status: res.statusCode ?? 0,
          ms,
          wireBytes: raw.length,
          body,
          headers: res.headers,
          isReusedSocket: req.reusedSocket,
        });
      });
      res.on("error", reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${target.href} timed out after ${timeoutMs} ms`)));
    req.on("error", (error: NodeJS.ErrnoException) =>
      reject(Object.assign(error, { isReusedSocket: req.reusedSocket })),
    );
  });
}

export async function get(url: string, options: GetOptions = {}): Promise<Answer> {
  const target = new URL(url);
  if (target.hostname !== "127.0.0.1") throw new Error(`[bench] refusing to contact ${target.host}`);
  try {
    return await getOnce(target, options);
  } catch (error) {
    // A kept-alive socket the server closed as we sent on it (after a long load it had sat idle): a GET
    // can be sent again, once, on a new socket, as Node's documentation advises.
    const e = error as NodeJS.ErrnoException & { isReusedSocket?: boolean };
    if (e.code === "ECONNRESET" && e.isReusedSocket) return getOnce(target, options);
    throw error;
  }
}

/**
 * A form post (application/x-www-form-urlencoded), as a browser without JavaScript sends it; the answer
 * is not followed (a redirect comes back as it is). Each on a connection of its own: a kept-alive
 * socket the server had closed would fail it, and a post is not safe to send twice.
 */
export function postForm(
  url: string,
  fields: Record<string, string>,
  {
    headers = {},
    timeoutMs = REQUEST_TIMEOUT_MS,
  }: { headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  const target = new URL(url);
  if (target.hostname !== "127.0.0.1") throw new Error(`[bench] refusing to contact ${target.host}`);
  const body = Buffer.from(new URLSearchParams(fields).toString());
  return new Promise<Answer>((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      target,
      {
        method: "POST",
        agent: false,
        headers: {
          ...headers,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(body.length),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            wireBytes: raw.length,
            body: raw.toString("utf8"),
            headers: res.headers,
          });
        });
        res.on("error", reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${target.href} timed out after ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** Waits (at most `seconds`) for `url` to answer 200; `hasGivenUp` ends the wait early (a process died). */
export async function waitFor200(url: string, seconds: number, hasGivenUp: () => boolean = () => false) {
  for (let i = 0; i < seconds * 4; i++) {
    if (hasGivenUp()) throw new Error(`[bench] ${url}: the process exited before answering`);
    try {
      if ((await get(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`[bench] ${url} did not answer 200 within ${seconds} s`);
}

export function closeClient() {
  agent.destroy();
}

export function percentile(sorted: number[], p: number) {
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  if (value === undefined) throw new Error("[bench] a percentile of no timings");
  return value;
}
