import { Mail, MailOpen } from "lucide-react";
import { Link } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { ArticlePagination } from "#app/components/admin/article-pagination";
import { listContactMessages } from "#app/domain/contact/inbox.server";
import { INBOX_PAGE_SIZE, INBOX_SEARCH_LIMIT, STATUS_LABEL } from "#app/domain/contact/inbox-rules";
import { adminSearchTerm } from "#app/lib/admin-search";
import { relativeDate } from "#app/lib/dates";
import { parsePageParam } from "#app/lib/pagination";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/messages";

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
      <form
        method="get"
        role="search"
        className="mb-3 flex flex-wrap items-end gap-2 rounded border border-gray-200 bg-white p-3"
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="q" className="mb-1 block text-xs font-medium text-gray-600">
            Search messages
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={INBOX_SEARCH_LIMIT}
            className="w-full rounded border border-gray-300 px-2 py-1.5 text-sm"
          />
        </div>
        <button
          type="submit"
          className="rounded border border-gray-300 bg-gray-50 px-3 py-1.5 text-sm font-medium hover:bg-gray-100"
        >
          Search
        </button>
      </form>
      {rows.length === 0 ? (
        <p className="rounded border border-gray-200 bg-white px-4 py-10 text-center text-gray-600">
          {query.q ? "No messages match your search." : "No messages yet."}
        </p>
      ) : (
        <ul aria-label="Contact messages" className="space-y-2">
          {rows.map((m) => {
            const label = STATUS_LABEL(m.status);
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
      <ArticlePagination
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
