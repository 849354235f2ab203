/**
 * Purges sent to the shared caches in front (decision record 023): each change made here, and only here
 * (another instance purges its own changes), becomes its tags (cache-tags.server.ts), queued for every
 * tier. A tier gets the keys that piled up while its last purge was on its way in one purge; a tier that
 * refuses, or cannot be reached, keeps them and is tried again, 0.5 s after, then doubling to 30 s (or as
 * its Retry-After says), for as long as the instance runs: a Varnish that was down gets the purge when it
 * comes back. While it is down, once more stories pile up than one purge should carry, they give way to
 * the broader key every story change purges: more pages purged than needed, never a stale one kept.
 */
import { logFor } from "#app/lib/log.server";
import type { SiteChange } from "../site-changes.server";
import { ANY_STORY_TAG, changeTags, SITE_TAG } from "./cache-tags.server";
import type { CacheTier } from "./tier.server";

export interface TierPurgeOptions {
  /** The first pause after a refusal, doubling to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Story keys kept for a tier that is down before they give way to the broader key. */
  maxPendingKeys?: number;
}

export interface TierPurges {
  /** Queues the change's tags for every tier; sent at once unless a purge to that tier is on its way. */
  purge(change: SiteChange): void;
  /** Resolves once every tier has taken every key queued so far (tests; a stop's last try). */
  settled(): Promise<void>;
  /** Stops retrying; whatever a tier has not taken by then is logged as left. */
  stop(): void;
}

const log = logFor("cache-tiers");

/** Media files are not served stale: a deleted photo is gone at once. Pages are refreshed behind a stale copy. */
const isMediaKey = (key: string) => key.startsWith("nd-m-");

export function startTierPurges(tiers: readonly CacheTier[], options: TierPurgeOptions = {}): TierPurges {
  const queues = tiers.map((tier) => new TierQueue(tier, options));
  return {
    purge(change) {
      const keys = changeTags(change);
      for (const queue of queues) queue.add(keys);
    },
    settled: () => Promise.all(queues.map((queue) => queue.settled())).then(() => {}),
    stop() {
      for (const queue of queues) queue.stop();
    },
  };
}

/** One tier's pending keys and its one purge on the way. */
class TierQueue {
  private readonly pages = new Set<string>();
  private readonly media = new Set<string>();
  private sending: Promise<void> | null = null;
  private retry: NodeJS.Timeout | undefined;
  private delayMs: number;
  private failing = false;
  private stopped = false;
  private readonly firstDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly maxPendingKeys: number;
  private idle: Array<() => void> = [];

  constructor(
    private readonly tier: CacheTier,
    { firstDelayMs = 500, maxDelayMs = 30_000, maxPendingKeys = 2_000 }: TierPurgeOptions,
  ) {
    this.firstDelayMs = this.delayMs = firstDelayMs;
    this.maxDelayMs = maxDelayMs;
    this.maxPendingKeys = maxPendingKeys;
  }

  add(keys: readonly string[]) {
    if (this.stopped) return;
    for (const key of keys) (isMediaKey(key) ? this.media : this.pages).add(key);
    this.broadenIfTooMany();
    if (!this.sending && !this.retry) this.sending = this.send();
  }

  settled(): Promise<void> {
    if (this.pages.size + this.media.size === 0 && !this.sending) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retry);
    this.retry = undefined;
    const left = this.pages.size + this.media.size;
    if (left > 0)
      log.warn({ tier: this.tier.name, keys: left }, `${this.tier.name}: ${left} keys left unpurged at stop`);
    this.settle();
  }

  /** Too many story keys for one purge: the broader key in their place (the site's key stays as it is). */
  private broadenIfTooMany() {
    if (this.pages.size <= this.maxPendingKeys) return;
    const hadSite = this.pages.has(SITE_TAG);
    log.warn(
      { tier: this.tier.name, keys: this.pages.size },
      `${this.tier.name}: ${this.pages.size} story keys waiting; purging every story's pages instead`,
    );
    this.pages.clear();
    this.pages.add(ANY_STORY_TAG);
    if (hadSite) this.pages.add(SITE_TAG);
  }

  private async send(): Promise<void> {
    while (!this.stopped && this.pages.size + this.media.size > 0) {
      const media = [...this.media];
      const pages = [...this.pages];
      this.media.clear();
      this.pages.clear();
      try {
        if (media.length > 0) await this.tier.purge(media, { soft: false });
        if (pages.length > 0) await this.tier.purge(pages, { soft: true });
      } catch (error) {
        this.putBack(media, pages);
        this.scheduleRetry(error);
        this.sending = null;
        return;
      }
      this.recovered();
    }
    this.sending = null;
    this.settle();
  }

  private putBack(media: string[], pages: string[]) {
    for (const key of media) this.media.add(key);
    for (const key of pages) this.pages.add(key);
    this.broadenIfTooMany();
  }

  private scheduleRetry(error: unknown) {
    const reason = error instanceof Error ? error.message : String(error);
    const retryAfterMs = (error as { retryAfterMs?: number }).retryAfterMs;
    const waitMs = Math.min(Math.max(retryAfterMs ?? 0, this.delayMs), this.maxDelayMs * 4);
    log.warn(
      { tier: this.tier.name, reason, keys: this.pages.size + this.media.size, retryInMs: waitMs },
      `${this.tier.name} refused a purge (${reason}); trying again in ${(waitMs / 1000).toFixed(1)} s`,
    );
    this.failing = true;
    this.delayMs = Math.min(this.delayMs * 2, this.maxDelayMs);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (!this.sending) this.sending = this.send();
    }, waitMs);
    this.retry.unref();
  }

  private recovered() {
    this.delayMs = this.firstDelayMs;
    if (!this.failing) return;
    this.failing = false;
    log.info({ tier: this.tier.name }, `${this.tier.name} took the purges it had missed`);
  }

  private settle() {
    const waiting = this.idle;
    this.idle = [];
    for (const resolve of waiting) resolve();
  }
}
