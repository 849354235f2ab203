/**
 * What a newcomer sees when a command goes wrong: bin/newsdesk.mjs on the built app, run for real. Each
 * failure is one line on stderr that says what to do (no stack trace) and a non-zero exit code.
 * Builds the app first when there is no build or it is out of date (as server/supervisor.test.ts does).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findAccountLink, issueAccountLink } from "#app/auth/account-links.server";
import { verifyPassword } from "#app/auth/password.server";
import { createSession, listActiveSessions } from "#app/auth/session.server";
import { openDatabase } from "#app/db/client.server";
import { articles, users } from "#app/db/schema";

const ADMIN = { email: "first-admin@example.com", password: "FirstAdmin123" };

let dataDir: string;

/** Starts `node bin/newsdesk.mjs ...args` on the test's data folder. */
function startNewsdesk(args: string[], env: NodeJS.ProcessEnv = {}) {
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  for (const name of ["NODE_OPTIONS", "NEWSDESK_SUPERVISED", "DATABASE_URL", "PUBLIC_URL", "PORT"])
    delete base[name];
  return spawn(process.execPath, ["bin/newsdesk.mjs", ...args], { env: { ...base, ...env }, stdio: "pipe" });
}

/** Runs `node bin/newsdesk.mjs ...args` to its end on the test's data folder. */
function newsdesk(args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = startNewsdesk(args, env);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string; lines: string[] }>((resolve) =>
    child.once("close", (code) =>
      resolve({ code, stdout, stderr, lines: stderr.split("\n").filter((line) => line.trim() !== "") }),
    ),
  );
}

/** `newsdesk start` on a free port, once it answers /healthz; `log()` is what it has printed. */
async function runningServer(env: NodeJS.ProcessEnv = {}) {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  const port = (holder.address() as AddressInfo).port;
  await new Promise((resolve) => holder.close(resolve));
  const server = startNewsdesk(["start"], { PORT: String(port), ...env });
  let output = "";
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const answers = () =>
    fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
  const deadline = Date.now() + 90_000;
  while (!(await answers())) {
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { server, log: () => output };
}

/** One line, no stack trace, a non-zero exit. */
function expectOneClearLine(result: Awaited<ReturnType<typeof newsdesk>>, says: RegExp) {
  const output = result.stdout + result.stderr;
  expect(output, output).not.toMatch(/^\s+at /m);
  expect(result.lines, result.stderr).toHaveLength(1);
  expect(result.lines[0]).toMatch(says);
  expect(result.code).not.toBe(0);
  expect(result.code).not.toBeNull();
}

beforeAll(async () => {
  const built = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { encoding: "utf8" });
  expect(built.status, built.stdout + built.stderr).toBe(0);
  dataDir = await mkdtemp(path.join(os.tmpdir(), "newsdesk-cli-"));
  // The first run creates the data folder and its first admin.
  const first = await newsdesk(["user:create", "--email", "ama@example.com", "--password", "AmaPass123"]);
  expect(first.code, first.stdout + first.stderr).toBe(0);
}, 600_000);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("user:create", () => {
  test("an e-mail address that has an account: one line that says how to reset its password instead", async () => {
    const result = await newsdesk(["user:create", "--email", ADMIN.email, "--password", "Another123"]);
    expectOneClearLine(result, /already.*--reset/i);
  }, 60_000);

  test("a password the back office would refuse (abc) is refused with the back office's rule", async () => {
    const result = await newsdesk(["user:create", "--email", "w@example.com", "--password", "abc"]);
    expectOneClearLine(result, /at least 6 characters with at least one letter and one number/);
  }, 60_000);

  test("--reset sets a new password for an existing account, under the same rule, and ends its sessions and e-mailed links", async () => {
    const weak = await newsdesk(["user:create", "--email", ADMIN.email, "--password", "abc", "--reset"]);
    expectOneClearLine(weak, /at least 6 characters/);
    const unknown = await newsdesk([
      "user:create",
      ...["--email", "nobody@example.com", "--password", "Nobody123", "--reset"],
    ]);
    expectOneClearLine(unknown, /no account/i);
    // The account is signed in somewhere and has a reset link in its mailbox.
    let database = await openDatabase({ dataDir });
    const [account] = await database.db.select().from(users).where(eq(users.email, ADMIN.email));
    await createSession(database.db, account!.id);
    const link = await issueAccountLink(database.db, account!.id, "reset");
    await database.close();

    const reset = await newsdesk([
      "user:create",
      "--email",
      ADMIN.email,
      "--password",
      "NewPass123",
      "--reset",
    ]);
    expect(reset.code, reset.stdout + reset.stderr).toBe(0);
    expect(reset.stdout).toContain(`New password set for ${ADMIN.email}`);

    database = await openDatabase({ dataDir });
    try {
      expect(await listActiveSessions(database.db, account!.id)).toEqual([]);
      expect(await findAccountLink(database.db, link)).toBeNull();
      const [after] = await database.db.select().from(users).where(eq(users.email, ADMIN.email));
      expect(await verifyPassword("NewPass123", after!.passwordHash)).toBe(true);
      expect({ role: after!.role, status: after!.status, name: after!.name }).toEqual({
        role: account!.role,
        status: account!.status,
        name: account!.name,
      });
    } finally {
      await database.close();
    }
  }, 120_000);
});

test("import of a file that does not exist: one line naming the file", async () => {
  const result = await newsdesk(["import", "no-such-export.json"]);
  expectOneClearLine(result, /no-such-export\.json/);
}, 60_000);

test("import of a file that is not an export ([1,2,3]): one line saying so, not 'Imported 0 articles'", async () => {
  const file = path.join(dataDir, "numbers.json");
  await writeFile(file, "[1,2,3]");
  const result = await newsdesk(["import", file]);
  expectOneClearLine(result, new RegExp(`${file} is not an export of the old site: it holds a list`));
  expect(result.stdout).not.toMatch(/Imported/);
}, 60_000);

describe("an invalid setting in the environment", () => {
  test("PORT=abc", async () => {
    expectOneClearLine(await newsdesk(["start"], { PORT: "abc" }), /PORT/);
  }, 60_000);

  test("a DATABASE_URL that is not a PostgreSQL address", async () => {
    expectOneClearLine(
      await newsdesk(["user:create", "--email", "xavier@example.com", "--password", "Xavier123"], {
        DATABASE_URL: "not a url",
      }),
      /DATABASE_URL/,
    );
  }, 60_000);
});

describe("a port already in use", () => {
  const holders: Server[] = [];
  let port: number;
  /** Listens on `at` (0: any free port); the port, or null when it is taken. */
  const hold = (at: number) =>
    new Promise<number | null>((resolve) => {
      const holder = createServer();
      holder.once("error", () => resolve(null));
      holder.listen(at, "127.0.0.1", () => {
        holders.push(holder);
        resolve((holder.address() as AddressInfo).port);
      });
    });
  beforeAll(async () => {
    // The port and the next one both taken, as with a second instance of ours already running.
    for (;;) {
      port = (await hold(0)) ?? 0;
      if ((await hold(port + 1)) !== null) break;
    }
  });
  afterAll(async () => {
    for (const holder of holders) await new Promise((resolve) => holder.close(resolve));
  });

  test("npm start says which port and suggests one that is free", async () => {
    const result = await newsdesk(["start"], { PORT: String(port) });
    expectOneClearLine(result, new RegExp(`${port}.*PORT=`));
    const suggested = Number(/PORT=(\d+)/.exec(result.stderr + result.stdout)?.[1]);
    expect(suggested).toBeGreaterThan(port + 1);
    expect(await hold(suggested)).toBe(suggested);
  }, 90_000);
});

describe("beside a server running on the same embedded data folder", () => {
  const exportFile = () => path.join(dataDir, "export.json");
  const story = { _id: { $oid: "65f0c0ffee" }, title: "Imported beside the server", content: "<p>Kept.</p>" };
  let server: ChildProcess;

  beforeAll(async () => {
    await writeFile(exportFile(), JSON.stringify({ articles: [story] }));
    ({ server } = await runningServer());
  }, 120_000);

  afterAll(() => {
    server?.kill("SIGKILL");
  });

  test("user:create and import are refused at once, saying what holds the folder, and nothing they would have written is lost after", async () => {
    const create = ["user:create", "--email", "kofi@example.com", "--password", "KofiPass123"];
    const refusedCreate = await newsdesk(create);
    expectOneClearLine(refusedCreate, /data folder .* is in use by process \d+ \(.*start.*\): stop it first/);
    expect(refusedCreate.stdout).not.toMatch(/Created/);
    const refusedImport = await newsdesk(["import", exportFile()]);
    expectOneClearLine(refusedImport, /is in use by process \d+/);
    expect(refusedImport.stdout).not.toMatch(/Imported/);

    // Stopped, the server lets go; the same commands now succeed, and what they report is there after.
    const stopped = new Promise((resolve) => server.once("close", resolve));
    server.kill("SIGTERM");
    await stopped;
    const created = await newsdesk(create);
    expect(created.code, created.stdout + created.stderr).toBe(0);
    const imported = await newsdesk(["import", exportFile()]);
    expect(imported.code, imported.stdout + imported.stderr).toBe(0);
    const database = await openDatabase({ dataDir });
    try {
      expect(await database.db.select().from(users).where(eq(users.email, "kofi@example.com"))).toHaveLength(
        1,
      );
      const titles = (await database.db.select({ title: articles.title }).from(articles)).map(
        (row) => row.title,
      );
      expect(titles).toContain(story.title);
    } finally {
      await database.close();
    }
  }, 180_000);
});

describe("backup and restore beside a server running on an embedded data folder", () => {
  let siteDir: string;
  let movedDir: string;
  let backupDir: string;
  let server: ChildProcess;
  let log: () => string;

  beforeAll(async () => {
    siteDir = await mkdtemp(path.join(os.tmpdir(), "newsdesk-cli-site-"));
    movedDir = await mkdtemp(path.join(os.tmpdir(), "newsdesk-cli-moved-"));
    backupDir = path.join(await mkdtemp(path.join(os.tmpdir(), "newsdesk-cli-backups-")), "first");
    ({ server, log } = await runningServer({ DATA_DIR: siteDir }));
  }, 120_000);

  afterAll(async () => {
    server?.kill("SIGKILL");
    for (const dir of [siteDir, movedDir, path.dirname(backupDir)])
      await rm(dir, { recursive: true, force: true });
  });

  test("npm run backup asks the running server for the snapshot; restore is refused beside it and loads it into another folder", async () => {
    const backup = await newsdesk(["backup", backupDir], { DATA_DIR: siteDir });
    expect(backup.code, backup.stdout + backup.stderr + log()).toBe(0);
    expect(backup.stdout).toMatch(/\[backup\] articles: \d+ rows/);
    expect(backup.stdout).toMatch(new RegExp(`Backup written to ${backupDir}: \\d+ tables, [\\d,]+ rows`));

    const beside = await newsdesk(["restore", backupDir], { DATA_DIR: siteDir });
    expectOneClearLine(beside, /server is running on the data folder .*: stop it first/);

    const restored = await newsdesk(["restore", backupDir], { DATA_DIR: movedDir });
    expect(restored.code, restored.stdout + restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/Restored .*: \d+ tables/);
    const again = await newsdesk(["restore", backupDir], { DATA_DIR: movedDir });
    expectOneClearLine(again, /The target is not empty .*--force/);

    const stopped = new Promise((resolve) => server.once("close", resolve));
    server.kill("SIGTERM");
    await stopped;
    expect(existsSync(path.join(siteDir, "newsdesk.sock"))).toBe(false);
    const rowsOf = async (dir: string) => {
      const database = await openDatabase({ dataDir: dir });
      try {
        return {
          users: (await database.db.select().from(users)).map((u) => [u.id, u.email, u.passwordHash]).sort(),
          articles: (await database.db.select().from(articles)).map((a) => [a.id, a.title, a.content]).sort(),
        };
      } finally {
        await database.close();
      }
    };
    const original = await rowsOf(siteDir);
    expect(original.articles.length).toBeGreaterThan(0);
    expect(await rowsOf(movedDir)).toEqual(original);
  }, 240_000);
});
