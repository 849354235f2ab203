import { ArrowLeft, Check, Reply, RotateCcw, Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useSubmit } from "react-router";
import { z } from "zod";
import { requirePermission } from "#app/auth/guard.server";
import { ArticleResult, type ArticleActionResult } from "#app/components/admin/article-result";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import {
  deleteContactMessage,
  openContactMessage,
  setContactHandled,
} from "#app/domain/contact/inbox.server";
import { INBOX_TEXT, isHandled, replyMailto } from "#app/domain/contact/inbox-rules";
import { CONTACT_STATUS_LABELS } from "#app/lib/status-labels";
import { dateTimeFormat } from "#app/lib/dates";
import { redirectWithToast } from "#app/lib/flash.server";
import { expectedError, statusOf, withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/messages.view";

/** One contact message; opening it marks it read (for everyone: the inbox is shared by the newsroom). */
export const loader = withDomainErrors(async ({ params, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "messages", "view");
  const message = await openContactMessage(context.db, user, params.id);
  return { message, replyHref: replyMailto(message) };
});

const messageAction = z.object({
  intent: z.enum(["handled", "unhandled", "delete"]),
  confirmed: z.literal("yes").optional(),
});

const reply = (result: ArticleActionResult, status = 200) => data({ result }, { status });

export const action = withDomainErrors(async ({ request, params, context }: Route.ActionArgs) => {
  const user = await requirePermission(context, "messages", "manage");
  const parsed = messageAction.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return reply({ type: "error", title: INBOX_TEXT.failed }, 400);
  const { intent, confirmed } = parsed.data;
  if (intent === "delete" && !confirmed)
    return reply({ type: "confirm", title: INBOX_TEXT.deleteConfirm, intent: "delete" });
  try {
    if (intent === "delete") {
      await deleteContactMessage(context.db, user, params.id);
      return redirectWithToast("/admin/messages", { type: "success", title: INBOX_TEXT.deleted });
    }
    await setContactHandled(context.db, user, params.id, intent === "handled");
    return reply({ type: "success", title: intent === "handled" ? INBOX_TEXT.handled : INBOX_TEXT.reopened });
  } catch (error) {
    const known = expectedError(error, `[messages] ${intent} failed`, params.id);
    return reply(
      { type: "error", title: known?.title ?? INBOX_TEXT.failed, message: known?.message },
      known ? statusOf(known) : 500,
    );
  }
});

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.message.subject || "Message"} - Admin` },
];

const button =
  "flex items-center gap-1.5 rounded-md border px-3 py-1.5 text-sm font-medium whitespace-nowrap";

export default function MessageView({ loaderData, actionData }: Route.ComponentProps) {
  const { message, replyHref } = loaderData;
  const [askDelete, setAskDelete] = useState(false);
  const submit = useSubmit();
  const handled = isHandled(message.status);
  return (
    <article className="max-w-3xl">
      <Link
        to="/admin/messages"
        className="mb-3 inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> All messages
      </Link>
      <ArticleResult result={actionData?.result} />
      <h1 className="text-2xl font-bold break-words">{message.subject || "(no subject)"}</h1>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-600">From</dt>
        <dd className="min-w-0 break-words">
          {message.name} &lt;{message.email}&gt;
        </dd>
        <dt className="text-gray-600">Received</dt>
        <dd suppressHydrationWarning>
          {dateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" }).format(
            new Date(message.createdAt),
          )}
        </dd>
        <dt className="text-gray-600">Status</dt>
        <dd>{CONTACT_STATUS_LABELS[message.status]}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <a
          href={replyHref}
          className={`${button} border-brand-700 bg-brand-700 text-white hover:bg-brand-900`}
        >
          <Reply className="h-4 w-4" aria-hidden /> Reply by e-mail
        </a>
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value={handled ? "unhandled" : "handled"}
            className={`${button} border-gray-300 bg-white hover:bg-gray-50`}
          >
            {handled ? (
              <>
                <RotateCcw className="h-4 w-4" aria-hidden /> Mark as not handled
              </>
            ) : (
              <>
                <Check className="h-4 w-4" aria-hidden /> Mark handled
              </>
            )}
          </button>
        </Form>
        <Form
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            setAskDelete(true);
          }}
        >
          <button
            type="submit"
            name="intent"
            value="delete"
            className={`${button} border-red-300 bg-white text-red-800 hover:bg-red-50`}
          >
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </button>
        </Form>
      </div>
      <div className="mt-4 rounded border border-gray-200 bg-white p-4 break-words whitespace-pre-wrap">
        {message.message}
      </div>
      <ConfirmDialog
        open={askDelete}
        title="Please confirm"
        message={INBOX_TEXT.deleteConfirm}
        confirmLabel="Delete"
        tone="danger"
        onCancel={() => setAskDelete(false)}
        onConfirm={() => {
          setAskDelete(false);
          submit({ intent: "delete", confirmed: "yes" }, { method: "post" });
        }}
      />
    </article>
  );
}
