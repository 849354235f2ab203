import type { Db } from "#app/db/client.server";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { requirePermission } from "#app/auth/guard.server";
import { ListPagination } from "#app/components/admin/list-kit/pagination";
import { FilterSelect, ListSearchForm } from "#app/components/admin/list-kit/search-form";
import { ArticleResult, type ArticleActionResult } from "#app/components/admin/article-result";
import { COMMENT_STATUS_STYLE, CommentTable } from "#app/components/admin/comment-table";
import { COMMENT_STATUSES, type CommentStatus } from "#app/lib/enums";
import {
  actionsFor,
  cleanupResultText,
  commentFilterFrom,
  commentListHref,
  COMMENT_MODERATION_TEXT,
  MODERATION_PAGE_SIZE,
  MODERATION_SETTING_LABELS,
  MODERATION_SETTINGS,
  moderationFailureText,
} from "#app/domain/comments/moderation-rules";
import {
  articlesWithComments,
  bulkModerate,
  cleanupOrphanedComments,
  commentStats,
  deleteComment,
  listForModeration,
  moderateComment,
  updateModerationSettings,
} from "#app/domain/comments/moderation.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { adminSearchTerm, SEARCH_LIMITS } from "#app/lib/admin-search";
import { parsePageParam } from "#app/lib/pagination";
import { expectedError, statusOf, withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/comments";
import { COMMENT_STATUS_LABELS } from "#app/lib/status-labels";
import { logFailure } from "#app/lib/log.server";

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "comments", "view");
  const url = new URL(request.url);
  const db = context.db;
  const query = {
    status: commentFilterFrom(url.searchParams.get("status")),
    articleId: (url.searchParams.get("article") ?? "").slice(0, 100),
    q: adminSearchTerm(url.searchParams.get("q"), SEARCH_LIMITS.comments),
    page: parsePageParam(url.searchParams.get("page")),
  };
  const [list, stats, articleOptions, settings] = await Promise.all([
    listForModeration(db, user, query),
    // Counts fall back to 0 when they cannot be read (spec section 8); the list still shows.
    commentStats(db).catch((error: unknown) => {
      logFailure("[comments] stats failed", error);
      return { pending: 0, approved: 0, rejected: 0, spam: 0, total: 0 };
    }),
    articlesWithComments(db, query.articleId),
    getSettings(db),
  ]);
  return {
    ...list,
    rows: list.rows.map((row) => ({ ...row, actions: actionsFor(row.status) })),
    query,
    stats,
    articleOptions,
    flags: Object.fromEntries(MODERATION_SETTINGS.map((key) => [key, settings[key]])) as Record<
      (typeof MODERATION_SETTINGS)[number],
      boolean
    >,
  };
});

const rowAction = z.object({
  intent: z.enum(["approve", "reject", "spam", "delete"]),
  id: z.string().min(1),
  from: z.enum(COMMENT_STATUSES).optional(),
  confirmed: z.literal("yes").optional(),
});

const reply = (result: ArticleActionResult, status = 200) => data({ result }, { status });

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const user = await requirePermission(context, "comments", "moderate");
  const form = await request.formData();
  const db = context.db;
  const intent = form.get("intent");
  if (intent === "settings") return saveModerationSetting(db, user, form);
  if (intent === "cleanup") {
    try {
      return reply({ type: "success", title: cleanupResultText(await cleanupOrphanedComments(db, user)) });
    } catch (error) {
      expectedError(error, "[comments] cleanup failed");
      return reply({ type: "error", title: COMMENT_MODERATION_TEXT.cleanupFailed }, 500);
    }
  }

  if (intent === "bulk") return runBulkModeration(db, user, form);
  return runRowModeration(db, user, form);
});

type ActionUser = Awaited<ReturnType<typeof requirePermission>>;

/** One of the moderation switches, turned on or off. */
async function saveModerationSetting(db: Db, user: ActionUser, form: FormData) {
  const key = String(form.get("setting"));
  if (!(MODERATION_SETTINGS as readonly string[]).includes(key)) {
    return reply(
      {
        type: "error",
        title: COMMENT_MODERATION_TEXT.settingsFailedTitle,
        message: COMMENT_MODERATION_TEXT.settingsFailed,
      },
      400,
    );
  }
  try {
    await updateModerationSettings(db, user, { [key]: form.get("value") === "on" });
    return reply({ type: "success", title: COMMENT_MODERATION_TEXT.settingsSaved });
  } catch (error) {
    expectedError(error, "[comments] settings failed");
    return reply(
      {
        type: "error",
        title: COMMENT_MODERATION_TEXT.settingsFailedTitle,
        message: COMMENT_MODERATION_TEXT.settingsFailed,
      },
      500,
    );
  }
}

/** The list's bulk bar: approve, reject, spam or delete the chosen comments (a delete confirmed first). */
async function runBulkModeration(db: Db, user: ActionUser, form: FormData) {
  const chosen = z.enum(["approve", "reject", "spam", "delete"]).safeParse(form.get("bulkAction"));
  const ids = form.getAll("ids").map(String).filter(Boolean);
  if (!chosen.success || ids.length === 0)
    return reply({ type: "error", title: COMMENT_MODERATION_TEXT.bulkFailed }, 400);
  if (chosen.data === "delete" && form.get("confirmed") !== "yes") {
    return reply({
      type: "confirm",
      title: COMMENT_MODERATION_TEXT.deleteConfirm,
      intent: "bulk",
      bulkAction: "delete",
      ids,
    });
  }
  try {
    const { processed, failed } = await bulkModerate(db, user, ids, chosen.data);
    if (processed === 0) return reply({ type: "error", title: COMMENT_MODERATION_TEXT.bulkFailed }, 409);
    const noun = (n: number) => `${n} ${n === 1 ? "comment" : "comments"}`;
    return failed === 0
      ? reply({ type: "success", title: `Processed ${noun(processed)}.` })
      : reply(
          {
            type: "warning",
            title: `Processed ${noun(processed)}; ${noun(failed)} could not change from their status.`,
          },
          207,
        );
  } catch (error) {
    expectedError(error, "[comments] bulk failed");
    return reply({ type: "error", title: COMMENT_MODERATION_TEXT.bulkFailed }, 500);
  }
}

/** One comment's action (a delete confirmed first). */
async function runRowModeration(db: Db, user: ActionUser, form: FormData) {
  const parsed = rowAction.safeParse(Object.fromEntries(form));
  if (!parsed.success) return reply({ type: "error", title: COMMENT_MODERATION_TEXT.bulkFailed }, 400);
  const { intent: rowIntent, id, from, confirmed } = parsed.data;
  if (rowIntent === "delete" && !confirmed)
    return reply({ type: "confirm", title: COMMENT_MODERATION_TEXT.deleteConfirm, intent: "delete", id });
  try {
    if (rowIntent === "delete") {
      await deleteComment(db, user, id);
      return reply({ type: "success", title: "Comment deleted." });
    }
    const { to } = await moderateComment(db, user, id, rowIntent);
    const done = to === "spam" ? "marked as spam" : COMMENT_STATUS_LABELS[to].toLowerCase();
    return reply({ type: "success", title: `Comment ${done}.` });
  } catch (error) {
    const known = expectedError(error, `[comments] ${rowIntent} failed`, id);
    return reply(
      {
        type: "error",
        title: moderationFailureText(rowIntent, from as CommentStatus | undefined),
        message: known?.message,
      },
      known ? statusOf(known) : 500,
    );
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Comments - Admin" }];

const STAT_CARDS: Array<{ key: CommentStatus | "total"; label: string }> = [
  { key: "pending", label: "Pending" },
  { key: "approved", label: "Approved" },
  { key: "rejected", label: "Rejected" },
  { key: "spam", label: "Spam" },
  { key: "total", label: "Total" },
];

export default function Comments({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, query, stats, articleOptions, flags } = loaderData;
  const hrefFor = (p: number) => commentListHref({ ...query, page: p });
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Comments</h1>
        <Form method="post" className="ml-auto">
          <input type="hidden" name="intent" value="cleanup" />
          <button
            type="submit"
            className="rounded border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-gray-50"
          >
            Clean up orphaned comments
          </button>
        </Form>
      </div>
      <ArticleResult result={actionData?.result} />
      {/* Each card is also the quickest filter: Pending (where the screen opens), ..., Total for all. */}
      <ul aria-label="Comment statistics" className="mb-4 grid grid-cols-3 gap-2 sm:grid-cols-5">
        {STAT_CARDS.map(({ key, label }) => {
          const filter = key === "total" ? "all" : key;
          const isCurrent = query.status === filter;
          return (
            <li key={key}>
              <Link
                to={commentListHref({ status: filter, articleId: query.articleId, q: query.q })}
                aria-current={isCurrent ? "true" : undefined}
                className={`block rounded border p-2 sm:p-3 ${key === "total" ? "border-gray-300 bg-white" : COMMENT_STATUS_STYLE[key]} ${isCurrent ? "ring-2 ring-brand-700" : "hover:shadow"}`}
              >
                <span className="block text-xs font-semibold uppercase">{label}</span>
                <span className="block text-xl font-bold sm:text-2xl">{stats[key]}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      <section
        aria-labelledby="moderation-settings"
        className="mb-4 rounded border border-gray-200 bg-white p-3"
      >
        <h2
          id="moderation-settings"
          className="mb-2 text-xs font-semibold tracking-wide text-gray-500 uppercase"
        >
          Moderation settings
        </h2>
        <ul className="flex flex-wrap gap-2">
          {MODERATION_SETTINGS.map((key) => (
            <li key={key}>
              <Form method="post">
                <input type="hidden" name="intent" value="settings" />
                <input type="hidden" name="setting" value={key} />
                <input type="hidden" name="value" value={flags[key] ? "off" : "on"} />
                <button
                  type="submit"
                  role="switch"
                  aria-checked={flags[key]}
                  className={`flex items-center gap-2 rounded border px-3 py-1 text-sm ${flags[key] ? "border-green-300 bg-green-50 text-green-900" : "border-gray-300 bg-gray-50 text-gray-700"}`}
                >
                  <span
                    className={`inline-block h-3 w-6 rounded-full ${flags[key] ? "bg-green-600" : "bg-gray-400"}`}
                    aria-hidden="true"
                  />
                  {MODERATION_SETTING_LABELS[key]}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
      <ListSearchForm
        label="Search comments"
        defaultValue={query.q}
        maxLength={SEARCH_LIMITS.comments}
        submitLabel="Filter"
        fieldClassName="min-w-48 flex-1"
      >
        <FilterSelect id="status-filter" label="Status" name="status" defaultValue={query.status}>
          <option value="all">All statuses</option>
          {COMMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {COMMENT_STATUS_LABELS[s]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id="article-filter"
          label="Article"
          name="article"
          defaultValue={query.articleId}
          wrapperClassName="max-w-full min-w-0"
          className="max-w-full rounded border sm:max-w-64 border-gray-300 px-2 py-1.5 text-sm"
        >
          <option value="">All articles</option>
          {articleOptions.map((a) => (
            <option key={a.id} value={a.id}>
              {a.title}
            </option>
          ))}
        </FilterSelect>
      </ListSearchForm>
      <CommentTable rows={rows} deleteConfirm={COMMENT_MODERATION_TEXT.deleteConfirm} />
      <ListPagination
        page={page}
        pageCount={pageCount}
        total={total}
        pageSize={MODERATION_PAGE_SIZE}
        hrefFor={hrefFor}
        noun="comments"
      />
    </section>
  );
}
