/**
 * A server that answers Cloudflare's cache purge API, `POST /client/v4/zones/{zone}/purge_cache`, as
 * Cloudflare documents and answers it (tests never call Cloudflare): the API token as a Bearer, the zone
 * in the path, a JSON body with `tags`, and every answer in the envelope
 * `{ success, errors: [{ code, message }], messages, result }`.
 *
 * What it checks, and how it refuses:
 * - no or malformed `Authorization`: 400, 6003 "Invalid request headers" (6111 in its error_chain);
 *   another token: 403, 10000 "Authentication error";
 * - another zone: 403, 10000 (the token is not for it); a zone id that is not 32 hex digits: 400, 7003
 *   "Could not route to …, perhaps your object identifier is invalid?";
 * - more than 100 tags ("Max operations per request", developers.cloudflare.com/cache/how-to/purge-cache/):
 *   400 (Cloudflare's answer "cannot provide more than 100 items"; its code is not published, 1016 here);
 * - a tag over 1,024 characters or with a character that is not printable ASCII ("Purge cache by
 *   cache-tags"): 200 with `success: false`, errors 1100 or 1315 and 1016, as the API was seen answering.
 * A test makes it refuse the next calls (a 429 with `Retry-After`, a 500) with `refuseNext`; the codes of
 * those envelopes (971 for the rate limit, 1000 otherwise) are the stand-in's, not promised by Cloudflare.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { buffer } from "node:stream/consumers";
import { listenOnLoopback, stopServer } from "./loopback-server";

export interface CloudflarePurgeCall {
  /** The tags as received (every call that reached the zone's purge, refused or not). */
  tags: string[];
  headers: IncomingHttpHeaders;
  /** The status answered, and whether the envelope said success. */
  status: number;
  success: boolean;
}

export interface CloudflareStandIn {
  /** The API's base, as `CLOUDFLARE_API_URL` is: `http://127.0.0.1:PORT/client/v4`. */
  url: string;
  zoneId: string;
  apiToken: string;
  calls: CloudflarePurgeCall[];
  /** The tags of the purges accepted, in order. */
  purgedTags(): string[];
  /** The next `times` purges (that pass the token and zone checks) answer `status` with an error envelope. */
  refuseNext(times: number, status: number, options?: { retryAfter?: number | string }): void;
  stop(): Promise<void>;
}

interface CloudflareError {
  code: number;
  message: string;
  error_chain?: CloudflareError[];
}

export const CLOUDFLARE_MAX_TAGS = 100;
export const CLOUDFLARE_MAX_TAG_CHARACTERS = 1_024;
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
const PURGE_PATH = /^\/client\/v4\/zones\/([^/]+)\/purge_cache$/;

export async function startCloudflareStandIn(
  options: { zoneId?: string; apiToken?: string } = {},
): Promise<CloudflareStandIn> {
  const zoneId = options.zoneId ?? randomBytes(16).toString("hex");
  const apiToken = options.apiToken ?? randomBytes(20).toString("base64url");
  const calls: CloudflarePurgeCall[] = [];
  const refusals: { status: number; retryAfter?: string }[] = [];

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => fail(res, 500, [{ code: 1000, message: String(error) }]));
  });
  const origin = await listenOnLoopback(server);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const route = PURGE_PATH.exec(new URL(req.url ?? "/", origin).pathname);
    if (!route || req.method !== "POST")
      return fail(res, 404, [{ code: 7000, message: "No route for that URI" }]);
    const refused = refusedAccess(
      req.headers.authorization,
      decodeURIComponent(route[1] ?? ""),
      req.url ?? "",
    );
    if (refused) return fail(res, refused.status, [refused.error]);
    const body = parseJson((await buffer(req)).toString("utf8"));
    const tags = (body as { tags?: unknown } | undefined)?.tags;
    if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === "string"))
      return fail(res, 400, [{ code: 1014, message: '"files", "tags", or "hosts" must be an array' }]);
    const call: CloudflarePurgeCall = { tags, headers: req.headers, status: 200, success: false };
    calls.push(call);
    const answer = answerTo(tags);
    call.status = answer.status;
    call.success = answer.errors.length === 0;
    if (answer.retryAfter) res.setHeader("Retry-After", answer.retryAfter);
    if (call.success)
      return send(res, 200, { success: true, errors: [], messages: [], result: { id: zoneId } });
    fail(res, answer.status, answer.errors);
  }

  function refusedAccess(authorization: string | undefined, zone: string, path: string) {
    const bearer = /^Bearer (\S+)$/.exec(authorization ?? "");
    if (!bearer)
      return {
        status: 400,
        error: {
          code: 6003,
          message: "Invalid request headers",
          error_chain: [{ code: 6111, message: "Invalid format for Authorization header" }],
        },
      };
    if (bearer[1] !== apiToken)
      return { status: 403, error: { code: 10000, message: "Authentication error" } };
    if (zone === zoneId) return undefined;
    if (!/^[0-9a-f]{32}$/.test(zone))
      return {
        status: 400,
        error: {
          code: 7003,
          message: `Could not route to ${path.replace(/^\/client\/v4/, "")}, perhaps your object identifier is invalid?`,
        },
      };
    return { status: 403, error: { code: 10000, message: "Authentication error" } };
  }

  function answerTo(tags: string[]): { status: number; errors: CloudflareError[]; retryAfter?: string } {
    const refusal = refusals.shift();
    if (refusal)
      return {
        status: refusal.status,
        retryAfter: refusal.retryAfter,
        errors: [
          refusal.status === 429
            ? { code: 971, message: "Please wait and consider throttling your request speed" }
            : { code: 1000, message: "Internal Server Error" },
        ],
      };
    if (tags.length > CLOUDFLARE_MAX_TAGS)
      return {
        status: 400,
        errors: [{ code: 1016, message: `You cannot provide more than ${CLOUDFLARE_MAX_TAGS} items` }],
      };
    const tooLong = tags.find((tag) => tag.length > CLOUDFLARE_MAX_TAG_CHARACTERS);
    if (tooLong !== undefined)
      return {
        status: 200,
        errors: [
          { code: 1100, message: `Tag exceeds maximum length of 1024 characters: ${tooLong}` },
          PURGE_ERRORS,
        ],
      };
    if (!tags.every((tag) => PRINTABLE_ASCII.test(tag)))
      return {
        status: 200,
        errors: [{ code: 1315, message: "Non-printable characters are forbidden in tags" }, PURGE_ERRORS],
      };
    return { status: 200, errors: [] };
  }

  return {
    url: `${origin}/client/v4`,
    zoneId,
    apiToken,
    calls,
    purgedTags: () => calls.filter((call) => call.success).flatMap((call) => call.tags),
    refuseNext(times, status, refusal = {}) {
      const retryAfter = refusal.retryAfter === undefined ? undefined : String(refusal.retryAfter);
      for (let i = 0; i < times; i++) refusals.push({ status, retryAfter });
    },
    stop: () => stopServer(server),
  };
}

const PURGE_ERRORS: CloudflareError = { code: 1016, message: "One or more cache purge errors" };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function fail(res: ServerResponse, status: number, errors: CloudflareError[]) {
  send(res, status, { success: false, errors, messages: [], result: null });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}
