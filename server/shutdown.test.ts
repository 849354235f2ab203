/**
 * SIGTERM ends the built server by itself: `node bin/newsdesk.mjs start` as one process (no supervisor, so
 * no channel to a parent holds it), on the embedded database and on PostgreSQL. Every job, connection
 * and the database are closed, so the process ends within 5 s with nothing left open: server/serve.ts
 * would otherwise name what still holds it ("Still open after stopping: ...") and exit anyway.
 * Builds the app first when there is no build or it is out of date (as server/supervisor.test.ts does).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { config } from "#app/config.server";
import { createEmptyPostgresDatabase } from "#test-support/test-database";
import { freePort, waitFor } from "#test-support/server-processes";
import { logEvents, logMessages } from "#test-support/logs";

const engines = config().testDatabaseUrl ? (["pglite", "postgres"] as const) : (["pglite"] as const);

describe.each(engines)("the built server on %s, sent SIGTERM", (engine) => {
  let dataDir: string;
  let postgres: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | null = null;

  beforeAll(async () => {
    const built = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { encoding: "utf8" });
    expect(built.status, built.stdout + built.stderr).toBe(0);
    dataDir = await mkdtemp(path.join(os.tmpdir(), "newsdesk-shutdown-"));
    if (engine === "postgres") postgres = await createEmptyPostgresDatabase("newsdesk_shutdown");
  }, 600_000);

  afterAll(async () => {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test("exits by itself within 5 s, with no timer or handle left", async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "shutdown-test-123",
      // The server itself, as the supervisor starts it, without the supervisor (and its channel).
      NEWSDESK_SUPERVISED: "1",
      WEB_CONCURRENCY: "1",
    };
    for (const name of ["NODE_OPTIONS", "DATABASE_URL", "PUBLIC_URL", "SMTP_URL"]) delete env[name];
    if (postgres) env.DATABASE_URL = postgres.url;
    const server = spawn(process.execPath, ["bin/newsdesk.mjs", "start"], { env, stdio: "pipe" });
    let log = "";
    server.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
    server.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      server.once("exit", (code, signal) => resolve({ code, signal })),
    );
    try {
      await waitFor(
        () => `the start:\n${log}`,
        async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok,
        90_000,
      );
      // A reader's page first: the page cache, the render and a kept-alive connection are in play.
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      await page.arrayBuffer();

      const signalledAt = Date.now();
      server.kill("SIGTERM");
      const timeout = new Promise<"still running">((resolve) =>
        setTimeout(() => resolve("still running"), 5_000).unref(),
      );
      const ending = await Promise.race([exited, timeout]);
      expect(ending, log).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalledAt).toBeLessThan(5_000);
      expect(logMessages(log)).toContain("Stopped.");
      expect(log).not.toMatch(/Still open after stopping|exiting anyway/);
      // Every background job said its line at the start, through the one registry (server/site-jobs.ts).
      const jobs = logEvents(log).filter((event) => event.component === "jobs");
      expect(jobs.map((event) => event.job)).toEqual(
        expect.arrayContaining(["scheduled publishing", "daily digest"]),
      );
    } finally {
      if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    }
  }, 120_000);
});
