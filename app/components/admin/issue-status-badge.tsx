/** A newsletter issue's status as a coloured badge, in the list and on the issue's page alike. */
import { ISSUE_STATUS_LABELS } from "#app/lib/status-labels";
import type { NewsletterIssueStatus } from "#app/lib/enums";

const BADGE: Record<NewsletterIssueStatus, string> = {
  draft: "border-gray-300 bg-gray-50 text-gray-700",
  scheduled: "border-blue-300 bg-blue-50 text-blue-900",
  sending: "border-amber-300 bg-amber-50 text-amber-900",
  paused: "border-orange-300 bg-orange-50 text-orange-900",
  sent: "border-green-300 bg-green-50 text-green-900",
  skipped: "border-gray-300 bg-gray-50 text-gray-500",
};

export function IssueStatusBadge({ status }: { status: NewsletterIssueStatus }) {
  return (
    <span className={`rounded border px-1.5 text-xs font-medium ${BADGE[status]}`}>
      {ISSUE_STATUS_LABELS[status]}
    </span>
  );
}
