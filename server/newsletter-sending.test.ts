/**
 * A send of 2,000 newsletters survives `kill -9` (decision record 018): the built server
 * (`npm start`, bin/newsdesk.mjs) sends to a real SMTP server in this process; half-way it is killed
 * with SIGKILL (its supervisor too, so nothing restarts it), then started again, and the send finishes
 * with no confirmed subscriber missed, counted here as the mail server received them: a copy that went
 * twice (the one in flight at the kill) carries the same Message-ID both times, which a mailbox shows
 * once. On the embedded database the kill lands wherever the send is; on PostgreSQL (TEST_DATABASE_URL,
 * where the new process waits for the dead one's lease to run out) it lands while the server records
 * a message before its last line (a trigger holds that record for a few seconds): the moment where a
 * message recorded as sent was lost before.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "#app/db/client.server";
import { seedDatabase } from "#app/db/seed.server";
import { newsletterIssues, newsletterSubscribers } from "#app/db/schema";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";
import { startTestSmtpServer, type TestSmtpServer } from "#test-support/smtp-test-server";
import { queueIssue, sendProgress } from "#app/domain/newsletter/sending.server";
import { freePort, isAlive, waitFor } from "#test-support/server-processes";
import { subscribersReadTheMainEdition } from "#test-support/editions";

const SUBSCRIBERS = 2000;
/** On PostgreSQL the kill lands while this reader's copy is being recorded. */
const KILLED_AT = "reader-1000@example.com";

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
  /** When the mail server was first asked for KILLED_AT (RCPT TO), or 0. */
  let killedAtAsked = 0;

  /** The database as the server sees it; on the embedded engine only while no server holds the folder. */
  const openSite = async (): Promise<Database> => (postgres ? postgres : openDatabase({ dataDir }));

  beforeAll(async () => {
    smtp = await startTestSmtpServer({
      refuseRecipient(address) {
        if (address === KILLED_AT && !killedAtAsked) killedAtAsked = Date.now();
        return undefined;
      },
    });
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
      await subscribersReadTheMainEdition(database.db);
      const [issue] = await database.db
        .insert(newsletterIssues)
        .values({ subject: "Election night: the results", intro: "Good evening.", edition: "en" })
        .returning();
      issueId = issue!.id;
      expect(await queueIssue(database.db, issueId)).toBe(true);
      if (postgres) {
        // The record made just before KILLED_AT's last line takes 6 s, whatever it writes: the kill
        // comes inside it, and PostgreSQL commits it although its client is gone.
        const [target] = await database.db
          .select({ id: newsletterSubscribers.id })
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.email, KILLED_AT));
        await database.db.execute(
          sql.raw(`
          create function test_slow_record() returns trigger language plpgsql as $$
          begin
            if old.status = 'queued' and new.status <> 'queued' and new.subscriber_id = '${target!.id}' then
              perform pg_sleep(6);
            end if;
            return new;
          end $$`),
        );
        await database.db.execute(sql`
          create trigger test_slow_record before update on newsletter_deliveries
          for each row execute function test_slow_record()`);
      }
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

  test("no confirmed subscriber is missed, and the one copy in flight at the kill goes again with its Message-ID", async () => {
    const first = await startServer();
    if (postgres) {
      await waitFor(`${KILLED_AT}'s copy on its way`, () => killedAtAsked > 0, 240_000);
      // Its body and the record's start take milliseconds; the record itself, 6 s.
      await new Promise((resolve) => setTimeout(resolve, 1500));
    } else await waitFor("half the mail sent", () => smtp.received.length >= SUBSCRIBERS / 2, 240_000);
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
    expect(byAddress.size, "every confirmed reader received the issue").toBe(SUBSCRIBERS);
    // A copy whose last line went before the kill but whose 250 was not recorded goes again: one at most.
    const twice = [...byAddress].filter(([, n]) => n > 1).map(([address]) => address);
    console.log(
      `[newsletter kill -9 on ${engine}] ${smtp.received.length} received for ${SUBSCRIBERS} readers, ${atTheKill} before the kill; sent again: ${twice.join(", ") || "none"}`,
    );
    expect(smtp.received.length - SUBSCRIBERS, `sent again: ${twice.join(", ")}`).toBeLessThanOrEqual(1);
    const idsOf = (address: string) =>
      new Set(smtp.received.filter((m) => m.to.includes(address)).map((m) => m.headers["message-id"]));
    for (const address of twice) expect(idsOf(address).size, address).toBe(1);
    expect(new Set(smtp.received.map((m) => m.headers["message-id"])).size).toBe(SUBSCRIBERS);
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
