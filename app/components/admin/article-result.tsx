/**
 * The answer to an article list action: a toast in the browser (a banner when the page was rendered
 * without JavaScript), or, for a delete or unpublish that arrived unconfirmed, the confirmation step.
 */
import { useEffect } from "react";
import { Form, Link } from "react-router";
import { useToast, type ToastType } from "#app/components/ui/toast";
import { useHydrated } from "./editor/use-hydrated";

export type ArticleActionResult =
  | { type: ToastType; title: string; message?: string }
  | { type: "confirm"; title: string; intent: string; id?: string; bulkAction?: string; ids?: string[] };

const BANNER: Record<ToastType, string> = {
  success: "border-green-300 bg-green-50 text-green-900",
  info: "border-blue-300 bg-blue-50 text-blue-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  error: "border-red-300 bg-red-50 text-red-900",
};

export function ArticleResult({
  result,
  cancelTo = ".",
}: {
  result: ArticleActionResult | undefined;
  cancelTo?: string;
}) {
  const hydrated = useHydrated();
  const { showToast } = useToast();
  useEffect(() => {
    if (result && result.type !== "confirm") showToast(result);
  }, [result, showToast]);
  if (!result) return null;
  if (result.type === "confirm") {
    return (
      <Form
        method="post"
        role="alertdialog"
        aria-label="Confirm"
        className="mb-4 rounded border border-amber-300 bg-amber-50 p-4"
      >
        <p className="font-medium">{result.title}</p>
        <input type="hidden" name="intent" value={result.intent} />
        <input type="hidden" name="confirmed" value="yes" />
        {result.id ? <input type="hidden" name="id" value={result.id} /> : null}
        {result.bulkAction ? <input type="hidden" name="bulkAction" value={result.bulkAction} /> : null}
        {result.ids?.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <div className="mt-3 flex gap-2">
          <button type="submit" className="rounded bg-red-700 px-3 py-1 text-sm font-semibold text-white">
            Confirm
          </button>
          <Link to={cancelTo} className="rounded border border-gray-300 bg-white px-3 py-1 text-sm">
            Cancel
          </Link>
        </div>
      </Form>
    );
  }
  if (hydrated) return null;
  return (
    <div
      role={result.type === "error" || result.type === "warning" ? "alert" : "status"}
      className={`mb-4 rounded border px-4 py-3 ${BANNER[result.type]}`}
    >
      <p className="font-semibold">{result.title}</p>
      {result.message ? <p className="text-sm">{result.message}</p> : null}
    </div>
  );
}
