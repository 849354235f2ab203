import { data, Link, useNavigation } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { ArticleProblem } from "#app/components/admin/article-problem";
import { CategoryForm } from "#app/components/admin/category-form";
import { getCategory, updateCategory } from "#app/domain/categories/admin.server";
import { CATEGORY_TEXT, parseCategoryForm } from "#app/lib/category-form";
import { redirectWithToast } from "#app/lib/flash.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { categorySaveReply } from "./categories-reply.server";
import type { Route } from "./+types/categories.edit";
import { formText } from "#app/lib/form";
import { logFailure } from "#app/lib/log.server";

export const loader = withDomainErrors(async ({ params, context }: Route.LoaderArgs) => {
  await requirePermission(context, "categories", "manage");
  let category;
  try {
    category = await getCategory(context.db, params.id);
  } catch (error) {
    logFailure("[categories] load failed", error, { id: params.id });
    throw await redirectWithToast("/admin/categories", { type: "error", title: CATEGORY_TEXT.loadFailed });
  }
  if (!category)
    throw await redirectWithToast("/admin/categories", { type: "error", title: CATEGORY_TEXT.notFound });
  return {
    category: {
      id: category.id,
      name: category.name,
      slug: category.slug,
      description: category.description,
    },
  };
});

export const action = withDomainErrors(async ({ request, params, context }: Route.ActionArgs) => {
  const user = await requirePermission(context, "categories", "manage");
  const form = Object.fromEntries(await request.formData());
  const text = (key: string) => formText(form[key]);
  const values = { name: text("name"), slug: text("slug"), description: text("description") };
  const parsed = parseCategoryForm(form);
  if (!parsed.ok)
    return data({ values, fieldErrors: parsed.fieldErrors, problem: undefined }, { status: 400 });
  const failed = await categorySaveReply(values, CATEGORY_TEXT.updateFailed, async () =>
    updateCategory(context.db, user, params.id, parsed.data),
  );
  return failed ?? redirectWithToast("/admin/categories", { type: "success", title: CATEGORY_TEXT.updated });
});

export const meta: Route.MetaFunction = () => [{ title: "Edit Category - Admin" }];

export default function EditCategory({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <section>
      <div className="mb-4 flex items-center gap-3">
        <Link to="/admin/categories" className="rounded border border-gray-300 bg-white px-3 py-1 text-sm">
          ← Back
        </Link>
        <h1 className="text-2xl font-bold">Edit Category</h1>
      </div>
      <ArticleProblem
        problem={actionData?.problem ? { title: actionData.problem, message: "" } : undefined}
      />
      <CategoryForm
        key={loaderData.category.id}
        mode="edit"
        values={actionData?.values ?? loaderData.category}
        fieldErrors={actionData?.fieldErrors}
        submitting={navigation.state === "submitting"}
      />
    </section>
  );
}
