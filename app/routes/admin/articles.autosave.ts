/**
 * POST /admin/articles/autosave — the article editor's autosave: the form's fields, plus `id` once the
 * draft exists. Answers JSON (app/lib/article-autosave.ts, AutosaveReply), never a redirect or an error
 * page: the editor calls it with fetch rather than a fetcher, because a fetcher's failure (a lost
 * connection included) renders the route's error boundary in place of the text being typed, and a
 * fetcher's action also reloads every loader of the page every few seconds.
 */
import { can } from "#app/auth/permissions";
import { AUTH_TEXT } from "#app/auth/messages";
import { AUTOSAVE_TEXT } from "#app/lib/article-autosave";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { autosaveArticleFromForm } from "./articles-save.server";
import type { Route } from "./+types/articles.autosave";

const refuse = (status: number, message: string) =>
  Response.json({ ok: false, message }, { status, headers: { "Cache-Control": "no-store" } });

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  // The guards' sign-in redirect would take the browser away from the editor: here it is a 401.
  const user = await context.currentUser();
  if (!user) return refuse(401, AUTOSAVE_TEXT.signedOut);
  if (user.status !== "active") return refuse(403, AUTH_TEXT.accountDisabled);
  if (!can(user.role, "articles", "create")) return refuse(403, AUTH_TEXT.accessDenied);
  return autosaveArticleFromForm(context.db, user, Object.fromEntries(await request.formData()));
});
