/**
 * The process's logger (pino): one JSON line per event on stdout, each with the same fields: `level`
 * ("info", "error", ...), `time` (ISO 8601), `pid`, `component` (what logs: "server", "jobs",
 * "scheduler", "newsletter", "page-cache", ...), `msg`, and for a failure `err`, the error with its type,
 * message and stack. docs/architecture.md ("Logging") says which component logs what.
 *
 * `LOG_LEVEL` (app/config.server.ts, default `info`) sets the least level written. The lines are
 * written synchronously: the last ones before `process.exit` (a forced stop, a refusal) are not lost,
 * and pino's worker-thread transports (pino-pretty) are not used, so production runs only the bundle.
 *
 * Under Vitest (`NODE_ENV=test`) the lines go nowhere unless `LOG_LEVEL` is set or a test listens for
 * them (`captureLogEvents` in tests/support/logs.ts): a test that provokes a failure on purpose should
 * not fill the run's output with its stack.
 */
import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger } from "pino";

/** The levels `LOG_LEVEL` may name, most severe first; `silent` writes nothing. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const isLogLevel = (value: string): value is LogLevel => (LOG_LEVELS as readonly string[]).includes(value);

/**
 * The level `LOG_LEVEL` names, or `info`. A misspelt level falls back here; the configuration
 * (app/config.server.ts) refuses it at start, with the other settings' problems.
 */
export function logLevelOf(env: NodeJS.ProcessEnv): LogLevel {
  const named = env.LOG_LEVEL?.trim();
  return named && isLogLevel(named) ? named : "info";
}

/** A logger writing to `destination` at `level`, with the fields every line carries. */
export function createLogger(level: LogLevel, destination: DestinationStream): Logger {
  return pino(
    {
      level,
      // The host name pino adds by default says nothing on one machine, on every line.
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

const isQuietTestRun = process.env.NODE_ENV === "test" && !process.env.LOG_LEVEL;
let target: DestinationStream | null = isQuietTestRun ? null : pino.destination({ dest: 1, sync: true });

/** The process's logger; use a component's own (`logFor`). */
export const logger = createLogger(logLevelOf(process.env), { write: (line: string) => target?.write(line) });

/**
 * Sends the process's log lines to `destination` instead (null: nowhere) and answers how to put the
 * previous one back. For tests that check what was logged, through tests/support/logs.ts.
 */
export function sendLogLinesTo(destination: DestinationStream | null): () => void {
  const previous = target;
  target = destination;
  return () => {
    target = previous;
  };
}

const components = new Map<string, Logger>();

/** The logger of one component: its lines carry `component`. One per name, made once. */
export function logFor(component: string): Logger {
  let child = components.get(component);
  if (!child) components.set(component, (child = logger.child({ component })));
  return child;
}

/**
 * Logs an unexpected failure under the house's label, "[area] what failed" (docs/style.md, "Errors"):
 * the area is the line's `component`, the rest its `msg`, the error its `err`, and `fields` what else
 * tells the case apart (an article's id, the action). A label without an area is the server's.
 */
export function logFailure(label: string, error: unknown, fields: Record<string, unknown> = {}): void {
  const [, area = "server", what = label] = /^\[([\w -]+)\]\s*(.*)$/s.exec(label) ?? [];
  logFor(area).error({ ...fields, err: error }, what);
}
