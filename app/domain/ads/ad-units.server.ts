/**
 * Creating, editing, switching and deleting ad units (Ads screen). Each change rewrites the ad unit
 * list in the locked settings row plus its activity-log entry, in one transaction; then the settings
 * cache is dropped and the page cache purged (siteChanged), so the next public page shows it.
 */
import { eq } from "drizzle-orm";
import type { CurrentUser } from "#app/auth/guard.server";
import type { Db } from "#app/db/client.server";
import { settings } from "#app/db/schema";
import { logActivity } from "#app/domain/activity/activity.server";
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import { forgetCachedSettings } from "#app/domain/settings/settings.server";
import { lockedRow, requireSettingsManager } from "#app/domain/settings/update.server";
import { fieldsRefused, invalid, notFound } from "#app/lib/errors";
import {
  AD_PLACEMENT_LABELS,
  AD_UNIT_LIMITS,
  AD_UNIT_TEXT,
  checkAdUnitForm,
  newAdUnitId,
  readStoredAdUnits,
  toStoredAdSlot,
  type AdUnit,
  type AdUnitFormValues,
} from "./ad-units";

/** One change to the list: `change` returns the new list and the log line, or throws a DomainError. */
async function changeUnits(
  db: Db,
  actor: CurrentUser,
  change: (units: AdUnit[]) => { units: AdUnit[]; action: string; unit: AdUnit },
) {
  requireSettingsManager(actor);
  const unit = await db.transaction(async (tx) => {
    const before = await lockedRow(tx);
    const result = change(readStoredAdUnits(before.adSlots));
    await tx
      .update(settings)
      .set({ adSlots: result.units.map(toStoredAdSlot), updatedAt: new Date() })
      .where(eq(settings.id, 1));
    const where = result.unit.placement ? AD_PLACEMENT_LABELS[result.unit.placement] : "no slot";
    await logActivity(tx, {
      type: "settings",
      actor,
      action: result.action,
      title: `Ad unit: ${result.unit.name}`,
      description: `${where}, ${result.unit.active ? "active" : "inactive"}`,
    });
    return result.unit;
  });
  forgetCachedSettings();
  siteChanged(db, { scope: "everything", reason: "ad units changed" });
  return unit;
}

function findUnit(units: AdUnit[], id: string): AdUnit {
  const unit = units.find((u) => u.id === id);
  if (!unit) throw notFound(AD_UNIT_TEXT.notFound);
  return unit;
}

/** Adds a unit (no id) or replaces the unit with that id; field problems come back as one refusal. */
export async function saveAdUnit(db: Db, actor: CurrentUser, values: AdUnitFormValues, id?: string) {
  requireSettingsManager(actor);
  const checked = checkAdUnitForm(values);
  if (!checked.ok) throw fieldsRefused("invalid", checked.errors);
  return changeUnits(db, actor, (units) => {
    if (id) {
      findUnit(units, id);
      const unit = { ...checked.unit, id };
      return { units: units.map((u) => (u.id === id ? unit : u)), action: "updated ad unit", unit };
    }
    if (units.length >= AD_UNIT_LIMITS.units) throw invalid(AD_UNIT_TEXT.tooMany);
    const unit = { ...checked.unit, id: newAdUnitId() };
    return { units: [...units, unit], action: "created ad unit", unit };
  });
}

export async function setAdUnitActive(db: Db, actor: CurrentUser, id: string, active: boolean) {
  return changeUnits(db, actor, (units) => {
    const unit = { ...findUnit(units, id), active };
    return {
      units: units.map((u) => (u.id === id ? unit : u)),
      action: active ? "switched on ad unit" : "switched off ad unit",
      unit,
    };
  });
}

export async function deleteAdUnit(db: Db, actor: CurrentUser, id: string) {
  return changeUnits(db, actor, (units) => {
    const unit = findUnit(units, id);
    return { units: units.filter((u) => u.id !== id), action: "deleted ad unit", unit };
  });
}
