/**
 * Several Newsdesk instances on one PostgreSQL database each keep their own page cache and in-memory
 * settings. A change saved on one reaches the others through PostgreSQL's LISTEN/NOTIFY within
 * milliseconds, so no instance keeps serving what another has changed. The embedded database has one
 * process only and needs none of this.
 *
 * A notification sent while an instance's LISTEN connection is down is lost for it (PostgreSQL keeps
 * none for a listener that is not there). So the connection is opened again after any error or end,
 * with a growing pause, for as long as the instance runs; once it listens again, the instance forgets
 * every cached page and everything it remembers, as if told "everything changed". Before it did this,
 * one PostgreSQL restart left every instance serving what the others changed until it was restarted.
 *
 * A connection can also go deaf with no error and no end ever arriving: a NAT or firewall forgetting an
 * idle connection, a failover leaving it half-open. So the listener keeps TCP keepalive on, and every
 * HEARTBEAT.everyMs it notifies itself on its own channel; not heard within HEARTBEAT.withinMs, the
 * connection is taken as lost like any other (ended, opened again, everything dropped).
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Db } from "#app/db/client.server";
import { broadcastSiteChanges, receivedSiteChange, withoutMediaKeys, type SiteChange } from "./site-changes.server";
import { logFailure, logFor } from "#app/lib/log.server";

const CHANNEL = "newsdesk_site_changes";

/** How the connection is named in pg_stat_activity, so an operator (or a test) can find it. */
export const LISTENER_APPLICATION_NAME = "newsdesk-site-changes";

/**
 * The pause before the next attempt: 0.5 s, doubled after each failure up to 2 s, back to 0.5 s after
 * a success. An instance hears again within 2 s of the database answering, however long it was away
 * (a restart of PostgreSQL takes a few seconds; the promise is 5 s), and a refused attempt every 2 s
 * per instance costs the server nothing.
 */
export const RECONNECT_DELAYS = { firstMs: 500, maxMs: 2_000 } as const;

/**
 * Every 30 s a notification to itself, which must come back within 5 s: a deaf connection is noticed
 * within 35 s. One small notification per instance per 30 s costs the database nothing.
 */
export const HEARTBEAT = { everyMs: 30_000, withinMs: 5_000 } as const;

/** The operating system's keepalive probes start after this long idle (ends a dead peer's socket). */
const KEEPALIVE_DELAY_MS = 10_000;

/** A connection attempt that hangs (a server gone from the network) is given up after this long. */
const CONNECT_TIMEOUT_MS = 5_000;

interface Message {
  from: string;
  change: SiteChange;
}

const isMessage = (value: unknown): value is Message =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Message).from === "string" &&
  typeof (value as Message).change === "object";

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error ?? "closed"));

interface Heartbeat {
  from: string;
  heartbeat: string;
}

const isHeartbeat = (value: unknown): value is Heartbeat =>
  typeof value === "object" && value !== null && typeof (value as Heartbeat).heartbeat === "string";

interface Options {
  delays?: { firstMs: number; maxMs: number };
  /** Shorter in tests. */
  heartbeat?: { everyMs: number; withinMs: number };
}

/** What the listening and the sending side share, for as long as the instance shares its changes. */
interface Sharing {
  db: Db;
  /** This instance's name in its messages: its own are not received again. */
  instance: string;
  connection: { connectionString: string; connectionTimeoutMillis: number };
  delays: { firstMs: number; maxMs: number };
  heartbeat: { everyMs: number; withinMs: number };
  isStopped: boolean;
  /** The listening connection, while there is one. */
  current: pg.Client | null;
  retry?: NodeJS.Timeout;
  delayMs: number;
  /** When the connection was lost, while it is; null while listening (or before the first attempt). */
  lostAt: number | null;
  hasListened: boolean;
  /** The heartbeat this instance waits to hear, if any (one at a time, on the current connection). */
  awaited: string | null;
  stopHeartbeat: () => void;
}

/**
 * Starts sending this instance's changes and receiving the others'; resolves, once the first attempt to
 * listen has succeeded or failed (it is retried either way), to a stop function.
 */
export async function shareSiteChanges(
  db: Db,
  databaseUrl: string,
  { delays = RECONNECT_DELAYS, heartbeat = HEARTBEAT }: Options = {},
): Promise<() => Promise<void>> {
  const sharing: Sharing = {
    db,
    instance: randomUUID(),
    connection: { connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS },
    delays,
    heartbeat,
    isStopped: false,
    current: null,
    delayMs: delays.firstMs,
    lostAt: null,
    hasListened: false,
    awaited: null,
    stopHeartbeat: () => {},
  };
  await listen(sharing);
  const sending = sendSiteChanges(sharing);
  return async () => {
    sharing.isStopped = true;
    clearTimeout(sharing.retry);
    sending.stopRetrying();
    sharing.stopHeartbeat();
    sending.stop();
    await Promise.allSettled([sharing.current?.end(), sending.sender.end()]);
  };
}

function onNotification(sharing: Sharing, { payload }: pg.Notification) {
  try {
    const message: unknown = JSON.parse(payload ?? "");
    // Another instance's heartbeat is not for this one.
    if (isHeartbeat(message)) {
      if (message.from === sharing.instance && message.heartbeat === sharing.awaited) sharing.awaited = null;
    } else if (isMessage(message) && message.from !== sharing.instance)
      receivedSiteChange(sharing.db, message.change);
  } catch (error) {
    logFailure("[site-changes] unreadable notification", error);
  }
}

/** One line per outage, however many attempts fail during it. */
function lost(sharing: Sharing, error: unknown) {
  if (sharing.isStopped) return;
  if (sharing.lostAt === null) {
    sharing.lostAt = Date.now();
    logFor("site-changes").error(
      { reason: describe(error) },
      "Not hearing other instances' changes: reconnecting until the database answers.",
    );
  }
  sharing.retry = setTimeout(() => void listen(sharing), sharing.delayMs);
  sharing.delayMs = Math.min(sharing.delayMs * 2, sharing.delays.maxMs);
}

function listening(sharing: Sharing) {
  sharing.delayMs = sharing.delays.firstMs;
  if (sharing.lostAt !== null) {
    const seconds = Number(((Date.now() - sharing.lostAt) / 1000).toFixed(1));
    logFor("site-changes").info(
      { lostForSeconds: seconds },
      `Hearing other instances' changes again after ${seconds} s; cached pages and settings dropped, since changes may have been missed.`,
    );
  }
  // Any reconnect, even after a blip too short to notice: a notification may have been missed.
  if (sharing.hasListened)
    receivedSiteChange(sharing.db, { scope: "everything", reason: "reconnected to the database" });
  sharing.hasListened = true;
  sharing.lostAt = null;
}

/** Opens a listening connection; any failure of it, now or later, schedules the next (see `lost`). */
async function listen(sharing: Sharing): Promise<void> {
  sharing.retry = undefined;
  if (sharing.isStopped) return;
  const client = new pg.Client({
    ...sharing.connection,
    application_name: LISTENER_APPLICATION_NAME,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  });
  sharing.current = client;
  let hasFailed = false;
  let quiet = () => {};
  const fail = (error: unknown) => {
    if (hasFailed) return;
    hasFailed = true;
    quiet();
    sharing.awaited = null;
    if (sharing.current === client) sharing.current = null;
    client.end().catch(() => {});
    lost(sharing, error);
  };
  // Before connecting: a client that emits 'error' with no listener would end the process.
  client.on("error", fail);
  client.on("notification", (notification) => onNotification(sharing, notification));
  try {
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
  } catch (error) {
    fail(error);
    return;
  }
  if (hasFailed) return;
  if (sharing.isStopped) {
    await client.end().catch(() => {});
    return;
  }
  // A backend ended by the server may say only 'end' (no error): that is a loss too.
  client.on("end", () => fail(new Error("connection ended")));
  listening(sharing);
  quiet = startHeartbeat(sharing, client, fail);
  sharing.stopHeartbeat = quiet;
}

/** Every HEARTBEAT.everyMs a notification to itself; not heard in time, the connection `fail`s. */
function startHeartbeat(sharing: Sharing, client: pg.Client, fail: (error: unknown) => void): () => void {
  const { everyMs, withinMs } = sharing.heartbeat;
  let deadline: NodeJS.Timeout | undefined;
  // Sent on the listening connection itself: a half-open one cannot send it either.
  const beat = setInterval(() => {
    if (sharing.awaited !== null) return;
    const token = randomUUID();
    sharing.awaited = token;
    deadline = setTimeout(() => {
      if (sharing.awaited === token)
        fail(new Error(`its own heartbeat not heard within ${withinMs / 1000} s`));
    }, withinMs);
    client
      .query("SELECT pg_notify($1, $2)", [
        CHANNEL,
        JSON.stringify({ from: sharing.instance, heartbeat: token } satisfies Heartbeat),
      ])
      .catch(fail);
  }, everyMs);
  return () => {
    clearInterval(beat);
    clearTimeout(deadline);
  };
}

/**
 * Sends this instance's changes to the others. A change that could not be sent (the database
 * unreachable) would never reach them: once the database answers again, they are told that everything
 * changed.
 */
function sendSiteChanges(sharing: Sharing) {
  const { delays, instance } = sharing;
  const sender = new pg.Pool({
    ...sharing.connection,
    max: 1,
    application_name: `${LISTENER_APPLICATION_NAME}-sender`,
  });
  // An idle sender cut by the server is replaced on the next send; that send says if it fails.
  sender.on("error", () => {});
  let owesEverything = false;
  let announceRetry: NodeJS.Timeout | undefined;
  let announceDelayMs = delays.firstMs;
  const notify = (change: SiteChange) =>
    sender.query("SELECT pg_notify($1, $2)", [
      CHANNEL,
      JSON.stringify({ from: instance, change: withoutMediaKeys(change) } satisfies Message),
    ]);
  function announceEverythingLater() {
    if (sharing.isStopped || announceRetry) return;
    announceRetry = setTimeout(() => {
      announceRetry = undefined;
      notify({ scope: "everything", reason: "changes this instance could not announce" }).then(
        () => {
          owesEverything = false;
          announceDelayMs = delays.firstMs;
        },
        () => announceEverythingLater(),
      );
    }, announceDelayMs);
    announceDelayMs = Math.min(announceDelayMs * 2, delays.maxMs);
  }
  const stop = broadcastSiteChanges(sharing.db, (change) => {
    notify(change).catch((error: unknown) => {
      if (!owesEverything)
        logFor("site-changes").error(
          { reason: describe(error) },
          "Could not tell the other instances: they will be told everything changed once the database answers.",
        );
      owesEverything = true;
      announceEverythingLater();
    });
  });
  return { sender, stop, stopRetrying: () => clearTimeout(announceRetry) };
}
