/**
 * The public comment form: a plain POST to the article's action, answered with the page and the
 * verdict above the form; what the reader typed stays when something is wrong. The reader script
 * (app/reader/forms.ts) checks it first with the same rules as the server and sends it in the
 * background, telling the verdict in a toast.
 */
import { FormVerdict } from "../form-verdict";
import { answerWords } from "../form-answer-words";
import { useMessages } from "#app/i18n/use-messages";

export interface CommentActionData {
  ok: boolean;
  title: string;
  message: string;
  values?: { name: string; email: string; comment: string };
}

const inputClass =
  "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2.5 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";

export function CommentForm({
  allowComments,
  actionData,
}: {
  allowComments: boolean;
  actionData?: CommentActionData;
}) {
  const { t } = useMessages();
  if (!allowComments) {
    return (
      <div role="status" className="rounded-md border border-gray-200 bg-gray-50 px-4 py-4 text-gray-700">
        <p className="font-semibold">{t("form.comment.disabledTitle")}</p>
        <p className="text-sm">{t("form.comment.disabled")}</p>
      </div>
    );
  }

  const typed = actionData && !actionData.ok ? actionData.values : undefined;

  return (
    <form
      method="post"
      noValidate
      data-form="comment"
      aria-labelledby="comment-form-heading"
      className="space-y-4 rounded-lg border border-gray-200 bg-gray-50 p-4 sm:p-6"
    >
      <h3 id="comment-form-heading" className="font-serif text-lg font-bold">
        {t("comments.formHeading")}
      </h3>
      {actionData ? <FormVerdict result={answerWords(t, "comment", actionData)} /> : null}
      <input type="hidden" name="intent" value="comment" />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="comment-name" className="block text-sm font-medium text-gray-800">
            {t("comments.name")}
          </label>
          <input
            id="comment-name"
            name="name"
            type="text"
            required
            autoComplete="name"
            maxLength={100}
            defaultValue={typed?.name}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="comment-email" className="block text-sm font-medium text-gray-800">
            {t("comments.email")}
          </label>
          <input
            id="comment-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            maxLength={254}
            defaultValue={typed?.email}
            className={inputClass}
          />
        </div>
      </div>
      <div>
        <label htmlFor="comment-text" className="block text-sm font-medium text-gray-800">
          {t("comments.comment")}
        </label>
        <textarea
          id="comment-text"
          name="comment"
          rows={4}
          required
          maxLength={5000}
          defaultValue={typed?.comment}
          className={inputClass}
        />
      </div>
      <p className="text-sm text-gray-600">{t("comments.note")}</p>
      <button
        type="submit"
        data-busy-label={t("comments.submitting")}
        className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {t("comments.post")}
      </button>
    </form>
  );
}
