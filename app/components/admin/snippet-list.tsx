/**
 * The list of snippets. With `canManage`, each row has Activate/Deactivate and Remove: real forms
 * (intent=toggle / intent=remove) that save at once without JavaScript; in the browser the handlers
 * change the screen's unsaved list instead. Without `canManage` (an editor) the list is read-only.
 */
import type { FormEvent } from "react";
import { SNIPPET_LABELS, type CodeSnippet } from "#app/domain/snippets/snippet-rules";

const badge = "inline-flex items-center rounded px-2 py-0.5 text-xs font-medium";

function RowAction({
  intent,
  id,
  label,
  accessibleName,
  className,
  onAct,
}: {
  intent: "toggle" | "remove";
  id: string;
  label: string;
  accessibleName: string;
  className: string;
  onAct: () => void;
}) {
  return (
    <form
      method="post"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        onAct();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" aria-label={accessibleName} className={className}>
        {label}
      </button>
    </form>
  );
}

export function SnippetList({
  snippets,
  canManage,
  onToggle,
  onRemove,
}: {
  snippets: CodeSnippet[];
  canManage: boolean;
  onToggle: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  if (snippets.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-8 text-center text-sm text-gray-500">
        No snippets yet.
      </p>
    );
  }
  return (
    <ul className="space-y-3" aria-label="Snippets">
      {snippets.map((snippet) => {
        const isActive = snippet.status === "active";
        return (
          <li
            key={snippet.id}
            className={`rounded-lg border bg-white p-4 shadow-sm ${isActive ? "border-gray-200" : "border-gray-200 opacity-75"}`}
          >
            <div className="flex flex-wrap items-start gap-3">
              <div className="min-w-0 flex-1">
                <h3 className="font-semibold break-words">{snippet.name}</h3>
                <div className="mt-1 flex flex-wrap gap-1.5">
                  <span
                    className={`${badge} ${isActive ? "bg-green-100 text-green-800" : "bg-gray-200 text-gray-700"}`}
                  >
                    {SNIPPET_LABELS.status[snippet.status]}
                  </span>
                  <span className={`${badge} bg-blue-50 text-blue-800`}>
                    {SNIPPET_LABELS.type[snippet.type]}
                  </span>
                  <span className={`${badge} bg-gray-100 text-gray-700`}>
                    {SNIPPET_LABELS.location[snippet.location]}
                  </span>
                  <span className={`${badge} bg-gray-100 text-gray-700`}>
                    {SNIPPET_LABELS.siteDisplay[snippet.siteDisplay]}
                  </span>
                  <span className={`${badge} bg-gray-100 text-gray-700`}>
                    {SNIPPET_LABELS.deviceDisplay[snippet.deviceDisplay]}
                  </span>
                </div>
              </div>
              {canManage ? (
                <div className="flex shrink-0 gap-2">
                  <RowAction
                    intent="toggle"
                    id={snippet.id}
                    label={isActive ? "Deactivate" : "Activate"}
                    accessibleName={`${isActive ? "Deactivate" : "Activate"} ${snippet.name}`}
                    className="rounded-md border border-gray-300 bg-white px-3 py-1 text-sm font-medium hover:bg-gray-50"
                    onAct={() => onToggle(snippet.id)}
                  />
                  <RowAction
                    intent="remove"
                    id={snippet.id}
                    label="Remove"
                    accessibleName={`Remove ${snippet.name}`}
                    className="rounded-md border border-red-200 bg-white px-3 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
                    onAct={() => onRemove(snippet.id)}
                  />
                </div>
              ) : null}
            </div>
            <dl className="mt-3 grid gap-x-4 gap-y-1 text-xs text-gray-600 sm:grid-cols-2">
              <div className="min-w-0">
                <dt className="inline font-medium text-gray-700">Include: </dt>
                <dd className="inline font-mono break-all">{snippet.includePaths.join(", ") || "*"}</dd>
              </div>
              <div className="min-w-0">
                <dt className="inline font-medium text-gray-700">Exclude: </dt>
                <dd className="inline font-mono break-all">{snippet.excludePaths.join(", ") || "—"}</dd>
              </div>
            </dl>
            <pre className="mt-3 max-h-40 overflow-auto rounded bg-gray-50 p-2 font-mono text-xs whitespace-pre-wrap text-gray-800">
              {snippet.code}
            </pre>
          </li>
        );
      })}
    </ul>
  );
}
