import type { Db } from "#app/db/client.server";
import type { MediaServices } from "#app/domain/media/storage.server";
import { useEffect } from "react";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { accessDenied, requirePermission, userCan } from "#app/auth/guard.server";
import { MediaFilters } from "#app/components/admin/media-filters";
import { MEDIA_DELETE_QUESTION, MediaLibrary } from "#app/components/admin/media-library";
import { MediaUploadForm, type UploadProblem } from "#app/components/admin/media-upload-form";
import { EmptyList, ListProblem } from "#app/components/admin/list-kit/list-states";
import { ListPagination } from "#app/components/admin/list-kit/pagination";
import { useToast } from "#app/components/ui/toast";
import { MEDIA_STATUSES, MEDIA_TYPES } from "#app/lib/enums";
import {
  deleteMedia,
  listMedia,
  MEDIA_SORTS,
  ownsAllMedia,
  setMediaStatus,
  toggleMediaFeatured,
} from "#app/domain/media/library.server";
import { MEDIA_TEXT } from "#app/domain/media/media-rules";
import { uploadMedia } from "#app/domain/media/upload.server";
import { cleanSearch } from "#app/domain/users/user-form";
import { parsePageParam } from "#app/lib/pagination";
import { redirectWithToast } from "#app/lib/flash.server";
import { expectedError, statusOf, withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/media";
import { formText } from "#app/lib/form";
import { logFailure } from "#app/lib/log.server";

const filterSchema = z.object({
  view: z.enum(["grid", "list"]).catch("grid"),
  type: z.enum(MEDIA_TYPES).nullable().catch(null),
  status: z.enum(MEDIA_STATUSES).nullable().catch(null),
  sort: z.enum(MEDIA_SORTS).catch("date"),
  order: z.enum(["asc", "desc"]).catch("desc"),
  q: z.string().nullable().transform(cleanSearch),
});

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const me = await requirePermission(context, "media", "view");
  const params = new URL(request.url).searchParams;
  const filter = filterSchema.parse({
    view: params.get("view"),
    type: params.get("type"),
    status: params.get("status"),
    sort: params.get("sort"),
    order: params.get("order"),
    q: params.get("q"),
  });
  const list = await listMedia(context.db, {
    ...filter,
    search: filter.q,
    page: parsePageParam(params.get("page")),
    showUploaderEmails: userCan(me, "users", "view"),
  });
  return {
    ...list,
    filter,
    canUpload: userCan(me, "media", "upload"),
    canDelete: userCan(me, "media", "delete"),
    currentUserId: me.id,
  };
});

const bulkSchema = z.object({
  bulkAction: z.enum(["activate", "deactivate", "delete"]),
  ids: z.array(z.string().min(1)).min(1),
});
const idSchema = z.object({ id: z.string().min(1) });

interface ActionError {
  title: string;
  message?: string;
  field?: string;
}

/** A delete posted without `confirmed` (no JavaScript, so no dialog) comes back as a question first. */
interface DeleteQuestion {
  ids: string[];
  isBulk: boolean;
}

interface ActionData {
  error?: ActionError;
  values?: Record<string, string>;
  confirmDelete?: DeleteQuestion;
}

const fail = (error: ActionError, status: number, values?: Record<string, string>) =>
  data<ActionData>({ error, values }, { status });

const askFirst = (question: DeleteQuestion) => data<ActionData>({ confirmDelete: question });
const isConfirmed = (form: FormData) => form.get("confirmed") === "yes";

const text = (form: FormData, key: string) => formText(form.get(key));

export const action = withDomainErrors(async ({ request, context }: Route.ActionArgs) => {
  const actor = await requirePermission(context, "media", "view");
  const url = new URL(request.url);
  const back = `/admin/media${url.search}`;
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    logFailure("[media] could not read the form", error);
    return fail({ title: MEDIA_TEXT.uploadFailed, message: MEDIA_TEXT.tryAgain }, 400);
  }
  const intent = text(form, "intent");
  const step = { db: context.db, media: context.services.media, actor, form, back };
  if (intent === "upload") return runUpload(step);
  if (intent === "bulk") return runBulkMediaAction(step);
  return runItemAction(step, intent);
});

/** What each of the screen's actions works with. */
interface ActionStep {
  db: Db;
  /** The media store of the process's services (app/services.server.ts). */
  media: MediaServices;
  actor: Awaited<ReturnType<typeof requirePermission>>;
  form: FormData;
  /** The screen as it was (its filters and page), where a done action goes back to. */
  back: string;
}

/** An upload, or a link to a file elsewhere; what was typed comes back with a refusal. */
async function runUpload({ db, media, actor, form, back }: ActionStep) {
  if (!userCan(actor, "media", "upload")) accessDenied();
  const fields = {
    mode: text(form, "mode"),
    name: text(form, "name"),
    alt: text(form, "alt"),
    description: text(form, "description"),
    tags: text(form, "tags"),
    url: text(form, "url"),
  };
  const file = form.get("file");
  try {
    await uploadMedia(db, media, actor, { ...fields, file: file instanceof File ? file : null });
    return redirectWithToast(back, { type: "success", title: MEDIA_TEXT.uploaded });
  } catch (error) {
    const known = expectedError(error, "[media] upload failed");
    if (known) {
      const { title = MEDIA_TEXT.uploadFailed, field } = known.details;
      return fail({ title, message: known.message, field }, statusOf(known), fields);
    }
    return fail({ title: MEDIA_TEXT.uploadFailed, message: MEDIA_TEXT.tryAgain }, 500, fields);
  }
}

/** The bulk bar: activate, deactivate or delete the chosen items (a delete confirmed first). */
async function runBulkMediaAction({ db, media, actor, form, back }: ActionStep) {
  const failure = MEDIA_TEXT.bulkFailed;
  const parsed = bulkSchema.safeParse({ bulkAction: form.get("bulkAction"), ids: form.getAll("ids") });
  if (!parsed.success)
    return fail({ title: MEDIA_TEXT.bulkFailed, message: MEDIA_TEXT.bulkNeedsChoice }, 400);
  const { bulkAction, ids } = parsed.data;
  // Outside the try below: a refusal is the 403 page (withDomainErrors), not a failure to report.
  if (!userCan(actor, "media", bulkAction === "delete" ? "delete" : "upload")) accessDenied();
  if (!userCan(actor, "media", "delete") && !(await ownsAllMedia(db, actor.id, ids))) accessDenied();
  if (bulkAction === "delete" && !isConfirmed(form)) return askFirst({ ids, isBulk: true });
  try {
    const n =
      bulkAction === "delete"
        ? await deleteMedia(db, media, actor, ids)
        : await setMediaStatus(db, actor, ids, bulkAction === "activate" ? "active" : "inactive");
    return redirectWithToast(back, {
      type: "success",
      title: `Successfully processed ${n} media item${n === 1 ? "" : "s"}!`,
    });
  } catch (error) {
    return failed(error, failure);
  }
}

/** One item: featured on or off, or deleted (confirmed first). */
async function runItemAction({ db, media, actor, form, back }: ActionStep, intent: string) {
  const failure = intent === "delete" ? MEDIA_TEXT.deleteFailed : MEDIA_TEXT.updateFailed;
  if (intent !== "featured" && intent !== "delete") return fail({ title: failure }, 400);
  if (!userCan(actor, "media", intent === "delete" ? "delete" : "upload")) accessDenied();
  const parsed = idSchema.safeParse({ id: form.get("id") });
  if (!parsed.success) return fail({ title: failure }, 400);
  if (!userCan(actor, "media", "delete") && !(await ownsAllMedia(db, actor.id, [parsed.data.id])))
    accessDenied();
  if (intent === "delete" && !isConfirmed(form)) return askFirst({ ids: [parsed.data.id], isBulk: false });
  try {
    if (intent === "delete") {
      await deleteMedia(db, media, actor, [parsed.data.id]);
      return redirectWithToast(back, { type: "success", title: MEDIA_TEXT.deleted });
    }
    const isFeatured = await toggleMediaFeatured(db, actor, parsed.data.id);
    return redirectWithToast(back, {
      type: "success",
      title: isFeatured ? "Media marked as featured." : "Media removed from featured.",
    });
  } catch (error) {
    return failed(error, failure);
  }
}

function failed(error: unknown, title: string) {
  const known = expectedError(error, "[media] action failed");
  return known ? fail({ title, message: known.message }, statusOf(known)) : fail({ title }, 500);
}

export const meta: Route.MetaFunction = () => [{ title: "Media Library - Admin" }];

export default function MediaLibraryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageCount, pageSize, filter, canUpload, canDelete, currentUserId } = loaderData;
  const { showToast } = useToast();
  const error = actionData?.error;
  const isUploadError = Boolean(actionData?.values);

  useEffect(() => {
    if (error && !isUploadError) showToast({ type: "error", title: error.title, message: error.message });
  }, [error, isUploadError, showToast]);

  const hrefFor = (n: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filter)) {
      const isDefault =
        value === null ||
        value === "" ||
        (key === "view" && value === "grid") ||
        (key === "sort" && value === "date") ||
        (key === "order" && value === "desc");
      if (!isDefault) params.set(key, String(value));
    }
    if (n > 1) params.set("page", String(n));
    const query = params.toString();
    return query ? `/admin/media?${query}` : "/admin/media";
  };

  const uploadProblem: UploadProblem | undefined =
    isUploadError && error
      ? { title: error.title, message: error.message ?? "", field: error.field }
      : undefined;

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Media Library</h1>
        <p className="text-sm text-gray-600">
          {total} item{total === 1 ? "" : "s"}
        </p>
      </div>

      {canUpload ? <MediaUploadForm problem={uploadProblem} values={actionData?.values} /> : null}

      {actionData?.confirmDelete ? <DeleteConfirmStep question={actionData.confirmDelete} /> : null}

      {error && !isUploadError ? <ListProblem title={error.title} message={error.message} /> : null}

      <div className="rounded-lg border border-gray-200 bg-white">
        <MediaFilters filter={filter} />
        {items.length === 0 ? (
          <EmptyList inset>No media found.</EmptyList>
        ) : (
          <MediaLibrary
            items={items}
            view={filter.view}
            canDelete={canDelete}
            currentUserId={currentUserId}
          />
        )}
      </div>
      {total > 0 ? (
        <ListPagination
          page={page}
          pageCount={pageCount}
          total={total}
          pageSize={pageSize}
          hrefFor={hrefFor}
          noun="media items"
        />
      ) : null}
    </section>
  );
}

/** The confirmation without JavaScript: the same question as the dialog, answered by a second post. */
function DeleteConfirmStep({ question }: { question: DeleteQuestion }) {
  const count = question.ids.length;
  return (
    <div
      role="alertdialog"
      aria-labelledby="media-delete-title"
      className="rounded-md border border-red-200 bg-red-50 p-4"
    >
      <p id="media-delete-title" className="font-semibold text-red-900">
        {count > 1 ? `Delete ${count} media items` : "Delete media"}
      </p>
      <p className="mt-1 text-sm text-red-900">{MEDIA_DELETE_QUESTION}</p>
      <Form method="post" className="mt-3 flex gap-2">
        <input type="hidden" name="confirmed" value="yes" />
        {question.isBulk ? (
          <>
            <input type="hidden" name="intent" value="bulk" />
            <input type="hidden" name="bulkAction" value="delete" />
            {question.ids.map((id) => (
              <input key={id} type="hidden" name="ids" value={id} />
            ))}
          </>
        ) : (
          <>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={question.ids[0]} />
          </>
        )}
        <button
          type="submit"
          className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800"
        >
          Delete
        </button>
        <Link to="." className="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium">
          Cancel
        </Link>
      </Form>
    </div>
  );
}
