/**
 * Work a request starts and does not wait for (web push alerts after a publish), kept per database so
 * that whoever closes that database first waits for it: a server that stops (server/serve.ts), a test
 * database destroyed (tests/support/test-database.ts). A query still running when its database closes would
 * otherwise hang the close or fail half-done.
 */
import { logFailure } from "#app/lib/log.server";

const runningByDb = new WeakMap<object, Set<Promise<unknown>>>();

/** Runs `work` now, in the background; a failure is logged with `failureLog` ("[area] what failed"). */
export function inBackground<T>(db: object, work: () => Promise<T>, failureLog: string): Promise<T | null> {
  let running = runningByDb.get(db);
  if (!running) runningByDb.set(db, (running = new Set()));
  const done = work().catch((error: unknown) => {
    logFailure(failureLog, error);
    return null;
  });
  running.add(done);
  void done.finally(() => running.delete(done));
  return done;
}

/** Resolves once everything started in the background on `db` has finished. */
export async function backgroundSettled(db: object): Promise<void> {
  const running = runningByDb.get(db);
  while (running && running.size > 0) await Promise.all(running);
}
