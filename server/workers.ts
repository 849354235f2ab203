/**
 * `npm start`'s server process: one process, or on PostgreSQL a `node:cluster` primary with
 * `WEB_CONCURRENCY` workers on the same port (decision record 015). The primary checks the port and the
 * media storage and prepares the database once, then runs the workers (server/workers-primary.ts); each
 * worker is the whole site (`serve`), with its own pool, LISTEN connection, page cache and scheduler. The
 * embedded database can be opened by one process only (decision record 012), so there it stays one.
 */
import cluster from "node:cluster";
import { createServer } from "node:net";
import type { ServerBuild } from "react-router";
import { config, type Config } from "#app/config.server";
import { logFor } from "#app/lib/log.server";
import { checkMediaStorage, mediaServicesFor } from "#app/domain/media/storage.server";
import { listenOnConfiguredPort, serve } from "./serve";
import { prepareDatabaseForWorkers } from "./start";
import { runPrimary } from "./workers-primary";

const log = logFor("server");

/** How many processes serve, and the start-up line that says why when it is not what was asked. */
export function workerPlan(cfg: Config): { workers: number; note?: string } {
  const { workers, isExplicit } = cfg.webConcurrency;
  if (cfg.databaseUrl) return { workers };
  const why =
    "the embedded database can be opened by one process only. Set DATABASE_URL (PostgreSQL) to use every core.";
  return {
    workers: 1,
    note:
      isExplicit && workers > 1
        ? `WEB_CONCURRENCY=${workers} is ignored: one process serves, since ${why}`
        : `One process serves: ${why}`,
  };
}

export async function startSite({ build }: { build: ServerBuild }): Promise<void> {
  if (cluster.isWorker) {
    await serve({ build, worker: { id: cluster.worker?.id ?? 0 } });
    return;
  }
  const cfg = config();
  const { workers, note } = workerPlan(cfg);
  if (note) log.info(note);
  if (workers === 1) {
    await serve({ build });
    return;
  }
  // What would stop every worker at its start is said once, here, before any of them.
  const probe = createServer();
  await listenOnConfiguredPort(probe, cfg);
  await new Promise((resolve) => probe.close(resolve));
  await checkMediaStorage(await mediaServicesFor(cfg));
  log.info(
    { workers },
    `${workers} worker processes on PostgreSQL (${cfg.webConcurrency.isExplicit ? "WEB_CONCURRENCY" : "one per core; WEB_CONCURRENCY sets another number"}).`,
  );
  await runPrimary({ workers, prepare: () => prepareDatabaseForWorkers(cfg) });
}
