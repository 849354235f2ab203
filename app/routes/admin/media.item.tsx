/**
 * /admin/media/:id — one media item: its preview, address ("Copy URL") and the details an editor keeps
 * with it: name, alt text, caption, credit and tags. The caption and credit show under the image on
 * article pages. Writers change their own uploads; editors and admins any (as in the library).
 */
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { requirePermission, userCan } from "#app/auth/guard.server";
import { describedBy, FormField, inputClass } from "#app/components/admin/form-field";
import { EDITOR_IMAGE_TEXT, IMAGE_DETAIL_LIMITS } from "#app/domain/media/editor-image-rules";
import { canChangeMedia, getMediaItem, updateMediaDetails } from "#app/domain/media/editor.server";
import { uploaderFor } from "#app/domain/media/library.server";
import { MEDIA_LIMITS, MEDIA_TEXT } from "#app/domain/media/media-rules";
import { formatFileSize } from "#app/lib/file-size";
import { isDomainError } from "#app/lib/errors";
import { redirectWithToast } from "#app/lib/flash.server";
import { withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/media.item";

const FIELDS = ["name", "alt", "caption", "credit", "tags"] as const;
type Field = (typeof FIELDS)[number];

export const loader = withDomainErrors(async ({ params, context }: Route.LoaderArgs) => {
  const me = await requirePermission(context, "media", "view");
  const row = await getMediaItem(context.db, params.id);
  return {
    item: {
      id: row.id,
      name: row.name,
      type: row.type,
      url: row.url,
      alt: row.alt,
      caption: row.caption,
      credit: row.credit,
      tags: row.tags.join(", "),
      size: row.size,
      width: row.width,
      height: row.height,
      mimeType: row.mimeType,
      uploadedBy: await uploaderFor(context.db, row, userCan(me, "users", "view")),
      uploadedAt: row.uploadedAt.toISOString(),
      preview:
        [...row.variants].sort((a, b) => a.width - b.width).find((v) => v.width >= 400)?.url ?? row.url,
    },
    canChange: canChangeMedia(me, row),
  };
});

export const action = withDomainErrors(async ({ request, params, context }: Route.ActionArgs) => {
  const me = await requirePermission(context, "media", "upload");
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "")])) as Record<
    Field,
    string
  >;
  try {
    await updateMediaDetails(context.db, me, params.id, values);
  } catch (error) {
    if (isDomainError(error, "invalid") && error.fieldErrors)
      return data(
        { fieldErrors: error.fieldErrors as Partial<Record<Field, string>>, values },
        { status: 400 },
      );
    throw error;
  }
  return redirectWithToast(`/admin/media/${params.id}`, { type: "success", title: EDITOR_IMAGE_TEXT.saved });
});

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.item.name ?? "Media"} - Media Library - Admin` },
];

export default function MediaItemPage({ loaderData, actionData }: Route.ComponentProps) {
  const { item, canChange } = loaderData;
  const navigation = useNavigation();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const values: Record<Field, string> = actionData?.values ?? item;
  const errors: Partial<Record<Field, string>> = actionData?.fieldErrors ?? {};
  const problem = (field: Field) =>
    errors[field] ? { title: MEDIA_TEXT.validationTitle, message: errors[field] } : undefined;
  const absoluteUrl = () => new URL(item.url, window.location.origin).href;

  const copyUrl = async () => {
    try {
      await navigator.clipboard.writeText(absoluteUrl());
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  };

  const field = (name: Field, label: string, max: number, multiline = false) => {
    const common = {
      id: `media-${name}`,
      name,
      defaultValue: values[name],
      maxLength: max,
      readOnly: !canChange,
      className: inputClass,
      ...describedBy(`media-${name}`, problem(name)),
    };
    return (
      <FormField id={`media-${name}`} label={label} problem={problem(name)}>
        {multiline ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}
      </FormField>
    );
  };

  return (
    <section className="mx-auto max-w-4xl space-y-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/admin/media" className="text-brand-700 underline">
          Media Library
        </Link>{" "}
        / <span className="break-all">{item.name}</span>
      </nav>
      <h1 className="text-2xl font-bold break-words">{item.name}</h1>
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-3">
          {item.type === "image" ? (
            <img
              src={item.preview}
              alt={item.alt || item.name}
              className="max-h-80 w-full rounded border border-gray-200 bg-gray-50 object-contain"
            />
          ) : null}
          <div>
            <label htmlFor="media-url" className="block text-sm font-medium text-gray-700">
              URL
            </label>
            <div className="mt-1 flex gap-2">
              <input
                id="media-url"
                readOnly
                value={item.url}
                className="min-w-0 flex-1 rounded-md border border-gray-300 bg-gray-50 px-3 py-2 text-sm"
              />
              <button
                type="button"
                onClick={copyUrl}
                className="shrink-0 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-medium hover:bg-gray-50"
              >
                Copy URL
              </button>
            </div>
            <p role="status" className="mt-1 text-xs text-gray-600">
              {copied === "yes" ? "URL copied." : copied === "no" ? "Select the address and copy it." : ""}
            </p>
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-gray-700">Type</dt>
            <dd className="break-words">{item.mimeType || item.type}</dd>
            {item.width && item.height ? (
              <>
                <dt className="text-gray-700">Size</dt>
                <dd>
                  {item.width}x{item.height}, {formatFileSize(item.size)}
                </dd>
              </>
            ) : null}
            <dt className="text-gray-700">Uploaded by</dt>
            <dd className="break-words">{item.uploadedBy}</dd>
          </dl>
        </div>
        <Form method="post" className="min-w-0 space-y-3" noValidate>
          {field("name", "Name", MEDIA_LIMITS.name)}
          {field("alt", "Alt text", MEDIA_LIMITS.alt)}
          {field("caption", "Caption", IMAGE_DETAIL_LIMITS.caption, true)}
          {field("credit", "Credit", IMAGE_DETAIL_LIMITS.credit)}
          {field("tags", "Tags (comma separated)", MEDIA_LIMITS.tags)}
          {canChange ? (
            <button
              type="submit"
              disabled={navigation.state === "submitting"}
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
            >
              {navigation.state === "submitting" ? "Saving..." : "Save"}
            </button>
          ) : (
            <p className="text-sm text-gray-600">
              Only its uploader, an editor or an admin can change this item.
            </p>
          )}
        </Form>
      </div>
    </section>
  );
}
