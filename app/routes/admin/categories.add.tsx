import { data, Link, useNavigation } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { CategoryForm } from "#app/components/admin/category-form";
import { ArticleProblem } from "#app/components/admin/article-problem";
import { createCategory } from "#app/domain/categories/admin.server";
import { CATEGORY_TEXT, DEFAULT_CATEGORY_COLOR, parseCategoryForm } from "#app/lib/category-form";
import { redirectWithToast } from "#app/lib/flash.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { categorySaveReply } from "./categories-reply.server";
import type { Route } from "./+types/categories.add";
import { formText } from "#app/lib/form";

export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  await requirePermission(context, "categories", "manage");
  return null;
});

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const user = await requirePermission(context, "categories", "manage");
  const form = Object.fromEntries(await request.formData());
  const text = (key: string) => formText(form[key]);
  const values = {
    name: text("name"),
    slug: text("slug"),
    description: text("description"),
    color: text("color") || DEFAULT_CATEGORY_COLOR,
  };
  const parsed = parseCategoryForm(form);
  if (!parsed.ok)
    return data({ values, fieldErrors: parsed.fieldErrors, problem: undefined }, { status: 400 });
  const failed = await categorySaveReply(values, CATEGORY_TEXT.createFailed, async () =>
    createCategory(context.db, user, parsed.data),
  );
  return failed ?? redirectWithToast("/admin/categories", { type: "success", title: CATEGORY_TEXT.created });
});

export const meta: Route.MetaFunction = () => [{ title: "Add Category - Admin" }];

export default function AddCategory({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <section>
      <div className="mb-4 flex items-center gap-3">
        <Link to="/admin/categories" className="rounded border border-gray-300 bg-white px-3 py-1 text-sm">
          ← Back
        </Link>
        <h1 className="text-2xl font-bold">Add Category</h1>
      </div>
      <ArticleProblem
        problem={actionData?.problem ? { title: actionData.problem, message: "" } : undefined}
      />
      <CategoryForm
        mode="add"
        values={actionData?.values ?? { name: "", slug: "", description: "", color: DEFAULT_CATEGORY_COLOR }}
        fieldErrors={actionData?.fieldErrors}
        submitting={navigation.state === "submitting"}
      />
    </section>
  );
}
