/**
 * The old app's roles 'subscriber' and 'author' become 'writer' once: migration 0002 for accounts already
 * in the database, the importer for accounts that arrive later. Either records how many in the activity
 * log; the spec's 'Roles Updated' toast then tells the first admin who opens the back office, once.
 */
import { desc, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server";
import { activityLog } from "#app/db/schema";
import { logActivity, type Actor } from "#app/domain/activity/activity.server";

/** The activity entry's action; drizzle/0002_legacy_roles_become_writer.sql writes the same words. */
const MIGRATED = "migrated legacy roles";
const ANNOUNCED = "announced legacy roles";

export const LEGACY_ROLES = ["subscriber", "author"] as const;

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
 * Nothing is left to announce once this process has looked (a migration or an import happens while the
 * server is stopped), so an admin's page load costs this query only once per start.
 */
let nothingToAnnounce = false;

/** How many accounts the last migration moved, if no admin has been told yet; marks it told. */
export async function takeLegacyRoleAnnouncement(db: Db, admin: Actor): Promise<number> {
  if (nothingToAnnounce) return 0;
  const [latest] = await db
    .select({ action: activityLog.action, title: activityLog.title })
    .from(activityLog)
    .where(inArray(activityLog.action, [MIGRATED, ANNOUNCED]))
    .orderBy(desc(activityLog.createdAt))
    .limit(1);
  if (!latest || latest.action !== MIGRATED) {
    nothingToAnnounce = true;
    return 0;
  }
  const count = Number.parseInt(latest.title, 10) || 0;
  await logActivity(db, { type: "user", actor: admin, action: ANNOUNCED, title: usersCount(count) });
  nothingToAnnounce = true;
  return count;
}

/** Tests start many databases in one process. */
export function forgetLegacyRoleAnnouncement() {
  nothingToAnnounce = false;
}
