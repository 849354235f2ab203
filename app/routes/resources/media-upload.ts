/**
 * POST /admin/media/upload — the article editor's image upload (featured image and body), answered in
 * JSON for the editor's fetch: 200 with the stored image, or a status with the spec's title and text.
 * Signed out is 401 'Authentication Required' rather than the sign-in redirect, which a fetch would
 * follow and swallow (the editor would show the sign-in page's HTML as a broken upload); the other
 * refusals of the guards (requireJsonUser) are JSON 403s.
 */
import { requireJsonUser } from "#app/auth/guard.server";
import {
  EDITOR_IMAGE_TEXT,
  uploadFailedMessage,
  type UploadAnswer,
} from "#app/domain/media/editor-image-rules";
import { uploadEditorImage } from "#app/domain/media/editor.server";
import { isDomainError } from "#app/lib/errors";
import { statusOf, withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/media-upload";
import { formText } from "#app/lib/form";
import { logFailure } from "#app/lib/log.server";

const answer = (body: UploadAnswer, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

const refuse = (title: string, message: string, status: number) =>
  answer({ ok: false, title, message }, status);

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const user = await requireJsonUser(context, "media", "upload", {
    title: EDITOR_IMAGE_TEXT.authTitle,
    message: EDITOR_IMAGE_TEXT.auth,
  });
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    logFailure("[media] could not read an editor upload", error);
    return refuse(EDITOR_IMAGE_TEXT.uploadFailedTitle, uploadFailedMessage("the file did not arrive."), 400);
  }
  const text = (key: string) => formText(form.get(key));
  const file = form.get("file");
  try {
    const image = await uploadEditorImage(context.db, context.services.media, user, {
      file: file instanceof File ? file : null,
      alt: text("alt"),
      caption: text("caption"),
      credit: text("credit"),
    });
    return answer({ ok: true, image });
  } catch (error) {
    if (isDomainError(error)) {
      const title = error.title ?? EDITOR_IMAGE_TEXT.uploadFailedTitle;
      return refuse(title, error.message, statusOf(error));
    }
    logFailure("[media] editor upload failed", error);
    return refuse(
      EDITOR_IMAGE_TEXT.uploadFailedTitle,
      uploadFailedMessage("the server could not store the image."),
      500,
    );
  }
});
