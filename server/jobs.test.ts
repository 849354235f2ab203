/**
 * The jobs registry (server/jobs.ts): one line each at start, stopped the last first, a failed stop does
 * not keep the others running; repeated runs leave no timer once stopped; a leased job runs on one
 * instance at a time (both engines).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { describeJob, leasedRuns, repeating, spokenInterval, startJobs, type Job } from "./jobs";
import { captureLogEvents } from "#test-support/logs";

describe("the jobs registry", () => {
  let log: ReturnType<typeof captureLogEvents>;
  beforeEach(() => {
    log = captureLogEvents();
  });
  afterEach(() => log.stop());

  test("starts the jobs in order, one line each, and stops them the last first", async () => {
    const events: string[] = [];
    const job = (name: string, lease?: string): Job => ({
      name,
      when: "every 15 s",
      lease,
      start: () => {
        events.push(`start ${name}`);
        return () => void events.push(`stop ${name}`);
      },
    });
    const running = await startJobs([job("scheduler", "leased"), job("upkeep")]);
    expect(log.events).toMatchObject([
      {
        level: "info",
        component: "jobs",
        job: "scheduler",
        when: "every 15 s",
        lease: "leased",
        msg: "scheduler every 15 s (leased)",
      },
      { level: "info", component: "jobs", job: "upkeep", when: "every 15 s", msg: "upkeep every 15 s" },
    ]);
    await running.stop();
    expect(events).toEqual(["start scheduler", "start upkeep", "stop upkeep", "stop scheduler"]);
  });

  test("a job that fails to stop is logged and the others still stop", async () => {
    const stopped: string[] = [];
    const running = await startJobs([
      { name: "first", when: "once", start: () => () => void stopped.push("first") },
      {
        name: "broken",
        when: "once",
        start: () => () => {
          throw new Error("no");
        },
      },
    ]);
    await running.stop();
    expect(stopped).toEqual(["first"]);
    expect(log.events).toContainEqual(
      expect.objectContaining({
        level: "error",
        component: "jobs",
        job: "broken",
        msg: 'Stopping the job "broken" failed',
        err: expect.objectContaining({ message: "no" }),
      }),
    );
  });

  test("a start that fails stops what had started, and says no line for itself", async () => {
    const stopped: string[] = [];
    const failing = startJobs([
      { name: "first", when: "once", start: () => () => void stopped.push("first") },
      {
        name: "second",
        when: "once",
        start: () => {
          throw new Error("refused");
        },
      },
    ]);
    await expect(failing).rejects.toThrow("refused");
    expect(stopped).toEqual(["first"]);
    expect(log.events.map((event) => event.msg)).toEqual(["first once"]);
  });

  test("intervals are said as a reader says them", () => {
    expect([spokenInterval(15_000), spokenInterval(60_000), spokenInterval(3_600_000)]).toEqual([
      "15 s",
      "1 min",
      "1 h",
    ]);
    expect(describeJob({ name: "digest", when: "at its hour", start: () => {} })).toBe("digest at its hour");
  });

  test("a repeated job runs again after each run and, stopped, waits for its run and leaves no timer", async () => {
    let runs = 0;
    let release = () => {};
    const stop = repeating(
      () => {
        runs++;
        return runs === 2 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
      },
      { everyMs: 10, failureLog: "[test] failed" },
    );
    while (runs < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    let isStopped = false;
    const stopping = Promise.resolve(stop()).then(() => (isStopped = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(isStopped).toBe(false); // the second run is still under way
    release();
    await stopping;
    // Stopped: no timer is left to run it again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(2);
  });
});

describe.each(TEST_ENGINES)("a leased job on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  }, 60_000);
  afterAll(async () => {
    await database?.destroy();
  });

  test("runs on one instance at a time; the holder keeps it, and once released another takes it", async () => {
    const first = leasedRuns(database.db, "test-job", 60_000);
    const second = leasedRuns(database.db, "test-job", 60_000);
    const ran: string[] = [];
    expect(await first.run(async () => void ran.push("first"))).toBe(true);
    expect(await second.run(async () => void ran.push("second"))).toBe(false);
    expect(await first.run(async () => void ran.push("first again"))).toBe(true);
    await first.release();
    expect(await second.run(async () => void ran.push("second"))).toBe(true);
    expect(ran).toEqual(["first", "first again", "second"]);
    await second.release();
  });

  test("a lease whose holder died is taken over once it has run out", async () => {
    const dead = leasedRuns(database.db, "short-job", 50);
    const alive = leasedRuns(database.db, "short-job", 50);
    expect(await dead.run(async () => {})).toBe(true);
    expect(await alive.run(async () => {})).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await alive.run(async () => {})).toBe(true);
    await alive.release();
  });
});
