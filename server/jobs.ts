/**
 * The server's background jobs, started and stopped in one way: each is declared once
 * (server/site-jobs.ts) with its `start`, which answers how to stop it; `serve()` starts them all after
 * the database is ready, says one line for each in the start-up log, and stops them in the reverse order
 * before the database closes. A job that several instances must not both run says which lease keeps
 * them apart (`leasedRuns` below, or a lease of its own, such as a newsletter send's per issue).
 */
import crypto from "node:crypto";
import type { Db } from "#app/db/client.server";
import { releaseJobLease, takeJobLease } from "#app/db/job-leases.server";
import { logFailure, logFor } from "#app/lib/log.server";

/** Stops a job and resolves once nothing of it runs: no timer, no query, no connection left. */
export type StopJob = () => Promise<void> | void;

export interface Job {
  name: string;
  /** When it runs, as the start-up line says it: "every 15 s", "once at start". */
  when: string;
  /** Where several instances must not both run it: the lease that keeps them apart ("leased"). */
  lease?: string;
  start: () => Promise<StopJob | void> | StopJob | void;
}

export interface RunningJobs {
  /** Every job stopped, the last started first; a failure to stop one is logged and the rest still stop. */
  stop: () => Promise<void>;
}

/** The start-up line of a job: "scheduler every 15 s at most (each instance)". */
export const describeJob = (job: Job) => `${job.name} ${job.when}${job.lease ? ` (${job.lease})` : ""}`;

const log = logFor("jobs");

/** Starts `jobs` in their order, saying one line (one log event, component "jobs") for each. */
export async function startJobs(jobs: Job[]): Promise<RunningJobs> {
  const running: { job: Job; stop: StopJob }[] = [];
  const stopAll = async () => {
    for (const { job, stop } of running.reverse()) {
      await Promise.resolve()
        .then(stop)
        .catch((error: unknown) =>
          log.error({ job: job.name, err: error }, `Stopping the job "${job.name}" failed`),
        );
    }
    running.length = 0;
  };
  for (const job of jobs) {
    try {
      const stop = await job.start();
      running.push({ job, stop: stop ?? (() => {}) });
    } catch (error) {
      // What started already must not be left running behind a start that fails.
      await stopAll();
      throw error;
    }
    log.info({ job: job.name, when: job.when, lease: job.lease }, describeJob(job));
  }
  return { stop: stopAll };
}

/** `ms` as the start-up line says it: "15 s", "1 min", "1 h". */
export function spokenInterval(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${Math.round(ms / 100) / 10} s`;
}

/**
 * Runs `run` after `firstAfterMs`, then `everyMs` after each run ends (never two at once). A failed run is
 * logged with `failureLog` and the next comes as usual. Its timers never keep a process alive; the stop
 * clears them and waits for a run under way.
 */
export function repeating(
  run: () => Promise<unknown>,
  { everyMs, firstAfterMs = 0, failureLog }: { everyMs: number; firstAfterMs?: number; failureLog: string },
): StopJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let isStopped = false;
  const arm = (delayMs: number) => {
    timer = setTimeout(() => {
      timer = null;
      running = run()
        .then(
          () => {},
          (error: unknown) => logFailure(failureLog, error),
        )
        .finally(() => {
          running = null;
          if (!isStopped) arm(everyMs);
        });
    }, delayMs);
    timer.unref();
  };
  arm(firstAfterMs);
  return async () => {
    isStopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
    await running;
  };
}

/**
 * Runs of job `name` that one instance at a time makes, on a database several instances share: a run
 * happens only while this instance holds the job's lease (taken or renewed for `leaseMs` before each
 * run), and `release` gives it up at a stop. Answers whether the run happened.
 */
export function leasedRuns(db: Db, name: string, leaseMs: number) {
  const owner = `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
  let hasHeld = false;
  return {
    owner,
    async run(work: () => Promise<unknown>): Promise<boolean> {
      if (!(await takeJobLease(db, name, owner, leaseMs))) return false;
      hasHeld = true;
      await work();
      return true;
    },
    async release() {
      if (hasHeld) await releaseJobLease(db, name, owner);
    },
  };
}
