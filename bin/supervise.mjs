// Keeps the server running: `npm start` runs the server as a child process and starts it again when
// it dies (a crash, running out of its heap, kill -9), with a growing pause so that a server that
// dies at once does not spin. Asked to stop (SIGTERM, SIGINT), it passes the signal on, lets the
// server shut down gracefully and restarts nothing. SIGHUP is a reload: passed on too, the server
// replaces its workers one by one (server/workers-primary.ts), or, as one process, stops gracefully
// after saying so ({ newsdesk: "reloading" }) and is started again at once, on the build now on disk.
import { spawn } from "node:child_process";
import { HEALTHY_RUN_MS, pauseBefore } from "./restart-pause.mjs";

export { FIRST_PAUSE_MS, HEALTHY_RUN_MS, LONGEST_PAUSE_MS, pauseBefore } from "./restart-pause.mjs";

const STOP_SIGNALS = ["SIGINT", "SIGTERM"];

/** How a process ended, as the log says it. */
const howItEnded = (code, signal) => (signal ? `signal ${signal}` : `code ${code}`);

/**
 * Runs `node [nodeArgs] script [args]` and keeps it running. The server tells us it is listening
 * (`{ newsdesk: "listening" }` over the IPC channel); one that ends before it ever listened, on the
 * first start, has a problem a restart will not mend (a port in use, a bad setting): we end with it.
 */
export function supervise({ nodeArgs, script, args, env = process.env, log = console }) {
  /** The supervisor's state: the running child, if any, and what its starts so far have told. */
  const run = {
    command: [...nodeArgs, script, ...args],
    env,
    log,
    child: undefined,
    isStopping: false,
    hasListened: false,
    attempt: 0,
    restartTimer: undefined,
  };
  passSignalsOn(run);
  start(run);
}

/** Starts the server process and watches what it says and how it ends. */
function start(run) {
  const startedAt = Date.now();
  /** What this process said over its IPC channel. */
  const said = { hasExplained: false, isReloading: false };
  run.restartTimer = undefined;
  const child = spawn(process.execPath, run.command, {
    env: run.env,
    stdio: ["inherit", "inherit", "inherit", "ipc"],
  });
  run.child = child;
  // A failed spawn on a restart (EAGAIN, ENOMEM) emits 'error' without 'exit': try again later.
  child.on("error", (error) => {
    run.log.error(`[newsdesk] could not start the server process (${error.message}); retrying`);
    run.child = undefined;
    if (!run.isStopping) run.restartTimer = setTimeout(() => start(run), pauseBefore(run.attempt++));
  });
  child.on("message", (message) => {
    if (message?.newsdesk === "listening") run.hasListened = true;
    // It printed why it stops (a port in use, a bad setting): nothing to add, nothing to restart.
    if (message?.newsdesk === "explained") said.hasExplained = true;
    // SIGHUP as one process: it stops gracefully and is to be started again at once.
    if (message?.newsdesk === "reloading") said.isReloading = true;
  });
  // 'exit', not 'close' or a timer: the embedded database's folder is free only once the old
  // process is gone, and the new one opens it. Its last messages may still be on the way then:
  // what they say is decided on once its channel has closed.
  child.on("exit", (code, signal) => afterExit(run, { child, startedAt, said }, code, signal));
}

/** A stop asked for, a graceful end, a failure to start, or a crash to restart after a pause. */
function afterExit(run, { child: ended, startedAt, said }, code, signal) {
  run.child = undefined;
  if (run.isStopping) process.exit(code ?? 0);
  if (code === 0 && !signal) {
    ended.once("close", () => {
      if (run.isStopping) return;
      if (said.isReloading) {
        run.log.error("[newsdesk] The server process stopped for the reload; starting it again.");
        run.attempt = 0;
        start(run);
        return;
      }
      // Ended by itself with success: someone stopped the server gracefully (a SIGTERM to its own
      // pid from an operator or an orchestrator), not a crash. A crash or kill -9 ends otherwise.
      run.log.error("[newsdesk] The server process stopped (code 0); not restarting.");
      process.exit(0);
    });
    return;
  }
  if (!run.hasListened) {
    ended.once("close", () => {
      if (!said.hasExplained)
        run.log.error(
          `[newsdesk] The server process exited with ${howItEnded(code, signal)} before it started.`,
        );
      process.exit(code || 1);
    });
    return;
  }
  if (Date.now() - startedAt >= HEALTHY_RUN_MS) run.attempt = 0;
  const pause = pauseBefore(run.attempt);
  run.attempt += 1;
  run.log.error(
    `[newsdesk] server process exited with ${howItEnded(code, signal)}; restarting in ${pause / 1000} s`,
  );
  run.restartTimer = setTimeout(() => start(run), pause);
}

/** A stop is passed on and nothing restarted; a reload is passed on, or starts a waiting server now. */
function passSignalsOn(run) {
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      run.isStopping = true;
      clearTimeout(run.restartTimer);
      if (run.child) run.child.kill(signal);
      else process.exit(0);
    });
  }
  process.on("SIGHUP", () => {
    if (run.isStopping) return;
    if (run.child) {
      run.child.kill("SIGHUP");
      return;
    }
    // Waiting out a pause after a crash: a reload (a fixed build, perhaps) starts it now.
    if (run.restartTimer) {
      clearTimeout(run.restartTimer);
      run.attempt = 0;
      start(run);
    }
  });
}
