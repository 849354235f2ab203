/**
 * WEB_CONCURRENCY for real: `bin/newsdesk.mjs start` on the built app, on a PostgreSQL database of its
 * own (made and dropped here), with two workers on one port. Which worker answered a request is read
 * from the operating system, not asked of the server: the server's end of each kept-alive connection is
 * a socket one worker holds (/proc/net/tcp and /proc/<pid>/fd). Builds the app first when there is no
 * build or it is out of date. The PostgreSQL part runs when TEST_DATABASE_URL names a server; the
 * embedded database's single process always.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { Agent, createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort, isAlive, waitFor } from "#test-support/server-processes";
import { commitSessionCookie, createSession } from "#app/auth/session.server";
import { openDatabase, type Database } from "#app/db/client.server";
import { articles, users } from "#app/db/schema";
import { logEvents, logMessages } from "#test-support/logs";
import { editFormWithTitle } from "#test-support/article-fixtures";

const childrenOf = (pid: number) =>
  spawnSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
    .stdout.split("\n")
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0);

interface Answer {
  status: number;
  body: string;
  /** The page cache's verdict (X-Cache): HIT, MISS or none. */
  cache: string;
  /** The client's end of the connection: the key to which process holds the server's end. */
  localPort: number;
}

/** A GET over `agent` (kept-alive connections), or over a connection of its own that closes after it. */
function get(url: string, { agent, headers = {} }: { agent?: Agent; headers?: Record<string, string> } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(url, { agent: agent ?? false, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          body,
          cache: String(res.headers["x-cache"] ?? ""),
          localPort: req.socket!.localPort!,
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.setTimeout(20_000, () => req.destroy(new Error("no answer within 20 s")));
    req.end();
  });
}

/**
 * Which process holds the server's end of each connection from these client ports: the socket's inode
 * (from /proc/net/tcp, local port = the server's, remote port = the client's) among each process's fds.
 */
function holdersOf(serverPort: number, clientPorts: number[], pids: number[]): Map<number, number> {
  const hexPort = (port: number) => port.toString(16).toUpperCase().padStart(4, "0");
  const inodeByClient = new Map<number, string>();
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const fields = line.trim().split(/\s+/);
    const [local, remote, inode] = [fields[1], fields[2], fields[9]];
    if (!local?.endsWith(`:${hexPort(serverPort)}`) || !remote || !inode) continue;
    const clientPort = Number.parseInt(remote.split(":")[1] ?? "", 16);
    if (clientPorts.includes(clientPort)) inodeByClient.set(clientPort, inode);
  }
  const holderByInode = new Map<string, number>();
  for (const pid of pids) {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode) holderByInode.set(inode, pid);
      } catch {
        // closed meanwhile
      }
    }
  }
  const holders = new Map<number, number>();
  for (const [clientPort, inode] of inodeByClient) {
    const pid = holderByInode.get(inode);
    if (pid) holders.set(clientPort, pid);
  }
  return holders;
}

/** Requests without pause, `concurrency` at a time, each on a new connection, until stopped. */
function requestLoop(urls: string[], concurrency = 4) {
  let isRunning = true;
  let answered = 0;
  const failures: string[] = [];
  const loops = Array.from({ length: concurrency }, async (_, lane) => {
    for (let i = lane; isRunning; i++) {
      const url = urls[i % urls.length]!;
      try {
        const { status } = await get(url);
        if (status === 200) answered++;
        else failures.push(`${url}: ${status}`);
      } catch (error) {
        failures.push(`${url}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  });
  return {
    answered: () => answered,
    async stop() {
      isRunning = false;
      await Promise.all(loops);
      return { answered, failures };
    },
  };
}

/** Starts `node bin/newsdesk.mjs start` with these settings; `log()` is all it printed. */
function startNewsdesk(env: NodeJS.ProcessEnv) {
  const base: NodeJS.ProcessEnv = { ...process.env, HOST: "127.0.0.1" };
  for (const name of ["NODE_OPTIONS", "NEWSDESK_SUPERVISED", "DATABASE_URL", "PUBLIC_URL", "WEB_CONCURRENCY"])
    delete base[name];
  const supervisor = spawn(process.execPath, ["bin/newsdesk.mjs", "start"], {
    env: { ...base, ...env },
    stdio: "pipe",
  });
  let output = "";
  let errors = "";
  supervisor.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  supervisor.stderr!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    errors += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => supervisor.once("exit", (code) => resolve(code)));
  return { supervisor, exited, log: () => output, errors: () => errors };
}

/** Kills what is left of a started tree: workers, server process, supervisor. */
function killTree(supervisor: ChildProcess) {
  if (!supervisor.pid || !isAlive(supervisor.pid)) return;
  const server = childrenOf(supervisor.pid);
  const workers = server.flatMap(childrenOf);
  for (const pid of [...workers, ...server, supervisor.pid]) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone already
    }
  }
}

beforeAll(() => {
  const built = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { encoding: "utf8" });
  expect(built.status, built.stdout + built.stderr).toBe(0);
}, 600_000);

describe.skipIf(!process.env.TEST_DATABASE_URL)("WEB_CONCURRENCY=2 on PostgreSQL", () => {
  const databaseName = `newsdesk_test_workers_${Date.now()}_${randomBytes(4).toString("hex")}`;
  let databaseUrl: string;
  let database: Database;
  let started: ReturnType<typeof startNewsdesk>;
  let port: number;
  let origin: string;

  const adminQuery = async (sql: string) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const serverProcess = () => childrenOf(started.supervisor.pid!)[0] ?? 0;
  const workerPids = () => childrenOf(serverProcess());
  const isUp = async () => (await get(`${origin}/healthz`)).status === 200;
  /** The lines saying a worker serves, by pid (each worker says it once it listens). */
  const servingPids = () =>
    [...started.log().matchAll(/Serving on \S+ \(postgres, worker \d+, pid (\d+)\)/g)].map((match) =>
      Number(match[1]),
    );

  beforeAll(async () => {
    // An empty database: the primary migrates and seeds it.
    await adminQuery(`CREATE DATABASE "${databaseName}"`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    started = startNewsdesk({
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: "2",
      ADMIN_EMAIL: "workers-admin@example.com",
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), "newsdesk-workers-")),
    });
    await waitFor("two workers serving", () => servingPids().length === 2, 120_000);
    database = await openDatabase({ databaseUrl });
  }, 180_000);

  afterAll(async () => {
    if (started) killTree(started.supervisor);
    await database?.close();
    await adminQuery(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  });

  test("two worker processes serve on one port; the database was prepared once, the first admin's password printed once", async () => {
    expect(await isUp()).toBe(true);
    const workers = workerPids();
    expect(workers).toHaveLength(2);
    expect(new Set(servingPids())).toEqual(new Set(workers));
    const log = started.log();
    expect(logMessages(log)).toContain("2 worker processes on PostgreSQL (WEB_CONCURRENCY).");
    expect(log.match(/applying migrations/g)).toHaveLength(1);
    expect(log.match(/First start: default settings and sample content created/g)).toHaveLength(1);
    expect(log.match(/An admin account has been created/g)).toHaveLength(1);
    expect(log.match(/password: \S+ {3}\(shown only this once/g)).toHaveLength(1);
    // The primary serves nothing: every connection is held by a worker, and both take their share.
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => get(`${origin}/about`, { agent })));
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
      const holders = holdersOf(
        port,
        answers.map((answer) => answer.localPort),
        [serverProcess(), ...workers],
      );
      expect(holders.size).toBe(8);
      expect(new Set(holders.values())).toEqual(new Set(workers));
    } finally {
      agent.destroy();
    }
  }, 60_000);

  test("a story's new title, saved on one worker, is what every worker answers with from the next request on", async () => {
    const [admin] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, "workers-admin@example.com"));
    const { token } = await createSession(database.db, admin!.id);
    const cookie = (await commitSessionCookie(new Request(origin), token)).split(";")[0]!;
    const [story] = await database.db
      .select()
      .from(articles)
      .where(and(eq(articles.status, "published"), eq(articles.featured, false)))
      .limit(1);
    if (!story) throw new Error("the sample content has no published story");
    const page = `${origin}/article/${story.slug}`;

    /** The edit screen's form as the browser sends it, with only the title changed. */
    const saveTitle = (title: string) =>
      fetch(`${origin}/admin/articles/edit/${story.id}`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, Origin: origin },
        body: editFormWithTitle(story, title),
      });

    // Eight kept-alive connections, shared by the two workers; each keeps its worker.
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const readers = () => Promise.all(Array.from({ length: 8 }, () => get(page, { agent })));
    /** The page's <h1>: what a reader sees of the title (the whole page is too long for a failure message). */
    const headline = (answer: Answer) =>
      (/<h1[^>]*>([^<]*)<\/h1>/.exec(answer.body)?.[1] ?? answer.body.slice(0, 200))
        .replaceAll("&#x27;", "'")
        .replaceAll("&quot;", '"')
        .replaceAll("&amp;", "&");
    /** Reads until every connection's answer comes from its worker's page cache (a bounded few times). */
    async function cachedOnEveryWorker() {
      for (let attempt = 0; attempt < 4; attempt++) {
        const answers = await readers();
        if (answers.every((answer) => answer.cache === "HIT")) return answers;
      }
      throw new Error("the page never came from every worker's cache");
    }
    try {
      let title = story.title;
      // Without the wait for every worker (tried: the answer sent at once, NOTIFY alone), the sibling
      // showed the old title in about one round in fifteen: enough rounds that such a gap shows.
      for (let round = 1; round <= 40; round++) {
        // Every worker holds the page, with the title it has now: a missed purge would show it again.
        const before = await cachedOnEveryWorker();
        const workers = new Set(
          holdersOf(
            port,
            before.map((answer) => answer.localPort),
            workerPids(),
          ).values(),
        );
        expect(workers.size, "both workers hold reader connections").toBe(2);
        expect(new Set(before.map(headline))).toEqual(new Set([title]));

        title = `${story.title} (update ${round})`;
        const saved = await saveTitle(title);
        expect(saved.status, await saved.text()).toBe(302);

        // Right after the answer, on every connection at once: the new title, whichever worker answers.
        const after = await readers();
        const answeredBy = holdersOf(
          port,
          after.map((answer) => answer.localPort),
          workerPids(),
        );
        expect(new Set(answeredBy.values()), "both workers answered").toEqual(workers);
        expect(
          after.map((answer) => ({
            worker: answeredBy.get(answer.localPort),
            status: answer.status,
            title: headline(answer),
          })),
          `round ${round}`,
        ).toEqual(after.map((answer) => ({ worker: answeredBy.get(answer.localPort), status: 200, title })));
      }
    } finally {
      agent.destroy();
    }
  }, 180_000);

  test("a worker killed with kill -9 is replaced, and requests go on being answered meanwhile", async () => {
    const [killed, survivor] = workerPids();
    // Killed between requests: one in flight in the killed worker is lost with it, as with any process
    // killed (the primary may even hold its connection unanswered: Node's cluster hands a connection over
    // and closes its own copy only once the worker says it took it).
    process.kill(killed!, "SIGKILL");
    const primaryNoticed = new RegExp(
      `worker \\d+ \\(pid ${killed}\\) exited with signal SIGKILL; replacing it in 1 s`,
    );
    await waitFor("the primary noticing", () => primaryNoticed.test(started.log()), 5_000);
    // From then on the other worker answers everything, until and after the new one serves beside it.
    const loop = requestLoop([`${origin}/about`, `${origin}/healthz`], 2);
    await waitFor("a new worker", () => workerPids().length === 2 && !workerPids().includes(killed!), 10_000);
    const replacement = workerPids().find((pid) => pid !== survivor)!;
    await waitFor("the new worker serving", () => servingPids().includes(replacement), 60_000);
    const answeredBefore = loop.answered();
    await waitFor("requests after it serves", () => loop.answered() > answeredBefore + 20, 20_000);
    const { answered, failures } = await loop.stop();
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(20);
    expect(isAlive(killed!)).toBe(false);
    // Both serve again: the one that lived on and its new sibling.
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => get(`${origin}/about`, { agent })));
      const holders = holdersOf(
        port,
        answers.map((answer) => answer.localPort),
        workerPids(),
      );
      expect(new Set(holders.values())).toEqual(new Set([survivor, replacement]));
    } finally {
      agent.destroy();
    }
  }, 90_000);

  test("SIGHUP replaces every worker, one at a time, and not one request of a continuous stream fails", async () => {
    const before = workerPids();
    const supervisorPid = started.supervisor.pid!;
    const primary = serverProcess();
    const loop = requestLoop([`${origin}/`, `${origin}/about`, `${origin}/healthz`], 4);
    await waitFor("requests flowing", () => loop.answered() > 10, 10_000);
    process.kill(supervisorPid, "SIGHUP");
    await waitFor("the reload done", () => /Reload done: 2 workers serving/.test(started.log()), 120_000);
    const { answered, failures } = await loop.stop();
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(50);
    const after = workerPids();
    expect(after).toHaveLength(2);
    for (const pid of before) {
      expect(after).not.toContain(pid);
      expect(isAlive(pid)).toBe(false);
    }
    // The supervisor and the primary stay; the database was prepared again for the new build.
    expect(isAlive(supervisorPid)).toBe(true);
    expect(serverProcess()).toBe(primary);
    expect(started.log().match(/applying migrations/g)).toHaveLength(2);
    expect(started.log().match(/An admin account has been created/g)).toHaveLength(1);
  }, 180_000);

  test("SIGTERM lets a request in flight finish, stops every worker and the primary, and exits 0", async () => {
    const workers = workerPids();
    const primary = serverProcess();
    // A form sent slowly: the worker has its headers and waits for the rest of it.
    const body = new URLSearchParams({ q: "harbour", pad: "x".repeat(2000) }).toString();
    const req = httpRequest(`${origin}/contact`, {
      method: "POST",
      agent: false,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(body.length),
        Connection: "keep-alive",
      },
    });
    const answer = new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      });
      req.on("error", reject);
    });
    req.write(body.slice(0, 100));
    await new Promise((resolve) => setTimeout(resolve, 500));

    process.kill(started.supervisor.pid!, "SIGTERM");
    await waitFor(
      "both workers stopping",
      () =>
        logEvents(started.log()).filter(
          (event) => typeof event.worker === "number" && event.msg.startsWith("SIGTERM received"),
        ).length >= 2,
      10_000,
    );
    // The worker that does not hold the request has stopped; the other waits for it.
    await waitFor("one worker gone", () => workers.filter(isAlive).length === 1, 15_000);
    req.end(body.slice(100));
    const { status, connection } = await answer;
    expect(status).toBeGreaterThanOrEqual(200);
    expect(status).toBeLessThan(500);
    // A stopping worker keeps no connection alive: a proxy's pool cannot hold it open.
    expect(connection).toBe("close");
    expect(await started.exited).toBe(0);
    for (const pid of [...workers, primary]) expect(isAlive(pid)).toBe(false);
    expect(logMessages(started.log())).toContain("Every worker has stopped.");
    expect(started.log()).not.toMatch(/exiting anyway|killing them/);
  }, 60_000);
});

describe("the embedded database", () => {
  test("stays one process, and the log says why and that WEB_CONCURRENCY is ignored", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "newsdesk-workers-embedded-"));
    const port = await freePort();
    const started = startNewsdesk({
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: "3",
      ADMIN_PASSWORD: "embedded-123",
    });
    try {
      await waitFor(
        "the site",
        async () => (await get(`http://127.0.0.1:${port}/healthz`)).status === 200,
        90_000,
      );
      const [server] = childrenOf(started.supervisor.pid!);
      expect(server).toBeGreaterThan(0);
      expect(childrenOf(server!)).toEqual([]);
      const notes = logMessages(started.log()).filter((line) => line.includes("WEB_CONCURRENCY"));
      expect(notes).toEqual([
        "WEB_CONCURRENCY=3 is ignored: one process serves, since the embedded database can be opened by one process only. Set DATABASE_URL (PostgreSQL) to use every core.",
      ]);
      started.supervisor.kill("SIGTERM");
      expect(await started.exited).toBe(0);
    } finally {
      killTree(started.supervisor);
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

test("several workers asked for on a port in use: one line from the primary, before any worker starts", async () => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  const port = (holder.address() as AddressInfo).port;
  try {
    // The port is checked before the database is opened: this address need not answer.
    const started = startNewsdesk({
      PORT: String(port),
      DATABASE_URL: "postgres://newsdesk@127.0.0.1:1/unreachable",
      WEB_CONCURRENCY: "2",
    });
    expect(await started.exited).toBe(1);
    // On stderr, as every refusal (stdout may say the app was built first).
    const lines = started
      .errors()
      .split("\n")
      .filter((line) => line.trim() !== "");
    expect(lines).toEqual([
      `[newsdesk] Port ${port} is already in use (another Newsdesk or another program): stop that one, or start on another port, e.g. PORT=${port + 1} npm start.`,
    ]);
  } finally {
    await new Promise((resolve) => holder.close(resolve));
  }
}, 60_000);
