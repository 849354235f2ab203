/**
 * Purges cache-tags in a Cloudflare zone through its API: `POST /zones/{zone}/purge_cache` with
 * `{"tags": [...]}` behind an API token (Cloudflare API, "Purge Cached Content").
 *
 * Limits, from Cloudflare's "Purge cache" page (developers.cloudflare.com/cache/how-to/purge-cache/,
 * "Availability and limits") and "Purge cache by cache-tags" (.../purge-cache/purge-by-tags/):
 * - at most 100 tags per call, on every plan ("Max operations per request": 100);
 * - a tag in a purge call is at most 1,024 characters, printable ASCII, case-insensitive ("Tag1" and "tag1"
 *   are one tag), so tags that differ only in case are sent once;
 * - calls are rate limited per account by a token bucket (Free: 5 per minute, bucket 25; Pro: 5 per second,
 *   bucket 25; Business: 10 per second, bucket 50; Enterprise: 50 per second, bucket 500); over it the API
 *   answers 429. Batches go one after another, and the queue's retry honours `Retry-After`.
 * Cloudflare has no soft purge by tag on most plans, so `soft` is ignored: the tag is evicted.
 *
 * Every answer is the API's envelope `{ success, errors: [{ code, message }], messages, result }`, and a
 * refused purge can come back as 200 with `success: false` (a tag too long: errors 1100 and 1016), so
 * success is read from the envelope, not the status alone.
 */
import { keyBatches } from "./key-batches.server";
import { askTier, type CacheTier, excerpt, isAccepted, refusalOf, TIER_TIMEOUT_MS } from "./tier.server";

export const CLOUDFLARE_API_URL = "https://api.cloudflare.com/client/v4";
export const CLOUDFLARE_TAGS_PER_CALL = 100;
export const CLOUDFLARE_TAG_CHARACTERS = 1_024;

export interface CloudflareTierOptions {
  zoneId: string;
  apiToken: string;
  apiUrl?: string;
  timeoutMs?: number;
}

interface Envelope {
  success?: unknown;
  errors?: { code?: unknown; message?: unknown }[];
}

export function cloudflareTier(options: CloudflareTierOptions): CacheTier {
  const name = `Cloudflare zone ${options.zoneId}`;
  const endpoint = `${(options.apiUrl ?? CLOUDFLARE_API_URL).replace(/\/+$/, "")}/zones/${encodeURIComponent(options.zoneId)}/purge_cache`;
  const timeoutMs = options.timeoutMs ?? TIER_TIMEOUT_MS;
  return {
    name,
    async purge(keys) {
      const batches = keyBatches(name, withoutCaseTwins(keys), {
        maxKeys: CLOUDFLARE_TAGS_PER_CALL,
        maxBytes: Number.POSITIVE_INFINITY,
        maxKeyBytes: CLOUDFLARE_TAG_CHARACTERS,
        separator: "",
      });
      for (const tags of batches) {
        const answer = await askTier(
          name,
          endpoint,
          {
            method: "POST",
            headers: { Authorization: `Bearer ${options.apiToken}`, "Content-Type": "application/json" },
            body: JSON.stringify({ tags }),
          },
          timeoutMs,
        );
        const envelope = parseEnvelope(answer.body);
        if (!isAccepted(answer.status) || envelope?.success !== true)
          throw refusalOf(name, answer, envelope ? errorsOf(envelope) : excerpt(answer.body));
      }
    },
  };
}

/** Cloudflare compares tags without case: the first spelling of each is kept. */
function withoutCaseTwins(keys: readonly string[]): string[] {
  const seen = new Set<string>();
  return keys.filter((key) => {
    const folded = key.toLowerCase();
    if (seen.has(folded)) return false;
    seen.add(folded);
    return true;
  });
}

function parseEnvelope(body: string): Envelope | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === "object" && parsed !== null ? (parsed as Envelope) : undefined;
  } catch {
    return undefined;
  }
}

/** "1100 Tag exceeds maximum length…; 1016 One or more cache purge errors", shortened for a log line. */
function errorsOf(envelope: Envelope): string {
  const errors = Array.isArray(envelope.errors) ? envelope.errors : [];
  const said = errors.map((e) => `${String(e.code ?? "")} ${String(e.message ?? "")}`.trim()).join("; ");
  return excerpt(said || "success: false");
}
