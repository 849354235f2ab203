import { requirePermission } from "#app/auth/guard.server";
import { ArticleResult } from "#app/components/admin/article-result";
import { NewsletterCompose } from "#app/components/admin/newsletter-compose";
import { ISSUE_LIMITS, NEWSLETTER_TEXT } from "#app/domain/newsletter/issue-form";
import { storyChoices } from "#app/domain/newsletter/issues.server";
import { editionFilterOf } from "#app/domain/editions/edition-filter.server";
import { mainEditionTag } from "#app/domain/editions/page-edition.server";
import { adminSearchTerm } from "#app/lib/admin-search";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/newsletter.new";
import { saveDraftFromForm } from "./newsletter-actions.server";

/** A new issue: compose and save it as a draft; preview, test and send open on the draft's page. */
export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "newsletter", "view");
  const q = adminSearchTerm(new URL(request.url).searchParams.get("q"), ISSUE_LIMITS.search);
  const [choices, { editions }, mainEdition] = await Promise.all([
    storyChoices(context.db, user, { q, chosen: [] }),
    editionFilterOf(context.db, null),
    mainEditionTag(context.db),
  ]);
  return { q, choices, editions, mainEdition };
});

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const user = await requirePermission(context, "newsletter", "send");
  return saveDraftFromForm(context.services, user, await request.formData());
});

export const meta: Route.MetaFunction = () => [{ title: `${NEWSLETTER_TEXT.composeTitle} - Admin` }];

export default function NewIssue({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? {
    subject: "",
    intro: "",
    stories: [],
    edition: loaderData.mainEdition,
  };
  return (
    <section className="max-w-3xl">
      <h1 className="mb-4 text-2xl font-bold">{NEWSLETTER_TEXT.composeTitle}</h1>
      <ArticleResult result={actionData?.result} />
      <NewsletterCompose
        values={values}
        choices={loaderData.choices}
        errors={actionData?.fieldErrors ?? {}}
        search={loaderData.q}
        editions={loaderData.editions}
      />
    </section>
  );
}
