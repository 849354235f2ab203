/** What a back-office list shows instead of rows: nothing to list, or why the last action failed. */
import type { ReactNode } from "react";

/**
 * No rows. `inset` sits inside the list's own panel (users, media); otherwise the message is a panel of
 * its own (messages, subscribers, newsletter issues).
 */
export function EmptyList({ inset = false, children }: { inset?: boolean; children: ReactNode }) {
  return inset ? (
    <p className="px-4 py-10 text-center text-sm text-gray-500">{children}</p>
  ) : (
    <p className="rounded border border-gray-200 bg-white px-4 py-10 text-center text-gray-600">{children}</p>
  );
}

/** A refused or failed action, above the list it concerns (the toast says it too, for those who see it). */
export function ListProblem({ title, message }: { title: string; message?: string }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <p className="font-semibold">{title}</p>
      {message ? <p>{message}</p> : null}
    </div>
  );
}
