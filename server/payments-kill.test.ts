/**
 * A payment survives `kill -9` (decision record 021): the built server (`npm start`, bin/newsdesk.mjs)
 * takes checkouts against the Paystack stand-in and is killed with SIGKILL, its supervisor too (the
 * process group), so nothing restarts it. Started again, it is sent the webhook again (Paystack retries
 * until it gets a 200) and the reader comes back by the return address: exactly one pass.
 *
 * On PostgreSQL the kill lands where the test has proved the server to be, before Paystack got an answer:
 * the test holds a lock from a connection of its own, waits until the server's connection is seen waiting
 * for it (`pg_stat_activity`, `pg_blocking_pids`), kills, then lets go. Once inside the confirmation (the
 * payment row already updated by the server's open transaction, which waits for the member's row): nothing
 * of it commits. Once after its commit (the pass committed, the server waiting to claim the receipt): the
 * pass stands, and the receipt is mailed at most once (the claim the dead server had sent still completes,
 * so none is).
 * On PGlite the server's process owns the data folder, so no other connection can hold a lock: the kills
 * land at several delays after the webhook left, wherever the confirmation is then (this test runs on
 * PostgreSQL too). Each leaves the payment pending without a pass or paid with it, and after the restart
 * none is granted twice or lost; where each kill landed is only logged.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createMemberSession } from "#app/auth/member-session.server";
import { openDatabase, type Database } from "#app/db/client.server";
import { members, passes, payments } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { startPaystackServer, type TestPaystackServer } from "#test-support/paystack-server";
import { freePort, groupRuns, isAlive, waitFor } from "#test-support/server-processes";
import { startTestSmtpServer, type TestSmtpServer } from "#test-support/smtp-test-server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";

beforeAll(() => {
  const built = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { encoding: "utf8" });
  expect(built.status, built.stdout + built.stderr).toBe(0);
}, 600_000);

type Engine = (typeof TEST_ENGINES)[number];
interface Running {
  server: ChildProcess;
  origin: string;
  log: () => string;
}

/** A seeded site with one member, a mail server and the Paystack stand-in, for one block of tests. */
function siteOn(engine: Engine) {
  let smtp: TestSmtpServer;
  let paystack: TestPaystackServer;
  let dataDir: string;
  let postgres: TestDatabase | undefined;
  let cookie: string;
  let memberId: string;
  const servers: ChildProcess[] = [];

  /** The database as the server sees it; on the embedded engine only while no server holds the folder. */
  async function inSite<T>(work: (db: Database["db"]) => Promise<T>): Promise<T> {
    const database = postgres ?? (await openDatabase({ dataDir }));
    try {
      return await work(database.db);
    } finally {
      if (!postgres) await database.close();
    }
  }

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    paystack = await startPaystackServer();
    dataDir = await mkdtemp(path.join(os.tmpdir(), "newsdesk-payments-"));
    postgres = engine === "postgres" ? await createTestDatabase("postgres") : undefined;
    const database = postgres ?? (await openDatabase({ dataDir }));
    try {
      if (!postgres) await database.migrate();
      await seedDatabase(database.db);
      const [member] = await database.db
        .insert(members)
        .values({ email: "yaw@example.com", name: "Yaw" })
        .returning();
      memberId = member!.id;
      cookie = `nd_member=${(await createMemberSession(database.db, memberId, new Date())).token}`;
    } finally {
      if (!postgres) await database.close();
    }
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) if (server.pid && isAlive(server.pid)) process.kill(-server.pid, "SIGKILL");
    await paystack?.close();
    await smtp?.close();
    await postgres?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** `npm start` (supervisor and server) in a process group of its own, once it answers /healthz. */
  async function start(): Promise<Running> {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      SMTP_URL: smtp.smtpUrl,
      SMTP_FROM: "Newsdesk <news@example.com>",
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_API_URL: paystack.apiUrl,
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
    const origin = `http://127.0.0.1:${port}`;
    await waitFor("the server answering", () => fetch(`${origin}/healthz`).then((r) => r.ok), 90_000).catch(
      (error: Error) => {
        throw new Error(`${error.message}; it said:\n${output}`);
      },
    );
    paystack.webhookUrl = `${origin}/webhooks/paystack`;
    return { server, origin, log: () => output };
  }

  const exited = (server: ChildProcess) =>
    new Promise<void>((resolve) =>
      server.exitCode !== null || server.signalCode !== null
        ? resolve()
        : server.once("exit", () => resolve()),
    );
  /**
   * SIGKILL to the whole group (supervisor and server), once it is gone: the supervisor's exit, then no
   * process of the group still running (the server may be finishing a disk write, holding the embedded
   * database's folder).
   */
  async function kill({ server }: Running) {
    process.kill(-server.pid!, "SIGKILL");
    await exited(server);
    await waitFor("the killed group gone", () => !groupRuns(server.pid!), 10_000);
  }
  async function stop({ server }: Running) {
    process.kill(-server.pid!, "SIGTERM");
    await exited(server);
  }

  /** A day pass's checkout by the member, and the reader's approval at the stand-in: our reference. */
  async function checkout({ origin, log }: Running): Promise<string> {
    const response = await fetch(`${origin}/account/checkout`, {
      method: "POST",
      body: new URLSearchParams({ plan: "day", returnTo: "/" }),
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(response.status, log()).toBe(303);
    const location = response.headers.get("location") ?? "";
    const reference = [...paystack.transactions.values()].find((t) =>
      location.endsWith(`/pay/${t.accessCode}`),
    )?.reference;
    expect(reference).toMatch(/^nd-/);
    paystack.approve(reference!);
    return reference!;
  }

  /** After the restart: Paystack's retry (answered 200) and the reader back by the return address. */
  async function retryAndReturn({ origin, log }: Running, reference: string) {
    expect(await paystack.sendWebhook(reference), log()).toEqual([200]);
    const back = await fetch(`${origin}/account/checkout/return?trxref=${reference}&reference=${reference}`, {
      headers: { Cookie: cookie },
    });
    expect(back.status, log()).toBe(200);
    expect(await back.text()).toContain("Your day pass is active until");
  }

  /** The payment and its passes, as committed. */
  const paymentOf = (reference: string) =>
    inSite(async (db) => {
      const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
      const granted = payment ? await db.select().from(passes).where(eq(passes.paymentId, payment.id)) : [];
      return { payment, passCount: granted.length };
    });

  /** Receipts the mail server has for a payment: all there are once a server has stopped (it settles its mail). */
  const receiptsOf = (reference: string) =>
    smtp.received.filter((mail) => mail.text.includes(`Reference: ${reference}`)).length;

  return {
    start,
    kill,
    stop,
    checkout,
    retryAndReturn,
    paymentOf,
    receiptsOf,
    get paystack() {
      return paystack;
    },
    get memberId() {
      return memberId;
    },
    get postgresUrl() {
      if (!postgres?.url) throw new Error("Not on PostgreSQL");
      return postgres.url;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(TEST_ENGINES)("kill -9 at several moments after the webhook left, on %s", (engine) => {
  const site = siteOn(engine);

  test("killed 0, 5, 20 and 60 ms after the webhook: each time pending without a pass or paid with it; restarted, the webhook again and the return address: one pass per payment", async () => {
    let running = await site.start();
    const kills: Array<{ delay: number; reference: string; answered: number; left: string }> = [];
    for (const delay of [0, 5, 20, 60]) {
      const reference = await site.checkout(running);
      const delivery = site.paystack.sendWebhook(reference);
      await sleep(delay);
      await site.kill(running);
      const [answered = 0] = await delivery;
      // What the kill left: the confirmation is one transaction, so either nothing of it or all of it.
      const { payment, passCount } = await site.paymentOf(reference);
      const left = `${payment?.status}, ${passCount} pass`;
      expect(left).toMatch(/^(pending, 0|paid, 1) pass$/);
      // An answer is only given after the commit.
      if (answered === 200) expect(left).toBe("paid, 1 pass");
      kills.push({ delay, reference, answered, left });
      running = await site.start();
      await site.retryAndReturn(running, reference);
    }
    await site.stop(running);
    // Where each kill landed, as far as can be seen from outside (answered 0: Paystack got no answer).
    console.info(
      `[payments kill -9 on ${engine}] ${kills.map((k) => `${k.delay} ms: answered ${k.answered}, left ${k.left}`).join("; ")}`,
    );
    for (const { reference } of kills) {
      const { payment, passCount } = await site.paymentOf(reference);
      expect({ status: payment?.status, passCount }).toEqual({ status: "paid", passCount: 1 });
      // Claimed before it is sent: a kill between the two loses it, never doubles it.
      expect(site.receiptsOf(reference)).toBeLessThanOrEqual(1);
    }
  }, 240_000);
});

/** A connection of the test's own to the server's database, to hold locks and look at the server's. */
async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
  return Object.assign(client, { pid: rows[0]!.pid });
}
type Connection = Awaited<ReturnType<typeof connect>>;

interface Waiting {
  pid: number;
  /** Its transaction's id, if it has written. */
  xid: string | null;
  query: string;
}

/** The backend waiting for a lock that `holder` has, once there is one. */
async function waitingFor(observer: Connection, holder: Connection, what: string): Promise<Waiting> {
  let found: Waiting | undefined;
  await waitFor(
    what,
    async () => {
      const { rows } = await observer.query<Waiting>(
        `select pid, backend_xid::text as xid, query from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and $1 = any(pg_blocking_pids(pid))`,
        [holder.pid],
      );
      found = rows[0];
      return Boolean(found);
    },
    10_000,
  );
  return found!;
}

/** Once PostgreSQL has ended the backend (its client is dead: it finds out when it next reads). */
const ended = (observer: Connection, pid: number) =>
  waitFor(
    `backend ${pid} ending`,
    async () => (await observer.query("select 1 from pg_stat_activity where pid = $1", [pid])).rowCount === 0,
    10_000,
  );

describe.skipIf(!TEST_ENGINES.includes("postgres"))(
  "kill -9 at a proven point of the confirmation, on PostgreSQL",
  () => {
    const site = siteOn("postgres");
    const connections: Connection[] = [];
    const open = async () => {
      const connection = await connect(site.postgresUrl);
      connections.push(connection);
      return connection;
    };
    afterAll(async () => {
      for (const connection of connections) await connection.end().catch(() => {});
    });

    /**
     * The member's row held by `holder`, the webhook sent: once its confirmation (the payment already
     * marked paid, uncommitted) waits for that row. Paystack's delivery is still waiting for its answer.
     */
    async function heldInsideConfirmation(observer: Connection, holder: Connection, reference: string) {
      await holder.query("begin");
      await holder.query("select id from members where id = $1 for update", [site.memberId]);
      const delivery = site.paystack.sendWebhook(reference);
      const confirmation = await waitingFor(
        observer,
        holder,
        "the confirmation waiting for the member's row",
      );
      return { delivery, confirmation };
    }

    test("inside the confirmation (the payment marked paid, the member's row awaited): nothing commits; after restart one pass, one paid payment, one receipt", async () => {
      const observer = await open();
      const holder = await open();
      let running = await site.start();
      const reference = await site.checkout(running);

      const { delivery, confirmation: server } = await heldInsideConfirmation(observer, holder, reference);
      expect(server.query).toMatch(/from "members" where .* for update/i);
      // The payment row is being changed by that very transaction (it set the row's xmax), not committed.
      const { rows } = await observer.query<{ status: string; xmax: string }>(
        "select status, xmax::text as xmax from payments where reference = $1",
        [reference],
      );
      expect(server.xid).not.toBeNull();
      expect(rows[0]).toEqual({ status: "pending", xmax: server.xid });

      await site.kill(running);
      expect(await delivery, "Paystack got no answer").toEqual([0]);
      await holder.query("rollback");
      await ended(observer, server.pid);
      const atKill = await site.paymentOf(reference);
      expect({ status: atKill.payment?.status, passCount: atKill.passCount }).toEqual({
        status: "pending",
        passCount: 0,
      });

      running = await site.start();
      await site.retryAndReturn(running, reference);
      await site.stop(running);
      const after = await site.paymentOf(reference);
      expect({ status: after.payment?.status, passCount: after.passCount }).toEqual({
        status: "paid",
        passCount: 1,
      });
      expect(site.receiptsOf(reference)).toBe(1);
    }, 120_000);

    test("after the commit (the pass committed, the receipt's claim awaited): one pass; the receipt at most once (the claim the dead server sent completes: none)", async () => {
      const observer = await open();
      const memberLock = await open();
      const paymentLock = await open();
      let running = await site.start();
      const reference = await site.checkout(running);

      // Held inside the confirmation as above, then the test queues for the payment row behind it, so
      // that the row is the test's as soon as the confirmation commits and the claim waits for it.
      const { delivery, confirmation } = await heldInsideConfirmation(observer, memberLock, reference);
      await paymentLock.query("begin");
      const paymentRow = paymentLock.query("select id from payments where reference = $1 for update", [
        reference,
      ]);
      await waitFor(
        "the test's connection queued behind the confirmation",
        async () =>
          (
            await observer.query(
              "select 1 from pg_stat_activity where pid = $1 and $2 = any(pg_blocking_pids(pid))",
              [paymentLock.pid, confirmation.pid],
            )
          ).rowCount === 1,
        10_000,
      );
      await memberLock.query("rollback");
      await paymentRow;
      const claim = await waitingFor(
        observer,
        paymentLock,
        "the receipt's claim waiting for the payment row",
      );
      expect(claim.query).toMatch(/update "payments" set "receipt_sent_at"/i);
      const committed = await site.paymentOf(reference);
      expect({
        status: committed.payment?.status,
        passCount: committed.passCount,
        receiptSentAt: committed.payment?.receiptSentAt,
      }).toEqual({ status: "paid", passCount: 1, receiptSentAt: null });

      await site.kill(running);
      expect(await delivery, "Paystack got no answer").toEqual([0]);
      await paymentLock.query("rollback");
      await ended(observer, claim.pid);
      // The claim, one statement on its own, was sent before the kill: PostgreSQL runs it to the end and
      // commits it once it has the row, and only then finds its client gone, unless it is told to look
      // while it waits (client_connection_check_interval, off by default). Claimed so, the receipt is lost.
      const claimed = (await site.paymentOf(reference)).payment?.receiptSentAt ?? null;
      const { rows: checks } = await observer.query<{ interval: string }>(
        "select current_setting('client_connection_check_interval') as interval",
      );
      expect(claimed !== null).toBe(checks[0]!.interval === "0");

      running = await site.start();
      await site.retryAndReturn(running, reference);
      await site.stop(running);
      const after = await site.paymentOf(reference);
      expect({ status: after.payment?.status, passCount: after.passCount }).toEqual({
        status: "paid",
        passCount: 1,
      });
      // Never twice: none when the dead server's claim went through, else one, sent after the retry.
      expect(site.receiptsOf(reference)).toBe(claimed ? 0 : 1);
    }, 120_000);
  },
);
