/**
 * A shared cache tier in front of the site (Varnish, Cloudflare, Fastly): what the purge queue asks of each,
 * and the one way a tier says no. Each sender makes one attempt per call; the queue retries, so a refusal
 * carries what a retry needs: the status, and the tier's own `Retry-After` when it gave one.
 */

export interface CacheTier {
  /** For log lines: "Varnish http://127.0.0.1:6081", "Cloudflare zone <id>", "Fastly service <id>". */
  readonly name: string;
  /**
   * Purges these keys (already deduplicated; may be thousands), batched within the tier's documented
   * limits. Resolves when every batch was accepted; rejects with a TierRefusal on the first refused batch
   * (a status not 2xx, an answer saying it failed, a network error or a timeout). `soft`: mark stale rather
   * than evict, where the tier supports it.
   */
  purge(keys: readonly string[], options: { soft: boolean }): Promise<void>;
}

export class TierRefusal extends Error {
  /** The tier's HTTP status; absent when no answer came (network error, timeout, a key no batch can hold). */
  status?: number;
  /** From the tier's `Retry-After` (seconds or an HTTP date), when it gave one. */
  retryAfterMs?: number;

  constructor(message: string, details: { status?: number; retryAfterMs?: number; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "TierRefusal";
    if (details.status !== undefined) this.status = details.status;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
  }
}

/** Long enough for a provider's API on a slow day; short enough that a hung tier does not hold the queue. */
export const TIER_TIMEOUT_MS = 10_000;

/** How much of a refusing answer goes into the refusal's message: enough to recognise it in a log line. */
const EXCERPT_CHARACTERS = 200;

export interface TierAnswer {
  status: number;
  headers: Headers;
  body: string;
}

/** One request to a tier, read to the end. A network error or no answer in time becomes a TierRefusal. */
export async function askTier(
  tierName: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<TierAnswer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, headers: response.headers, body: await response.text() };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    const why = timedOut ? `no answer within ${timeoutMs} ms` : describeNetworkError(error);
    throw new TierRefusal(`${tierName} refused the purge: ${why}`, { cause: error });
  }
}

/** A refusal naming the tier, the status and what the tier said (its words, shortened). */
export function refusalOf(tierName: string, answer: TierAnswer, said = excerpt(answer.body)): TierRefusal {
  const retryAfterMs = retryAfterMsOf(answer.headers.get("retry-after"));
  return new TierRefusal(`${tierName} refused the purge: ${answer.status}${said ? ` ${said}` : ""}`, {
    status: answer.status,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

export function isAccepted(status: number) {
  return status >= 200 && status < 300;
}

export function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > EXCERPT_CHARACTERS ? `${oneLine.slice(0, EXCERPT_CHARACTERS)}…` : oneLine;
}

/** `Retry-After` is delay-seconds or an HTTP date (RFC 9110 10.2.3); anything else is ignored. */
export function retryAfterMsOf(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** undici's "fetch failed" hides the reason (ECONNREFUSED, ENOTFOUND...) in its cause. */
function describeNetworkError(error: unknown): string {
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code) return cause.code;
  if (cause?.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
