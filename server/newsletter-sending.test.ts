/**
 * A send of 2,000 newsletters survives `kill -9` (issue 29's acceptance): the built server (`npm start`,
 * bin/newsdesk.mjs) sends to a real SMTP server in this process; half-way it is killed with SIGKILL
 * (its supervisor too, so nothing restarts it), then started again, and the send finishes with every
 * confirmed subscriber mailed exactly once, counted here as the mail server received them. On the
 * embedded database and, with TEST_DATABASE_URL, on PostgreSQL (where the new process waits for the
 * dead one's lease to run out).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "#app/db/client.server";
import { seedDatabase } from "#app/db/seed.server";
import { newsletterIssues, newsletterSubscribers } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#app/db/testing.server";
import { startTestSmtpServer, type TestSmtpServer } from "#app/domain/email/smtp-testing.server";
import { queueIssue, sendProgress } from "#app/domain/newsletter/sending.server";
import { freePort, isAlive, waitFor } from "./process-testing";

const SUBSCRIBERS = 2000;

beforeAll(() => {
  const built = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { encoding: "utf8" });
  expect(built.status, built.stdout + built.stderr).toBe(0);
}, 600_000);

describe.each(TEST_ENGINES)("a newsletter send killed half-way on %s", (engine) => {
  let smtp: TestSmtpServer;
  let dataDir: string;
  let postgres: TestDatabase | undefined;
  let issueId: string;
  const servers: ChildProcess[] = [];

  /** The database as the server sees it; on the embedded engine only while no server holds the folder. */
  const openSite = async (): Promise<Database> => (postgres ? postgres : openDatabase({ dataDir }));

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    dataDir = await mkdtemp(path.join(os.tmpdir(), "newsdesk-newsletter-"));
    postgres = engine === "postgres" ? await createTestDatabase("postgres") : undefined;
    const database = await openSite();
    try {
      if (!postgres) await database.migrate();
      await seedDatabase(database.db);
      const rows = Array.from({ length: SUBSCRIBERS }, (_, i) => ({
        email: `reader-${i}@example.com`,
        status: "confirmed" as const,
        token: `reader-token-${i}-${"x".repeat(20)}`,
      }));
      for (let i = 0; i < rows.length; i += 500)
        await database.db.insert(newsletterSubscribers).values(rows.slice(i, i + 500));
      await database.db.insert(newsletterSubscribers).values([
        { email: "pending@example.com", status: "pending", token: "pending-token-xxxxxxxxxxxxxxxx" },
        { email: "gone@example.com", status: "unsubscribed", token: "gone-token-xxxxxxxxxxxxxxxxxxx" },
      ]);
      const [issue] = await database.db
        .insert(newsletterIssues)
        .values({ subject: "Election night: the results", intro: "Good evening." })
        .returning();
      issueId = issue!.id;
      expect(await queueIssue(database.db, issueId)).toBe(true);
    } finally {
      if (!postgres) await database.close();
    }
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) if (server.pid && isAlive(server.pid)) process.kill(-server.pid, "SIGKILL");
    await smtp?.close();
    await postgres?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** `npm start` (supervisor and server) in a process group of its own, once it answers /healthz. */
  async function startServer() {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      SMTP_URL: smtp.smtpUrl,
      SMTP_FROM: "Newsdesk <news@example.com>",
      NEWSLETTER_SEND_RATE: "100000",
    };
    for (const name of [
      "NODE_OPTIONS",
      "NEWSDESK_SUPERVISED",
      "DATABASE_URL",
      "PUBLIC_URL",
      "WEB_CONCURRENCY",
    ])
      delete env[name];
    if (postgres) env.DATABASE_URL = postgres.url;
    const server = spawn(process.execPath, ["bin/newsdesk.mjs", "start"], {
      env,
      stdio: "pipe",
      detached: true,
    });
    servers.push(server);
    let output = "";
    server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(
      "the server answering",
      () => fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok),
      90_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; it said:\n${output}`);
    });
    return { server, log: () => output };
  }

  const copies = () => {
    const byAddress = new Map<string, number>();
    for (const message of smtp.received)
      for (const to of message.to) byAddress.set(to, (byAddress.get(to) ?? 0) + 1);
    return byAddress;
  };

  test("every confirmed subscriber is mailed exactly once", async () => {
    const first = await startServer();
    await waitFor("half the mail sent", () => smtp.received.length >= SUBSCRIBERS / 2, 240_000);
    process.kill(-first.server.pid!, "SIGKILL");
    await waitFor("the server gone", () => !isAlive(first.server.pid!), 10_000);
    const atTheKill = smtp.received.length;
    expect(atTheKill).toBeLessThan(SUBSCRIBERS);

    // On PostgreSQL the new server first waits out the dead one's lease (30 s, looked at every 15 s);
    // the deadline is generous because CI runs this beside other suites on two cores.
    const second = await startServer();
    await waitFor(
      () => `all the mail sent (${smtp.received.length} so far, ${atTheKill} at the kill)\n${second.log()}`,
      () => smtp.received.length >= SUBSCRIBERS,
      240_000,
    );
    // Nothing more comes: a second copy would arrive now.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    process.kill(-second.server.pid!, "SIGTERM");
    await waitFor("the server stopped", () => !isAlive(second.server.pid!), 30_000);

    const byAddress = copies();
    expect(smtp.received).toHaveLength(SUBSCRIBERS);
    expect(byAddress.size).toBe(SUBSCRIBERS);
    expect([...byAddress.values()].every((n) => n === 1)).toBe(true);
    expect(byAddress.has("pending@example.com")).toBe(false);
    expect(byAddress.has("gone@example.com")).toBe(false);

    const database = await openSite();
    try {
      expect(await sendProgress(database.db, issueId)).toEqual({
        sent: SUBSCRIBERS,
        failed: 0,
        skipped: 0,
        left: 0,
      });
      const [issue] = await database.db
        .select()
        .from(newsletterIssues)
        .where(eq(newsletterIssues.id, issueId));
      expect(issue!.status).toBe("sent");
    } finally {
      if (!postgres) await database.close();
    }
  }, 600_000);
});
