/**
 * A server that answers Fastly's "Purge multiple surrogate key tags" API, `POST /service/{service}/purge`
 * (fastly.com/documentation/reference/api/purging/), as Fastly documents it (tests never call Fastly):
 * the API token in `Fastly-Key`, the keys space-separated in a `Surrogate-Key` request header (or as
 * `{"surrogate_keys": [...]}` in a JSON body), `Fastly-Soft-Purge: 1` for a soft purge, and an answer that
 * maps each key to a purge id. Errors are Fastly's `{ msg, detail }`.
 *
 * What it checks, and how it refuses:
 * - no or another `Fastly-Key`: 401 "Provided credentials are missing or invalid";
 * - another service: 404 "Record not found";
 * - no keys, more than 256 ("Up to 256 surrogate keys can be purged in one batch request"), or a key over
 *   1 KB (Fastly's "VCL constraints and limitations": "Requests to the purge API that cite longer keys will
 *   fail"): 400 "Bad request";
 * - request headers are read up to Fastly's 69 KB; larger ones get Node's 431.
 * A test makes it refuse the next calls (a 429 with `Retry-After`, a 500) with `refuseNext`.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { buffer } from "node:stream/consumers";
import { listenOnLoopback, stopServer } from "./loopback-server";

export interface FastlyPurgeCall {
  /** The keys as received (every call that reached the service's purge, refused or not). */
  keys: string[];
  /** Whether `Fastly-Soft-Purge` was sent (Fastly reads any value as soft). */
  soft: boolean;
  headers: IncomingHttpHeaders;
  status: number;
}

export interface FastlyStandIn {
  /** The API's base, as `FASTLY_API_URL` is: `http://127.0.0.1:PORT`. */
  url: string;
  serviceId: string;
  apiToken: string;
  calls: FastlyPurgeCall[];
  /** The keys of the purges accepted, in order. */
  purgedKeys(): string[];
  /** The next `times` purges (that pass the token and service checks) answer `status`. */
  refuseNext(times: number, status: number, options?: { retryAfter?: number | string }): void;
  stop(): Promise<void>;
}

export const FASTLY_MAX_KEYS = 256;
export const FASTLY_MAX_KEY_BYTES = 1_024;
/** Fastly's limit for all of a request's headers ("VCL constraints and limitations"). */
const FASTLY_REQUEST_HEADER_BYTES = 69 * 1024;
const PURGE_PATH = /^\/service\/([^/]+)\/purge$/;

export async function startFastlyStandIn(
  options: { serviceId?: string; apiToken?: string } = {},
): Promise<FastlyStandIn> {
  const serviceId = options.serviceId ?? randomBytes(11).toString("base64url");
  const apiToken = options.apiToken ?? randomBytes(24).toString("base64url");
  const calls: FastlyPurgeCall[] = [];
  const refusals: { status: number; retryAfter?: string }[] = [];
  let purges = 0;

  const server = createServer({ maxHeaderSize: FASTLY_REQUEST_HEADER_BYTES }, (req, res) => {
    handle(req, res).catch((error: unknown) =>
      send(res, 500, { msg: "Internal error", detail: String(error) }),
    );
  });
  const origin = await listenOnLoopback(server);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const route = PURGE_PATH.exec(new URL(req.url ?? "/", origin).pathname);
    if (!route || req.method !== "POST") return send(res, 404, { msg: "Record not found" });
    if (req.headers["fastly-key"] !== apiToken)
      return send(res, 401, { msg: "Provided credentials are missing or invalid" });
    const service = decodeURIComponent(route[1] ?? "");
    if (service !== serviceId)
      return send(res, 404, { msg: "Record not found", detail: `Cannot find service '${service}'` });
    const keys = keysOf(req.headers["surrogate-key"], (await buffer(req)).toString("utf8"));
    const call: FastlyPurgeCall = {
      keys,
      soft: req.headers["fastly-soft-purge"] !== undefined,
      headers: req.headers,
      status: 200,
    };
    calls.push(call);
    const refusal = refusals.shift();
    if (refusal) {
      call.status = refusal.status;
      if (refusal.retryAfter) res.setHeader("Retry-After", refusal.retryAfter);
      return send(res, refusal.status, {
        msg: refusal.status === 429 ? "Too many requests" : "Internal error",
      });
    }
    const problem = problemWith(keys);
    if (problem) {
      call.status = 400;
      return send(res, 400, { msg: "Bad request", detail: problem });
    }
    send(res, 200, Object.fromEntries(keys.map((key) => [key, purgeId()])));
  }

  /** Fastly's purge ids look like "108-1391560174-974124". */
  function purgeId() {
    return `${++purges}-${Math.floor(Date.now() / 1000)}-${randomBytes(3).readUIntBE(0, 3)}`;
  }

  return {
    url: origin,
    serviceId,
    apiToken,
    calls,
    purgedKeys: () => calls.filter((call) => call.status === 200).flatMap((call) => call.keys),
    refuseNext(times, status, refusal = {}) {
      const retryAfter = refusal.retryAfter === undefined ? undefined : String(refusal.retryAfter);
      for (let i = 0; i < times; i++) refusals.push({ status, retryAfter });
    },
    stop: () => stopServer(server),
  };
}

function keysOf(header: string | string[] | undefined, body: string): string[] {
  const fromHeader = (Array.isArray(header) ? header.join(" ") : (header ?? "")).split(" ").filter(Boolean);
  if (fromHeader.length > 0 || body === "") return fromHeader;
  try {
    const keys = (JSON.parse(body) as { surrogate_keys?: unknown }).surrogate_keys;
    return Array.isArray(keys) ? keys.map(String) : [];
  } catch {
    return [];
  }
}

function problemWith(keys: string[]): string | undefined {
  if (keys.length === 0) return "No surrogate keys were given";
  if (keys.length > FASTLY_MAX_KEYS)
    return `Too many surrogate keys: ${keys.length}, at most ${FASTLY_MAX_KEYS}`;
  const tooLong = keys.find((key) => Buffer.byteLength(key) > FASTLY_MAX_KEY_BYTES);
  return tooLong === undefined ? undefined : `Surrogate key longer than 1 KB: ${tooLong.slice(0, 40)}`;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}
