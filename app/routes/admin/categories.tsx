import { data, Form, Link, useNavigation } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import { ArticleResult, type ArticleActionResult } from "#app/components/admin/article-result";
import { CategoryDeleteStep, type CategoryDeleteRequest } from "#app/components/admin/category-delete-step";
import { CARD_TABLE, RowActions } from "#app/components/admin/row-menu";
import { useRowSelection } from "#app/components/admin/use-row-selection";
import {
  countArticlesIn,
  deleteCategories,
  listCategoriesWithCounts,
} from "#app/domain/categories/admin.server";
import { adminSearchTerm, SEARCH_LIMITS } from "#app/lib/admin-search";
import { CATEGORY_TEXT } from "#app/lib/category-form";
import { expectedError, withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/categories";

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "categories", "view");
  const q = adminSearchTerm(new URL(request.url).searchParams.get("q"), SEARCH_LIMITS.categories);
  const db = context.db;
  const [rows, all] = await Promise.all([
    listCategoriesWithCounts(db, q),
    q ? listCategoriesWithCounts(db) : null,
  ]);
  return {
    q,
    rows,
    allCategories: (all ?? rows).map((c) => ({ id: c.id, name: c.name })),
    canManage: can(user.role, "categories", "manage"),
  };
});

type Reply = { result?: ArticleActionResult; deleteStep?: CategoryDeleteRequest };
const reply = (body: Reply, status = 200) => data(body, { status });

/**
 * Deleting is two steps: the first post asks (and, when the categories hold articles, where they go),
 * the confirmed post deletes. The same flow serves the row's Delete and the bulk delete.
 */
export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const user = await requirePermission(context, "categories", "manage");
  const form = await request.formData();
  const ids = form.getAll("ids").map(String).filter(Boolean);
  if (form.get("intent") !== "delete" || ids.length === 0)
    return reply({ result: { type: "error", title: CATEGORY_TEXT.bulkNone } }, 400);
  const db = context.db;
  const moveTo = String(form.get("moveTo") ?? "") || undefined;
  if (form.get("confirmed") !== "yes") {
    return reply({ deleteStep: { ids, articleCount: await countArticlesIn(db, ids) } });
  }
  try {
    const { deleted } = await deleteCategories(db, user, ids, moveTo);
    return reply({
      result: {
        type: "success",
        title: CATEGORY_TEXT.deleted,
        message: deleted > 1 ? `${deleted} categories deleted.` : undefined,
      },
    });
  } catch (error) {
    const known = expectedError(error, "[categories] delete failed", ids);
    if (known?.details.needsMoveTarget) {
      return reply(
        { deleteStep: { ids, articleCount: await countArticlesIn(db, ids), error: known.message } },
        400,
      );
    }
    return reply({ result: { type: "error", title: CATEGORY_TEXT.deleteFailed } }, 500);
  }
});

export const meta: Route.MetaFunction = () => [{ title: "Categories - Admin" }];

export default function Categories({ loaderData, actionData }: Route.ComponentProps) {
  const { q, rows, allCategories, canManage } = loaderData;
  const navigation = useNavigation();
  const { selected, toggle, selectAll } = useRowSelection("category-bulk-form");
  const openingEditor =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/admin/categories/edit/");
  const deleteStep = navigation.state === "idle" ? actionData?.deleteStep : undefined;
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Categories</h1>
        {canManage ? (
          <Link
            to="/admin/categories/add"
            className="ml-auto rounded bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-900"
          >
            Add New Category
          </Link>
        ) : null}
      </div>
      <ArticleResult result={actionData?.result} />
      {openingEditor ? (
        <p role="status" className="mb-3 rounded bg-blue-50 px-3 py-2 text-sm text-blue-900">
          {CATEGORY_TEXT.loading}
        </p>
      ) : null}
      {deleteStep ? <CategoryDeleteStep request={deleteStep} categories={allCategories} /> : null}
      <form
        method="get"
        role="search"
        className="mb-3 flex flex-wrap items-end gap-2 rounded border border-gray-200 bg-white p-3"
      >
        <div className="min-w-48 flex-1">
          <label htmlFor="q" className="mb-1 block text-xs font-medium text-gray-600">
            Search categories
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={SEARCH_LIMITS.categories}
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
      {canManage ? (
        <Form method="post" id="category-bulk-form" className="mb-2 flex items-center gap-2">
          <input type="hidden" name="intent" value="delete" />
          <button
            type="submit"
            className="rounded border border-gray-300 bg-white px-3 py-1 text-sm font-medium hover:bg-gray-50"
          >
            Delete selected
          </button>
          {selected.size > 0 ? <span className="text-sm text-gray-600">{selected.size} selected</span> : null}
        </Form>
      ) : null}
      <div className={CARD_TABLE.wrapper}>
        <table className={CARD_TABLE.table}>
          <thead className={CARD_TABLE.head}>
            <tr>
              {canManage ? (
                <th className="w-8 px-2 py-2">
                  <input
                    type="checkbox"
                    aria-label="Select all categories"
                    checked={rows.length > 0 && rows.every((r) => selected.has(r.id))}
                    onChange={(event) =>
                      selectAll(
                        rows.map((r) => r.id),
                        event.target.checked,
                      )
                    }
                  />
                </th>
              ) : null}
              <th className="px-2 py-2">Name</th>
              <th className="px-2 py-2">Description</th>
              <th className="px-2 py-2">Slug</th>
              <th className="px-2 py-2">Articles</th>
              {canManage ? <th className="px-2 py-2">Actions</th> : null}
            </tr>
          </thead>
          <tbody className={CARD_TABLE.body}>
            {rows.length === 0 ? (
              <tr className="block md:table-row">
                <td colSpan={6} className="block px-2 py-6 text-center text-gray-500 md:table-cell">
                  No categories found
                </td>
              </tr>
            ) : null}
            {rows.map((row) => (
              <tr key={row.id} className={`${CARD_TABLE.row} ${canManage ? "" : "max-md:pl-3"}`}>
                {canManage ? (
                  <td className={CARD_TABLE.check}>
                    <input
                      type="checkbox"
                      name="ids"
                      value={row.id}
                      form="category-bulk-form"
                      aria-label={`Select ${row.name}`}
                      checked={selected.has(row.id)}
                      onChange={(event) => toggle(row.id, event.target.checked)}
                    />
                  </td>
                ) : null}
                <td className={`${CARD_TABLE.cell} font-medium`}>
                  <span
                    className="mr-2 inline-block h-3 w-3 rounded-full align-middle"
                    style={{ backgroundColor: row.color }}
                    aria-hidden="true"
                  />
                  {row.name}
                </td>
                <td className={`${CARD_TABLE.cell} text-gray-700`}>{row.description || "—"}</td>
                <td className={`${CARD_TABLE.cell} font-mono text-xs break-all`}>{row.slug}</td>
                <td className={`${CARD_TABLE.cell} md:text-center`}>
                  <span className={CARD_TABLE.label}>Articles: </span>
                  {row.articleCount}
                </td>
                {canManage ? (
                  <td className={CARD_TABLE.actions}>
                    <RowActions label={`Actions for ${row.name}`}>
                      <Link
                        to={`/admin/categories/edit/${row.id}`}
                        className="text-xs font-medium text-gray-800 hover:underline"
                      >
                        Edit
                      </Link>
                      <Form method="post">
                        <input type="hidden" name="intent" value="delete" />
                        <input type="hidden" name="ids" value={row.id} />
                        <button type="submit" className="text-xs font-medium text-red-700 hover:underline">
                          Delete
                        </button>
                      </Form>
                    </RowActions>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
