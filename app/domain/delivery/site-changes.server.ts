/**
 * The one signal that something readers see has changed. Every write that changes a public page calls
 * `siteChanged(db, change)` once its transaction has committed; the page cache and the in-memory reader
 * data (settings, categories, trending) listen with `onSiteChange` and drop what the change makes stale.
 *
 * Listeners are kept per database handle, so tests with their own database never hear each other.
 */
import type { Db } from "#app/db/client.server";
import { logFailure } from "#app/lib/log.server";

export type SiteChange = (
  /** Settings, snippets, ads, categories, or which articles are published and where: every page may show it. */
  | { scope: "everything"; reason: string }
  /** One article's own text, image or comments changed, and it stays where it was: the pages that link to it. */
  | { scope: "article"; articleId: string; articleSlug?: string; reason: string }
) & {
  /**
   * Stored media files deleted with the change: only the shared caches in front keep them (decision
   * record 023), and only this instance purges those, so other instances are not told
   * (`withoutMediaKeys`).
   */
  mediaKeys?: string[];
};

/** The change as other instances and workers hear it: media keys are for the shared caches alone. */
export function withoutMediaKeys(change: SiteChange): SiteChange {
  if (!change.mediaKeys) return change;
  const { mediaKeys: _purgedHere, ...shared } = change;
  return shared;
}

type Listener = (change: SiteChange) => void;

const listenersByDb = new WeakMap<Db, Set<Listener>>();

export function onSiteChange(db: Db, listener: Listener): () => void {
  let listeners = listenersByDb.get(db);
  if (!listeners) {
    listeners = new Set();
    listenersByDb.set(db, listeners);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Broadcaster = (change: SiteChange) => void;

const broadcastersByDb = new WeakMap<Db, Set<Broadcaster>>();

/**
 * Several instances on one PostgreSQL database: each change is also sent to the others
 * (change-broadcast.server.ts), which hand it to `receivedSiteChange`; and with several workers, to
 * the sibling workers through the cluster's primary (server/workers-changes.ts).
 */
export function broadcastSiteChanges(db: Db, send: Broadcaster): () => void {
  let broadcasters = broadcastersByDb.get(db);
  if (!broadcasters) {
    broadcasters = new Set();
    broadcastersByDb.set(db, broadcasters);
  }
  broadcasters.add(send);
  return () => broadcasters.delete(send);
}

/** Tells every listener in this process at once, and the other instances when there are any. */
export function siteChanged(db: Db, change: SiteChange): void {
  receivedSiteChange(db, change);
  for (const send of broadcastersByDb.get(db) ?? []) send(change);
}

/** A change made here or by another instance; a listener that throws is logged and does not stop the others. */
export function receivedSiteChange(db: Db, change: SiteChange): void {
  for (const listener of listenersByDb.get(db) ?? []) {
    try {
      listener(change);
    } catch (error) {
      logFailure("[site-changes] a listener failed", error);
    }
  }
}

/** Runs a write and, once it has committed (resolved), signals the change; a failed write signals nothing. */
export async function signalAfter<T>(db: Db, change: SiteChange, write: () => Promise<T>): Promise<T> {
  const result = await write();
  siteChanged(db, change);
  return result;
}
