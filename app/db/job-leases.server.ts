/**
 * Leases of background jobs that one instance at a time runs (server/site-jobs.ts), on the database every
 * instance shares: the same rule as a newsletter send's lease on its issue
 * (`takeIssueLease` in app/domain/newsletter/sending.server.ts): free, run out (its holder stopped or
 * died), or already the asker's. The database's clock decides, not each machine's.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { rowsOf } from "./rows";
import { jobLeases } from "./schema";

/** Takes (or renews) the lease of job `name` for `owner` until now + leaseMs; false while another holds it. */
export async function takeJobLease(db: Db, name: string, owner: string, leaseMs: number): Promise<boolean> {
  const taken = await rowsOf(
    db,
    sql`
    insert into job_leases (name, owner, lease_until)
    values (${name}, ${owner}, now() + ${`${leaseMs} milliseconds`}::interval)
    on conflict (name) do update set owner = excluded.owner, lease_until = excluded.lease_until
    where job_leases.lease_until < now() or job_leases.owner = excluded.owner
    returning name`,
  );
  return taken.length > 0;
}

/** Gives the lease up (a clean stop), so another instance need not wait for it to run out. */
export async function releaseJobLease(db: Db, name: string, owner: string): Promise<void> {
  await db.delete(jobLeases).where(and(eq(jobLeases.name, name), eq(jobLeases.owner, owner)));
}
