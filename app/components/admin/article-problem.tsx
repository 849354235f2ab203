import { useEffect } from "react";
import { useToast } from "#app/components/ui/toast";
import type { FormProblem } from "#app/lib/article-form/article-input";
import { useHydrated } from "./editor/use-hydrated";

/**
 * A failed save's message: a toast in the browser, a banner when the page was rendered without
 * JavaScript (the toast needs it).
 */
export function ArticleProblem({ problem }: { problem: FormProblem | undefined }) {
  const hydrated = useHydrated();
  const { showToast } = useToast();
  useEffect(() => {
    if (problem) showToast({ type: "error", title: problem.title, message: problem.message || undefined });
  }, [problem, showToast]);
  if (!problem || hydrated) return null;
  return (
    <div role="alert" className="mb-4 rounded border border-red-300 bg-red-50 px-4 py-3 text-red-900">
      <p className="font-semibold">{problem.title}</p>
      {problem.message ? <p className="text-sm">{problem.message}</p> : null}
    </div>
  );
}
