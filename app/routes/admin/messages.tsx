import { Mail, MailOpen } from "lucide-react";
import { Link } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { ListPagination } from "#app/components/admin/list-kit/pagination";
import { ListSearchForm } from "#app/components/admin/list-kit/search-form";
import { listContactMessages } from "#app/domain/contact/inbox.server";
import { INBOX_PAGE_SIZE, INBOX_SEARCH_LIMIT } from "#app/domain/contact/inbox-rules";
import { CONTACT_STATUS_LABELS } from "#app/lib/status-labels";
import { adminSearchTerm } from "#app/lib/admin-search";
import { relativeDate } from "#app/lib/dates";
import { parsePageParam } from "#app/lib/pagination";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/messages";
import { EmptyList } from "#app/components/admin/list-kit/list-states";

/** The contact inbox: one card per message (no table, so nothing scrolls sideways on a phone). */
export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "messages", "view");
  const url = new URL(request.url);
  const query = {
    q: adminSearchTerm(url.searchParams.get("q"), INBOX_SEARCH_LIMIT),
    page: parsePageParam(url.searchParams.get("page")),
  };
  return { ...(await listContactMessages(context.db, user, query)), query };
});

export const meta: Route.MetaFunction = () => [{ title: "Messages - Admin" }];

const BADGE = {
  Unread: "border-blue-300 bg-blue-50 text-blue-900",
  Read: "border-gray-300 bg-gray-50 text-gray-700",
  Handled: "border-green-300 bg-green-50 text-green-900",
} as const;

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, query } = loaderData;
  const hrefFor = (p: number) => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    params.set("page", String(p));
    return `?${params}`;
  };
  return (
    <section className="max-w-4xl">
      <h1 className="mb-4 text-2xl font-bold">Messages</h1>
      <ListSearchForm
        label="Search messages"
        defaultValue={query.q}
        maxLength={INBOX_SEARCH_LIMIT}
        submitLabel="Search"
      />
      {rows.length === 0 ? (
        <EmptyList>{query.q ? "No messages match your search." : "No messages yet."}</EmptyList>
      ) : (
        <ul aria-label="Contact messages" className="space-y-2">
          {rows.map((m) => {
            const label = CONTACT_STATUS_LABELS[m.status];
            const isUnread = m.status === "new";
            return (
              <li key={m.id}>
                <Link
                  to={`/admin/messages/${m.id}`}
                  className={`block rounded border px-3 py-2.5 hover:border-brand-700 ${isUnread ? "border-blue-200 bg-blue-50/60" : "border-gray-200 bg-white"}`}
                >
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    {isUnread ? (
                      <Mail className="h-4 w-4 shrink-0 text-blue-800" aria-hidden />
                    ) : (
                      <MailOpen className="h-4 w-4 shrink-0 text-gray-500" aria-hidden />
                    )}
                    <span className={`min-w-0 break-words ${isUnread ? "font-semibold" : "font-medium"}`}>
                      {m.subject || "(no subject)"}
                    </span>
                    <span className={`rounded border px-1.5 text-xs font-medium ${BADGE[label]}`}>
                      {label}
                    </span>
                  </span>
                  <span className="mt-0.5 block text-sm break-words text-gray-700">
                    {m.name} · {m.email}
                  </span>
                  <span className="mt-0.5 block truncate text-sm text-gray-600">{m.excerpt}</span>
                  <span className="mt-0.5 block text-xs text-gray-600" suppressHydrationWarning>
                    {relativeDate(m.createdAt, { style: "back-office" })}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <ListPagination
        page={page}
        pageCount={pageCount}
        total={total}
        pageSize={INBOX_PAGE_SIZE}
        hrefFor={hrefFor}
        noun="messages"
      />
    </section>
  );
}
