/**
 * POST /admin/articles/autosave — the article editor's autosave: the form's fields, plus `id` once the
 * draft exists. Answers JSON (app/lib/article-autosave.ts, AutosaveReply), never a redirect or an error
 * page: the editor calls it with fetch rather than a fetcher, because a fetcher's failure (a lost
 * connection included) renders the route's error boundary in place of the text being typed, and a
 * fetcher's action also reloads every loader of the page every few seconds.
 */
import { requireJsonUser } from "#app/auth/guard.server";
import { AUTOSAVE_TEXT } from "#app/lib/article-autosave";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { autosaveArticleFromForm } from "./articles-save.server";
import type { Route } from "./+types/articles.autosave";

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  // The guards' redirects would take the browser away from the editor: here they are JSON 401/403.
  const user = await requireJsonUser(context, "articles", "create", {
    title: AUTOSAVE_TEXT.signedOutTitle,
    message: AUTOSAVE_TEXT.signedOut,
  });
  return autosaveArticleFromForm(context.services, user, Object.fromEntries(await request.formData()));
});
