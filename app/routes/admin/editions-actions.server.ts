/**
 * The Editions screen's posts, one `intent` each (add, rename, move, switch), handed to the domain
 * (app/domain/editions/admin.server.ts). A change answers with the screen again and a toast; a refusal
 * with its text, beside the field it is about where there is one, and what was typed.
 */
import { data } from "react-router";
import type { CurrentUser } from "#app/auth/guard.server";
import type { Db } from "#app/db/client.server";
import {
  addEdition,
  moveEdition,
  renameEdition,
  setEditionEnabled,
  type MoveDirection,
} from "#app/domain/editions/admin.server";
import { EDITION_TEXT, type AddEditionValues } from "#app/domain/editions/edition-form";
import type { FieldErrors, FieldProblem } from "#app/domain/users/user-form";
import { isDomainError } from "#app/lib/errors";
import { redirectWithToast } from "#app/lib/flash.server";
import { formText } from "#app/lib/form";
import { expectedError } from "#app/lib/http-errors.server";
import type { Toast } from "#app/components/ui/toast";

export const EDITIONS_SCREEN = "/admin/settings/editions";

export interface EditionsActionData {
  /** A problem with no field of its own (an edition gone, the main one switched off). */
  problem?: FieldProblem;
  /** The add form refused: its problems and what was typed. */
  addErrors?: FieldErrors;
  addValues?: AddEditionValues;
  /** A rename refused: whose, its problem and what was typed. */
  rename?: { tag: string; error: FieldProblem; name: string };
}

const asProblems = (fieldErrors: Record<string, string>): FieldErrors =>
  Object.fromEntries(Object.entries(fieldErrors).map(([field, title]) => [field, { title }]));

/** Runs one intent; the toast to show once it has been done. */
async function run(db: Db, actor: CurrentUser, intent: string, form: FormData): Promise<Toast | null> {
  const tag = formText(form.get("tag"));
  switch (intent) {
    case "add": {
      const added = await addEdition(db, actor, Object.fromEntries(form));
      return {
        type: "success",
        title: EDITION_TEXT.added,
        message: `${added.name} (${added.tag}): ${EDITION_TEXT.addedDetail}`,
      };
    }
    case "rename":
      await renameEdition(db, actor, tag, Object.fromEntries(form));
      return { type: "success", title: EDITION_TEXT.renamed };
    case "move": {
      const direction: MoveDirection = form.get("direction") === "down" ? "down" : "up";
      await moveEdition(db, actor, tag, direction);
      return { type: "success", title: EDITION_TEXT.moved };
    }
    case "switch": {
      const enabled = form.get("enabled") === "on";
      await setEditionEnabled(db, actor, tag, enabled);
      return enabled
        ? { type: "success", title: EDITION_TEXT.switchedOn, message: EDITION_TEXT.switchedOnDetail }
        : { type: "success", title: EDITION_TEXT.switchedOff, message: EDITION_TEXT.switchedOffDetail };
    }
    default:
      return null;
  }
}

export async function editionsAction(db: Db, actor: CurrentUser, form: FormData) {
  const intent = formText(form.get("intent"));
  const typed = { tag: formText(form.get("tag")), name: formText(form.get("name")) };
  try {
    const toast = await run(db, actor, intent, form);
    if (!toast) return data<EditionsActionData>({ problem: { title: EDITION_TEXT.failed } }, { status: 400 });
    return redirectWithToast(EDITIONS_SCREEN, toast);
  } catch (error) {
    const known = expectedError(error, "[editions] change failed", { intent, tag: typed.tag });
    if (!isDomainError(known)) {
      return data<EditionsActionData>(
        { problem: { title: EDITION_TEXT.failed }, ...(intent === "add" ? { addValues: typed } : {}) },
        { status: 500 },
      );
    }
    const status = known.code === "not_found" ? 404 : known.code === "conflict" ? 409 : 400;
    const fieldErrors = known.fieldErrors;
    if (fieldErrors && intent === "add")
      return data<EditionsActionData>({ addErrors: asProblems(fieldErrors), addValues: typed }, { status });
    if (fieldErrors?.name && intent === "rename")
      return data<EditionsActionData>(
        { rename: { tag: typed.tag, error: { title: fieldErrors.name }, name: typed.name } },
        { status },
      );
    return data<EditionsActionData>({ problem: { title: known.message } }, { status });
  }
}
