// How long to wait before starting again a process that died: the server under `npm start`'s supervisor
// (supervise.mjs) and each worker under the cluster's primary (server/workers-primary.ts). A process
// that dies at once (a database refusing it, a broken build) must not be started again in a tight loop.

/** Pauses before a restart: 1 s, then doubling up to 30 s while the process keeps dying young. */
export const FIRST_PAUSE_MS = 1000;
export const LONGEST_PAUSE_MS = 30_000;
/** A process that ran this long was healthy: the next restart pauses FIRST_PAUSE_MS again. */
export const HEALTHY_RUN_MS = 60_000;

/** The pause before restart number `attempt` (0 for the first after a healthy run). */
export const pauseBefore = (attempt) => Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** attempt);
