/**
 * Writing the settings row: the Settings screen, its reset to defaults, and the Ads screen. Each write is
 * one UPDATE plus its activity-log entry in a transaction (all or nothing), then the settings cache is
 * cleared so the next page shows the change.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import { accessDenied, type CurrentUser } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import type { Db, Tx } from "#app/db/client.server";
import { settings, type Settings } from "#app/db/schema";
import { DEFAULT_CONTACT } from "#app/db/seed.server";
import { logActivity } from "#app/domain/activity/activity.server";
import { ADS_LABELS, type AdsFormInput } from "./ads-form";
import {
  RESET_KEEPS,
  SETTINGS_FIELDS,
  SETTINGS_LABELS,
  SOCIAL_NETWORKS,
  toSettingsColumns,
  type SettingsFormInput,
  type SettingsScreenValues,
} from "./settings-form";
import { forgetCachedSettings } from "./settings.server";
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import { forgetEditions } from "#app/domain/editions/editions.server";
import { renameMainEdition } from "#app/domain/editions/main-edition.server";

export const requireSettingsManager = (actor: CurrentUser) => {
  if (!can(actor.role, "settings", "manage")) accessDenied();
};

export async function lockedRow(tx: Tx): Promise<Settings> {
  const [row] = await tx.select().from(settings).where(eq(settings.id, 1)).for("update");
  if (!row) throw new Error("The settings row is missing.");
  return row;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The labels of the fields that differ, for the activity log ("Site Title, Posts Per Page"). */
function changedLabels(before: Settings, after: Partial<Settings>, labels: Record<string, string>) {
  const changed: string[] = [];
  for (const [key, value] of Object.entries(after)) {
    if (key === "socialMedia") {
      for (const n of SOCIAL_NETWORKS) {
        const label = labels[n.field];
        if (
          label !== undefined &&
          (before.socialMedia?.[n.key] ?? "") !== (value as Settings["socialMedia"])[n.key]
        )
          changed.push(label);
      }
    } else {
      const label = Object.hasOwn(labels, key) ? labels[key] : undefined;
      if (label !== undefined && !sameValue(before[key as keyof Settings], value)) changed.push(label);
    }
  }
  return changed;
}

const describeChanges = (changed: string[]) =>
  changed.length === 0 ? "Saved without changes" : `Changed: ${changed.join(", ")}`;

/**
 * Saves every field of the Settings screen at once (the ads and custom code stay as they are). A new
 * language renames the main edition in the same transaction (decision record 022): refused beside the
 * Language field when that language is already another edition.
 */
export async function updateSettings(db: Db, actor: CurrentUser, input: SettingsFormInput) {
  requireSettingsManager(actor);
  const columns: SettingsScreenValues = toSettingsColumns(input);
  await db.transaction(async (tx) => {
    const before = await lockedRow(tx);
    await renameMainEdition(tx, before.language, columns.language, "language");
    await tx
      .update(settings)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(settings.id, 1));
    await logActivity(tx, {
      type: "settings",
      actor,
      action: "updated settings",
      title: "Settings",
      description: describeChanges(changedLabels(before, columns, SETTINGS_LABELS)),
    });
  });
  forgetCachedSettings();
  forgetEditions(db);
  siteChanged(db, { scope: "everything", reason: "settings changed" });
}

/**
 * Restores the Settings screen's fields to the defaults the first start created (app/db/seed.server.ts):
 * the schema's column defaults, no contact details (new installs have none), and the site URL given (the current
 * origin, as the spec says). Ads and custom code have their own screens and are kept, and so are the security
 * settings (RESET_KEEPS).
 */
export async function resetSettingsToDefaults(db: Db, actor: CurrentUser, options: { siteUrl: string }) {
  requireSettingsManager(actor);
  const toDefault: Partial<Record<keyof Settings, SQL>> = {};
  for (const field of SETTINGS_FIELDS) {
    if (field.startsWith("social") || (RESET_KEEPS as readonly string[]).includes(field)) continue;
    toDefault[field as keyof Settings] = sql`DEFAULT`;
  }
  await db.transaction(async (tx) => {
    const before = await lockedRow(tx);
    const [after] = await tx
      .update(settings)
      .set({
        ...toDefault,
        socialMedia: sql`DEFAULT`,
        ...DEFAULT_CONTACT,
        siteUrl: options.siteUrl,
        updatedAt: new Date(),
      })
      .where(eq(settings.id, 1))
      .returning({ language: settings.language });
    // The default language becomes the main edition's, as a save of it would (refused the same way).
    if (after) await renameMainEdition(tx, before.language, after.language);
    await logActivity(tx, {
      type: "settings",
      actor,
      action: "reset settings to defaults",
      title: "Settings",
    });
  });
  forgetCachedSettings();
  forgetEditions(db);
  siteChanged(db, { scope: "everything", reason: "settings changed" });
}

/** The Ads screen: only the ads part of the settings changes; ad units are kept as they are. */
export async function updateAdsSettings(db: Db, actor: CurrentUser, input: AdsFormInput) {
  requireSettingsManager(actor);
  await db.transaction(async (tx) => {
    const before = await lockedRow(tx);
    await tx
      .update(settings)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(settings.id, 1));
    await logActivity(tx, {
      type: "settings",
      actor,
      action: "updated ads settings",
      title: "Ads",
      description: describeChanges(changedLabels(before, input, ADS_LABELS)),
    });
  });
  forgetCachedSettings();
  siteChanged(db, { scope: "everything", reason: "settings changed" });
}
