/**
 * The save step shared by the add and edit article actions: parse, save through the domain, answer
 * with the spec's messages. A failed save hands back exactly what was typed.
 */
import { data } from "react-router";
import type { CurrentUser } from "#app/auth/guard.server";
import type { Toast } from "#app/components/ui/toast";
import type { Db } from "#app/db/client.server";
import { sqlStateOf } from "#app/db/errors";
import { saveArticle } from "#app/domain/articles/admin.server";
import {
  ARTICLE_TEXT,
  articleValuesFromForm,
  creationFailureMessage,
  parseArticleForm,
  type ArticleFieldErrors,
  type ArticleFormValues,
  type FormProblem,
} from "#app/lib/article-form";
import { redirectWithToast } from "#app/lib/flash.server";
import { isDomainError } from "#app/lib/errors";
import { checkNote, REVISION_TEXT } from "#app/domain/articles/revision-rules";

export interface ArticleFormReply {
  values: ArticleFormValues;
  fieldErrors: ArticleFieldErrors;
  problem: FormProblem;
}

const reply = (body: ArticleFormReply, status: number) => data(body, { status });

export async function saveArticleFromForm(
  db: Db,
  actor: CurrentUser,
  form: Record<string, FormDataEntryValue>,
  id?: string,
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
    const saved = await saveArticle(db, actor, parsed.data, id, { correctionNote: correction.note });
    const toast: Toast = id
      ? {
          type: "success",
          title: ARTICLE_TEXT.updated,
          message: saved.proposed
            ? REVISION_TEXT.proposedSaved
            : saved.submittedForReview
              ? ARTICLE_TEXT.submittedForReview
              : undefined,
        }
      : {
          type: "success",
          title: ARTICLE_TEXT.createdTitle,
          message: saved.submittedForReview
            ? `${ARTICLE_TEXT.created} ${ARTICLE_TEXT.submittedForReview}`
            : ARTICLE_TEXT.created,
        };
    return redirectWithToast("/admin/articles", toast);
  } catch (error) {
    if (isDomainError(error, "invalid")) {
      const fieldErrors: ArticleFieldErrors = error.fieldErrors ?? {};
      const problem = fieldErrors.content
        ? { title: ARTICLE_TEXT.missingContentTitle, message: ARTICLE_TEXT.missingContent }
        : {
            title: id ? ARTICLE_TEXT.updateFailed : ARTICLE_TEXT.creationFailedTitle,
            message: Object.values(fieldErrors)[0] ?? "",
          };
      return reply({ values, fieldErrors, problem }, 400);
    }
    if (isDomainError(error)) throw error; // 403 / 404: withDomainErrors answers, the error boundary shows it
    console.error("[articles] save failed", { id, actor: actor.id }, error);
    const problem = id
      ? { title: ARTICLE_TEXT.updateFailed, message: "" }
      : { title: ARTICLE_TEXT.creationFailedTitle, message: creationFailureMessage(sqlStateOf(error)) };
    return reply({ values, fieldErrors: {}, problem }, 500);
  }
}
