/**
 * Reading what the server logged (app/lib/log.server.ts: one JSON line per event). In a test, the
 * process's own events are caught with `captureLogEvents` (under Vitest they go nowhere otherwise); a
 * server started as a child process prints them, and `logEvents`/`logMessages` read its output.
 */
import { sendLogLinesTo } from "#app/lib/log.server";

/** One event as a line says it: the fields every line has, and what the event added. */
export interface LogEvent {
  level: "fatal" | "error" | "warn" | "info" | "debug" | "trace";
  time: string;
  pid: number;
  component?: string;
  msg: string;
  err?: { type: string; message: string; stack: string; [field: string]: unknown };
  [field: string]: unknown;
}

const parsedLine = (line: string): LogEvent | null => {
  if (!line.startsWith("{")) return null;
  try {
    const event = JSON.parse(line) as unknown;
    return event && typeof event === "object" && "msg" in event ? (event as LogEvent) : null;
  } catch {
    return null;
  }
};

/** The log events in a process's output; other lines (a build's, the supervisor's) are left out. */
export function logEvents(output: string): LogEvent[] {
  return output
    .split("\n")
    .map(parsedLine)
    .filter((event) => event !== null);
}

/**
 * A process's output as it reads: each event's `msg`, and the lines that are not events (the
 * supervisor's, the first admin's sign-in) as they are.
 */
export function logMessages(output: string): string[] {
  return output
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => parsedLine(line)?.msg ?? line);
}

/**
 * Catches this process's log events until `stop()`; `events` fills as they are logged. Modules loaded
 * through Vite (`startVite`) have a logger of their own: pass Vite's copy of app/lib/log.server.ts.
 */
export function captureLogEvents(logModule: { sendLogLinesTo: typeof sendLogLinesTo } = { sendLogLinesTo }): {
  events: LogEvent[];
  stop: () => void;
} {
  const events: LogEvent[] = [];
  const stop = logModule.sendLogLinesTo({
    write: (line: string) => void events.push(JSON.parse(line) as LogEvent),
  });
  return { events, stop };
}
