/**
 * The settings file of the operations guide (deploy/newsdesk.env.example), read the two ways the guide
 * reads it: by systemd (EnvironmentFile= in deploy/newsdesk@.service) for the server, and by
 * bin/newsdesk.mjs (--env-file, in deploy/newsdesk.crontab) for the nightly backup. No systemd runs here,
 * so its reading is implemented below from systemd.exec(5), "EnvironmentFile=", and the state machine of
 * its parser (src/basic/env-file.c): both readings must give the same settings. Then the guide's crontab
 * line, run by sh as cron runs it, backs up the site a server started with systemd's reading serves.
 * Last, the server bundle those two run (built here when stale, as bin/newsdesk.mjs builds it for the
 * other tests that start the server) is checked for test support (tests/support/server-bundle.ts).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readEnvFile, takeEnvFileOption } from "../bin/env-file.mjs";
import { config } from "#app/config.server";
import { createEmptyPostgresDatabase } from "#test-support/test-database";
import { startTestBucket, type TestBucket } from "#test-support/s3-test-bucket";
import {
  bundleReach,
  isRuntimePackage,
  productionSourceText,
  testSupportDeclared,
  testSupportNames,
} from "#test-support/server-bundle";

const EXAMPLE = path.resolve("deploy/newsdesk.env.example");
const UNIT = path.resolve("deploy/newsdesk@.service");
const CRONTAB = path.resolve("deploy/newsdesk.crontab");

/**
 * systemd's reading of an EnvironmentFile= (systemd.exec(5)): lines starting with # or ; are comments;
 * leading and trailing whitespace of an unquoted value is dropped, inner whitespace and quotes after its
 * first character kept; a backslash keeps the next character, and before a newline continues the line;
 * '…' is verbatim; "…" takes \" \\ \` \$ as escapes and keeps any other backslash; both may span lines.
 * A name that is not a valid variable name is ignored; a later assignment replaces an earlier one.
 */
function systemdEnvironmentFile(text: string): Record<string, string> {
  type State =
    | "preKey"
    | "key"
    | "preValue"
    | "value"
    | "valueEscape"
    | "single"
    | "double"
    | "doubleEscape"
    | "comment"
    | "commentEscape";
  const settings: Record<string, string> = {};
  let state: State = "preKey";
  let key = "";
  let value = "";
  // Where trailing whitespace of an unquoted value begins, or -1 (escaped whitespace is kept).
  let trailing = -1;
  const push = () => {
    const name = key.trimEnd();
    if (trailing >= 0) value = value.slice(0, trailing);
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) settings[name] = value;
    key = "";
    value = "";
    trailing = -1;
  };
  for (const c of text) {
    const isNewline = c === "\n" || c === "\r";
    const isSpace = c === " " || c === "\t" || isNewline;
    switch (state) {
      case "preKey":
        if (c === "#" || c === ";") state = "comment";
        else if (!isSpace) {
          state = "key";
          key = c;
        }
        break;
      case "key":
        if (isNewline) {
          state = "preKey";
          key = "";
        } else if (c === "=") {
          state = "preValue";
          trailing = -1;
        } else key += c;
        break;
      case "preValue":
        if (isNewline) {
          state = "preKey";
          push();
        } else if (c === "'") state = "single";
        else if (c === '"') state = "double";
        else if (c === "\\") state = "valueEscape";
        else if (!isSpace) {
          state = "value";
          value += c;
        }
        break;
      case "value":
        if (isNewline) {
          state = "preKey";
          push();
        } else if (c === "\\") {
          state = "valueEscape";
          trailing = -1;
        } else {
          if (!isSpace) trailing = -1;
          else if (trailing < 0) trailing = value.length;
          value += c;
        }
        break;
      case "valueEscape":
        state = "value";
        if (!isNewline) value += c;
        break;
      case "single":
        if (c === "'") state = "preValue";
        else value += c;
        break;
      case "double":
        if (c === '"') state = "preValue";
        else if (c === "\\") state = "doubleEscape";
        else value += c;
        break;
      case "doubleEscape":
        state = "double";
        if ('"\\`$'.includes(c)) value += c;
        else if (c !== "\n") value += `\\${c}`;
        break;
      case "comment":
        if (c === "\\") state = "commentEscape";
        else if (isNewline) state = "preKey";
        break;
      case "commentEscape":
        state = isNewline ? "preKey" : "comment";
        break;
    }
  }
  if (["preValue", "value", "valueEscape", "single", "double", "doubleEscape"].includes(state)) push();
  return settings;
}

const parsedBy = async (text: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "newsdesk-env-"));
  try {
    await writeFile(path.join(dir, "settings.env"), text);
    return { systemd: systemdEnvironmentFile(text), newsdesk: readEnvFile(path.join(dir, "settings.env")) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

describe("the example settings file", () => {
  test("systemd's reading of it (EnvironmentFile=) and the commands' (--env-file) give the same settings", async () => {
    const text = await readFile(EXAMPLE, "utf8");
    const { systemd, newsdesk } = await parsedBy(text);
    expect(newsdesk).toEqual(systemd);
    expect(systemd.SMTP_FROM).toBe("Newsdesk <newsroom@news.example.com>");
    expect(Object.keys(systemd)).toEqual([
      "NODE_ENV",
      "PUBLIC_URL",
      "TRUST_PROXY",
      "DATABASE_URL",
      "S3_BUCKET",
      "S3_ENDPOINT",
      "S3_REGION",
      "S3_FORCE_PATH_STYLE",
      "AWS_ACCESS_KEY_ID",
      "AWS_SECRET_ACCESS_KEY",
      "SMTP_URL",
      "SMTP_FROM",
      "ADMIN_EMAIL",
    ]);
  });

  test("sourced in sh, as the old crontab line did, it is a syntax error: hence --env-file", async () => {
    const sourced = spawnSync("sh", ["-c", `set -a && . "${EXAMPLE}" && echo "$SMTP_FROM"`], {
      encoding: "utf8",
    });
    expect(sourced.status).not.toBe(0);
    expect(sourced.stdout).not.toContain("newsroom@");
  });

  test("what its header forbids is what the two readings disagree on", async () => {
    for (const line of [
      "SMTP_URL=smtps://newsdesk:se#cret@mail.example.com:465",
      "SMTP_FROM=Newsdesk <newsroom@news.example.com> # the sender",
      "DATA_DIR=/var/lib/news\\\\desk",
      'SMTP_FROM="Newsdesk\\n"',
      "export PORT=3001",
    ]) {
      const { systemd, newsdesk } = await parsedBy(`${line}\n`);
      expect(newsdesk, line).not.toEqual(systemd);
    }
  });

  test("this file's systemd reading follows systemd.exec(5)", () => {
    expect(
      systemdEnvironmentFile(
        [
          "# a comment",
          "; another",
          "PLAIN=  Newsdesk <newsroom@x.co>  ",
          "CONTINUED=one\\",
          "two",
          "SINGLE='a \\ b",
          "c'",
          'DOUBLE="say \\"hi\\" \\$HOME \\n"',
          "ESCAPED=a\\\\b",
          'INNER=it\'s "quoted"',
          "no equals sign",
          "1BAD=x",
          "EMPTY=",
          "PLAIN=again",
        ].join("\n"),
      ),
    ).toEqual({
      PLAIN: "again",
      CONTINUED: "onetwo",
      SINGLE: "a \\ b\nc",
      DOUBLE: 'say "hi" $HOME \\n',
      ESCAPED: "a\\b",
      INNER: 'it\'s "quoted"',
      EMPTY: "",
    });
  });

  test("--env-file is taken out of the arguments wherever it is, and a missing file is one line", () => {
    expect(takeEnvFileOption(["backup", "--env-file", "/etc/newsdesk.env", "/backups/x"])).toEqual({
      file: "/etc/newsdesk.env",
      rest: ["backup", "/backups/x"],
    });
    expect(takeEnvFileOption(["--env-file=/etc/n.env", "restore", "--force", "dir"])).toEqual({
      file: "/etc/n.env",
      rest: ["restore", "--force", "dir"],
    });
    expect(() => takeEnvFileOption(["backup", "--env-file"])).toThrow(/needs the path of a settings file/);
    expect(() => readEnvFile("/nonexistent/newsdesk.env")).toThrow(
      "There is no settings file /nonexistent/newsdesk.env: give the path of the file the server's EnvironmentFile= names.",
    );
  });
});

/** The unit's Environment= assignments for an instance (%i), as systemd expands them. */
async function unitEnvironment(instance: string): Promise<Record<string, string>> {
  const unit = await readFile(UNIT, "utf8");
  const settings: Record<string, string> = {};
  for (const line of unit.split("\n").filter((l) => l.startsWith("Environment=")))
    for (const assignment of line.slice("Environment=".length).replaceAll("%i", instance).split(/\s+/)) {
      const at = assignment.indexOf("=");
      if (at > 0) settings[assignment.slice(0, at)] = assignment.slice(at + 1);
    }
  return settings;
}

/** The example file with one setting's line replaced (or removed: null), its form kept. */
function withSetting(text: string, name: string, value: string | null) {
  const line = new RegExp(`^#? ?${name}=.*$`, "m");
  expect(text, name).toMatch(line);
  return text.replace(line, value === null ? "" : `${name}=${value}`);
}

const ENGINES = config().testDatabaseUrl ? (["embedded", "postgres"] as const) : (["embedded"] as const);

describe.each(ENGINES)("the guide's nightly backup, on the %s database", (engine) => {
  let work: string;
  let bucket: TestBucket;
  let server: ChildProcess | undefined;
  let serverLog = "";
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const built = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { encoding: "utf8" });
    expect(built.status, built.stdout + built.stderr).toBe(0);
    work = await mkdtemp(path.join(os.tmpdir(), "newsdesk-deploy-"));
    bucket = await startTestBucket();
  }, 600_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const stopped = new Promise((resolve) => server!.once("close", resolve));
      server.kill("SIGTERM");
      await stopped;
    }
    await bucket?.stop();
    await dropDatabase?.();
    if (work) await rm(work, { recursive: true, force: true });
  });

  test("the example settings file, read by systemd for the server and by cron's command line, makes a backup that succeeds", async () => {
    // The example, filled in for this machine as an operator would: its own database and bucket.
    let text = await readFile(EXAMPLE, "utf8");
    if (engine === "postgres") {
      const empty = await createEmptyPostgresDatabase("newsdesk_deploy");
      dropDatabase = empty.drop;
      text = withSetting(text, "DATABASE_URL", empty.url);
    } else {
      text = withSetting(text, "DATABASE_URL", null);
      // As the file's own comment says for the embedded database.
      text = withSetting(text, "DATA_DIR", path.join(work, "data"));
    }
    for (const [name, value] of Object.entries(bucket.env)) text = withSetting(text, name, value);
    const envFile = path.join(work, "newsdesk.env");
    await writeFile(envFile, text, { mode: 0o600 });
    const systemd = systemdEnvironmentFile(text);
    expect(systemd.SMTP_FROM).toBe("Newsdesk <newsroom@news.example.com>");

    // systemd starts the server: the unit's Environment=, then the file's settings over them.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as AddressInfo).port;
    await new Promise((resolve) => holder.close(resolve));
    const serviceEnv = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      ...(await unitEnvironment(String(port))),
      ...systemd,
      // Chosen by the test: the unit's default folder is not ours to write.
      ...(engine === "postgres" ? { DATA_DIR: path.join(work, `instance-${port}`) } : {}),
    };
    server = spawn(process.execPath, ["bin/newsdesk.mjs", "start"], { env: serviceEnv, stdio: "pipe" });
    server.stdout!.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
    const deadline = Date.now() + 120_000;
    while (
      !(await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline || server.exitCode !== null)
        throw new Error(`the server did not start:\n${serverLog}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    // cron runs the crontab's command with sh, in its own bare environment; `\%` is cron's `%`.
    const crontab = await readFile(CRONTAB, "utf8");
    const entry = crontab.split("\n").find((line) => /^[0-9*]/.test(line));
    expect(entry).toBeDefined();
    const backups = path.join(work, "backups");
    const command = entry!
      .split(/\s+/)
      .slice(5)
      .join(" ")
      .replaceAll("\\%", "%")
      .replaceAll("/srv/newsdesk", process.cwd())
      .replaceAll("/usr/bin/node", process.execPath)
      .replaceAll("/etc/newsdesk.env", envFile)
      .replaceAll("/backups", backups);
    await import("node:fs/promises").then((fs) => fs.mkdir(backups));
    const cron = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn("sh", ["-c", command], {
        env: { PATH: "/usr/bin:/bin", HOME: work, SHELL: "/bin/sh", LOGNAME: "newsdesk" },
        stdio: "pipe",
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.once("close", (code) => resolve({ code, output }));
    });
    expect(cron.code, cron.output + serverLog).toBe(0);
    const [folder, ...others] = await readdir(backups);
    expect(others).toEqual([]);
    expect(folder).toMatch(/^newsdesk-\d{4}-\d{2}-\d{2}$/);
    expect(cron.output).toContain(`Backup written to ${path.join(backups, folder!)}:`);
    // The server's own site: the first admin the file names, in the backup of the database both read.
    const manifest = JSON.parse(await readFile(path.join(backups, folder!, "manifest.json"), "utf8")) as {
      sourceEngine: string;
    };
    expect(manifest.sourceEngine).toBe(engine === "postgres" ? "postgres" : "pglite");
    expect(await readFile(path.join(backups, folder!, "tables", "users.jsonl"), "utf8")).toContain(
      systemd.ADMIN_EMAIL,
    );
    if (engine === "embedded") {
      // Through the server's control socket: the data folder is the server's, held open by it.
      expect(existsSync(path.join(work, "data", "newsdesk.sock"))).toBe(true);
    }
  }, 300_000);
});

describe("the built server bundle the guide runs", () => {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

  beforeAll(() => {
    const built = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { encoding: "utf8" });
    expect(built.status, built.stdout + built.stderr).toBe(0);
  }, 600_000);

  test("reaches no test support: no package outside the dependencies, no helper of tests/support/", async () => {
    const bundle = path.join(buildDir, "server");
    const reach = bundleReach(bundle, "index.js");
    const { dependencies } = JSON.parse(await readFile("package.json", "utf8")) as {
      dependencies: Record<string, string>;
    };
    // Test-only packages (smtp-server, s3rver, mailauth, http_ece…) are devDependencies: none may load.
    expect([...reach.packages].filter((name) => !isRuntimePackage(name, dependencies))).toEqual([]);
    // What no walk can follow: only React Router's own lazy route loading, which the bundled routes
    // never use (each route module is in the bundle). Another one must be looked at, not waved through.
    expect(reach.computed).toEqual(["index.js: import(route.module)"]);
    const names = testSupportNames(path.resolve("tests/support"));
    expect(names.size).toBeGreaterThan(40);
    expect(testSupportDeclared(bundle, reach.files, names, productionSourceText(process.cwd()))).toEqual([]);
    // The walk did go through the bundle: React Router's server build and the routes are in it.
    expect(reach.files.length).toBeGreaterThan(1);
  });
});
