/**
 * Nothing stale across workers (decision record 015): a change saved on one worker is on every worker's
 * next request. LISTEN/NOTIFY alone cannot promise that: a notification arrives when it arrives, and a
 * reader's next request may reach a sibling worker first. So a worker also hands each change to the
 * cluster's primary over IPC; the primary passes it to every other worker, each applies it (purges its
 * page cache, forgets its remembered settings) and says so, and once all have, the primary tells the
 * worker it came from. The response of the request that made the change waits for that
 * (`siteChangesDelivered`, awaited by server/router-handler.ts), a fraction of a millisecond on one
 * machine. NOTIFY still carries every change to other machines.
 *
 * The messages, all `{ newsdesk: kind, id, ... }` over the cluster's IPC channel:
 * worker → primary `site-change` (its change); primary → each other worker `site-change`;
 * each → primary `site-change-applied`; primary → the first worker `site-change-delivered`.
 */
import type { Db } from "#app/db/client.server";
import {
  broadcastSiteChanges,
  receivedSiteChange,
  withoutMediaKeys,
  type SiteChange,
} from "#app/domain/delivery/site-changes.server";
import { logFor } from "#app/lib/log.server";

export const RELAY_MESSAGES = {
  change: "site-change",
  applied: "site-change-applied",
  delivered: "site-change-delivered",
} as const;

export interface RelayedChange {
  newsdesk: typeof RELAY_MESSAGES.change;
  id: number;
  change: SiteChange;
}

export interface RelayReceipt {
  newsdesk: typeof RELAY_MESSAGES.applied | typeof RELAY_MESSAGES.delivered;
  id: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

export const isRelayedChange = (value: unknown): value is RelayedChange =>
  isObject(value) &&
  value.newsdesk === RELAY_MESSAGES.change &&
  typeof value.id === "number" &&
  isObject(value.change);

export const isRelayReceipt = (value: unknown, kind: RelayReceipt["newsdesk"]): value is RelayReceipt =>
  isObject(value) && value.newsdesk === kind && typeof value.id === "number";

/**
 * How long a response waits for the other workers at most. Every worker answers within a millisecond
 * unless its event loop is stuck; a stuck one must not hold every save on the site, so the wait ends
 * and says so in the log (that worker's pages may then be stale until NOTIFY reaches it).
 */
export const DELIVERY_TIMEOUT_MS = 2_000;

interface Undelivered {
  done: Promise<void>;
  settle: () => void;
}

/** This worker's changes the other workers have not all confirmed yet, by id. */
const undelivered = new Map<number, Undelivered>();
let lastId = 0;

/**
 * Resolves once every change this worker has made so far has been applied by every other worker, or
 * null at once when there is none to wait for (one process, or nothing changed): the common case costs
 * no promise.
 */
export function siteChangesDelivered(): Promise<void> | null {
  if (undelivered.size === 0) return null;
  return Promise.all([...undelivered.values()].map(({ done }) => done)).then(() => undefined);
}

/** The IPC channel to the primary: `process` in a worker, a stand-in in tests. */
export type PrimaryChannel = Pick<NodeJS.EventEmitter, "on" | "off"> & { send?: NodeJS.Process["send"] };

/**
 * A worker's side: its changes go to the primary, the other workers' come from it. Call it as soon as
 * the database is open, before anything is read and remembered. Returns the function that stops it.
 */
export function relaySiteChanges(db: Db, primary: PrimaryChannel = process): () => void {
  const onMessage = (message: unknown) => {
    if (isRelayedChange(message)) {
      receivedSiteChange(db, message.change);
      // With a callback: a channel closing meanwhile (the primary gone) is no uncaught error.
      primary.send?.({ newsdesk: RELAY_MESSAGES.applied, id: message.id } satisfies RelayReceipt, () => {});
    } else if (isRelayReceipt(message, RELAY_MESSAGES.delivered)) {
      undelivered.get(message.id)?.settle();
    }
  };
  // The primary is gone: nobody will confirm, and there are no siblings left to tell.
  const onDisconnect = () => {
    for (const { settle } of [...undelivered.values()]) settle();
  };
  primary.on("message", onMessage);
  primary.on("disconnect", onDisconnect);

  const stopSending = broadcastSiteChanges(db, (change) => {
    const id = ++lastId;
    let settle = () => {};
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        logFor("workers").error(
          { reason: change.reason },
          `A change was not confirmed by every worker within ${DELIVERY_TIMEOUT_MS / 1000} s; answering anyway.`,
        );
        settle();
      }, DELIVERY_TIMEOUT_MS);
      settle = () => {
        clearTimeout(timer);
        undelivered.delete(id);
        resolve();
      };
    });
    undelivered.set(id, { done, settle });
    const message: RelayedChange = { newsdesk: RELAY_MESSAGES.change, id, change: withoutMediaKeys(change) };
    if (!primary.send) settle();
    else primary.send(message, (error) => error && settle());
  });

  return () => {
    stopSending();
    primary.off("message", onMessage);
    primary.off("disconnect", onDisconnect);
    onDisconnect();
  };
}
