import { articlePath } from "#app/lib/paths";
import {
  Activity,
  CheckCircle2,
  Eye,
  FilePen,
  FileText,
  HeartPulse,
  Send,
  Star,
  TrendingDown,
  TrendingUp,
  XCircle,
} from "lucide-react";
import { Link } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { can, ROLE_LABELS, type Permission } from "#app/auth/permissions";
import type { UserRole } from "#app/lib/enums";
import { relativeDate } from "#app/lib/dates";
import { viewCount, ViewsChart } from "#app/components/admin/views-chart";
import { loadDashboard, type StatCard } from "#app/domain/dashboard/dashboard.server";
import { editionFilterOf } from "#app/domain/editions/edition-filter.server";
import { EditionFilter } from "#app/components/admin/edition-filter";
import { useAutoSubmit } from "#app/components/admin/list-kit/use-auto-submit";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/dashboard";

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "dashboard", "view");
  const asked = new URL(request.url).searchParams.get("edition");
  const { editions, edition } = await editionFilterOf(context.db, asked);
  const dashboard = await loadDashboard(context.db, user, edition);
  return {
    name: user.name,
    role: user.role,
    editions: editions.map(({ tag, name }) => ({ tag, name })),
    edition,
    ...dashboard,
  };
});

/** The Edition filter: shown only where the site has more than one edition; it applies itself. */
function EditionFilterForm({
  editions,
  edition,
}: {
  editions: Array<{ tag: string; name: string }>;
  edition: string | null;
}) {
  const autoSubmit = useAutoSubmit();
  if (editions.length < 2) return null;
  return (
    <form method="get" onChange={autoSubmit} className="flex items-end gap-2">
      <EditionFilter editions={editions} edition={edition} />
      <button
        type="submit"
        className="rounded border border-gray-300 bg-gray-50 px-3 py-1.5 text-sm font-medium hover:bg-gray-100"
      >
        Filter
      </button>
    </form>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard - Admin" }];

type ActionLink = Permission & {
  label: string;
  to: string;
};

/** The welcome buttons of the spec, by role; each shows only with its permission. */
const ROLE_BUTTONS: Record<UserRole, ActionLink[]> = {
  admin: [
    { label: "Write Article", to: "/admin/articles/add", area: "articles", action: "create" },
    { label: "Manage Users", to: "/admin/users", area: "users", action: "view" },
    { label: "Site Settings", to: "/admin/settings", area: "settings", action: "view" },
  ],
  editor: [
    { label: "Write Article", to: "/admin/articles/add", area: "articles", action: "create" },
    { label: "Review Articles", to: "/admin/articles?status=review", area: "articles", action: "viewAll" },
    { label: "Manage Categories", to: "/admin/categories", area: "categories", action: "manage" },
  ],
  writer: [
    { label: "Write Article", to: "/admin/articles/add", area: "articles", action: "create" },
    { label: "My Articles", to: "/admin/articles", area: "articles", action: "create" },
    { label: "Upload Media", to: "/admin/media", area: "media", action: "upload" },
  ],
};

const QUICK_ACTIONS: ActionLink[] = [
  { label: "New Article", to: "/admin/articles/add", area: "articles", action: "create" },
  { label: "New Category", to: "/admin/categories/add", area: "categories", action: "manage" },
  { label: "Upload Media", to: "/admin/media", area: "media", action: "upload" },
  { label: "Moderate Comments", to: "/admin/comments", area: "comments", action: "moderate" },
  { label: "Add User", to: "/admin/users/add", area: "users", action: "manage" },
  { label: "Header & Footer Code", to: "/admin/code", area: "plugins", action: "view" },
  { label: "Settings", to: "/admin/settings", area: "settings", action: "view" },
];

const WELCOME: Record<UserRole, string> = {
  admin: "Here is what is happening across the site.",
  editor: "Here is what is waiting for review and what readers are reading.",
  writer: "Here is how your articles are doing.",
};

const STATUS_STYLE: Record<string, string> = {
  published: "bg-green-100 text-green-800",
  draft: "bg-gray-100 text-gray-700",
  pending: "bg-amber-100 text-amber-800",
};
const STATUS_LABEL: Record<string, string> = {
  published: "Published",
  draft: "Draft",
  pending: "Pending Review",
};

const STAT_META: Record<StatCard["key"], { label: string; icon: typeof FileText; tone: string }> = {
  total: { label: "Total Articles", icon: FileText, tone: "text-brand-700 bg-brand-50" },
  published: { label: "Published", icon: Send, tone: "text-green-700 bg-green-50" },
  drafts: { label: "Drafts", icon: FilePen, tone: "text-gray-700 bg-gray-100" },
  pending: { label: "Pending Review", icon: Activity, tone: "text-amber-700 bg-amber-50" },
  featured: { label: "Featured", icon: Star, tone: "text-purple-700 bg-purple-50" },
  views: { label: "Total Views", icon: Eye, tone: "text-sky-700 bg-sky-50" },
};

const numberFormat = new Intl.NumberFormat("en-US");

function Panel({
  title,
  children,
  action,
}: {
  title: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <section className="rounded-lg border border-gray-200 bg-white">
      <div className="flex items-center justify-between border-b border-gray-100 px-4 py-2.5">
        <h2 className="text-sm font-semibold text-gray-800">{title}</h2>
        {action}
      </div>
      <div className="p-4">{children}</div>
    </section>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const {
    name,
    role,
    stats,
    recent,
    popular,
    activity,
    health,
    viewsByDay,
    topStories,
    pending,
    newsletter,
    editions,
    edition,
  } = loaderData;
  const buttons = (role ? ROLE_BUTTONS[role] : []).filter((b) => can(role, b.area, b.action));
  const quick = QUICK_ACTIONS.filter((a) => can(role, a.area, a.action));
  const isWriter = !can(role, "articles", "viewAll");
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold">Dashboard</h1>
        <EditionFilterForm editions={editions} edition={edition} />
      </div>
      <section className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 className="text-lg font-bold">Welcome back, {name || "User"}!</h2>
          <p className="text-sm text-gray-600">
            {role ? `${ROLE_LABELS[role]} · ${WELCOME[role]}` : "Your account has no role yet."}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {buttons.map((b, i) => (
            <Link
              key={b.label}
              to={b.to}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${i === 0 ? "bg-brand-700 text-white hover:bg-brand-900" : "border border-gray-300 bg-white text-gray-800 hover:bg-gray-50"}`}
            >
              {b.label}
            </Link>
          ))}
        </div>
      </section>

      <section aria-label="Statistics" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {stats.map((card) => {
          const meta = STAT_META[card.key];
          const Icon = meta.icon;
          const label = card.key === "total" && isWriter ? "My Articles" : meta.label;
          return (
            <div key={card.key} className="rounded-lg border border-gray-200 bg-white p-3">
              <div className="flex items-center justify-between">
                <span className="text-xs font-medium text-gray-500 uppercase">{label}</span>
                <span className={`rounded p-1 ${meta.tone}`}>
                  <Icon className="h-4 w-4" aria-hidden />
                </span>
              </div>
              <p className="mt-1 text-2xl font-bold" data-testid={`stat-${card.key}`}>
                {numberFormat.format(card.value)}
              </p>
              {card.trend !== null ? (
                <p
                  className={`mt-0.5 flex items-center gap-1 text-xs ${card.trend >= 0 ? "text-green-700" : "text-red-700"}`}
                >
                  {card.trend >= 0 ? (
                    <TrendingUp className="h-3 w-3" aria-hidden />
                  ) : (
                    <TrendingDown className="h-3 w-3" aria-hidden />
                  )}
                  {card.trend >= 0 ? "+" : ""}
                  {card.trend}% vs previous 30 days
                </p>
              ) : (
                <p className="mt-0.5 text-xs text-gray-400">&nbsp;</p>
              )}
            </div>
          );
        })}
      </section>

      {newsletter ? (
        <section
          aria-labelledby="newsletter-growth"
          className="rounded-lg border border-gray-200 bg-white p-4"
        >
          <h2 id="newsletter-growth" className="mb-2 text-sm font-semibold text-gray-800">
            Newsletter subscribers
          </h2>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-gray-500">Confirmed</dt>
              <dd className="text-lg font-bold tabular-nums" data-testid="newsletter-confirmed">
                {numberFormat.format(newsletter.confirmed)}
              </dd>
            </div>
            <div>
              <dt className="text-gray-500">Joined, last 30 days</dt>
              <dd className="text-lg font-bold tabular-nums" data-testid="newsletter-joined">
                +{numberFormat.format(newsletter.joined)}
                <span className="ml-1 text-xs font-normal text-gray-500">
                  ({numberFormat.format(newsletter.joinedBefore)} the 30 days before)
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-gray-500">Left, last 30 days</dt>
              <dd className="text-lg font-bold tabular-nums" data-testid="newsletter-left">
                {numberFormat.format(newsletter.left)}
              </dd>
            </div>
          </dl>
        </section>
      ) : null}

      {pending.length > 0 ? (
        <section aria-labelledby="pending-work" className="rounded-lg border border-gray-200 bg-white p-4">
          <h2 id="pending-work" className="mb-2 text-sm font-semibold text-gray-800">
            Waiting for you
          </h2>
          <ul className="grid gap-2 sm:grid-cols-3">
            {pending.map((p) => (
              <li key={p.key}>
                <Link
                  to={p.to}
                  data-testid={`pending-${p.key}`}
                  className={`flex items-center justify-between rounded border px-3 py-2 text-sm hover:border-brand-600 hover:bg-brand-50 ${p.count > 0 ? "border-amber-300 bg-amber-50" : "border-gray-200"}`}
                >
                  <span>{p.label}</span>
                  <span className="ml-2 text-lg font-bold tabular-nums">{numberFormat.format(p.count)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="grid gap-5 lg:grid-cols-3">
        <div className="min-w-0 space-y-5 lg:col-span-2">
          <Panel title={isWriter ? "Views of your articles per day" : "Views per day"}>
            <ViewsChart days={viewsByDay} label="Views per day, last 30 days" />
          </Panel>
          <Panel
            title="Recent Articles"
            action={
              <Link
                to={edition ? `/admin/articles?edition=${edition}` : "/admin/articles"}
                className="text-xs text-brand-700 hover:underline"
              >
                View all
              </Link>
            }
          >
            {recent.length === 0 ? (
              <p className="text-sm text-gray-500">No articles yet.</p>
            ) : (
              <ul className="-my-2 divide-y divide-gray-100">
                {recent.map((a) => (
                  <li key={a.id} className="flex items-center gap-3 py-2 text-sm">
                    <Link
                      to={`/admin/articles/edit/${a.id}`}
                      className="min-w-0 flex-1 truncate font-medium hover:text-brand-700"
                    >
                      {a.title}
                    </Link>
                    <span
                      className={`rounded px-1.5 py-0.5 text-xs ${STATUS_STYLE[a.status] ?? "bg-gray-100"}`}
                    >
                      {STATUS_LABEL[a.status] ?? a.status}
                    </span>
                    <span
                      className="hidden w-28 text-right text-xs text-gray-500 sm:block"
                      suppressHydrationWarning
                    >
                      {relativeDate(a.createdAt, { style: "back-office" })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title="Recent Activity">
            {activity.length === 0 ? (
              <p className="text-sm text-gray-500">No recent activity.</p>
            ) : (
              <ul className="-my-2 divide-y divide-gray-100">
                {activity.map((e) => (
                  <li key={e.id} className="py-2 text-sm">
                    <p>
                      <span className="font-medium">{e.userName}</span> {e.action}
                      {e.title ? <span className="text-gray-700">: {e.title}</span> : null}
                    </p>
                    <p className="text-xs text-gray-500" suppressHydrationWarning>
                      <span className="capitalize">{e.type}</span> ·{" "}
                      {relativeDate(e.createdAt, { style: "back-office" })}
                      {e.description ? ` · ${e.description}` : ""}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
        <div className="min-w-0 space-y-5">
          <Panel title="Quick Actions">
            <ul className="grid grid-cols-2 gap-2">
              {quick.map((a) => (
                <li key={a.label}>
                  <Link
                    to={a.to}
                    className="block rounded border border-gray-200 px-2.5 py-1.5 text-sm hover:border-brand-600 hover:bg-brand-50"
                  >
                    {a.label}
                  </Link>
                </li>
              ))}
            </ul>
          </Panel>
          <Panel title="Top Stories This Week">
            {topStories.length === 0 ? (
              <p className="text-sm text-gray-500">No views in the last 7 days.</p>
            ) : (
              <ol className="space-y-2 text-sm">
                {topStories.map((a, i) => (
                  <li key={a.id} className="flex items-center gap-2">
                    <span className="w-4 text-gray-400">{i + 1}</span>
                    <Link
                      to={`/admin/articles/edit/${a.id}`}
                      className="min-w-0 flex-1 truncate hover:text-brand-700"
                    >
                      {a.title}
                    </Link>
                    <span className="text-xs whitespace-nowrap text-gray-500">{viewCount(a.views)}</span>
                    {a.isLive ? (
                      <a
                        href={articlePath(a)}
                        className="text-xs text-brand-700 hover:underline"
                        aria-label={`Read "${a.title}" on the site`}
                      >
                        View
                      </a>
                    ) : null}
                  </li>
                ))}
              </ol>
            )}
          </Panel>
          <Panel title="Popular Articles">
            {popular.length === 0 ? (
              <p className="text-sm text-gray-500">No views yet.</p>
            ) : (
              <ol className="space-y-2 text-sm">
                {popular.map((a, i) => (
                  <li key={a.id} className="flex items-center gap-2">
                    <span className="w-4 text-gray-400">{i + 1}</span>
                    <Link
                      to={`/admin/articles/edit/${a.id}`}
                      className="min-w-0 flex-1 truncate hover:text-brand-700"
                    >
                      {a.title}
                    </Link>
                    <span className="text-xs text-gray-500">{numberFormat.format(a.views)} views</span>
                  </li>
                ))}
              </ol>
            )}
          </Panel>
          <Panel title="Site Health" action={<HeartPulse className="h-4 w-4 text-gray-400" aria-hidden />}>
            <ul className="space-y-2 text-sm">
              {health.map((c) => (
                <li key={c.key} className="flex items-center gap-2">
                  {c.ok ? (
                    <CheckCircle2 className="h-4 w-4 text-green-600" aria-hidden />
                  ) : (
                    <XCircle className="h-4 w-4 text-amber-600" aria-hidden />
                  )}
                  <span className="font-medium">{c.label}</span>
                  <span className="ml-auto text-right text-gray-600">{c.detail}</span>
                </li>
              ))}
            </ul>
          </Panel>
        </div>
      </div>
    </div>
  );
}
