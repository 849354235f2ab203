import { useEffect } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { IssueStatusBadge } from "#app/components/admin/issue-status-badge";
import { ArticleResult } from "#app/components/admin/article-result";
import { NewsletterCompose } from "#app/components/admin/newsletter-compose";
import { NewsletterPreview } from "#app/components/admin/newsletter-preview";
import {
  ISSUE_KIND_LABEL,
  ISSUE_LIMITS,
  NEWSLETTER_TEXT,
  PROGRESS_POLL_SECONDS,
} from "#app/domain/newsletter/issue-form";
import { getIssue, previewIssue, storyChoices } from "#app/domain/newsletter/issues.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { adminSearchTerm } from "#app/lib/admin-search";
import { dateTimeFormat } from "#app/lib/dates";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { instantToZonedTime } from "#app/lib/zoned-time";
import type { Route } from "./+types/newsletter.issue";
import { issueAction } from "./newsletter-actions.server";
import { editionFilterOf } from "#app/domain/editions/edition-filter.server";

/**
 * One issue (decision record 018): a draft is composed, previewed, tested, sent or scheduled here; a
 * scheduled one can go back to draft; a send shows its figures, fresh every few seconds while it runs, and
 * pauses or resumes.
 */
export const loader = withDomainErrors(async ({ request, params, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "newsletter", "view");
  const { issue, figures } = await getIssue(context.db, user, params.id);
  const q = adminSearchTerm(new URL(request.url).searchParams.get("q"), ISSUE_LIMITS.search);
  const isDraft = issue.status === "draft";
  const [choices, preview, settings, { editions }] = await Promise.all([
    isDraft
      ? storyChoices(context.db, user, { q, chosen: issue.stories.map((s) => s.articleId) })
      : Promise.resolve([]),
    previewIssue(context.db, user, issue.id),
    getSettings(context.db),
    editionFilterOf(context.db, null),
  ]);
  const inAnHour = new Date(Date.now() + 60 * 60 * 1000);
  return {
    issue: {
      id: issue.id,
      kind: issue.kind,
      status: issue.status,
      subject: issue.subject,
      intro: issue.intro,
      stories: issue.stories.map((s) => s.articleId),
      edition: issue.edition,
      scheduledAt: issue.scheduledAt,
      startedAt: issue.startedAt,
      finishedAt: issue.finishedAt,
    },
    figures,
    choices,
    editions,
    q,
    previewHtml: preview.html,
    isEmailOn: context.services.mailer.isConfigured(),
    timezone: settings.timezone,
    scheduleDefault: instantToZonedTime(issue.scheduledAt ?? inAnHour, settings.timezone),
  };
});

export const action = withDomainErrors(async ({ request, params, context }: Route.ActionArgs) => {
  const user = await requirePermission(context, "newsletter", "send");
  return issueAction(context.services, user, await request.formData(), params.id);
});

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.issue.subject ?? NEWSLETTER_TEXT.title} - Admin` },
];

const when = (value: Date | string | null) =>
  value ? dateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" }).format(new Date(value)) : "";

const button =
  "rounded border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-50";
const primary =
  "rounded bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-50";

/** While the issue sends, its figures are asked for again every few seconds (without script: a refresh). */
function useProgressPoll(isSending: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!isSending) return;
    const timer = setInterval(() => {
      if (state === "idle" && document.visibilityState === "visible") void revalidate();
    }, PROGRESS_POLL_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [isSending, revalidate, state]);
}

export default function Issue({ loaderData, actionData }: Route.ComponentProps) {
  const { issue, figures, choices, editions, q, previewHtml, isEmailOn, timezone, scheduleDefault } =
    loaderData;
  const isSending = issue.status === "sending";
  useProgressPoll(isSending);
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? {
    subject: issue.subject,
    intro: issue.intro,
    stories: issue.stories,
    edition: issue.edition,
  };
  const n = (value: number) => value.toLocaleString("en-US");
  return (
    <section className="max-w-5xl space-y-5">
      {isSending ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(PROGRESS_POLL_SECONDS)} />
        </noscript>
      ) : null}
      <div>
        <Link to="/admin/newsletter" className="text-sm text-brand-700 hover:underline">
          ← {NEWSLETTER_TEXT.title}
        </Link>
        <h1 className="mt-1 flex flex-wrap items-center gap-2 text-2xl font-bold">
          <span className="break-words">{issue.subject}</span>
          <IssueStatusBadge status={issue.status} />
        </h1>
        <p className="text-xs text-gray-600" suppressHydrationWarning>
          {ISSUE_KIND_LABEL[issue.kind]}
          {issue.scheduledAt ? ` · scheduled for ${when(issue.scheduledAt)} (${timezone})` : ""}
          {issue.startedAt ? ` · sending started ${when(issue.startedAt)}` : ""}
          {issue.finishedAt ? ` · sent ${when(issue.finishedAt)}` : ""}
        </p>
      </div>
      <ArticleResult result={actionData?.result} />

      {figures ? (
        <section aria-labelledby="progress-heading" className="rounded border border-gray-200 bg-white p-3">
          <h2 id="progress-heading" className="font-semibold">
            Progress
          </h2>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5" aria-live="polite">
            {(
              [
                [NEWSLETTER_TEXT.sent, figures.sent],
                [NEWSLETTER_TEXT.failedCount, figures.failed],
                [NEWSLETTER_TEXT.left, figures.left],
                [NEWSLETTER_TEXT.skipped, figures.skipped],
                [NEWSLETTER_TEXT.unsubscribedAfter, figures.unsubscribedAfter],
                [NEWSLETTER_TEXT.opened, figures.opened],
                [NEWSLETTER_TEXT.clicked, figures.clicked],
              ] as Array<readonly [string, number | null]>
            )
              // Opens and clicks only while they are counted (Settings → Content).
              .filter((entry): entry is readonly [string, number] => entry[1] !== null)
              .map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs text-gray-600">{label}</dt>
                  <dd className="font-semibold tabular-nums">{n(value)}</dd>
                </div>
              ))}
          </dl>
          {issue.status === "sending" || issue.status === "paused" ? (
            <Form method="post" className="mt-3">
              <button
                type="submit"
                name="intent"
                value={issue.status === "sending" ? "pause" : "resume"}
                className={button}
              >
                {issue.status === "sending" ? NEWSLETTER_TEXT.pause : NEWSLETTER_TEXT.resume}
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}

      {issue.status === "draft" || issue.status === "scheduled" ? (
        <section
          aria-labelledby="send-heading"
          className="space-y-3 rounded border border-gray-200 bg-white p-3"
        >
          <h2 id="send-heading" className="font-semibold">
            Send
          </h2>
          {isEmailOn ? null : (
            <p
              role="note"
              className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              {NEWSLETTER_TEXT.emailOff}
            </p>
          )}
          <div className="flex flex-wrap items-end gap-2">
            <Form method="post">
              <button type="submit" name="intent" value="test" disabled={!isEmailOn} className={button}>
                {NEWSLETTER_TEXT.sendTest}
              </button>
            </Form>
            {issue.status === "draft" ? (
              <Form method="post">
                <button type="submit" name="intent" value="send" disabled={!isEmailOn} className={primary}>
                  {NEWSLETTER_TEXT.sendNow}
                </button>
              </Form>
            ) : (
              <Form method="post">
                <button type="submit" name="intent" value="unschedule" className={button}>
                  {NEWSLETTER_TEXT.unschedule}
                </button>
              </Form>
            )}
          </div>
          {issue.status === "draft" ? (
            <Form method="post" className="flex flex-wrap items-end gap-2" noValidate>
              <div>
                <label htmlFor="scheduledAt" className="mb-1 block text-xs font-medium text-gray-600">
                  {NEWSLETTER_TEXT.scheduleLabel}, {timezone}
                </label>
                <input
                  id="scheduledAt"
                  name="scheduledAt"
                  type="datetime-local"
                  defaultValue={actionData?.scheduledAt ?? scheduleDefault}
                  aria-invalid={errors.scheduledAt ? true : undefined}
                  aria-describedby={errors.scheduledAt ? "scheduledAt-error" : undefined}
                  className="rounded border border-gray-300 px-2 py-1.5 text-sm"
                />
              </div>
              <button type="submit" name="intent" value="schedule" disabled={!isEmailOn} className={button}>
                {NEWSLETTER_TEXT.schedule}
              </button>
              {errors.scheduledAt ? (
                <p id="scheduledAt-error" className="w-full text-sm text-red-700">
                  {errors.scheduledAt}
                </p>
              ) : null}
            </Form>
          ) : null}
        </section>
      ) : null}

      {issue.status === "draft" ? (
        <NewsletterCompose values={values} choices={choices} errors={errors} search={q} editions={editions} />
      ) : null}

      <NewsletterPreview html={previewHtml} />
    </section>
  );
}
