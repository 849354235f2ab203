/**
 * The main edition follows Settings → General's language (decision record 022, point 1): the settings save
 * and its reset rename its row inside their own transaction, and `ON UPDATE CASCADE` carries its stories
 * and category names (and, later, subscribers and issues) to the new tag in the same statement. A language
 * that is already another edition is refused: the two editions' stories would become one.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "#app/db/client.server";
import { editions } from "#app/db/schema";
import { conflict, fieldsRefused } from "#app/lib/errors";
import { EDITION_TEXT } from "./edition-form";

/**
 * Each settings language's name in its own language, as the main edition's row was first named
 * (drizzle/0027_editions.sql): the readers' switcher shows it.
 */
export const MAIN_EDITION_NAMES: Record<string, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  it: "Italiano",
  pt: "Português",
  ru: "Русский",
  zh: "中文",
  ja: "日本語",
  ko: "한국어",
};

const nameOf = (tag: string) => MAIN_EDITION_NAMES[tag] ?? tag;

/**
 * Renames the main edition from `from` to `to`, inside the caller's transaction. Its name follows when it
 * is still the old language's own (an admin's name of their choosing is kept). `field` names the form
 * field a refusal is about (the Settings form's `language`); without one the refusal is a plain conflict.
 */
export async function renameMainEdition(tx: Tx, from: string, to: string, field?: string) {
  if (from === to) return;
  const [taken] = await tx
    .select({ tag: editions.tag })
    .from(editions)
    .where(eq(editions.tag, to))
    .for("update")
    .limit(1);
  if (taken)
    throw field
      ? fieldsRefused("conflict", { [field]: EDITION_TEXT.languageIsEdition })
      : conflict(EDITION_TEXT.languageIsEdition);
  const [main] = await tx
    .select({ name: editions.name })
    .from(editions)
    .where(eq(editions.tag, from))
    .for("update")
    .limit(1);
  if (!main) {
    // No row holds the old language (a database restored half-way): the main edition starts again.
    await tx.insert(editions).values({ tag: to, name: nameOf(to), enabled: true });
    return;
  }
  const name = main.name === nameOf(from) ? nameOf(to) : main.name;
  await tx.update(editions).set({ tag: to, name, enabled: true }).where(eq(editions.tag, from));
}
