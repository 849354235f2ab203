/**
 * The old app's roles 'subscriber' and 'author' become 'writer' once: migration 0002 for accounts already
 * in the database, the importer for accounts that arrive later. Either records how many in the activity
 * log ('migrated legacy roles'); the spec's 'Roles Updated' toast then tells the first admin who opens
 * the back office, once ('announced legacy roles'). Before 0002 the back office rewrote roles itself and
 * announced them on the spot: 0002 marks those old entries as announced.
 */
import { desc, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { activityLog } from "#app/db/schema";
import { logActivity, type Actor } from "#app/domain/activity/activity.server";

/** The activity entries' actions; drizzle/0002_legacy_roles_become_writer.sql writes the same words. */
const MIGRATED = "migrated legacy roles";
const ANNOUNCED = "announced legacy roles";

const LEGACY_ROLES = ["subscriber", "author"] as const;

export const isLegacyRole = (role: string) => (LEGACY_ROLES as readonly string[]).includes(role);

const usersCount = (count: number) => `${count} user${count === 1 ? "" : "s"}`;

/** The importer's record of accounts it brought in as writer because their old role was legacy. */
export async function recordLegacyRoleMigration(tx: DbOrTx, count: number) {
  if (count === 0) return;
  await logActivity(tx, {
    type: "user",
    actor: null,
    action: MIGRATED,
    title: usersCount(count),
    description: "subscriber and author roles became writer",
  });
}

/**
 * Migrations and imports run while the server is stopped, or rarely beside it (an import into a shared
 * PostgreSQL): an admin's page load looks at most once a minute, so it costs nothing the rest of the time.
 */
const RECHECK_MS = 60_000;
let lookedAt = Number.NEGATIVE_INFINITY;

/**
 * How many accounts the newest migration moved, if no admin has been told yet; the telling is recorded
 * in the same transaction, under a lock, so two admins arriving together do not both get the toast.
 */
export async function takeLegacyRoleAnnouncement(db: Db, admin: Actor, now = Date.now()): Promise<number> {
  if (now - lookedAt < RECHECK_MS) return 0;
  lookedAt = now;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(734002)`);
    const [latest] = await tx
      .select({ action: activityLog.action, title: activityLog.title })
      .from(activityLog)
      .where(inArray(activityLog.action, [MIGRATED, ANNOUNCED]))
      .orderBy(desc(activityLog.createdAt))
      .limit(1);
    if (!latest || latest.action !== MIGRATED) return 0;
    await logActivity(tx, { type: "user", actor: admin, action: ANNOUNCED, title: latest.title });
    return Number.parseInt(latest.title, 10) || 0;
  });
}

/** Tests start many databases in one process. */
export function forgetLegacyRoleAnnouncement() {
  lookedAt = Number.NEGATIVE_INFINITY;
}
