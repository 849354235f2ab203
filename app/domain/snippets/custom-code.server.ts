/**
 * Saving the site-wide custom head / body-start / body-end HTML: admins only (permissions: the
 * "plugins" area, which the Header & Footer Code screen belongs to), one UPDATE with its activity entry,
 * then the settings cache and the page cache are cleared (decision record 006).
 */
import { accessDenied } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import type { Db } from "#app/db/client.server";
import { settings } from "#app/db/schema";
import { logActivity, type Actor } from "#app/domain/activity/activity.server";
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { CUSTOM_CODE_FIELDS, CUSTOM_CODE_LABELS, type CustomCodeValues } from "./custom-code";

export async function saveCustomCode(
  db: Db,
  actor: Actor & { role: string | null },
  values: CustomCodeValues,
): Promise<void> {
  if (!can(actor.role, "plugins", "manage")) accessDenied();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(settings).for("update");
    if (!before) throw new Error("The settings row is missing.");
    const changed = CUSTOM_CODE_FIELDS.filter((f) => before[f] !== values[f]).map(
      (f) => CUSTOM_CODE_LABELS[f],
    );
    await tx.update(settings).set({ ...values, updatedAt: new Date() });
    await logActivity(tx, {
      type: "settings",
      actor,
      action: "Updated header & footer code",
      title: "Custom code",
      description: changed.length ? `Changed: ${changed.join(", ")}` : "Saved without changes",
    });
  });
  forgetCachedSettings();
  siteChanged(db, { scope: "everything", reason: "custom code changed" });
}
