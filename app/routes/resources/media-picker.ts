/**
 * GET /admin/media/picker?q=&page= — the editor's library picker: active images, searched by name and
 * tags, a page at a time, each with a small stored copy for its thumbnail. JSON; the guards' refusals
 * too (requireJsonUser: signed out is 401).
 */
import { requireJsonUser } from "#app/auth/guard.server";
import { EDITOR_IMAGE_TEXT } from "#app/domain/media/editor-image-rules";
import { listPickerImages } from "#app/domain/media/editor.server";
import { cleanSearch } from "#app/domain/users/user-form";
import { parsePageParam } from "#app/lib/pagination";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/media-picker";

const json = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  await requireJsonUser(context, "media", "view", {
    title: EDITOR_IMAGE_TEXT.authTitle,
    message: EDITOR_IMAGE_TEXT.auth,
  });
  const params = new URL(request.url).searchParams;
  const list = await listPickerImages(context.db, {
    search: cleanSearch(params.get("q")),
    page: parsePageParam(params.get("page")),
  });
  return json(list);
});
