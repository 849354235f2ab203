import { storyPath } from "#app/lib/paths";
import { useState } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import { ArticleForm } from "#app/components/admin/article-form";
import { ArticleProblem } from "#app/components/admin/article-problem";
import { ArticleResult } from "#app/components/admin/article-result";
import { CorrectionNoteField, RevisionNotices } from "#app/components/admin/revision-notices";
import { ViewsChart } from "#app/components/admin/views-chart";
import {
  OriginalBeside,
  TranslationForms,
  TranslationsPanel,
} from "#app/components/admin/translations-panel";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { articleFormOptions, deleteArticle, getArticleForEdit } from "#app/domain/articles/admin.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { editorReviewState } from "#app/domain/articles/revisions.server";
import { viewsPerDay } from "#app/domain/articles/view-stats.server";
import { translationsPanel } from "#app/domain/articles/translation-panel.server";
import { startTranslation } from "#app/domain/articles/translations.server";
import type { CurrentUser } from "#app/auth/guard.server";
import type { Services } from "#app/services.server";
import { TRANSLATION_TEXT } from "#app/lib/article-form/translation-text";
import { formText } from "#app/lib/form";
import { isDomainError } from "#app/lib/errors";
import { ARTICLE_STATUS_LABELS } from "#app/lib/status-labels";
import { ARTICLE_TEXT } from "#app/lib/article-form/article-text";
import { articleValuesFromArticle } from "#app/lib/article-form/form-values";
import { redirectWithToast } from "#app/lib/flash.server";
import { expectedError, statusOf, withDomainErrors } from "#app/lib/http-errors.server";
import { saveArticleFromForm } from "./articles-save.server";
import type { Route } from "./+types/articles.edit";

export const loader = withDomainErrors(async ({ params, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "articles", "create");
  const db = context.db;
  const article = await getArticleForEdit(db, user, params.id);
  const review = await editorReviewState(db, user, article);
  // A writer whose change to a published story waits for review goes on from their proposed text.
  const proposed = review.ownProposal?.snapshot;
  const { timezone, startOfWeek, language: mainTag } = await getSettings(db);
  return {
    id: article.id,
    slug: article.slug,
    // "View story" opens it in its own edition (/tw/article/… for a Twi story).
    storyAddress: storyPath(article, mainTag),
    status: article.status,
    values: articleValuesFromArticle(proposed ? { ...article, ...proposed } : article, timezone),
    timeZone: timezone,
    review,
    options: await articleFormOptions(db),
    canPublish: can(user.role, "articles", "publish"),
    weekStartsOn: startOfWeek,
    // After getArticleForEdit: a writer reaches here only for their own article.
    viewsByDay: await viewsPerDay(db, { articleId: article.id }),
    translations: await translationsPanel(db, user, article),
  };
});

export const action = withDomainErrors(async ({ request, params, context }: Route.ActionArgs) => {
  const user = await requirePermission(context, "articles", "create");
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "translate") return translate(context.services, user, params.id, form.language);
  if (form.intent !== "delete") return saveArticleFromForm(context.services, user, form, params.id);
  // Deleted only on the confirmed post (the dialog adds it); a tap before the script has loaded is asked first.
  if (form.confirmed !== "yes")
    return data({
      problem: undefined,
      values: undefined,
      fieldErrors: undefined,
      confirmDelete: true as const,
    });
  try {
    await deleteArticle(context.db, user, params.id);
    return redirectWithToast("/admin/articles", { type: "success", title: ARTICLE_TEXT.deletedTitle });
  } catch (error) {
    // A story already deleted (by someone else, or in another tab) is a 404 with its own words.
    const known = expectedError(error, "[articles] delete failed", params.id);
    const problem = known
      ? { title: known.title ?? ARTICLE_TEXT.deletionFailedTitle, message: known.message }
      : { title: ARTICLE_TEXT.deletionFailedTitle, message: ARTICLE_TEXT.deletionFailed };
    return data(
      { problem, values: undefined, fieldErrors: undefined },
      { status: known ? statusOf(known) : 500 },
    );
  }
});

/**
 * "Start translation": the story's version in that edition, new or already there, opens in the editor.
 * Who may is the domain's (`startTranslation`: 403 for a writer on another's unpublished story).
 */
async function translate(services: Services, user: CurrentUser, id: string, language: unknown) {
  try {
    const started = await startTranslation(services, user, id, formText(language).trim());
    return redirectWithToast(
      `/admin/articles/edit/${started.id}`,
      started.created
        ? { type: "success", title: TRANSLATION_TEXT.startedTitle, message: TRANSLATION_TEXT.startedMessage }
        : { type: "info", title: TRANSLATION_TEXT.openedTitle, message: TRANSLATION_TEXT.openedMessage },
    );
  } catch (error) {
    if (!isDomainError(error, "invalid")) throw error;
    const message = error.fieldErrors?.language ?? error.message;
    return data(
      {
        problem: { title: TRANSLATION_TEXT.startFailed, message },
        values: undefined,
        fieldErrors: undefined,
      },
      { status: 400 },
    );
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Edit Article - Admin" }];

export default function EditArticle({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const [confirming, setConfirming] = useState(false);
  const reply = actionData && "values" in actionData ? actionData : undefined;
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <Link to="/admin/articles" className="rounded border border-gray-300 bg-white px-3 py-1 text-sm">
          ← Back
        </Link>
        <h1 className="text-2xl font-bold">Edit Article</h1>
        <span className="rounded bg-gray-200 px-2 py-0.5 text-xs">
          {ARTICLE_STATUS_LABELS[loaderData.values.status]}
        </span>
        {loaderData.status === "published" ? (
          <Link to={loaderData.storyAddress} className="text-sm font-medium text-blue-700 underline">
            View story
          </Link>
        ) : null}
        <Link to={`/admin/articles/revisions/${loaderData.id}`} className="text-sm text-brand-700 underline">
          Revision history
        </Link>
        <Link to={`/admin/articles/live/${loaderData.id}`} className="text-sm text-brand-700 underline">
          Live coverage
        </Link>
        <Form
          method="post"
          className="ml-auto"
          onSubmit={(event) => {
            event.preventDefault();
            setConfirming(true);
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <button
            type="submit"
            className="rounded border border-red-300 px-3 py-1 text-sm text-red-700 hover:bg-red-50"
          >
            Delete
          </button>
        </Form>
      </div>
      {actionData && "confirmDelete" in actionData ? (
        <ArticleResult
          result={{ type: "confirm", title: ARTICLE_TEXT.deleteConfirm, intent: "delete" }}
          cancelTo={`/admin/articles/edit/${loaderData.id}`}
        />
      ) : null}
      <RevisionNotices articleId={loaderData.id} review={loaderData.review} />
      <ArticleProblem problem={actionData?.problem} />
      {loaderData.translations.original ? (
        <OriginalBeside original={loaderData.translations.original} />
      ) : null}
      <ArticleForm
        key={loaderData.id}
        weekStartsOn={loaderData.weekStartsOn}
        mode="edit"
        values={reply?.values ?? loaderData.values}
        articleId={loaderData.id}
        storedStatus={loaderData.status}
        fieldErrors={reply?.fieldErrors}
        categories={loaderData.options.categories}
        authors={loaderData.options.authors}
        editions={loaderData.options.editions}
        canPublish={loaderData.canPublish}
        timeZone={loaderData.timeZone}
        publishExtras={
          loaderData.canPublish && loaderData.status === "published" ? <CorrectionNoteField /> : null
        }
        submitting={navigation.state === "submitting"}
        sidebarExtra={
          <>
            {loaderData.translations.editions.length > 1 ? (
              <TranslationsPanel panel={loaderData.translations} />
            ) : null}
            <section aria-labelledby="article-views" className="rounded border border-gray-200 bg-white p-3">
              <h2
                id="article-views"
                className="mb-2 text-xs font-semibold tracking-wide text-gray-500 uppercase"
              >
                Views
              </h2>
              <ViewsChart days={loaderData.viewsByDay} label="Views per day, last 30 days" size="small" />
            </section>
          </>
        }
      />
      <TranslationForms panel={loaderData.translations} />
      <ConfirmDialog
        open={confirming}
        title="Delete article"
        message={ARTICLE_TEXT.deleteConfirm}
        confirmLabel="Delete"
        tone="danger"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          submit({ intent: "delete", confirmed: "yes" }, { method: "post" });
        }}
      />
    </section>
  );
}
