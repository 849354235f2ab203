/**
 * A payment survives `kill -9` (decision record 021): the built server (`npm start`, bin/newsdesk.mjs)
 * takes a checkout against the Paystack stand-in; the reader pays, Paystack sends its webhook and the
 * server (its supervisor too, so nothing restarts it) is killed with SIGKILL right away, wherever the
 * confirmation is. Started again, it is sent the webhook again (Paystack retries until it gets a 200)
 * and the reader comes back by the return address: exactly one pass, whatever the kill interrupted.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createMemberSession } from "#app/auth/member-session.server";
import { openDatabase, type Database } from "#app/db/client.server";
import { members, passes, payments } from "#app/db/schema";
import { seedDatabase } from "#app/db/seed.server";
import { startPaystackServer, type TestPaystackServer } from "#test-support/paystack-server";
import { freePort, isAlive, waitFor } from "#test-support/server-processes";
import { startTestSmtpServer, type TestSmtpServer } from "#test-support/smtp-test-server";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#test-support/test-database";

beforeAll(() => {
  const built = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { encoding: "utf8" });
  expect(built.status, built.stdout + built.stderr).toBe(0);
}, 600_000);

describe.each(TEST_ENGINES)("a payment confirmed around a kill -9 on %s", (engine) => {
  let smtp: TestSmtpServer;
  let paystack: TestPaystackServer;
  let dataDir: string;
  let postgres: TestDatabase | undefined;
  let cookie: string;
  const servers: ChildProcess[] = [];

  /** The database as the server sees it; on the embedded engine only while no server holds the folder. */
  const openSite = async (): Promise<Database> => (postgres ? postgres : openDatabase({ dataDir }));
  async function inSite<T>(work: (db: Database["db"]) => Promise<T>): Promise<T> {
    const database = await openSite();
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
    const database = await openSite();
    try {
      if (!postgres) await database.migrate();
      await seedDatabase(database.db);
      const [member] = await database.db
        .insert(members)
        .values({ email: "yaw@example.com", name: "Yaw" })
        .returning();
      cookie = `nd_member=${(await createMemberSession(database.db, member!.id, new Date())).token}`;
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
  async function startServer() {
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

  const stopped = (server: ChildProcess) =>
    new Promise<void>((resolve) =>
      server.exitCode !== null ? resolve() : server.once("exit", () => resolve()),
    );

  test("the webhook, kill -9 at once, the webhook again and the return address: exactly one pass", async () => {
    const first = await startServer();
    const checkout = await fetch(`${first.origin}/account/checkout`, {
      method: "POST",
      body: new URLSearchParams({ plan: "day", returnTo: "/" }),
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(checkout.status, first.log()).toBe(303);
    const location = checkout.headers.get("location") ?? "";
    const reference = [...paystack.transactions.values()].find((t) =>
      location.endsWith(`/pay/${t.accessCode}`),
    )?.reference;
    expect(reference).toMatch(/^nd-/);

    paystack.approve(reference!);
    const delivery = paystack.sendWebhook(reference!);
    // Right away: as the webhook reaches the server, wherever its confirmation is then.
    await new Promise((resolve) => setTimeout(resolve, 15));
    process.kill(-first.server.pid!, "SIGKILL");
    await stopped(first.server);
    const [statusAtKill] = await delivery;

    const second = await startServer();
    expect(await paystack.sendWebhook(reference!), second.log()).toEqual([200]);
    const back = await fetch(
      `${second.origin}/account/checkout/return?trxref=${reference}&reference=${reference}`,
      {
        headers: { Cookie: cookie },
      },
    );
    expect(back.status).toBe(200);
    expect(await back.text()).toContain("Your day pass is active until");
    expect(await paystack.sendWebhook(reference!, 2)).toEqual([200, 200]);
    process.kill(-second.server.pid!, "SIGTERM");
    await stopped(second.server);

    const { passCount, payment } = await inSite(async (db) => ({
      passCount: (await db.select().from(passes)).length,
      payment: (await db.select().from(payments))[0],
    }));
    console.info(
      `[payments kill -9 on ${engine}] the first webhook was answered ${statusAtKill || "nothing"}`,
    );
    expect(passCount).toBe(1);
    expect(payment?.status).toBe("paid");
    // The receipt is claimed before it is sent: a kill between the two loses it, never doubles it.
    expect(smtp.received.length).toBeLessThanOrEqual(1);
  }, 300_000);
});
