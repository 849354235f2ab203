/**
 * Every background job of a serving process, in the order `serve()` starts them (server/jobs.ts stops
 * them in the reverse order, before the database closes). Work a request starts and does not wait for
 * (web push alerts, confirmation mail) is `inBackground` (app/lib/background.server.ts): the
 * "work after answers" job below waits for it at a stop. What the database keeps running itself (the
 * embedded data folder's lock heartbeat and its 0700 sweep, app/db/) stops when it closes.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Config } from "#app/config.server";
import type { Database } from "#app/db/client.server";
import type { Services } from "#app/services.server";
import { shareSiteChanges, HEARTBEAT } from "#app/domain/delivery/change-broadcast.server";
import { broadcastSiteChanges, siteChanged } from "#app/domain/delivery/site-changes.server";
import { startTierPurges } from "#app/domain/delivery/cache-tiers/tier-purges.server";
import { startScheduler } from "#app/domain/articles/scheduler.server";
import { makeDailyDigest } from "#app/domain/newsletter/automatic-issues.server";
import { startNewsletterSender } from "#app/domain/newsletter/sender.server";
import { releaseAllIssueLeases } from "#app/domain/newsletter/sending.server";
import { ensureImageVariants, ensureVariantSizes } from "#app/domain/media/variants.server";
import { backgroundSettled } from "#app/lib/background.server";
import { startControlChannel } from "./control-channel";
import { leasedRuns, repeating, spokenInterval, type Job } from "./jobs";
import { refreshPlannerStatistics } from "./start";
import { relaySiteChanges } from "./workers-changes";
import { MAKE_IMAGE_COPIES } from "./workers-primary";
import { logFailure, logFor } from "#app/lib/log.server";

/** The first upkeep after a start: once the start's first readers have been answered. */
const UPKEEP_DELAY_MS = 60_000;
const HOUR_MS = 60 * 60 * 1000;
/** How often the digest's hour is looked for: it goes out within a minute of it. */
export const DIGEST_CHECK_EVERY_MS = 60_000;
/** A digest maker that stopped or died is taken over within this. */
const DIGEST_LEASE_MS = 3 * DIGEST_CHECK_EVERY_MS;
/** A backfill of image copies on another instance is not started again here within this. */
const IMAGE_COPIES_LEASE_MS = 15 * 60_000;

export interface SiteJobsContext {
  cfg: Config;
  database: Database;
  /** The process's services (app/services.server.ts): the jobs take what they need from them. */
  services: Services;
  /** One of several workers (server/workers.ts), or the only process. */
  worker?: { id: number };
}

/** The jobs of one serving process: what runs depends on the engine, SMTP and whether it is a worker. */
export function siteJobs({ cfg, database, services, worker }: SiteJobsContext): Job[] {
  const { db } = services;
  const isShared = Boolean(cfg.databaseUrl);
  const jobs: (Job | false)[] = [
    // Before anything is read and remembered: sibling workers' changes come through the primary.
    !!worker && {
      name: "site changes from sibling workers",
      when: "as the primary relays them",
      start: () => relaySiteChanges(db),
    },
    // Other instances on the same PostgreSQL database hear of every change saved here, and this one of theirs.
    !!cfg.databaseUrl && {
      name: "site changes shared with other instances",
      when: `as they are saved, heartbeat every ${spokenInterval(HEARTBEAT.everyMs)}`,
      start: () => shareSiteChanges(db, cfg.databaseUrl!),
    },
    // The caches in front purge what this instance changes, before anything is served (decision record 023).
    services.cacheTiers.length > 0 && cacheTierPurgesJob(services),
    // `npm run backup` asks a running server for the snapshot: it holds the embedded data folder.
    !cfg.databaseUrl && {
      name: "backup control channel",
      when: "when npm run backup asks",
      start: async () => {
        const channel = await startControlChannel(database, services.media, cfg.dataDir);
        return () => channel?.close();
      },
    },
    {
      name: "work after answers (web push alerts, e-mail)",
      when: "after the requests that start it",
      // Confirmation mail sent after its answer still goes out, and alerts finish before the database closes.
      start: () => async () => {
        await services.mailer.settled();
        await backgroundSettled(db);
      },
    },
    schedulerJob(cfg, services),
    digestJob(services, isShared),
    services.mailer.isConfigured() && newsletterSendingJob(cfg, database, services),
    database.engine === "pglite" && upkeepJob(database),
    imageCopiesJob(services, isShared, worker),
  ];
  return jobs.filter((job): job is Job => job !== false);
}

/** How long a stop waits for the caches in front to take the purges still on their way. */
const LAST_PURGES_MS = 5_000;

/**
 * Each change made here purged in every cache in front, once whatever the instances: a change heard from
 * another instance or worker is purged by the one that made it (decision record 023).
 */
export function cacheTierPurgesJob(services: Services): Job {
  return {
    name: "purges of the caches in front",
    when: `as changes are made here (${services.cacheTiers.map((tier) => tier.name).join(", ")})`,
    start: () => {
      const purges = startTierPurges(services.cacheTiers);
      const stopHearing = broadcastSiteChanges(services.db, (change) => purges.purge(change));
      return async () => {
        stopHearing();
        await Promise.race([purges.settled(), sleep(LAST_PURGES_MS)]);
        purges.stop();
      };
    },
  };
}

/** Scheduled stories go live on their own at their minute (each instance runs it; one publishes each). */
function schedulerJob(cfg: Config, services: Services): Job {
  return {
    name: "scheduled publishing",
    when: `every ${spokenInterval(cfg.schedulerIntervalMs)} at most, and at each story's minute`,
    lease: "each instance; a story is locked as it is published",
    start: () => {
      const scheduler = startScheduler(services, {
        intervalMs: cfg.schedulerIntervalMs,
        onPublished: (published) =>
          logFor("scheduler").info(
            { count: published.length },
            `Published ${published.length} scheduled article(s).`,
          ),
      });
      return () => scheduler.stop();
    },
  };
}

/**
 * Today's digest, made at its hour whether or not e-mail is set up (decision record 018): making it is
 * this job, sending it the newsletter sending job's, which needs SMTP_URL. One instance at a time makes
 * it; the digest's day is unique besides, so it is made once whatever happens.
 */
function digestJob(services: Services, isShared: boolean): Job {
  const lease = isShared ? leasedRuns(services.db, "newsletter-digest", DIGEST_LEASE_MS) : null;
  const make = () => makeDailyDigest(services);
  return {
    name: "daily digest",
    when: `made at its hour, looked for every ${spokenInterval(DIGEST_CHECK_EVERY_MS)}`,
    lease: isShared ? "leased" : undefined,
    start: () => {
      const stop = repeating(() => (lease ? lease.run(make) : make()), {
        everyMs: DIGEST_CHECK_EVERY_MS,
        failureLog: "[newsletter] making the daily digest failed; trying again shortly",
      });
      return async () => {
        await stop();
        await lease?.release();
      };
    },
  };
}

/** The newsletter goes out from whichever instance holds a send's lease (decision record 018). */
function newsletterSendingJob(cfg: Config, database: Database, services: Services): Job {
  return {
    name: "newsletter sending",
    when: "every 15 s, and when an issue is queued",
    lease: "leased per issue",
    start: async () => {
      // An embedded data folder has one process (decision record 012): a lease found in it at start was a
      // dead process's, free at once.
      if (database.engine === "pglite") await releaseAllIssueLeases(database.db);
      // Its own SMTP sessions (smtp-session.server.ts), with the mailer's settings.
      const { smtpUrl, smtpFrom, dkim } = services.mailer.settings;
      const sender = startNewsletterSender(database.db, {
        smtpUrl: smtpUrl!,
        smtpFrom,
        dkim,
        ratePerMinute: cfg.newsletterSendRate,
      });
      // The message in hand is finished and the send's lease given up, for another instance to go on.
      return () => sender.stop();
    },
  };
}

/**
 * The embedded database's upkeep (refreshPlannerStatistics) a minute after the start, then every hour:
 * its statistics are kept in the data folder, and a restart after a crash answers within seconds instead
 * of holding its first requests (/healthz too) behind a VACUUM of every table.
 */
function upkeepJob(database: Database): Job {
  return {
    name: "planner statistics",
    when: `${spokenInterval(UPKEEP_DELAY_MS)} after the start, then every ${spokenInterval(HOUR_MS)}`,
    start: () =>
      repeating(() => refreshPlannerStatistics(database), {
        firstAfterMs: UPKEEP_DELAY_MS,
        everyMs: HOUR_MS,
        failureLog: "[db] Refreshing planner statistics failed",
      }),
  };
}

/**
 * Older uploads get their missing copies (the share image), then their copies' sizes in bytes, in the
 * background: pages show the plain image meanwhile, and a large library does not hold up the start. Of
 * several workers, the one the primary asks: the first to serve after a start or a reload (a new build may
 * make new copies). Instances sharing a PostgreSQL database take turns.
 */
function imageCopiesJob(services: Services, isShared: boolean, worker: SiteJobsContext["worker"]): Job {
  const lease = isShared ? leasedRuns(services.db, "image-copies", IMAGE_COPIES_LEASE_MS) : null;
  const make = () => {
    void (lease ? lease.run(() => makeMissingImageCopies(services)) : makeMissingImageCopies(services)).catch(
      (error: unknown) => logFailure("[media] Making image copies failed", error),
    );
  };
  return {
    name: "image copies of older uploads",
    when: worker ? "when the primary asks, after a start or a reload" : "once at start",
    lease: isShared ? "leased" : undefined,
    start: () => {
      if (!worker) {
        make();
        return;
      }
      const onMessage = (message: unknown) => {
        if ((message as { newsdesk?: unknown } | null)?.newsdesk === MAKE_IMAGE_COPIES.newsdesk) make();
      };
      process.on("message", onMessage);
      return () => {
        process.off("message", onMessage);
      };
    },
  };
}

function makeMissingImageCopies({ db, media }: Services): Promise<void> {
  return (
    ensureImageVariants(db, media)
      .then(({ updated, skipped }) => {
        if (updated + skipped > 0)
          logFor("media").info(
            { updated, skipped },
            `Image copies made for ${updated} older uploads (${skipped} skipped).`,
          );
        // Pages kept before now name no share image for those uploads.
        if (updated > 0) siteChanged(db, { scope: "everything", reason: "image copies made" });
      })
      .catch((error: unknown) => logFailure("[media] Making image copies failed", error))
      // Then the sizes, one background pass at a time: copies just made carry theirs and are not read again.
      .then(() => ensureVariantSizes(db, media))
      .then(({ updated, missing }) => {
        if (updated + missing > 0)
          logFor("media").info(
            { updated, missing },
            `Image sizes recorded for ${updated} older uploads (${missing} copies missing).`,
          );
        // Pages kept before now carry no size for those uploads' images.
        if (updated > 0) siteChanged(db, { scope: "everything", reason: "image sizes recorded" });
      })
      .catch((error: unknown) => logFailure("[media] Recording image sizes failed", error))
  );
}
