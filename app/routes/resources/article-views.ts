/**
 * POST /resources/article-views/:id — the view counter the article page calls once per browser.
 * Answers 204 when counted, 404 for an article readers cannot see, and 202 (accepted, not counted) when
 * this address has counted it enough for now: a reader behind a busy shared address has done nothing
 * wrong, so the answer is no error in their browser. A failure is logged and answered 500, never shown.
 */
import { articleViewTotal, recordArticleView } from "#app/domain/articles/views.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import { ARTICLE_VIEWS_HEADER } from "#app/reader/view-counter";
import { refuseReadersInMaintenance } from "#app/domain/settings/maintenance-gate.server";
import type { Route } from "./+types/article-views";
import { logFailure } from "#app/lib/log.server";

const STATUS = { counted: 204, "not-found": 404, "rate-limited": 202 } as const;

export const action = withDomainErrors(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  // In maintenance nothing a reader sends is stored: refused before the form is even read.
  await refuseReadersInMaintenance(request, context);
  try {
    const result = await recordArticleView(context.db, params.id, { ip: context.clientIp });
    const headers = new Headers({ "Cache-Control": "no-store" });
    // The page may come from the page cache, older than this view: the script shows this total instead.
    if (result === "counted")
      headers.set(ARTICLE_VIEWS_HEADER, String(await articleViewTotal(context.db, params.id)));
    return new Response(null, { status: STATUS[result], headers });
  } catch (error) {
    logFailure("[views] counting a view failed", error, { articleId: params.id });
    return new Response(null, { status: 500, headers: { "Cache-Control": "no-store" } });
  }
});
