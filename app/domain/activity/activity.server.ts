/**
 * The activity log: one row per back-office change, within the spec's text limits
 * (user 50, action 100, title 100, description 200 characters).
 */
import type { DbOrTx } from "#app/db/client.server";
import { activityLog } from "#app/db/schema";
import type { ActivityType } from "#app/lib/enums";

export interface Actor {
  id: string;
  name: string;
  email: string;
}

interface ActivityInput {
  type: ActivityType;
  actor: Actor | null;
  action: string;
  title?: string;
  description?: string;
}

const cut = (value: string, max: number) => (value.length > max ? value.slice(0, max - 1) + "…" : value);

export async function logActivity(db: DbOrTx, entry: ActivityInput) {
  await db.insert(activityLog).values({
    type: entry.type,
    userId: entry.actor?.id ?? null,
    userName: cut(entry.actor?.name || entry.actor?.email || "System", 50),
    action: cut(entry.action, 100),
    title: cut(entry.title ?? "", 100),
    description: cut(entry.description ?? "", 200),
  });
}
