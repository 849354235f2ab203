/**
 * Purges keys in a Varnish that runs the xkey vmod (deploy/varnish.vcl): one `PURGE /` per batch, the keys
 * space-separated in `xkey-purge` (evict) or `xkey-softpurge` (mark stale, so a reader is served the old
 * page while the new one is fetched). The VCL answers 200 when it accepted the purge.
 */
import { keyBatches } from "./key-batches.server";
import { askTier, type CacheTier, isAccepted, refusalOf, TIER_TIMEOUT_MS } from "./tier.server";

/**
 * Varnish refuses a request whose header line is longer than `http_req_hdr_len`, 8 KB by default
 * (varnishd(1), "http_req_hdr_len"): 7,500 bytes of keys leaves room for the header's name and the line's
 * end, and a key longer than that could never be purged, so it is refused.
 */
export const VARNISH_KEY_HEADER_BYTES = 7_500;

export function varnishTier(url: string, options: { timeoutMs?: number } = {}): CacheTier {
  const base = url.replace(/\/+$/, "");
  const name = `Varnish ${base}`;
  const timeoutMs = options.timeoutMs ?? TIER_TIMEOUT_MS;
  return {
    name,
    async purge(keys, { soft }) {
      const batches = keyBatches(name, keys, {
        maxKeys: Number.POSITIVE_INFINITY,
        maxBytes: VARNISH_KEY_HEADER_BYTES,
        maxKeyBytes: VARNISH_KEY_HEADER_BYTES,
        separator: " ",
      });
      for (const batch of batches) {
        const header = soft ? "xkey-softpurge" : "xkey-purge";
        const answer = await askTier(
          name,
          `${base}/`,
          { method: "PURGE", headers: { [header]: batch.join(" ") } },
          timeoutMs,
        );
        if (!isAccepted(answer.status)) throw refusalOf(name, answer);
      }
    },
  };
}
