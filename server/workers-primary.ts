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
 *
 * It is a state machine (`PrimaryState`, `TRANSITIONS`): what a worker's exit or a signal does depends on
 * the state it finds, and each change of state is one named transition.
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
import { logFor } from "#app/lib/log.server";

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
}

/** One change on its way to the sibling workers: who sent it (and its number for it), who has yet to apply it. */
interface Relay {
  from: Worker;
  senderId: number;
  waitingFor: Set<Worker>;
}

/**
 * The primary's states, in the order a life takes them: `starting` until the first worker listens (a
 * worker that ends then ends the primary), `serving`, `reloading` while workers are replaced one at a
 * time (back to `serving` after), and `stopping`, from any of them, which never ends but in an exit.
 */
export type PrimaryState = "starting" | "serving" | "reloading" | "stopping";

/** The transitions the primary makes; any other is a bug, thrown at once rather than lived with. */
const TRANSITIONS: Record<PrimaryState, readonly PrimaryState[]> = {
  starting: ["serving", "stopping"],
  serving: ["reloading", "stopping"],
  reloading: ["serving", "stopping"],
  stopping: [],
};

const newsdeskMessage = (message: unknown) => (message as { newsdesk?: unknown } | null)?.newsdesk;

export async function runPrimary(options: PrimaryOptions): Promise<void> {
  const primary = new Primary(options);
  await options.prepare();
  primary.listen();
  primary.startWorkers();
}

class Primary {
  state: PrimaryState = "starting";
  private readonly lives = new Map<Worker, Life>();
  private readonly places: Place[];
  private readonly relays = new Map<number, Relay>();
  private lastRelayKey = 0;
  /** Whether any worker has ever listened: from then on a worker that dies is replaced. */
  private hasAnyListened = false;
  private exitCode = 0;
  /** A SIGHUP came during a reload: once it ends, another. */
  private isReloadAgain = false;
  private readonly log = logFor("workers");

  constructor(private readonly options: PrimaryOptions) {
    this.places = Array.from({ length: options.workers }, () => ({ attempt: 0 }));
  }

  private moveTo(next: PrimaryState) {
    if (!TRANSITIONS[this.state].includes(next))
      throw new Error(`The primary cannot go from ${this.state} to ${next}.`);
    this.state = next;
  }

  private get isStopping() {
    return this.state === "stopping";
  }

  private describeWorker = (worker: Worker) => `worker ${worker.id} (pid ${worker.process.pid})`;

  private serving() {
    return [...this.lives.entries()].filter(([, life]) => life.hasListened && !life.isRetiring);
  }

  /** The signals, the supervisor's channel and the workers' messages and exits. */
  listen() {
    cluster.on("message", (worker, message: unknown) => this.onMessage(worker, message));
    cluster.on("exit", (worker, code, signal) => this.onExit(worker, code, signal));
    process.on("SIGTERM", () => this.stop("SIGTERM received"));
    process.on("SIGINT", () => this.stop("SIGINT received"));
    process.on("SIGHUP", () => void this.reload());
    // The supervisor is gone (killed itself): stop rather than hold the port.
    if (process.send) process.once("disconnect", () => this.stop("Supervisor gone"));
  }

  startWorkers() {
    for (let place = 0; place < this.options.workers; place++) this.fork(place);
  }

  private fork(place: number, { isOnTrial = false } = {}): Worker {
    const worker = cluster.fork();
    // A message to a worker whose channel has just closed fails with an 'error' that, unheard, would
    // end the primary; the worker's exit is handled in onExit.
    worker.on("error", (error: Error) => this.log.error(`${this.describeWorker(worker)}: ${error.message}`));
    let settleListened: (hasListened: boolean) => void = () => {};
    const listened = new Promise<boolean>((resolve) => (settleListened = resolve));
    const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
    this.lives.set(worker, {
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

  private startPlace(place: number) {
    this.places[place]!.restartTimer = undefined;
    if (!this.isStopping) this.fork(place);
  }

  /** Asks a worker to stop gracefully and waits until it has. */
  private async retire(worker: Worker) {
    const life = this.lives.get(worker);
    if (!life) return;
    life.isRetiring = true;
    worker.process.kill("SIGTERM");
    await life.exited;
  }

  // ---- the relay of site changes (server/workers-changes.ts) ----

  /** Tells the sender once every worker it waits for has applied the change (or is gone). */
  private deliverIfDone(key: number) {
    const relay = this.relays.get(key);
    if (!relay || relay.waitingFor.size > 0) return;
    this.relays.delete(key);
    if (relay.from.isConnected())
      relay.from.send({ newsdesk: RELAY_MESSAGES.delivered, id: relay.senderId } satisfies RelayReceipt);
  }

  private relayChange(from: Worker, message: RelayedChange) {
    // The sender numbers its own changes; the others are sent the primary's number, one for all.
    const key = ++this.lastRelayKey;
    const relay: Relay = { from, senderId: message.id, waitingFor: new Set() };
    this.relays.set(key, relay);
    for (const [worker, life] of this.lives) {
      if (worker === from || !worker.isConnected()) continue;
      worker.send({ ...message, id: key } satisfies RelayedChange);
      // A worker still starting may not hear its channel yet; it has nothing cached to purge either.
      if (life.hasListened) relay.waitingFor.add(worker);
    }
    this.deliverIfDone(key);
  }

  /** A worker gone: nothing more to wait for from it. */
  private forgetRelaysOf(worker: Worker) {
    for (const [key, relay] of this.relays) {
      relay.waitingFor.delete(worker);
      this.deliverIfDone(key);
    }
  }

  // ---- the workers' messages and exits ----

  private onMessage(worker: Worker, message: unknown) {
    const life = this.lives.get(worker);
    if (!life) return;
    if (isRelayedChange(message)) this.relayChange(worker, message);
    else if (isRelayReceipt(message, RELAY_MESSAGES.applied)) {
      this.relays.get(message.id)?.waitingFor.delete(worker);
      this.deliverIfDone(message.id);
    } else if (newsdeskMessage(message) === "listening") this.onListening(worker, life);
    else if (newsdeskMessage(message) === "explained") life.hasExplained = true;
  }

  private onListening(worker: Worker, life: Life) {
    life.hasListened = true;
    life.isOnTrial = false;
    life.settleListened(true);
    if (this.hasAnyListened) return;
    this.hasAnyListened = true;
    if (this.state === "starting") this.moveTo("serving");
    worker.send(MAKE_IMAGE_COPIES);
    // The supervisor (bin/supervise.mjs) restarts a server that has listened once.
    process.send?.({ newsdesk: "listening" });
  }

  private onExit(worker: Worker, code: number, signal: string) {
    const life = this.lives.get(worker);
    if (!life) return;
    life.settleListened(false);
    const decide = () => this.afterExit(worker, life, code, signal);
    // Its last messages (why it stopped) may still be on the way: decide once its channel has closed.
    if (worker.isConnected()) worker.once("disconnect", decide);
    else decide();
  }

  /** What a worker's exit means in the state the primary is in: nothing, the end, or a replacement. */
  private afterExit(worker: Worker, life: Life, code: number, signal: string) {
    const ended = signal ? `signal ${signal}` : `code ${code}`;
    this.lives.delete(worker);
    this.forgetRelaysOf(worker);
    if (this.isStopping) {
      // A worker still starting has no handler yet and ends by the signal itself: nothing was lost.
      if (code !== 0 && signal !== "SIGTERM") this.exitCode = 1;
      if (this.lives.size === 0) this.finish();
      return;
    }
    if (life.isRetiring) return;
    if (!this.hasAnyListened) {
      // The first start failed: a setting, the database, a broken build. The worker has said why, or
      // we do; the supervisor adds nothing and ends with us.
      if (!life.hasExplained) this.log.error(`A worker process exited with ${ended} before it started.`);
      this.stopNow(code || 1, life.hasExplained);
      return;
    }
    if (life.isOnTrial) {
      this.log.error(
        `The new ${this.describeWorker(worker)} exited with ${ended} before it listened: the reload stops and the running workers stay. Fix the cause and send SIGHUP again.`,
      );
      return;
    }
    this.replaceLater(worker, life, ended);
  }

  /** A serving worker died: its place is filled again after the supervisor's pause. */
  private replaceLater(worker: Worker, life: Life, ended: string) {
    const place = this.places[life.place]!;
    if (Date.now() - life.startedAt >= HEALTHY_RUN_MS) place.attempt = 0;
    const pause = pauseBefore(place.attempt);
    place.attempt += 1;
    this.log.error(`${this.describeWorker(worker)} exited with ${ended}; replacing it in ${pause / 1000} s`);
    place.restartTimer = setTimeout(() => this.startPlace(life.place), pause);
  }

  // ---- stopping ----

  private finish() {
    this.log.info(`Every worker has stopped.`);
    process.exit(this.exitCode);
  }

  /** The end of a failed first start: nothing has been served, nothing to finish. */
  private stopNow(code: number, hasExplained: boolean) {
    this.moveTo("stopping");
    for (const worker of this.lives.keys()) worker.process.kill("SIGKILL");
    if (hasExplained && process.send) process.send({ newsdesk: "explained" }, () => process.exit(code));
    else process.exit(code);
  }

  private stop(reason: string) {
    if (this.isStopping) return;
    this.moveTo("stopping");
    for (const place of this.places) clearTimeout(place.restartTimer);
    this.log.info(`${reason}: stopping ${this.lives.size} workers gracefully...`);
    if (this.lives.size === 0) this.finish();
    for (const [worker, life] of this.lives) {
      life.isRetiring = true;
      worker.process.kill("SIGTERM");
    }
    setTimeout(() => {
      this.log.error(`Workers still running after ${STOP_DEADLINE_MS / 1000} s: killing them.`);
      for (const worker of this.lives.keys()) worker.process.kill("SIGKILL");
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
  }

  // ---- the rolling reload ----

  private async reload() {
    if (this.state === "stopping") return;
    if (this.state === "starting") {
      this.log.info("SIGHUP received before any worker serves: nothing to reload yet.");
      return;
    }
    if (this.state === "reloading") {
      // A new build may have arrived since this reload began: once it ends, another.
      this.isReloadAgain = true;
      this.log.info("SIGHUP received during a reload: another follows once this one ends.");
      return;
    }
    this.moveTo("reloading");
    try {
      do {
        this.isReloadAgain = false;
        await this.reloadOnce();
      } while (this.isReloadAgain && !this.isStopping);
    } finally {
      // Back to serving, unless a stop came meanwhile.
      if (!this.isStopping) this.moveTo("serving");
    }
  }

  private async reloadOnce() {
    const current = [...this.lives.entries()].filter(([, life]) => !life.isRetiring);
    this.log.info(`SIGHUP received: replacing the ${current.length} workers one at a time...`);
    try {
      await this.options.prepare();
    } catch (error) {
      this.log.error(
        `The reload stops before any worker is replaced: preparing the database failed (${error instanceof Error ? error.message : String(error)}).`,
      );
      return;
    }
    let isFirst = true;
    for (const [old, life] of current) {
      if (this.isStopping) return;
      // Died meanwhile: its replacement already runs the build now on disk.
      if (!this.lives.has(old)) continue;
      const fresh = this.fork(life.place, { isOnTrial: true });
      if (!(await this.lives.get(fresh)!.listened)) return;
      if (isFirst) fresh.send(MAKE_IMAGE_COPIES);
      isFirst = false;
      if (this.isStopping) return;
      await this.retire(old);
    }
    this.log.info(`Reload done: ${this.serving().length} workers serving.`);
  }
}
