/**
 * The logger (app/lib/log.server.ts): the level `LOG_LEVEL` names, the fields every line carries, a
 * failure's error with its stack, the house's "[area] what failed" labels as fields, and where the lines
 * go (stdout, nowhere under Vitest unless asked).
 */
import { spawnSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { captureLogEvents, logEvents, type LogEvent } from "#test-support/logs";
import { createLogger, logFailure, logFor, logLevelOf } from "./log.server";

/** A logger at `level` whose lines are kept, parsed. */
function collected(level: Parameters<typeof createLogger>[0]) {
  const events: LogEvent[] = [];
  const logger = createLogger(level, {
    write: (line: string) => void events.push(JSON.parse(line) as LogEvent),
  });
  return { logger, events };
}

describe("the logger", () => {
  test("LOG_LEVEL names the level; unset or unknown, it is info", () => {
    expect(logLevelOf({ LOG_LEVEL: "debug" })).toBe("debug");
    expect(logLevelOf({ LOG_LEVEL: " warn " })).toBe("warn");
    expect(logLevelOf({})).toBe("info");
    expect(logLevelOf({ LOG_LEVEL: "verbose" })).toBe("info");
  });

  test("writes the events at its level and above, and nothing below", () => {
    const { logger, events } = collected("warn");
    logger.debug("a detail");
    logger.info("an event");
    logger.warn("a warning");
    logger.error("a failure");
    expect(events.map((event) => [event.level, event.msg])).toEqual([
      ["warn", "a warning"],
      ["error", "a failure"],
    ]);
  });

  test("every line carries the level, an ISO time, the pid and its component", () => {
    const { logger, events } = collected("info");
    logger.child({ component: "scheduler" }).info({ count: 2 }, "Published 2 scheduled article(s).");
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({
      level: "info",
      pid: process.pid,
      component: "scheduler",
      count: 2,
      msg: "Published 2 scheduled article(s).",
    });
    expect(new Date(event!.time).toISOString()).toBe(event!.time);
    expect(event).not.toHaveProperty("hostname");
  });

  test("an error passed as err keeps its type, message and stack, and its cause", () => {
    const { logger, events } = collected("info");
    const cause = new TypeError("socket closed");
    logger.error({ err: new Error("sending failed", { cause }) }, "the newsletter could not be sent");
    const { err } = events[0]!;
    expect(err).toMatchObject({ type: "Error", message: "sending failed: socket closed" });
    expect(err!.stack).toMatch(/^Error: sending failed\n\s+at /);
    expect(err!.stack).toContain("caused by: TypeError: socket closed");
  });

  test('a failure under the house\'s label "[area] what failed" is one event of that component', () => {
    const capture = captureLogEvents();
    try {
      logFailure("[newsletter] counting a click failed", new Error("database gone"), { issueId: "i1" });
      logFailure("no area here", "a plain string");
      logFor("page-cache").info("a report");
    } finally {
      capture.stop();
    }
    expect(capture.events).toMatchObject([
      {
        level: "error",
        component: "newsletter",
        msg: "counting a click failed",
        issueId: "i1",
        err: { message: "database gone" },
      },
      { level: "error", component: "server", msg: "no area here", err: "a plain string" },
      { level: "info", component: "page-cache", msg: "a report" },
    ]);
  });

  test("the process's lines go to stdout, the last before an exit too; under test only when LOG_LEVEL asks", () => {
    const script = [
      `const { logFor } = await import(${JSON.stringify(new URL("./log.server.ts", import.meta.url).href)});`,
      'logFor("server").info("Stopped.");',
      "process.exit(3);",
    ].join("\n");
    const run = (env: NodeJS.ProcessEnv) =>
      spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
        env: { PATH: process.env.PATH, ...env },
        encoding: "utf8",
      });

    const production = run({ NODE_ENV: "production" });
    expect(production.status, production.stderr).toBe(3);
    expect(logEvents(production.stdout)).toMatchObject([
      { level: "info", component: "server", msg: "Stopped." },
    ]);
    expect(run({ NODE_ENV: "production", LOG_LEVEL: "warn" }).stdout).toBe("");
    expect(run({ NODE_ENV: "test" }).stdout).toBe("");
    expect(logEvents(run({ NODE_ENV: "test", LOG_LEVEL: "info" }).stdout)).toHaveLength(1);
  });
});
