/**
 * The cluster's primary (decision record 015): it serves nothing itself. It keeps `workers` worker
 * processes running on the port, each the whole site, and:
 *
 * - replaces a worker that dies (a crash, its heap exhausted, kill -9) after the supervisor's pause
 *   (bin/restart-pause.mjs: 1 s, doubling to 30 s while the worker in that place keeps dying young);
 * - on SIGTERM or SIGINT stops every worker gracefully (their in-flight requests finish) and exits 0;
 * - on SIGHUP prepares the database again (a new build's migrations), then replaces the workers one at a
 *   time: a new one is started and listening before an old one is asked to stop, so no request fails
 *   and a new build is picked up;
 * - passes each worker's site changes to the others and confirms them (server/workers-changes.ts).
 *
 * A worker that ends before any worker ever listened has found a problem a restart will not mend: the
 * primary ends with it, as the supervisor does with a server that never started.
 */
import cluster, { type Worker } from "node:cluster";
import { HEALTHY_RUN_MS, pauseBefore } from "../bin/restart-pause.mjs";
import {
  isRelayedChange,
  isRelayReceipt,
  RELAY_MESSAGES,
  type RelayedChange,
  type RelayReceipt,
} from "./workers-changes";

/** Sent to one worker after a start or a reload: the background work that needs doing once (serve.ts). */
export const MAKE_IMAGE_COPIES = { newsdesk: "make-image-copies" } as const;

/** Workers still running this long after being asked to stop are killed (each gives itself 10 s). */
const STOP_DEADLINE_MS = 15_000;

interface Life {
  /** The place among `workers` it fills: a replacement takes the place, and its run of early deaths. */
  place: number;
  startedAt: number;
  hasListened: boolean;
  hasExplained: boolean;
  /** Asked to stop (a reload or the end): its exit is no loss. */
  isRetiring: boolean;
  /** Started by a reload and not yet listening: if it dies, the old worker it was to replace stays. */
  isOnTrial: boolean;
  /** Resolves true once it listens, false if it exits first. */
  listened: Promise<boolean>;
  settleListened: (hasListened: boolean) => void;
  exited: Promise<void>;
}

interface Place {
  attempt: number;
  restartTimer?: NodeJS.Timeout;
}

interface PrimaryOptions {
  workers: number;
  /** Migrations, seed, the first admin's line: at the start and before each reload. */
  prepare: () => Promise<void>;
  log?: Pick<Console, "log" | "error">;
}

/** One change on its way to the sibling workers: who sent it (and its number for it), who has yet to apply it. */
interface Relay {
  from: Worker;
  senderId: number;
  waitingFor: Set<Worker>;
}

export async function runPrimary({ workers, prepare, log = console }: PrimaryOptions): Promise<void> {
  const lives = new Map<Worker, Life>();
  const places: Place[] = Array.from({ length: workers }, () => ({ attempt: 0 }));
  const relays = new Map<number, Relay>();
  let lastRelayKey = 0;
  let hasAnyListened = false;
  let isStopping = false;
  let exitCode = 0;
  let isReloading = false;
  let isReloadAgain = false;

  const describeWorker = (worker: Worker) => `worker ${worker.id} (pid ${worker.process.pid})`;
  const serving = () => [...lives.entries()].filter(([, life]) => life.hasListened && !life.isRetiring);

  await prepare();

  function fork(place: number, { isOnTrial = false } = {}): Worker {
    const worker = cluster.fork();
    // A message to a worker whose channel has just closed fails with an 'error' that, unheard, would
    // end the primary; the worker's exit is handled below.
    worker.on("error", (error: Error) => log.error(`[newsdesk] ${describeWorker(worker)}: ${error.message}`));
    let settleListened: (hasListened: boolean) => void = () => {};
    const listened = new Promise<boolean>((resolve) => (settleListened = resolve));
    const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
    lives.set(worker, {
      place,
      startedAt: Date.now(),
      hasListened: false,
      hasExplained: false,
      isRetiring: false,
      isOnTrial,
      listened,
      settleListened,
      exited,
    });
    return worker;
  }

  function startPlace(place: number) {
    places[place]!.restartTimer = undefined;
    if (!isStopping) fork(place);
  }

  /** Asks a worker to stop gracefully and waits until it has. */
  async function retire(worker: Worker) {
    const life = lives.get(worker);
    if (!life) return;
    life.isRetiring = true;
    worker.process.kill("SIGTERM");
    await life.exited;
  }

  // ---- the relay of site changes (server/workers-changes.ts) ----

  /** Tells the sender once every worker it waits for has applied the change (or is gone). */
  function deliverIfDone(key: number) {
    const relay = relays.get(key);
    if (!relay || relay.waitingFor.size > 0) return;
    relays.delete(key);
    if (relay.from.isConnected())
      relay.from.send({ newsdesk: RELAY_MESSAGES.delivered, id: relay.senderId } satisfies RelayReceipt);
  }

  function relayChange(from: Worker, message: RelayedChange) {
    // The sender numbers its own changes; the others are sent the primary's number, one for all.
    const key = ++lastRelayKey;
    const relay: Relay = { from, senderId: message.id, waitingFor: new Set() };
    relays.set(key, relay);
    for (const [worker, life] of lives) {
      if (worker === from || !worker.isConnected()) continue;
      worker.send({ ...message, id: key } satisfies RelayedChange);
      // A worker still starting may not hear its channel yet; it has nothing cached to purge either.
      if (life.hasListened) relay.waitingFor.add(worker);
    }
    deliverIfDone(key);
  }

  /** A worker gone: nothing more to wait for from it. */
  function forgetRelaysOf(worker: Worker) {
    for (const [key, relay] of relays) {
      relay.waitingFor.delete(worker);
      deliverIfDone(key);
    }
  }

  cluster.on("message", (worker, message: unknown) => {
    const life = lives.get(worker);
    if (!life) return;
    if (isRelayedChange(message)) relayChange(worker, message);
    else if (isRelayReceipt(message, RELAY_MESSAGES.applied)) {
      relays.get(message.id)?.waitingFor.delete(worker);
      deliverIfDone(message.id);
    } else if ((message as { newsdesk?: unknown } | null)?.newsdesk === "listening") {
      life.hasListened = true;
      life.isOnTrial = false;
      life.settleListened(true);
      if (!hasAnyListened) {
        hasAnyListened = true;
        worker.send(MAKE_IMAGE_COPIES);
        // The supervisor (bin/supervise.mjs) restarts a server that has listened once.
        process.send?.({ newsdesk: "listening" });
      }
    } else if ((message as { newsdesk?: unknown } | null)?.newsdesk === "explained") life.hasExplained = true;
  });

  cluster.on("exit", (worker, code, signal) => {
    const life = lives.get(worker);
    if (!life) return;
    const ended = signal ? `signal ${signal}` : `code ${code}`;
    life.settleListened(false);
    const decide = () => {
      lives.delete(worker);
      forgetRelaysOf(worker);
      if (isStopping) {
        // A worker still starting has no handler yet and ends by the signal itself: nothing was lost.
        if (code !== 0 && signal !== "SIGTERM") exitCode = 1;
        if (lives.size === 0) finish();
        return;
      }
      if (life.isRetiring) return;
      if (!hasAnyListened) {
        // The first start failed: a setting, the database, a broken build. The worker has said why, or
        // we do; the supervisor adds nothing and ends with us.
        if (!life.hasExplained)
          log.error(`[newsdesk] A worker process exited with ${ended} before it started.`);
        stopNow(code || 1, life.hasExplained);
        return;
      }
      if (life.isOnTrial) {
        log.error(
          `[newsdesk] The new ${describeWorker(worker)} exited with ${ended} before it listened: the reload stops and the running workers stay. Fix the cause and send SIGHUP again.`,
        );
        return;
      }
      const place = places[life.place]!;
      if (Date.now() - life.startedAt >= HEALTHY_RUN_MS) place.attempt = 0;
      const pause = pauseBefore(place.attempt);
      place.attempt += 1;
      log.error(
        `[newsdesk] ${describeWorker(worker)} exited with ${ended}; replacing it in ${pause / 1000} s`,
      );
      place.restartTimer = setTimeout(() => startPlace(life.place), pause);
    };
    // Its last messages (why it stopped) may still be on the way: decide once its channel has closed.
    if (worker.isConnected()) worker.once("disconnect", decide);
    else decide();
  });

  // ---- stopping ----

  function finish() {
    log.log(`[newsdesk] Every worker has stopped.`);
    process.exit(exitCode);
  }

  /** The end of a failed first start: nothing has been served, nothing to finish. */
  function stopNow(code: number, hasExplained: boolean) {
    isStopping = true;
    for (const worker of lives.keys()) worker.process.kill("SIGKILL");
    if (hasExplained && process.send) process.send({ newsdesk: "explained" }, () => process.exit(code));
    else process.exit(code);
  }

  function stop(reason: string) {
    if (isStopping) return;
    isStopping = true;
    for (const place of places) clearTimeout(place.restartTimer);
    log.log(`[newsdesk] ${reason}: stopping ${lives.size} workers gracefully...`);
    if (lives.size === 0) finish();
    for (const [worker, life] of lives) {
      life.isRetiring = true;
      worker.process.kill("SIGTERM");
    }
    setTimeout(() => {
      log.error(`[newsdesk] Workers still running after ${STOP_DEADLINE_MS / 1000} s: killing them.`);
      for (const worker of lives.keys()) worker.process.kill("SIGKILL");
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
  }

  // ---- the rolling reload ----

  async function reload() {
    if (isStopping) return;
    if (!hasAnyListened) {
      log.log("[newsdesk] SIGHUP received before any worker serves: nothing to reload yet.");
      return;
    }
    if (isReloading) {
      // A new build may have arrived since this reload began: once it ends, another.
      isReloadAgain = true;
      log.log("[newsdesk] SIGHUP received during a reload: another follows once this one ends.");
      return;
    }
    isReloading = true;
    try {
      do {
        isReloadAgain = false;
        await reloadOnce();
      } while (isReloadAgain && !isStopping);
    } finally {
      isReloading = false;
    }
  }

  async function reloadOnce() {
    const current = [...lives.entries()].filter(([, life]) => !life.isRetiring);
    log.log(`[newsdesk] SIGHUP received: replacing the ${current.length} workers one at a time...`);
    try {
      await prepare();
    } catch (error) {
      log.error(
        `[newsdesk] The reload stops before any worker is replaced: preparing the database failed (${error instanceof Error ? error.message : String(error)}).`,
      );
      return;
    }
    let isFirst = true;
    for (const [old, life] of current) {
      if (isStopping) return;
      // Died meanwhile: its replacement already runs the build now on disk.
      if (!lives.has(old)) continue;
      const fresh = fork(life.place, { isOnTrial: true });
      if (!(await lives.get(fresh)!.listened)) return;
      if (isFirst) fresh.send(MAKE_IMAGE_COPIES);
      isFirst = false;
      if (isStopping) return;
      await retire(old);
    }
    log.log(`[newsdesk] Reload done: ${serving().length} workers serving.`);
  }

  process.on("SIGTERM", () => stop("SIGTERM received"));
  process.on("SIGINT", () => stop("SIGINT received"));
  process.on("SIGHUP", () => void reload());
  // The supervisor is gone (killed itself): stop rather than hold the port.
  if (process.send) process.once("disconnect", () => stop("Supervisor gone"));

  for (let place = 0; place < workers; place++) fork(place);
}
