import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useSubmit } from "react-router";
import { z } from "zod";
import { requirePermission } from "#app/auth/guard.server";
import { ListPagination } from "#app/components/admin/list-kit/pagination";
import { ListSearchForm } from "#app/components/admin/list-kit/search-form";
import { ArticleResult, type ArticleActionResult } from "#app/components/admin/article-result";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import {
  SUBSCRIBERS_PAGE_SIZE,
  SUBSCRIBERS_SEARCH_LIMIT,
  SUBSCRIBERS_TEXT,
  subscriberListParams,
} from "#app/domain/newsletter/newsletter-form";
import {
  deleteSubscriber,
  listSubscribers,
  parseStatusFilter,
} from "#app/domain/newsletter/subscribers.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from "#app/lib/enums";
import { SUBSCRIBER_STATUS_LABELS } from "#app/lib/status-labels";
import { adminSearchTerm } from "#app/lib/admin-search";
import { dateTimeFormat } from "#app/lib/dates";
import { parsePageParam } from "#app/lib/pagination";
import { expectedError, statusOf, withDomainErrors } from "#app/lib/http-errors.server";
import { config } from "#app/config.server";
import { alertCounts } from "#app/domain/push/alerts.server";
import { subscriberCounts } from "#app/domain/push/subscriptions.server";
import type { Route } from "./+types/subscribers";
import { EmptyList } from "#app/components/admin/list-kit/list-states";

/** The newsletter's subscribers: newest first, searched by address, filtered by status, exported as CSV. */
export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "subscribers", "view");
  const url = new URL(request.url);
  const query = {
    q: adminSearchTerm(url.searchParams.get("q"), SUBSCRIBERS_SEARCH_LIMIT),
    status: parseStatusFilter(url.searchParams.get("status")),
    page: parsePageParam(url.searchParams.get("page")),
  };
  const [list, settings, pushSubscribers, pushAlerts] = await Promise.all([
    listSubscribers(context.db, user, query),
    getSettings(context.db),
    subscriberCounts(context.db),
    alertCounts(context.db),
  ]);
  return {
    ...list,
    query,
    newsletterOn: settings.enableNewsletter,
    alerts: { ...pushSubscribers, ...pushAlerts, perHour: config().webPush.alertsPerHour },
  };
});

const rowAction = z.object({
  intent: z.literal("delete"),
  id: z.string().min(1).max(100),
  confirmed: z.literal("yes").optional(),
});

const reply = (result: ArticleActionResult, status = 200) => data({ result }, { status });

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const user = await requirePermission(context, "subscribers", "manage");
  const parsed = rowAction.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return reply({ type: "error", title: SUBSCRIBERS_TEXT.failed }, 400);
  const { id, confirmed } = parsed.data;
  // Without the page's script the form arrives unconfirmed: the page asks first.
  if (!confirmed)
    return reply({ type: "confirm", title: SUBSCRIBERS_TEXT.deleteConfirm, intent: "delete", id });
  try {
    const email = await deleteSubscriber(context.db, user, id);
    return reply({ type: "success", title: SUBSCRIBERS_TEXT.deleted, message: email });
  } catch (error) {
    const known = expectedError(error, "[subscribers] delete failed", id);
    return reply(
      { type: "error", title: known?.title ?? SUBSCRIBERS_TEXT.failed, message: known?.message },
      known ? statusOf(known) : 500,
    );
  }
});

export const meta: Route.MetaFunction = () => [{ title: `${SUBSCRIBERS_TEXT.title} - Admin` }];

const BADGE: Record<SubscriberStatus, string> = {
  pending: "border-amber-300 bg-amber-50 text-amber-900",
  confirmed: "border-green-300 bg-green-50 text-green-900",
  unsubscribed: "border-gray-300 bg-gray-50 text-gray-700",
  bounced: "border-red-300 bg-red-50 text-red-900",
};

const when = (value: Date | string | null) =>
  value ? dateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" }).format(new Date(value)) : null;

export default function Subscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, counts, query, newsletterOn, alerts } = loaderData;
  const [toDelete, setToDelete] = useState<{ id: string; email: string } | null>(null);
  const submit = useSubmit();
  const filterHref = (status: SubscriberStatus | "", p?: number) =>
    `?${subscriberListParams({ q: query.q, status }, p)}`;
  const all = SUBSCRIBER_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  return (
    <section className="max-w-4xl">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{SUBSCRIBERS_TEXT.title}</h1>
        <a
          href={`/admin/subscribers/export.csv?${subscriberListParams(query)}`}
          download
          className="flex items-center gap-1.5 rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-gray-50"
        >
          <Download className="h-4 w-4" aria-hidden /> {SUBSCRIBERS_TEXT.export}
        </a>
      </div>
      <ArticleResult result={actionData?.result} />
      <AlertFigures alerts={alerts} />
      {newsletterOn ? null : (
        <p
          role="note"
          className="mb-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {SUBSCRIBERS_TEXT.newsletterOff}
        </p>
      )}
      <nav aria-label="Filter by status" className="mb-3 flex flex-wrap gap-2 text-sm">
        {(["", ...SUBSCRIBER_STATUSES] as const).map((status) => {
          const current = query.status === status;
          return (
            <Link
              key={status || "all"}
              to={filterHref(status)}
              aria-current={current ? "page" : undefined}
              className={`rounded-full border px-3 py-1 ${current ? "border-brand-700 bg-brand-700 text-white" : "border-gray-300 bg-white hover:bg-gray-50"}`}
            >
              {status ? SUBSCRIBER_STATUS_LABELS[status] : SUBSCRIBERS_TEXT.allStatuses} (
              {status ? counts[status] : all})
            </Link>
          );
        })}
      </nav>
      <ListSearchForm
        label={SUBSCRIBERS_TEXT.searchLabel}
        defaultValue={query.q}
        maxLength={SUBSCRIBERS_SEARCH_LIMIT}
        submitLabel="Search"
        hidden={query.status ? <input type="hidden" name="status" value={query.status} /> : null}
      />
      {rows.length === 0 ? (
        <EmptyList>{query.q || query.status ? SUBSCRIBERS_TEXT.noMatch : SUBSCRIBERS_TEXT.empty}</EmptyList>
      ) : (
        <ul aria-label="Subscribers" className="space-y-2">
          {rows.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-start justify-between gap-2 rounded border border-gray-200 bg-white px-3 py-2.5"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium break-all">{s.email}</span>
                  <span className={`rounded border px-1.5 text-xs font-medium ${BADGE[s.status]}`}>
                    {SUBSCRIBER_STATUS_LABELS[s.status]}
                  </span>
                </p>
                <p className="mt-0.5 text-xs text-gray-600" suppressHydrationWarning>
                  Consent given {when(s.consentAt)}
                  {s.confirmedAt ? ` · confirmed ${when(s.confirmedAt)}` : ""}
                  {s.unsubscribedAt ? ` · unsubscribed ${when(s.unsubscribedAt)}` : ""}
                </p>
              </div>
              <Form
                method="post"
                onSubmit={(event) => {
                  event.preventDefault();
                  setToDelete({ id: s.id, email: s.email });
                }}
              >
                <input type="hidden" name="id" value={s.id} />
                <button
                  type="submit"
                  name="intent"
                  value="delete"
                  aria-label={`Delete ${s.email}`}
                  className="flex items-center gap-1.5 rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50"
                >
                  <Trash2 className="h-4 w-4" aria-hidden /> Delete
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <ListPagination
        page={page}
        pageCount={pageCount}
        total={total}
        pageSize={SUBSCRIBERS_PAGE_SIZE}
        hrefFor={(p) => filterHref(query.status, p)}
        noun="subscribers"
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Please confirm"
        message={
          <>
            <p className="font-medium break-all">{toDelete?.email}</p>
            <p className="mt-2">{SUBSCRIBERS_TEXT.deleteConfirm}</p>
          </>
        }
        confirmLabel="Delete"
        tone="danger"
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) submit({ intent: "delete", id: toDelete.id, confirmed: "yes" }, { method: "post" });
          setToDelete(null);
        }}
      />
    </section>
  );
}

/** Web push alerts (decision record 017): who gets them, and what the last day's alerts did. */
function AlertFigures({ alerts }: { alerts: Route.ComponentProps["loaderData"]["alerts"] }) {
  const n = (value: number) => value.toLocaleString("en-US");
  return (
    <section
      aria-labelledby="alerts-heading"
      className="mb-4 rounded border border-gray-200 bg-white p-3 text-sm"
    >
      <h2 id="alerts-heading" className="font-semibold">
        {ALERT_FIGURES_TEXT.heading}
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        {(
          [
            [ALERT_FIGURES_TEXT.browsers, alerts.browsers],
            [ALERT_FIGURES_TEXT.breaking, alerts.breaking],
            [ALERT_FIGURES_TEXT.sent, alerts.alerts],
            [ALERT_FIGURES_TEXT.delivered, alerts.delivered],
            [ALERT_FIGURES_TEXT.failed, alerts.failed],
            [ALERT_FIGURES_TEXT.removed, alerts.removed],
            [ALERT_FIGURES_TEXT.capped, alerts.capped],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-gray-600">{label}</dt>
            <dd className="font-semibold tabular-nums">{n(value)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-gray-600">{ALERT_FIGURES_TEXT.note(alerts.perHour)}</p>
    </section>
  );
}

const ALERT_FIGURES_TEXT = {
  heading: "Breaking-news alerts (web push)",
  browsers: "Browsers subscribed",
  breaking: "Getting breaking news",
  sent: "Alerts sent, last 24 h",
  delivered: "Deliveries, last 24 h",
  failed: "Failed, last 24 h",
  removed: "Expired and removed, last 24 h",
  capped: "Held back by the hourly cap",
  note: (perHour: number) =>
    `At most ${perHour} alerts an hour (PUSH_ALERTS_PER_HOUR). Stories published as Breaking News and live updates marked as alerts are sent.`,
} as const;
