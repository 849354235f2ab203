/**
 * The public comment form. Without JavaScript it is a plain POST to the article's action and the
 * answer comes back as action data; with JavaScript a fetcher sends it and the toast tells the result.
 * Either way what the reader typed stays when something is wrong.
 */
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useToast } from "#app/components/ui/toast";
import { COMMENT_TEXT, parseComment, type FormProblem } from "#app/domain/comments/comment-form";

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
  const fetcher = useFetcher<CommentActionData>();
  const { showToast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const isSending = fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    showToast({ type: result.ok ? "success" : "error", title: result.title, message: result.message });
    if (result.ok) formRef.current?.reset();
  }, [fetcher.data, fetcher.state, showToast]);

  if (!allowComments) {
    return (
      <div role="status" className="rounded-md border border-gray-200 bg-gray-50 px-4 py-4 text-gray-700">
        <p className="font-semibold">{COMMENT_TEXT.disabledTitle}</p>
        <p className="text-sm">{COMMENT_TEXT.disabled}</p>
      </div>
    );
  }

  // Only a request without JavaScript comes back as the route's action data.
  const typed = actionData && !actionData.ok ? actionData.values : undefined;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      aria-labelledby="comment-form-heading"
      className="space-y-4 rounded-lg border border-gray-200 bg-gray-50 p-4 sm:p-6"
      onSubmit={(event) => {
        const problem: FormProblem | null = (() => {
          const parsed = parseComment(Object.fromEntries(new FormData(event.currentTarget)));
          return parsed.ok ? null : parsed.problem;
        })();
        if (problem) {
          event.preventDefault();
          showToast({ type: "error", title: problem.title, message: problem.message });
        }
      }}
    >
      <h3 id="comment-form-heading" className="font-serif text-lg font-bold">
        Leave a comment
      </h3>
      {actionData ? (
        <div
          role={actionData.ok ? "status" : "alert"}
          className={`rounded-md border px-3 py-2 ${actionData.ok ? "border-green-300 bg-green-50 text-green-900" : "border-red-300 bg-red-50 text-red-900"}`}
        >
          <p className="font-semibold">{actionData.title}</p>
          <p className="text-sm">{actionData.message}</p>
        </div>
      ) : null}
      <input type="hidden" name="intent" value="comment" />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="comment-name" className="block text-sm font-medium text-gray-800">
            Name
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
            Email
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
          Comment
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
      <p className="text-sm text-gray-600">
        Your email address will not be published. Comments are reviewed before they appear.
      </p>
      <button
        type="submit"
        disabled={isSending}
        className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {isSending ? "Submitting..." : "Post Comment"}
      </button>
    </fetcher.Form>
  );
}
