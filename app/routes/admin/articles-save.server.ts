/**
 * The save step shared by the add and edit article actions: parse, save through the domain, answer
 * with the spec's messages. A failed save hands back exactly what was typed. A saved article opens in
 * its edit screen (saving keeps you in the editor; tests/e2e/newsroom.spec.ts), not in the list the observed
 * app returned to. The autosave endpoint's step is here too: it answers JSON and never redirects, since a
 * redirect would take the browser away from the text being typed.
 */
import { data } from "react-router";
import type { CurrentUser } from "#app/auth/guard.server";
import type { Toast } from "#app/components/ui/toast";
import type { Services } from "#app/services.server";
import { saveArticle, type SaveResult } from "#app/domain/articles/admin.server";
import { creationFailureMessage } from "#app/domain/articles/save-failure.server";
import {
  parseArticleForm,
  type ArticleFieldErrors,
  type FormProblem,
} from "#app/lib/article-form/article-input";
import { ARTICLE_TEXT } from "#app/lib/article-form/article-text";
import { articleValuesFromForm, type ArticleFormValues } from "#app/lib/article-form/form-values";
import { redirectWithToast } from "#app/lib/flash.server";
import { isDomainError } from "#app/lib/errors";
import { HTTP_STATUS } from "#app/lib/http-errors.server";
import { AUTOSAVE_TEXT, type AutosaveReply } from "#app/lib/article-autosave";
import { checkNote, REVISION_TEXT } from "#app/domain/articles/revision-rules";
import { logFailure } from "#app/lib/log.server";

export interface ArticleFormReply {
  values: ArticleFormValues;
  fieldErrors: ArticleFieldErrors;
  problem: FormProblem;
}

const reply = (body: ArticleFormReply, status: number) => data(body, { status });

export async function saveArticleFromForm(
  services: Services,
  actor: CurrentUser,
  form: Record<string, FormDataEntryValue>,
  id?: string,
  // The add screen saving the draft its autosave created: the person is still creating the article.
  { creating = !id }: { creating?: boolean } = {},
) {
  const values = articleValuesFromForm(form);
  const parsed = parseArticleForm(form);
  if (!parsed.ok) return reply({ values, fieldErrors: parsed.fieldErrors, problem: parsed.problem }, 400);
  // An editor's correction note on a published story (readers see it under the story).
  const correction = checkNote(form.correctionNote, false);
  if (!correction.ok)
    return reply(
      { values, fieldErrors: {}, problem: { title: ARTICLE_TEXT.updateFailed, message: correction.message } },
      400,
    );
  try {
    const saved = await saveArticle(services, actor, parsed.data, id, { correctionNote: correction.note });
    const outcome = saveOutcome(saved);
    const toast: Toast = !creating
      ? { type: "success", title: ARTICLE_TEXT.updated, message: outcome }
      : {
          type: "success",
          title: ARTICLE_TEXT.createdTitle,
          // A new draft needs no more than the spec's words; anything else says where the story went.
          message: saved.status === "draft" ? ARTICLE_TEXT.created : `${ARTICLE_TEXT.created} ${outcome}`,
        };
    return redirectWithToast(`/admin/articles/edit/${saved.id}`, toast);
  } catch (error) {
    // A refused field comes back beside it, what was typed kept: "invalid", and the language select's
    // "conflict" (another version of the story is in that edition already).
    if (
      isDomainError(error, "invalid") ||
      (isDomainError(error, "conflict") && error.fieldErrors?.language)
    ) {
      const fieldErrors: ArticleFieldErrors = error.fieldErrors ?? {};
      const problem = fieldErrors.content
        ? { title: ARTICLE_TEXT.missingContentTitle, message: ARTICLE_TEXT.missingContent }
        : {
            title: creating ? ARTICLE_TEXT.creationFailedTitle : ARTICLE_TEXT.updateFailed,
            message: Object.values(fieldErrors)[0] ?? "",
          };
      return reply({ values, fieldErrors, problem }, HTTP_STATUS[error.code]);
    }
    if (isDomainError(error)) throw error; // 403 / 404: withDomainErrors answers, the error boundary shows it
    logFailure("[articles] save failed", error, { id, actor: actor.id });
    const problem = creating
      ? { title: ARTICLE_TEXT.creationFailedTitle, message: creationFailureMessage(error) }
      : { title: ARTICLE_TEXT.updateFailed, message: "" };
    return reply({ values, fieldErrors: {}, problem }, 500);
  }
}

/**
 * What a deliberate save did, as the toast says it under the spec's title and the editor's status line
 * keeps it: publishing, saving a live story and saving a draft must not read alike.
 */
export function saveOutcome(saved: SaveResult): string {
  if (saved.proposed) return REVISION_TEXT.proposedSaved;
  if (saved.submittedForReview) return ARTICLE_TEXT.submittedForReview;
  if (saved.status === "scheduled") return ARTICLE_TEXT.scheduled;
  if (saved.status === "published")
    return saved.wasPublished ? ARTICLE_TEXT.changesSaved : ARTICLE_TEXT.publishedNow;
  if (saved.wasPublished) return ARTICLE_TEXT.movedToDrafts;
  return saved.status === "pending" ? ARTICLE_TEXT.pendingSaved : ARTICLE_TEXT.draftSaved;
}

/** The id of the draft an add screen's autosave created, as the form sends it back. */
export const draftIdOf = (form: Record<string, FormDataEntryValue>) =>
  typeof form.draftId === "string" && form.draftId ? form.draftId : undefined;

const autosaveReply = (body: AutosaveReply, status: number) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/**
 * One autosave: a draft created (no id) or updated, always as a draft (the domain refuses any other
 * status with 'conflict'). Every answer is JSON with the text the editor shows; nothing is thrown, so
 * the page being typed in is never replaced by an error page.
 */
export async function autosaveArticleFromForm(
  services: Services,
  actor: CurrentUser,
  form: Record<string, FormDataEntryValue>,
): Promise<Response> {
  const id = typeof form.id === "string" && form.id ? form.id : undefined;
  const parsed = parseArticleForm(form);
  if (!parsed.ok) return autosaveReply({ ok: false, message: parsed.problem.message }, 400);
  try {
    const saved = await saveArticle(services, actor, { ...parsed.data, status: "draft" }, id, {
      autosave: true,
    });
    return autosaveReply({ ok: true, id: saved.id, savedAt: new Date().toISOString() }, 200);
  } catch (error) {
    if (isDomainError(error)) {
      const message = Object.values(error.fieldErrors ?? {})[0] ?? error.message;
      return autosaveReply({ ok: false, message }, HTTP_STATUS[error.code]);
    }
    logFailure("[articles] autosave failed", error, { id, actor: actor.id });
    return autosaveReply({ ok: false, message: AUTOSAVE_TEXT.failed }, 500);
  }
}
