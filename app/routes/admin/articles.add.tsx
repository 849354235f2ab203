import { Link, useNavigation } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { can } from "#app/auth/permissions";
import { ArticleForm } from "#app/components/admin/article-form";
import { ArticleProblem } from "#app/components/admin/article-problem";
import { articleFormOptions } from "#app/domain/articles/admin.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { emptyArticleValues } from "#app/lib/article-form/form-values";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { draftIdOf, saveArticleFromForm } from "./articles-save.server";
import type { Route } from "./+types/articles.add";

export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "articles", "create");
  const { timezone, startOfWeek, language } = await getSettings(context.db);
  return {
    // A new story is in the main edition unless the editor chooses another (decision record 022).
    values: emptyArticleValues(user.name, new Date(), language),
    options: await articleFormOptions(context.db),
    canPublish: can(user.role, "articles", "publish"),
    timeZone: timezone,
    weekStartsOn: startOfWeek,
  };
});

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const user = await requirePermission(context, "articles", "create");
  const form = Object.fromEntries(await request.formData());
  // Once the autosave has created the draft, "Create Article" saves that draft rather than a second article.
  return saveArticleFromForm(context.services, user, form, draftIdOf(form), { creating: true });
});

export const meta: Route.MetaFunction = () => [{ title: "Add Article - Admin" }];

export default function AddArticle({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <section>
      <div className="mb-4 flex items-center gap-3">
        <Link to="/admin/articles" className="rounded border border-gray-300 bg-white px-3 py-1 text-sm">
          ← Back
        </Link>
        <h1 className="text-2xl font-bold">Add New Article</h1>
      </div>
      <ArticleProblem problem={actionData?.problem} />
      <ArticleForm
        mode="add"
        values={actionData?.values ?? loaderData.values}
        storedStatus={null}
        fieldErrors={actionData?.fieldErrors}
        categories={loaderData.options.categories}
        authors={loaderData.options.authors}
        editions={loaderData.options.editions}
        canPublish={loaderData.canPublish}
        timeZone={loaderData.timeZone}
        weekStartsOn={loaderData.weekStartsOn}
        submitting={navigation.state === "submitting"}
      />
    </section>
  );
}
