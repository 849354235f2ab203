/**
 * Scheduled publishing (decision record 007): a story an editor scheduled goes live on its own at its
 * minute, with no reader request needed. Every app instance runs the same loop; each due story is locked
 * and checked again before it is published, so with several instances on one PostgreSQL database each
 * story is published by exactly one of them (the others' SELECT … FOR UPDATE no longer matches the row:
 * PostgreSQL re-checks the WHERE after the winner's commit), and only that one logs it, notifies the
 * author and purges the pages.
 */
import { and, asc, eq, lte, min, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import type { Services } from "#app/services.server";
import { articles } from "#app/db/schema";
import { logActivity } from "#app/domain/activity/activity.server";
import { takeFlagsOnPublish } from "./flags.server";
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import { breakingNewsMayHaveChanged } from "./breaking-news.server";
import { createNotification } from "#app/domain/notifications/notifications.server";
import { logFailure } from "#app/lib/log.server";

/** How often the loop looks again at most: other instances' schedules are seen within this time. */
export const DEFAULT_SCHEDULER_INTERVAL_MS = 15_000;

export interface PublishedBySchedule {
  id: string;
  title: string;
}

/**
 * Publishes every scheduled story whose time has come (at `now`), each at the minute it was scheduled
 * for, and answers the ones THIS call published. The log entries and notifications are written in the
 * same transaction as the UPDATE, so a story is never published without them nor logged twice.
 */
export async function publishDueArticles(
  services: Services,
  now: Date = services.clock.now(),
): Promise<PublishedBySchedule[]> {
  const { db } = services;
  const published = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.status, "scheduled"), lte(articles.scheduledAt, now)))
      .orderBy(asc(articles.scheduledAt), asc(articles.id));
    const rows: Array<{ id: string; title: string; authorId: string | null }> = [];
    // One by one, in the order they were due: a story holding Featured or Breaking News takes it from
    // the live one as it goes live (the later of two flagged at the same minute keeps it).
    for (const { id } of due) {
      // Locked and checked again: another instance that published it first committed before this
      // lock was granted, and the story no longer matches.
      const [story] = await tx
        .select({ id: articles.id, featured: articles.featured, isTopStory: articles.isTopStory })
        .from(articles)
        .where(and(eq(articles.id, id), eq(articles.status, "scheduled"), lte(articles.scheduledAt, now)))
        .for("update");
      if (!story) continue;
      await takeFlagsOnPublish(tx, story);
      const [row] = await tx
        .update(articles)
        .set({
          status: "published",
          // Never later than the database's own clock: readers' lists show nothing dated in the future.
          publishedAt: sql`least(${articles.scheduledAt}, now())`,
          scheduledAt: null,
          updatedAt: now,
        })
        .where(eq(articles.id, id))
        .returning({ id: articles.id, title: articles.title, authorId: articles.authorId });
      if (row) rows.push(row);
    }
    for (const row of rows) {
      await logActivity(tx, {
        type: "article",
        actor: null,
        action: "published scheduled article",
        title: row.title,
      });
      if (row.authorId) {
        await createNotification(tx, {
          type: "article",
          message: `"${row.title}" was published as scheduled.`,
          link: `/admin/articles/edit/${row.id}`,
          recipientId: row.authorId,
        });
      }
    }
    return rows.map(({ id, title }) => ({ id, title }));
  });
  // Listings, home, feeds and sitemaps all change: every page (and every instance) drops what it kept.
  if (published.length > 0)
    siteChanged(db, { scope: "everything", reason: `${published.length} scheduled article(s) published` });
  // A story scheduled as Breaking News alerts when it goes out, not when it was scheduled.
  for (const story of published) breakingNewsMayHaveChanged(services, story.id);
  return published;
}

/** The earliest time a story waits for, or null when none is scheduled. */
export async function nextScheduledTime(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ next: min(articles.scheduledAt) })
    .from(articles)
    .where(eq(articles.status, "scheduled"));
  return row?.next ? new Date(row.next) : null;
}

export interface Scheduler {
  /** Looks again now (a schedule was set or changed here) and sets the next wake-up from it. */
  wake(): void;
  /** Stops the loop and waits for a run under way: no timer is left behind. */
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  /** The longest sleep between two looks (schedules set on other instances are seen within it). */
  intervalMs?: number;
  onPublished?: (published: PublishedBySchedule[]) => void;
}

const schedulersByDb = new WeakMap<Db, Scheduler>();

/** A save on this instance scheduled, rescheduled or unscheduled a story: the loop re-arms its timer. */
export function scheduleChanged(db: Db): void {
  schedulersByDb.get(db)?.wake();
}

/**
 * Starts the loop: it runs at once (stories that fell due while no instance ran go live at start), then
 * sleeps until the next scheduled time or `intervalMs`, whichever is sooner. A failed run is logged and
 * tried again after the interval; the loop never takes the process down. The time is the services' clock.
 */
export function startScheduler(services: Services, options: SchedulerOptions = {}): Scheduler {
  const { db } = services;
  const intervalMs = Math.max(50, options.intervalMs ?? DEFAULT_SCHEDULER_INTERVAL_MS);
  const now = () => services.clock.now();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const arm = (delayMs: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, Math.max(0, Math.min(delayMs, intervalMs)));
    // The loop alone never keeps a process alive (tests, a server that is closing).
    timer.unref?.();
  };

  async function runOnce() {
    let delay = intervalMs;
    try {
      const published = await publishDueArticles(services, now());
      if (published.length > 0) options.onPublished?.(published);
      const next = await nextScheduledTime(db);
      // A second past the minute, so the UPDATE's `<= now` surely matches when the timer fires.
      if (next) delay = next.getTime() - now().getTime() + 1_000;
    } catch (error) {
      if (!stopped) logFailure("[scheduler] publishing scheduled articles failed", error);
    }
    arm(delay);
  }

  function run() {
    timer = null;
    if (stopped) return;
    if (running) {
      again = true; // a wake during a run: look once more right after it
      return;
    }
    running = runOnce().finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        run();
      }
    });
  }

  const scheduler: Scheduler = {
    wake: () => arm(0),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (schedulersByDb.get(db) === scheduler) schedulersByDb.delete(db);
      await running;
    },
  };
  schedulersByDb.set(db, scheduler);
  run();
  return scheduler;
}
