import { Plus } from "lucide-react";
import { Link } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { IssueStatusBadge } from "#app/components/admin/issue-status-badge";
import { ISSUE_KIND_LABEL, NEWSLETTER_TEXT } from "#app/domain/newsletter/issue-form";
import { listIssues } from "#app/domain/newsletter/issues.server";
import { dateTimeFormat } from "#app/lib/dates";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/newsletter";
import { EmptyList } from "#app/components/admin/list-kit/list-states";

/** The newsletter's issues, newest first, with each send's figures (decision record 018). */
export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "newsletter", "view");
  return { issues: await listIssues(context.db, user) };
});

export const meta: Route.MetaFunction = () => [{ title: `${NEWSLETTER_TEXT.title} - Admin` }];

const when = (value: Date | string | null) =>
  value ? dateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" }).format(new Date(value)) : null;

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  const { issues } = loaderData;
  const n = (value: number) => value.toLocaleString("en-US");
  return (
    <section className="max-w-4xl">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{NEWSLETTER_TEXT.title}</h1>
        <Link
          to="/admin/newsletter/new"
          className="flex items-center gap-1.5 rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          <Plus className="h-4 w-4" aria-hidden /> {NEWSLETTER_TEXT.newIssue}
        </Link>
      </div>
      {issues.length === 0 ? (
        <EmptyList>{NEWSLETTER_TEXT.empty}</EmptyList>
      ) : (
        <ul aria-label="Issues" className="space-y-2">
          {issues.map((issue) => (
            <li key={issue.id} className="rounded border border-gray-200 bg-white px-3 py-2.5">
              <p className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/admin/newsletter/${issue.id}`}
                  className="font-medium break-words hover:underline"
                >
                  {issue.subject}
                </Link>
                <IssueStatusBadge status={issue.status} />
                <span className="text-xs text-gray-600">{ISSUE_KIND_LABEL[issue.kind]}</span>
              </p>
              <p className="mt-0.5 text-xs text-gray-600" suppressHydrationWarning>
                Created {when(issue.createdAt)}
                {issue.scheduledAt ? ` · scheduled for ${when(issue.scheduledAt)}` : ""}
                {issue.startedAt ? ` · sending started ${when(issue.startedAt)}` : ""}
                {issue.finishedAt ? ` · sent ${when(issue.finishedAt)}` : ""}
              </p>
              {issue.figures ? (
                <dl className="mt-1 flex flex-wrap gap-x-4 text-xs">
                  {(
                    [
                      [NEWSLETTER_TEXT.sent, issue.figures.sent],
                      [NEWSLETTER_TEXT.failedCount, issue.figures.failed],
                      [NEWSLETTER_TEXT.left, issue.figures.left],
                      [NEWSLETTER_TEXT.unsubscribedAfter, issue.figures.unsubscribedAfter],
                      [NEWSLETTER_TEXT.opened, issue.figures.opened],
                      [NEWSLETTER_TEXT.clicked, issue.figures.clicked],
                    ] as Array<readonly [string, number | null]>
                  )
                    // Opens and clicks only while they are counted (Settings → Content).
                    .filter((entry): entry is readonly [string, number] => entry[1] !== null)
                    .map(([label, value]) => (
                      <div key={label} className="flex gap-1">
                        <dt className="text-gray-600">{label}</dt>
                        <dd className="font-semibold tabular-nums">{n(value)}</dd>
                      </div>
                    ))}
                </dl>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
