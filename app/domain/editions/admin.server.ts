/**
 * The Editions screen's changes (decision record 022, point 1): admins (`settings.manage`) add an edition
 * (switched off, last in the order), rename it, move it up or down and switch it on or off; the main one
 * (Settings → General's language) cannot be switched off, and its tag changes only with that setting
 * (main-edition.server.ts). Each change and its activity entry are one transaction; then the remembered
 * list is dropped and every page purged (`everything`, decision record 006): the switcher, `hreflang` and
 * which `/{tag}/` pages answer may all change.
 */
import { eq, max } from "drizzle-orm";
import { accessDenied, type CurrentUser } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import type { Db, Tx } from "#app/db/client.server";
import { isUniqueViolation } from "#app/db/errors";
import { editions, settings } from "#app/db/schema";
import { logActivity } from "#app/domain/activity/activity.server";
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import { editionPrefix } from "#app/lib/editions";
import { fieldsRefused, invalid, notFound } from "#app/lib/errors";
import { parseForm } from "#app/lib/form";
import { addEditionSchema, EDITION_TEXT, renameEditionSchema } from "./edition-form";
import { editionsInOrder, forgetEditions, type Edition } from "./editions.server";

/** An edition as the Editions screen lists it. */
export interface AdminEdition extends Edition {
  /** Whether it is the main edition (Settings → General's language). */
  main: boolean;
  /** Where its home page is: `/` for the main one, `/tw/` for Twi. */
  address: string;
}

export type MoveDirection = "up" | "down";

const requireEditionsManager = (actor: CurrentUser) => {
  if (!can(actor.role, "settings", "manage")) accessDenied();
};

/**
 * The main edition's tag, read with a share lock: a settings save renaming it waits for this change (and
 * this one for it), so "the main edition cannot be switched off" holds for the tag it really has.
 */
async function mainTagIn(tx: Tx): Promise<string> {
  const [row] = await tx
    .select({ language: settings.language })
    .from(settings)
    .where(eq(settings.id, 1))
    .for("share");
  if (!row) throw new Error("The settings row is missing.");
  return row.language;
}

/** Every edition, locked, in the screen's order. */
const lockedEditions = (tx: Tx) => editionsInOrder(tx).for("update");

function findEdition(rows: Edition[], tag: string): Edition {
  const found = rows.find((row) => row.tag === tag);
  if (!found) throw notFound(EDITION_TEXT.notFound);
  return found;
}

const label = (edition: Pick<Edition, "name" | "tag">) => `Edition: ${edition.name} (${edition.tag})`;

/** After a committed change: the next page reads the new list, and no page shows the old one. */
function editionsChanged(db: Db, reason: string) {
  forgetEditions(db);
  siteChanged(db, { scope: "everything", reason });
}

/** The Editions screen's list: every edition in order, the main one marked, each with its address. */
export async function editionsForAdmin(db: Db, actor: CurrentUser): Promise<AdminEdition[]> {
  requireEditionsManager(actor);
  return db.transaction(async (tx) => {
    const mainTag = await mainTagIn(tx);
    const rows = await editionsInOrder(tx);
    return rows.map((row) => ({
      ...row,
      main: row.tag === mainTag,
      address: `${editionPrefix(row.tag, mainTag)}/`,
    }));
  });
}

/** Adds an edition, switched off (its pages 404 while its stories are written), after the last one. */
export async function addEdition(db: Db, actor: CurrentUser, values: Record<string, unknown>) {
  requireEditionsManager(actor);
  const parsed = parseForm(addEditionSchema, values);
  if (!parsed.ok) throw fieldsRefused("invalid", parsed.fieldErrors);
  const { tag, name } = parsed.data;
  try {
    await db.transaction(async (tx) => {
      if (tag === (await mainTagIn(tx))) throw fieldsRefused("conflict", { tag: EDITION_TEXT.tagIsMain });
      const [existing] = await tx.select({ tag: editions.tag }).from(editions).where(eq(editions.tag, tag));
      if (existing) throw fieldsRefused("conflict", { tag: EDITION_TEXT.tagTaken });
      const [last] = await tx.select({ position: max(editions.position) }).from(editions);
      await tx.insert(editions).values({ tag, name, position: (last?.position ?? -1) + 1, enabled: false });
      await logActivity(tx, {
        type: "settings",
        actor,
        action: "added edition",
        title: label({ tag, name }),
        description: "Switched off",
      });
    });
  } catch (error) {
    // Two admins adding the same language at once: the second meets the primary key.
    if (isUniqueViolation(error)) throw fieldsRefused("conflict", { tag: EDITION_TEXT.tagTaken });
    throw error;
  }
  editionsChanged(db, "edition added");
  return { tag, name };
}

/** Renames an edition (the name readers see in the switcher); its tag never changes here. */
export async function renameEdition(
  db: Db,
  actor: CurrentUser,
  tag: string,
  values: Record<string, unknown>,
) {
  requireEditionsManager(actor);
  const parsed = parseForm(renameEditionSchema, values);
  if (!parsed.ok) throw fieldsRefused("invalid", parsed.fieldErrors);
  const { name } = parsed.data;
  await db.transaction(async (tx) => {
    const before = findEdition(await lockedEditions(tx), tag);
    await tx.update(editions).set({ name }).where(eq(editions.tag, tag));
    await logActivity(tx, {
      type: "settings",
      actor,
      action: "renamed edition",
      title: label({ tag, name }),
      description: `Was ${before.name}`,
    });
  });
  editionsChanged(db, "edition renamed");
}

/**
 * Moves an edition one place up or down the order (the switcher's). Positions are written out again as
 * 0, 1, 2…: ties left by earlier versions or concurrent adds end here. At either end it stays put.
 */
export async function moveEdition(db: Db, actor: CurrentUser, tag: string, direction: MoveDirection) {
  requireEditionsManager(actor);
  const moved = await db.transaction(async (tx) => {
    const rows = await lockedEditions(tx);
    const edition = findEdition(rows, tag);
    const from = rows.indexOf(edition);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= rows.length) return false;
    const order = [...rows];
    order.splice(from, 1);
    order.splice(to, 0, edition);
    for (const [position, row] of order.entries()) {
      if (row.position !== position)
        await tx.update(editions).set({ position }).where(eq(editions.tag, row.tag));
    }
    await logActivity(tx, {
      type: "settings",
      actor,
      action: direction === "up" ? "moved edition up" : "moved edition down",
      title: label(edition),
      description: `Now ${to + 1} of ${order.length}`,
    });
    return true;
  });
  if (moved) editionsChanged(db, "editions reordered");
}

/** Switches an edition on (its pages answer) or off (they answer 404); the main one stays on. */
export async function setEditionEnabled(db: Db, actor: CurrentUser, tag: string, enabled: boolean) {
  requireEditionsManager(actor);
  const changed = await db.transaction(async (tx) => {
    const mainTag = await mainTagIn(tx);
    const edition = findEdition(await lockedEditions(tx), tag);
    if (!enabled && tag === mainTag) throw invalid(EDITION_TEXT.mainStaysOn);
    if (edition.enabled === enabled) return false;
    await tx.update(editions).set({ enabled }).where(eq(editions.tag, tag));
    await logActivity(tx, {
      type: "settings",
      actor,
      action: enabled ? "switched on edition" : "switched off edition",
      title: label(edition),
    });
    return true;
  });
  if (changed) editionsChanged(db, enabled ? "edition switched on" : "edition switched off");
}
