/**
 * The purge queue against tiers written here: what a tier receives and when, with refusals provoked at
 * will (the real senders and the providers' stand-ins are tested beside each sender).
 */
import { afterEach, describe, expect, test } from "vitest";
import { captureLogEvents } from "#test-support/logs";
import { ANY_STORY_TAG, mediaTag, SITE_TAG, storyTag } from "./cache-tags.server";
import { startTierPurges, type TierPurges } from "./tier-purges.server";
import { TierRefusal, type CacheTier } from "./tier.server";

interface RecordingTier extends CacheTier {
  purges: Array<{ keys: string[]; soft: boolean }>;
  /** Refusals still to give, before the tier takes purges again. */
  refusals: number;
}

function recordingTier(name = "Varnish http://127.0.0.1:6081"): RecordingTier {
  const tier: RecordingTier = {
    name,
    purges: [],
    refusals: 0,
    async purge(keys, { soft }) {
      if (tier.refusals > 0) {
        tier.refusals--;
        throw new TierRefusal("503 Service Unavailable", { status: 503 });
      }
      tier.purges.push({ keys: [...keys], soft });
    },
  };
  return tier;
}

const story = (n: number) => ({
  scope: "article" as const,
  articleId: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  reason: "edited",
});

let running: TierPurges | undefined;
let logs: ReturnType<typeof captureLogEvents> | undefined;
afterEach(() => {
  running?.stop();
  logs?.stop();
});

describe("purges of the caches in front", () => {
  test("every tier gets a change's keys once, pages softly and deleted files at once", async () => {
    const varnish = recordingTier();
    const cloudflare = recordingTier("Cloudflare zone 0123");
    running = startTierPurges([varnish, cloudflare]);
    running.purge({ scope: "article", articleId: story(1).articleId, articleSlug: "cocoa", reason: "edited" });
    running.purge({ scope: "everything", reason: "media deleted", mediaKeys: ["0123456789abcdef01234567.jpg"] });
    await running.settled();
    for (const tier of [varnish, cloudflare]) {
      const sent = tier.purges.flatMap(({ keys, soft }) => keys.map((key) => `${key}${soft ? " (soft)" : ""}`));
      expect(sent.sort()).toEqual(
        [
          `${ANY_STORY_TAG} (soft)`,
          `${storyTag(story(1).articleId)} (soft)`,
          `${storyTag("cocoa")} (soft)`,
          `${SITE_TAG} (soft)`,
          mediaTag("0123456789abcdef01234567.jpg"),
        ].sort(),
      );
    }
  });

  test("a tier that refuses is tried again until it takes the purge, with a log line each time and one when it is back", async () => {
    logs = captureLogEvents();
    const varnish = recordingTier();
    varnish.refusals = 2;
    running = startTierPurges([varnish], { firstDelayMs: 20, maxDelayMs: 40 });
    running.purge(story(1));
    await running.settled();
    expect(varnish.purges.map((p) => p.keys)).toEqual([[ANY_STORY_TAG, storyTag(story(1).articleId)]]);
    const said = logs.events.map((event) => event.msg);
    expect(said.filter((msg) => /refused a purge \(503 Service Unavailable\)/.test(msg))).toHaveLength(2);
    expect(said).toContain("Varnish http://127.0.0.1:6081 took the purges it had missed");
  });

  test("changes made while a tier is down reach it together when it comes back", async () => {
    const varnish = recordingTier();
    varnish.refusals = 1;
    running = startTierPurges([varnish], { firstDelayMs: 30 });
    running.purge(story(1));
    running.purge(story(2));
    running.purge(story(3));
    await running.settled();
    const keys = varnish.purges.flatMap((p) => p.keys);
    for (const n of [1, 2, 3]) expect(keys).toContain(storyTag(story(n).articleId));
    expect(varnish.purges.length).toBeLessThanOrEqual(2);
  });

  test("too many stories waiting for a tier that is down give way to the broader key: more purged, nothing stale", async () => {
    logs = captureLogEvents();
    const varnish = recordingTier();
    varnish.refusals = 1;
    running = startTierPurges([varnish], { firstDelayMs: 30, maxPendingKeys: 10 });
    running.purge({ scope: "everything", reason: "settings" });
    for (let n = 1; n <= 20; n++) running.purge(story(n));
    await running.settled();
    expect(varnish.purges.flatMap((p) => p.keys).sort()).toEqual([ANY_STORY_TAG, SITE_TAG].sort());
    expect(logs.events.some((event) => /story keys waiting; purging every story's pages instead/.test(event.msg))).toBe(
      true,
    );
  });

  test("another tier's refusals do not hold this one's purges back", async () => {
    const down = recordingTier("Fastly service abc");
    down.refusals = 1_000;
    const up = recordingTier();
    running = startTierPurges([down, up], { firstDelayMs: 50 });
    running.purge(story(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(up.purges).toHaveLength(1);
    expect(down.purges).toHaveLength(0);
  });
});
