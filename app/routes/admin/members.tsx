import { Link } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { EmptyList } from "#app/components/admin/list-kit/list-states";
import { ListPagination } from "#app/components/admin/list-kit/pagination";
import { ListSearchForm } from "#app/components/admin/list-kit/search-form";
import { listMembers } from "#app/domain/members/admin.server";
import {
  accessLabel,
  MEMBER_ACCESS_FILTERS,
  MEMBERS_PAGE_SIZE,
  MEMBERS_SEARCH_LIMIT,
  MEMBERS_TEXT,
  parseAccessFilter,
  type MemberAccessFilter,
} from "#app/domain/members/members-admin-text";
import { getSettings } from "#app/domain/settings/settings.server";
import { adminSearchTerm } from "#app/lib/admin-search";
import { relativeDate, safeTimeZone, shortDate } from "#app/lib/dates";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { parsePageParam } from "#app/lib/pagination";
import type { Route } from "./+types/members";

/** Reader accounts (decision record 021): newest first, searched, filtered by access, in pages. Reads only. */
export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "members", "view");
  const url = new URL(request.url);
  const query = {
    q: adminSearchTerm(url.searchParams.get("q"), MEMBERS_SEARCH_LIMIT),
    access: parseAccessFilter(url.searchParams.get("access")),
    page: parsePageParam(url.searchParams.get("page")),
  };
  const [list, settings] = await Promise.all([listMembers(context.db, user, query), getSettings(context.db)]);
  return { ...list, query, timeZone: safeTimeZone(settings.timezone) };
});

export const meta: Route.MetaFunction = () => [{ title: `${MEMBERS_TEXT.title} - Admin` }];

const listParams = (q: string, access: MemberAccessFilter | "", page?: number) => {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (access) params.set("access", access);
  if (page && page > 1) params.set("page", String(page));
  return `?${params.toString()}`;
};

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2 align-top";

export default function Members({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, counts, query, timeZone } = loaderData;
  const T = MEMBERS_TEXT.columns;
  return (
    <section className="max-w-5xl">
      <h1 className="mb-4 text-2xl font-bold">{MEMBERS_TEXT.title}</h1>
      <nav aria-label="Filter by access" className="mb-3 flex flex-wrap gap-2 text-sm">
        {(["", ...MEMBER_ACCESS_FILTERS] as const).map((access) => {
          const current = query.access === access;
          return (
            <Link
              key={access || "all"}
              to={listParams(query.q, access)}
              aria-current={current ? "page" : undefined}
              className={`rounded-full border px-3 py-1 ${current ? "border-brand-700 bg-brand-700 text-white" : "border-gray-300 bg-white hover:bg-gray-50"}`}
            >
              {access ? MEMBERS_TEXT.filters[access] : MEMBERS_TEXT.all} (
              {access ? counts[access] : counts.all})
            </Link>
          );
        })}
      </nav>
      <ListSearchForm
        label={MEMBERS_TEXT.searchLabel}
        defaultValue={query.q}
        maxLength={MEMBERS_SEARCH_LIMIT}
        submitLabel="Search"
        hidden={query.access ? <input type="hidden" name="access" value={query.access} /> : null}
      />
      {rows.length === 0 ? (
        <EmptyList>{query.q || query.access ? MEMBERS_TEXT.noMatch : MEMBERS_TEXT.empty}</EmptyList>
      ) : (
        <div className="overflow-x-auto rounded border border-gray-200 bg-white">
          <table className="min-w-full text-left text-sm" aria-label={MEMBERS_TEXT.title}>
            <thead className="bg-gray-50 text-xs text-gray-600 uppercase">
              <tr>
                <th className={th}>{T.email}</th>
                <th className={th}>{T.name}</th>
                <th className={th}>{T.access}</th>
                <th className={`${th} text-right`}>{T.passes}</th>
                <th className={th}>{T.lastSeen}</th>
                <th className={th}>{T.joined}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.id} className="border-t border-gray-100">
                  <td className={`${td} font-medium break-all`}>{m.email}</td>
                  <td className={td}>{m.name || MEMBERS_TEXT.noName}</td>
                  <td className={td}>{accessLabel(m, timeZone)}</td>
                  <td className={`${td} text-right tabular-nums`}>{m.passCount}</td>
                  <td className={`${td} text-gray-600`} suppressHydrationWarning>
                    {relativeDate(m.lastSeenAt, { style: "back-office", timeZone })}
                  </td>
                  <td className={`${td} text-gray-600`}>{shortDate(m.createdAt, timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ListPagination
        page={page}
        pageCount={pageCount}
        total={total}
        pageSize={MEMBERS_PAGE_SIZE}
        hrefFor={(p) => listParams(query.q, query.access, p)}
        noun="members"
      />
    </section>
  );
}
