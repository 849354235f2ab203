// Keeps the server running: `npm start` runs the server as a child process and starts it again when
// it dies (a crash, running out of its heap, kill -9), with a growing pause so that a server that
// dies at once does not spin. Asked to stop (SIGTERM, SIGINT, SIGHUP), it passes the signal on, lets
// the server shut down gracefully and restarts nothing.
import { spawn } from "node:child_process";

/** Pauses before a restart: 1 s, then doubling up to 30 s while the server keeps dying young. */
export const FIRST_PAUSE_MS = 1000;
export const LONGEST_PAUSE_MS = 30_000;
/** A server that ran this long was healthy: the next restart pauses FIRST_PAUSE_MS again. */
export const HEALTHY_RUN_MS = 60_000;

const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];

/** The pause before restart number `attempt` (0 for the first after a healthy run). */
export const pauseBefore = (attempt) => Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** attempt);

/** How a process ended, as the log says it. */
const howItEnded = (code, signal) => (signal ? `signal ${signal}` : `code ${code}`);

/**
 * Runs `node [nodeArgs] script [args]` and keeps it running. The server tells us it is listening
 * (`{ newsdesk: "listening" }` over the IPC channel); one that ends before it ever listened, on the
 * first start, has a problem a restart will not mend (a port in use, a bad setting): we end with it.
 */
export function supervise({ nodeArgs, script, args, env = process.env, log = console }) {
  let child;
  let isStopping = false;
  let hasListened = false;
  let hasExplained = false;
  let attempt = 0;
  let restartTimer;

  function start() {
    const startedAt = Date.now();
    child = spawn(process.execPath, [...nodeArgs, script, ...args], {
      env,
      stdio: ["inherit", "inherit", "inherit", "ipc"],
    });
    // A failed spawn on a restart (EAGAIN, ENOMEM) emits 'error' without 'exit': try again later.
    child.on("error", (error) => {
      log.error(`[newsdesk] could not start the server process (${error.message}); retrying`);
      child = undefined;
      if (!isStopping) restartTimer = setTimeout(start, pauseBefore(attempt++));
    });
    child.on("message", (message) => {
      if (message?.newsdesk === "listening") hasListened = true;
      // It printed why it stops (a port in use, a bad setting): nothing to add, nothing to restart.
      if (message?.newsdesk === "explained") hasExplained = true;
    });
    // 'exit', not 'close' or a timer: the embedded database's folder is free only once the old
    // process is gone, and the new one opens it.
    const ended = child;
    child.on("exit", (code, signal) => {
      child = undefined;
      if (isStopping) process.exit(code ?? 0);
      // Ended by itself with success: someone stopped the server gracefully (a SIGTERM to its own
      // pid from an operator or an orchestrator), not a crash. A crash or kill -9 ends otherwise.
      if (code === 0 && !signal) {
        log.error("[newsdesk] The server process stopped (code 0); not restarting.");
        process.exit(0);
      }
      if (!hasListened) {
        // Its last message may still be on the way: decide once its channel has closed.
        ended.once("close", () => {
          if (!hasExplained)
            log.error(
              `[newsdesk] The server process exited with ${howItEnded(code, signal)} before it started.`,
            );
          process.exit(code || 1);
        });
        return;
      }
      if (Date.now() - startedAt >= HEALTHY_RUN_MS) attempt = 0;
      const pause = pauseBefore(attempt);
      attempt += 1;
      log.error(
        `[newsdesk] server process exited with ${howItEnded(code, signal)}; restarting in ${pause / 1000} s`,
      );
      restartTimer = setTimeout(start, pause);
    });
  }

  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      isStopping = true;
      clearTimeout(restartTimer);
      if (child) child.kill(signal);
      else process.exit(0);
    });
  }
  start();
}
