/**
 * A story's live coverage in the back office (decision record 016): editors and admins start
 * and end it, let writers post directly, pin, approve, edit and delete updates; the story's writer posts
 * updates (reviewed on a published story). The server decides every one of these (live.server.ts).
 * Editing works without JavaScript: `?edit=<update id>` opens that update's form in place.
 */
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import { ArticleResult, type ArticleActionResult } from "#app/components/admin/article-result";
import { RichTextEditor } from "#app/components/admin/editor/rich-text-editor";
import { getArticleForEdit } from "#app/domain/articles/admin.server";
import { LIVE_ADMIN_TEXT, LIVE_UPDATE_TITLE_MAX } from "#app/domain/live/live-update-form";
import {
  approveLiveUpdate,
  deleteLiveUpdate,
  editLiveUpdate,
  endLiveCoverage,
  letWritersPostDirectly,
  listLiveUpdatesForEditing,
  pinLiveUpdate,
  postLiveUpdate,
  startLiveCoverage,
} from "#app/domain/live/live.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { commentDate } from "#app/lib/dates";
import { isDomainError } from "#app/lib/errors";
import { redirectWithToast } from "#app/lib/flash.server";
import { expectedError, statusOf, withDomainErrors } from "#app/lib/http-errors.server";
import { articlePath } from "#app/lib/paths";
import type { Route } from "./+types/articles.live";
import { formText } from "#app/lib/form";

export const loader = withDomainErrors(async ({ request, params, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "live", "post");
  const article = await getArticleForEdit(context.db, user, params.id);
  const updates = await listLiveUpdatesForEditing(context.db, user, article.id);
  const { timezone, timeFormat } = await getSettings(context.db);
  const canRun = can(user.role, "live", "run");
  const editId = new URL(request.url).searchParams.get("edit");
  return {
    article: {
      id: article.id,
      title: article.title,
      status: article.status,
      path: articlePath(article),
      isLive: article.liveStartedAt !== null && article.liveEndedAt === null,
      hasEnded: article.liveEndedAt !== null,
      writersPostLiveDirectly: article.writersPostLiveDirectly,
    },
    updates: updates.map((update) => ({
      id: update.id,
      title: update.title,
      content: update.content,
      authorName: update.authorName,
      status: update.status,
      isPinned: update.isPinned,
      isAlert: update.isAlert,
      edited: update.editedAt !== null,
      time: commentDate(update.createdAt, timezone, timeFormat),
    })),
    canRun,
    /** The update whose edit form is open: one of this story's, and only for those who may edit. */
    editingId: canRun && updates.some((update) => update.id === editId) ? editId : null,
  };
});

const text = (value: FormDataEntryValue | undefined) => formText(value);

interface LiveActionData {
  message: string;
  fieldErrors: Record<string, string>;
  /** What a refused update held, shown again. */
  values: { title: string; content: string; isAlert: boolean } | null;
  /** The update whose edit was refused: `values` and `fieldErrors` belong to its form, not the post form. */
  editingId?: string;
  /** A delete that arrived unconfirmed: the step that asks first. */
  confirm?: ArticleActionResult;
}
const reply = (body: LiveActionData, status = 200) => data(body, { status });

export const action = withDomainErrors(async ({ request, params, context }: Route.ActionArgs) => {
  const user = await requirePermission(context, "live", "post");
  const form = Object.fromEntries(await request.formData());
  const here = `/admin/articles/live/${params.id}`;
  const updateId = text(form.id);
  const T = LIVE_ADMIN_TEXT;
  const done = (title: string) => redirectWithToast(here, { type: "success", title });
  try {
    switch (form.intent) {
      case "start":
        await startLiveCoverage(context.db, user, params.id);
        return done(T.started);
      case "end":
        await endLiveCoverage(context.db, user, params.id);
        return done(T.endedToast);
      case "writers":
        await letWritersPostDirectly(context.db, user, params.id, form.allowed === "on");
        return done(form.allowed === "on" ? T.allowWriters : T.reviewWriters);
      case "post": {
        const update = await postLiveUpdate(context.services, user, params.id, form);
        return done(update.status === "pending" ? T.sentForReview : T.posted);
      }
      case "pin":
      case "unpin":
        await pinLiveUpdate(context.db, user, updateId, form.intent === "pin");
        return done(form.intent === "pin" ? T.pinned : T.unpinned);
      case "edit":
        await editLiveUpdate(context.services, user, updateId, form);
        return done(T.editSaved);
      case "approve":
        await approveLiveUpdate(context.services, user, updateId);
        return done(T.approved);
      case "delete":
        // Destructive: an unconfirmed post (a tap before the page's script ran) only asks first.
        if (form.confirmed !== "yes") {
          const confirm: ArticleActionResult = {
            type: "confirm",
            title: T.deleteConfirm,
            intent: "delete",
            id: updateId,
          };
          return reply({ message: "", fieldErrors: {}, values: null, confirm });
        }
        await deleteLiveUpdate(context.db, user, updateId);
        return done(T.deleted);
      default:
        return reply({ message: "Unknown action.", fieldErrors: {}, values: null }, 400);
    }
  } catch (error) {
    const refused = expectedError(error, "[live] change failed", params.id, form.intent);
    if (!refused || refused.code === "not_found") throw error;
    // A refused update keeps what was typed, with each field's problem beside it.
    const fieldErrors = isDomainError(error) ? (error.details?.fieldErrors ?? {}) : {};
    const typed = form.intent === "post" || form.intent === "edit";
    const values = typed
      ? { title: text(form.title), content: text(form.content), isAlert: form.isAlert === "on" }
      : null;
    const editingId = form.intent === "edit" ? updateId : undefined;
    return reply({ message: refused.message, fieldErrors, values, editingId }, statusOf(refused));
  }
});

export const meta: Route.MetaFunction = () => [{ title: "Live coverage - Admin" }];

const button =
  "inline-flex min-h-10 items-center rounded-md border border-gray-300 bg-white px-3 text-sm font-medium hover:bg-gray-50";

export default function ArticleLive({ loaderData, actionData }: Route.ComponentProps) {
  const { article, updates, canRun } = loaderData;
  const busy = useNavigation().state === "submitting";
  const T = LIVE_ADMIN_TEXT;
  const here = `/admin/articles/live/${article.id}`;
  // A refused edit answers for its own form; anything else for the post form.
  const refusedEdit = actionData?.editingId ? actionData : undefined;
  const editingId = refusedEdit?.editingId ?? loaderData.editingId;
  const errors: Record<string, string> = (!refusedEdit && actionData?.fieldErrors) || {};
  const values = (!refusedEdit && actionData?.values) || { title: "", content: "", isAlert: false };
  const hasFieldErrors = Object.keys(actionData?.fieldErrors ?? {}).length > 0;
  // Field problems are shown beside their fields; an edit refused for an update no longer listed has none.
  const showsMessage =
    !!actionData?.message && (!hasFieldErrors || (!!refusedEdit && !updates.some((u) => u.id === editingId)));
  const pinnedCount = updates.filter((u) => u.isPinned).length;
  const composerKey = useComposerKey(!!actionData);
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={`/admin/articles/edit/${article.id}`}
          className="rounded border border-gray-300 bg-white px-3 py-1 text-sm"
        >
          ← Back to the editor
        </Link>
        <div>
          <h1 className="text-2xl font-bold">{T.title}</h1>
          <p className="text-sm text-gray-600">{article.title}</p>
        </div>
        <span
          className={`rounded px-2 py-0.5 text-xs font-bold ${article.isLive ? "bg-red-700 text-white" : "bg-gray-200"}`}
        >
          {article.isLive ? T.running : article.hasEnded ? T.ended : T.notStarted}
        </span>
        {article.status === "published" ? (
          <a href={article.path} className="text-sm font-medium text-blue-700 underline">
            View story
          </a>
        ) : null}
      </div>

      <ArticleResult result={actionData?.confirm} />
      {showsMessage ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {actionData.message}
        </p>
      ) : null}

      {canRun ? (
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value={article.isLive ? "end" : "start"} />
            <button
              type="submit"
              disabled={busy}
              className={article.isLive ? button : `${button} bg-red-700 text-white hover:bg-red-800`}
            >
              {article.isLive ? T.end : T.start}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="writers" />
            {article.writersPostLiveDirectly ? null : <input type="hidden" name="allowed" value="on" />}
            <button type="submit" disabled={busy} className={button}>
              {article.writersPostLiveDirectly ? T.reviewWriters : T.allowWriters}
            </button>
          </Form>
        </div>
      ) : null}

      {article.isLive ? (
        <Form
          key={composerKey}
          method="post"
          className="space-y-3 rounded-md border border-gray-200 bg-white p-4"
          noValidate
        >
          <input type="hidden" name="intent" value="post" />
          <UpdateFields
            ids={{ title: "update-title", content: "content", errorOf: (field) => `update-${field}-error` }}
            values={values}
            errors={errors}
          />
          {canRun ? (
            <div className="flex items-start gap-2">
              <input
                id="update-alert"
                name="isAlert"
                type="checkbox"
                defaultChecked={values.isAlert}
                aria-describedby="update-alert-hint"
                className="mt-1 h-4 w-4"
              />
              <div>
                <label htmlFor="update-alert" className="text-sm font-medium">
                  {T.alertLabel}
                </label>
                <p id="update-alert-hint" className="text-xs text-gray-600">
                  {T.alertHint}
                </p>
              </div>
            </div>
          ) : null}
          <button
            type="submit"
            disabled={busy}
            className="inline-flex min-h-10 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-900"
          >
            {T.post}
          </button>
        </Form>
      ) : null}

      <section aria-labelledby="updates-heading" className="space-y-3">
        <h2 id="updates-heading" className="text-lg font-semibold">
          Updates ({updates.length})
        </h2>
        {updates.length === 0 ? <p className="text-sm text-gray-600">{T.noUpdates}</p> : null}
        <ol className="space-y-3">
          {updates.map((update) => (
            <li
              key={update.id}
              id={`update-${update.id}`}
              className="rounded-md border border-gray-200 bg-white p-4"
            >
              <p className="text-xs text-gray-600">
                {update.time} · {update.authorName}
                {update.status === "pending" ? (
                  <span className="ml-2 rounded bg-amber-100 px-1.5 text-amber-900">{T.pending}</span>
                ) : null}
                {update.isPinned ? (
                  <span className="ml-2 rounded bg-blue-100 px-1.5 text-blue-900">{T.keyPoint}</span>
                ) : null}
                {update.isAlert ? (
                  <span className="ml-2 rounded bg-red-100 px-1.5 text-red-900">{T.alertBadge}</span>
                ) : null}
                {update.edited ? <span className="ml-2">{T.edited}</span> : null}
              </p>
              {update.id === editingId ? (
                <EditUpdateForm
                  update={update}
                  refused={refusedEdit}
                  cancelTo={`${here}#update-${update.id}`}
                  busy={busy}
                />
              ) : (
                <>
                  {update.title ? <h3 className="mt-1 font-semibold">{update.title}</h3> : null}
                  <div
                    className="prose-article mt-1 text-sm"
                    dangerouslySetInnerHTML={{ __html: update.content }}
                  />
                </>
              )}
              {canRun && update.id !== editingId ? (
                <div className="mt-3 flex flex-wrap gap-2">
                  <Link
                    to={{ pathname: here, search: `?edit=${update.id}`, hash: `update-${update.id}` }}
                    className={button}
                  >
                    {T.edit}
                  </Link>
                  {update.status === "pending" ? (
                    <UpdateAction id={update.id} intent="approve" label="Approve" busy={busy} />
                  ) : null}
                  {update.isPinned ? (
                    <UpdateAction id={update.id} intent="unpin" label="Unpin" busy={busy} />
                  ) : (
                    <UpdateAction
                      id={update.id}
                      intent="pin"
                      label="Pin as key point"
                      busy={busy || pinnedCount >= 3}
                    />
                  )}
                  <UpdateAction id={update.id} intent="delete" label="Delete" busy={busy} />
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}

/**
 * The post form's key: a new one once an update has been posted, so the form (its fields and the rich
 * editor, which keep what they hold across renders) starts empty and the next update is not typed after
 * the last one. Posted means the post's navigation ended without action data (the action redirects on
 * success); a refused post answers with data and keeps what was typed, and a pin, an edit or a delete
 * leaves a half-typed update alone.
 */
function useComposerKey(answeredWithData: boolean): number {
  const navigation = useNavigation();
  const [key, setKey] = useState(0);
  const posting = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle") {
      if (navigation.formData?.get("intent") === "post") posting.current = true;
      return;
    }
    if (!posting.current) return;
    posting.current = false;
    if (!answeredWithData) setKey((current) => current + 1);
  }, [navigation, answeredWithData]);
  return key;
}

/**
 * One update's edit form, in its place in the list. The ids differ from the post form's (both can be on
 * the page). The alert tick box is the post form's alone (an edit alerts nobody) and an edit replaces the
 * whole update, so the flag travels along unchanged.
 */
function EditUpdateForm({
  update,
  refused,
  cancelTo,
  busy,
}: {
  update: { id: string; title: string; content: string; isAlert: boolean };
  refused: LiveActionData | undefined;
  cancelTo: string;
  busy: boolean;
}) {
  const T = LIVE_ADMIN_TEXT;
  const errors = refused?.fieldErrors ?? {};
  const values = refused?.values ?? update;
  return (
    <Form method="post" action={`?edit=${update.id}`} className="mt-2 space-y-3" noValidate>
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="id" value={update.id} />
      {values.isAlert ? <input type="hidden" name="isAlert" value="on" /> : null}
      <UpdateFields
        ids={{
          title: "edit-update-title",
          content: "edit-update-content",
          errorOf: (field) => `edit-update-${field}-error`,
        }}
        values={values}
        errors={errors}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={busy}
          className="inline-flex min-h-10 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-900"
        >
          {T.saveEdit}
        </button>
        <Link to={cancelTo} className="text-sm font-medium text-blue-700 underline">
          {T.cancelEdit}
        </Link>
      </div>
    </Form>
  );
}

function UpdateAction({
  id,
  intent,
  label,
  busy,
}: {
  id: string;
  intent: string;
  label: string;
  busy: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" disabled={busy} className={button}>
        {label}
      </button>
    </Form>
  );
}

/**
 * An update's title and text, with each field's problem beside it: the post form's and the edit form's,
 * under ids of their own (both can be on the page).
 */
function UpdateFields({
  ids,
  values,
  errors,
}: {
  ids: { title: string; content: string; errorOf: (field: "title" | "content") => string };
  values: { title: string; content: string };
  errors: Record<string, string>;
}) {
  const T = LIVE_ADMIN_TEXT;
  return (
    <>
      <div>
        <label htmlFor={ids.title} className="block text-sm font-medium">
          {T.titleLabel}
        </label>
        <input
          id={ids.title}
          name="title"
          defaultValue={values.title}
          maxLength={LIVE_UPDATE_TITLE_MAX}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? ids.errorOf("title") : undefined}
          className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2"
        />
        {errors.title ? (
          <p id={ids.errorOf("title")} className="mt-1 text-sm text-red-700">
            {errors.title}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={ids.content} className="block text-sm font-medium">
          {T.contentLabel}
        </label>
        <RichTextEditor
          id={ids.content}
          name="content"
          defaultValue={values.content}
          invalid={!!errors.content}
          describedBy={errors.content ? ids.errorOf("content") : undefined}
        />
        {errors.content ? (
          <p id={ids.errorOf("content")} className="mt-1 text-sm text-red-700">
            {errors.content}
          </p>
        ) : null}
      </div>
    </>
  );
}
