/**
 * Saving the header & footer code snippets (settings.codeSnippets). One save replaces the whole list:
 * the screen keeps its changes locally until 'Save All Changes'.
 */
import type { Actor } from "#app/domain/activity/activity.server";
import { logActivity } from "#app/domain/activity/activity.server";
import type { Db, DbOrTx } from "#app/db/client.server";
import { settings } from "#app/db/schema";
import { DomainError } from "#app/lib/errors";
import { forgetCachedSettings, getSettings } from "#app/domain/settings/settings.server";
import { siteChanged } from "#app/domain/delivery/site-changes.server";
import {
  newSnippetId,
  readStoredSnippets,
  snippetFromForm,
  snippetListSchema,
  SNIPPET_TEXT,
  toggledStatus,
  type CodeSnippet,
  type SnippetFormFields,
} from "./snippet-rules";

export async function listSnippets(db: DbOrTx): Promise<CodeSnippet[]> {
  return readStoredSnippets((await getSettings(db)).codeSnippets);
}

/** A refusal ('invalid') carrying the spec's failure text and, when there is one, what was wrong. */
function invalid(message: string = SNIPPET_TEXT.saveFailed, detail?: string): never {
  throw new DomainError("invalid", message, { detail });
}

/** Validates and stores the whole list, logs it, and lets every page read the new list. */
export async function saveSnippets(db: Db, actor: Actor, list: unknown): Promise<CodeSnippet[]> {
  const parsed = snippetListSchema.safeParse(list);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    invalid(SNIPPET_TEXT.saveFailed, issue ? `${issue.path.join(".")}: ${issue.message}` : undefined);
  }
  const snippets = parsed.data;
  if (new Set(snippets.map((s) => s.id)).size !== snippets.length) {
    invalid(SNIPPET_TEXT.saveFailed, "Two snippets share an id.");
  }
  const active = snippets.filter((s) => s.status === "active").length;
  await db.transaction(async (tx) => {
    await tx.update(settings).set({ codeSnippets: snippets, updatedAt: new Date() });
    await logActivity(tx, {
      type: "settings",
      actor,
      action: "Updated header & footer code",
      title: "Code snippets",
      description: `${snippets.length} snippet${snippets.length === 1 ? "" : "s"}, ${active} active`,
    });
  });
  forgetCachedSettings();
  siteChanged(db, { scope: "everything", reason: "snippets changed" });
  return snippets;
}

/*
 * Without JavaScript the screen cannot hold unsaved changes, so its add, toggle and remove forms post
 * one change at a time; each is the stored list with that change, saved at once.
 */

export async function addSnippet(db: Db, actor: Actor, fields: SnippetFormFields) {
  const built = snippetFromForm(fields, newSnippetId());
  if (!built.ok) invalid(built.error);
  return saveSnippets(db, actor, [...(await listSnippets(db)), built.snippet]);
}

export async function toggleSnippet(db: Db, actor: Actor, id: string) {
  const list = await listSnippets(db);
  if (!list.some((s) => s.id === id)) invalid(SNIPPET_TEXT.saveFailed, "Snippet not found.");
  return saveSnippets(
    db,
    actor,
    list.map((s) => (s.id === id ? { ...s, status: toggledStatus(s.status) } : s)),
  );
}

export async function removeSnippet(db: Db, actor: Actor, id: string) {
  const list = await listSnippets(db);
  if (!list.some((s) => s.id === id)) invalid(SNIPPET_TEXT.saveFailed, "Snippet not found.");
  return saveSnippets(
    db,
    actor,
    list.filter((s) => s.id !== id),
  );
}
