import type { Db } from "#app/db/client.server";
import type { Services } from "#app/services.server";
import { data, Link, useNavigation } from "react-router";
import { z } from "zod";
import { getSettings } from "#app/domain/settings/settings.server";
import { requirePermission } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import { ArticleListTable } from "#app/components/admin/article-list-table";
import { ListPagination } from "#app/components/admin/list-kit/pagination";
import { FilterSelect, ListSearchForm } from "#app/components/admin/list-kit/search-form";
import { EditionFilter } from "#app/components/admin/edition-filter";
import { ArticleResult, type ArticleActionResult } from "#app/components/admin/article-result";
import { ARTICLE_STATUSES } from "#app/lib/enums";
import {
  bulkArticles,
  deleteArticle,
  listAdminArticles,
  setArticleFlag,
  setArticleStatus,
} from "#app/domain/articles/admin.server";
import { deleteEmptyDrafts, findEmptyDrafts } from "#app/domain/articles/empty-drafts.server";
import { editionFilterOf } from "#app/domain/editions/edition-filter.server";
import { EmptyDraftsNotice } from "#app/components/admin/empty-drafts-notice";
import { EMPTY_DRAFT_TEXT } from "#app/lib/empty-drafts";
import { adminSearchTerm, SEARCH_LIMITS } from "#app/lib/admin-search";
import { bulkResultText } from "#app/lib/article-form/article-list";
import { ARTICLE_STATUS_LABELS } from "#app/lib/status-labels";
import { ARTICLE_TEXT } from "#app/lib/article-form/article-text";
import { parsePageParam } from "#app/lib/pagination";
import { expectedError, withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/articles";

const statusFilter = z.enum(["all", ...ARTICLE_STATUSES, "review"]).catch("all");

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "articles", "create");
  const url = new URL(request.url);
  const q = adminSearchTerm(url.searchParams.get("q"), SEARCH_LIMITS.articles);
  const status = statusFilter.parse(url.searchParams.get("status") ?? "all");
  const { editions, edition } = await editionFilterOf(context.db, url.searchParams.get("edition"));
  const list = await listAdminArticles(context.db, user, {
    q,
    status,
    language: edition,
    page: parsePageParam(url.searchParams.get("page")),
  });
  return {
    ...list,
    q,
    status,
    editions: editions.map(({ tag, name }) => ({ tag, name })),
    edition,
    canPublish: can(user.role, "articles", "publish"),
    canEditAll: can(user.role, "articles", "editAll"),
    userId: user.id,
    timeZone: (await getSettings(context.db)).timezone,
    emptyDrafts: await findEmptyDrafts(context.db, user),
  };
});

const rowAction = z.object({
  intent: z.enum(["publish", "unpublish", "feature", "unfeature", "breaking", "unbreaking", "delete"]),
  id: z.string().min(1),
  confirmed: z.literal("yes").optional(),
});
const bulkAction = z.object({
  intent: z.literal("bulk"),
  bulkAction: z.enum(["publish", "draft", "delete"]),
  confirmed: z.literal("yes").optional(),
});

/** The spec's failure message for each row action. */
const FAILURE: Record<z.infer<typeof rowAction>["intent"], string> = {
  publish: ARTICLE_TEXT.publishFailed,
  unpublish: ARTICLE_TEXT.unpublishFailed,
  feature: ARTICLE_TEXT.featuredFailed,
  unfeature: ARTICLE_TEXT.featuredFailed,
  breaking: ARTICLE_TEXT.topStoryFailed,
  unbreaking: ARTICLE_TEXT.topStoryFailed,
  delete: ARTICLE_TEXT.deleteOneFailed,
};

const SUCCESS: Record<z.infer<typeof rowAction>["intent"], string> = {
  publish: "Article published.",
  unpublish: "Article moved to draft.",
  feature: "Article marked as Featured.",
  unfeature: "Article is no longer Featured.",
  breaking: "Article marked as Breaking News.",
  unbreaking: "Article is no longer Breaking News.",
  delete: ARTICLE_TEXT.deletedTitle,
};

const reply = (result: ArticleActionResult, status = 200) => data({ result }, { status });

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const user = await requirePermission(context, "articles", "create");
  const form = await request.formData();
  if (form.get("intent") === "delete-empty-drafts") return deleteEmptyDraftsAction(context.db, user, form);
  if (form.get("intent") === "bulk") return runBulkAction(context.services, user, form);
  return runRowAction(context.services, user, form);
});

type ActionUser = Awaited<ReturnType<typeof requirePermission>>;

/** "Delete empty drafts": confirmed first (a second step without JavaScript), then done. */
async function deleteEmptyDraftsAction(db: Db, user: ActionUser, form: FormData) {
  const ids = form.getAll("ids").map(String).filter(Boolean);
  if (ids.length === 0) return reply({ type: "info", title: EMPTY_DRAFT_TEXT.noneLeft });
  // Without JavaScript the confirmation is a second step rendered by the server.
  if (form.get("confirmed") !== "yes")
    return reply({
      type: "confirm",
      title: EMPTY_DRAFT_TEXT.confirm(ids.length),
      intent: "delete-empty-drafts",
      ids,
    });
  try {
    const { deleted, kept } = await deleteEmptyDrafts(db, user, ids);
    if (deleted === 0 && kept === 0) return reply({ type: "info", title: EMPTY_DRAFT_TEXT.noneLeft });
    if (deleted === 0) return reply({ type: "info", title: EMPTY_DRAFT_TEXT.kept(kept) });
    return reply({
      type: "success",
      title: EMPTY_DRAFT_TEXT.deleted(deleted),
      message: kept > 0 ? EMPTY_DRAFT_TEXT.kept(kept) : undefined,
    });
  } catch (error) {
    expectedError(error, "[articles] deleting empty drafts failed");
    return reply({ type: "error", title: EMPTY_DRAFT_TEXT.failed }, 500);
  }
}

/** The list's bulk bar: one action on the chosen rows (a delete confirmed first). */
async function runBulkAction(services: Services, user: ActionUser, form: FormData) {
  const parsed = bulkAction.safeParse(Object.fromEntries(form));
  const ids = form.getAll("ids").map(String).filter(Boolean);
  if (!parsed.success || ids.length === 0)
    return reply({ type: "error", title: ARTICLE_TEXT.bulkFailed }, 400);
  const { bulkAction: chosen, confirmed } = parsed.data;
  // Without JavaScript the confirmation is a second step rendered by the server.
  if (chosen === "delete" && !confirmed)
    return reply({
      type: "confirm",
      title: ARTICLE_TEXT.deleteConfirm,
      intent: "bulk",
      bulkAction: chosen,
      ids,
    });
  try {
    const { processed, failed } = await bulkArticles(services, user, ids, chosen);
    return reply(bulkResultText(processed, failed), failed > 0 ? 207 : 200);
  } catch (error) {
    expectedError(error, "[articles] bulk failed");
    return reply(
      {
        type: "error",
        title: chosen === "delete" ? ARTICLE_TEXT.deleteManyFailed : ARTICLE_TEXT.bulkFailed,
      },
      500,
    );
  }
}

/** One row's action: publish, unpublish, feature, breaking, delete (the last two confirmed first). */
async function runRowAction(services: Services, user: ActionUser, form: FormData) {
  const parsed = rowAction.safeParse(Object.fromEntries(form));
  if (!parsed.success) return reply({ type: "error", title: ARTICLE_TEXT.bulkFailed }, 400);
  const { intent, id, confirmed } = parsed.data;
  if ((intent === "delete" || intent === "unpublish") && !confirmed) {
    const title = intent === "delete" ? ARTICLE_TEXT.deleteConfirm : ARTICLE_TEXT.unpublishConfirm;
    return reply({ type: "confirm", title, intent, id });
  }
  try {
    if (intent === "publish" || intent === "unpublish")
      await setArticleStatus(services, user, id, intent === "publish" ? "published" : "draft");
    else if (intent === "feature" || intent === "unfeature")
      await setArticleFlag(services, user, id, "featured", intent === "feature");
    else if (intent === "breaking" || intent === "unbreaking")
      await setArticleFlag(services, user, id, "isTopStory", intent === "breaking");
    else await deleteArticle(services.db, user, id);
    return reply({ type: "success", title: SUCCESS[intent] });
  } catch (error) {
    expectedError(error, `[articles] ${intent} failed`, id);
    return reply(
      {
        type: "error",
        title: intent === "delete" ? ARTICLE_TEXT.deletionFailedTitle : FAILURE[intent],
        message: intent === "delete" ? ARTICLE_TEXT.deletionFailed : undefined,
      },
      500,
    );
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Articles - Admin" }];

export default function Articles({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, pageSize, q, status, canPublish, canEditAll, userId } = loaderData;
  const { editions, edition } = loaderData;
  const navigation = useNavigation();
  const openingEditor =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/admin/articles/edit/");
  const query = (next: Record<string, string | number>) => {
    const params = new URLSearchParams({
      ...(q ? { q } : {}),
      ...(status !== "all" ? { status } : {}),
      ...(edition ? { edition } : {}),
    });
    for (const [key, value] of Object.entries(next)) params.set(key, String(value));
    return `?${params}`;
  };
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{canEditAll ? "Articles" : "My Articles"}</h1>
        <Link
          to="/admin/articles/add"
          className="ml-auto rounded bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-900"
        >
          Add New Article
        </Link>
      </div>
      <ArticleResult result={actionData?.result} />
      <EmptyDraftsNotice drafts={loaderData.emptyDrafts} />
      {openingEditor ? (
        <p role="status" className="mb-3 rounded bg-blue-50 px-3 py-2 text-sm text-blue-900">
          {ARTICLE_TEXT.loading}
        </p>
      ) : null}
      <ListSearchForm
        label="Search articles"
        defaultValue={q}
        maxLength={SEARCH_LIMITS.articles}
        submitLabel="Filter"
        fieldClassName="min-w-48 flex-1"
        onInput={(event) => {
          event.currentTarget.value = event.currentTarget.value.replace(/[<>]/g, "");
        }}
      >
        <FilterSelect id="status-filter" label="Status" name="status" defaultValue={status}>
          <option value="all">All statuses</option>
          {ARTICLE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ARTICLE_STATUS_LABELS[s]}
            </option>
          ))}
          <option value="review">Awaiting review (with proposed changes)</option>
        </FilterSelect>
        <EditionFilter editions={editions} edition={edition} />
      </ListSearchForm>
      <ArticleListTable
        rows={rows}
        canPublish={canPublish}
        canEditAll={canEditAll}
        userId={userId}
        timeZone={loaderData.timeZone}
        editions={editions}
      />
      <ListPagination
        page={page}
        pageCount={pageCount}
        total={total}
        pageSize={pageSize}
        hrefFor={(p) => query({ page: p })}
      />
    </section>
  );
}
