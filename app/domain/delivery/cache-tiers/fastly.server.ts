/**
 * Purges surrogate keys in a Fastly service through its API, "Purge multiple surrogate key tags"
 * (fastly.com/documentation/reference/api/purging/): `POST /service/{service}/purge` with the keys
 * space-separated in a `Surrogate-Key` request header, the token in `Fastly-Key`, and `Fastly-Soft-Purge: 1`
 * to mark the content stale rather than evict it. The answer maps each key to its purge id.
 *
 * Limits: "Up to 256 surrogate keys can be purged in one batch request" (the same reference), and
 * Fastly's "VCL constraints and limitations" page gives a surrogate key at most 1 KB ("Requests to the
 * purge API that cite longer keys will fail") and a Surrogate-Key header at most 16 KB. A batch's header
 * is kept within 16,000 bytes, well inside Fastly's 69 KB for all of a request's headers.
 */
import { keyBatches } from "./key-batches.server";
import { askTier, type CacheTier, isAccepted, refusalOf, TIER_TIMEOUT_MS } from "./tier.server";

export const FASTLY_API_URL = "https://api.fastly.com";
export const FASTLY_KEYS_PER_CALL = 256;
export const FASTLY_KEY_BYTES = 1_024;
export const FASTLY_KEY_HEADER_BYTES = 16_000;

export interface FastlyTierOptions {
  serviceId: string;
  apiToken: string;
  apiUrl?: string;
  timeoutMs?: number;
}

export function fastlyTier(options: FastlyTierOptions): CacheTier {
  const name = `Fastly service ${options.serviceId}`;
  const endpoint = `${(options.apiUrl ?? FASTLY_API_URL).replace(/\/+$/, "")}/service/${encodeURIComponent(options.serviceId)}/purge`;
  const timeoutMs = options.timeoutMs ?? TIER_TIMEOUT_MS;
  return {
    name,
    async purge(keys, { soft }) {
      const batches = keyBatches(name, keys, {
        maxKeys: FASTLY_KEYS_PER_CALL,
        maxBytes: FASTLY_KEY_HEADER_BYTES,
        maxKeyBytes: FASTLY_KEY_BYTES,
        separator: " ",
      });
      for (const batch of batches) {
        const answer = await askTier(
          name,
          endpoint,
          {
            method: "POST",
            headers: {
              "Fastly-Key": options.apiToken,
              Accept: "application/json",
              "Surrogate-Key": batch.join(" "),
              ...(soft ? { "Fastly-Soft-Purge": "1" } : {}),
            },
          },
          timeoutMs,
        );
        if (!isAccepted(answer.status)) throw refusalOf(name, answer);
        const missing = keysWithoutPurgeId(answer.body, batch);
        if (missing.length > 0)
          throw refusalOf(name, answer, `no purge id for ${missing.slice(0, 5).join(" ")}`);
      }
    },
  };
}

/** A 2xx whose answer does not name every key as purged is not taken as done. */
function keysWithoutPurgeId(body: string, batch: readonly string[]): string[] {
  let ids: unknown;
  try {
    ids = JSON.parse(body);
  } catch {
    return [...batch];
  }
  if (typeof ids !== "object" || ids === null) return [...batch];
  return batch.filter((key) => typeof (ids as Record<string, unknown>)[key] !== "string");
}
