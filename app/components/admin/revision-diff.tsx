/**
 * A diff between two revisions, field by field: removed words struck through in red, added words
 * underlined in green, the rest as it was. Markers are <del>/<ins>, so screen readers announce them.
 */
import type { FieldDiff } from "#app/domain/articles/revision-rules";

export function RevisionDiff({ diffs }: { diffs: FieldDiff[] }) {
  if (diffs.length === 0) {
    return <p className="text-sm text-gray-600">The two revisions are the same.</p>;
  }
  return (
    <div className="space-y-4" data-revision-diff>
      {diffs.map((diff) => (
        <section key={diff.field}>
          <h3 className="mb-1 text-xs font-semibold tracking-wide text-gray-600 uppercase">{diff.label}</h3>
          <p className="rounded border border-gray-200 bg-white p-3 text-sm leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]">
            {diff.parts.map((part, index) =>
              part.kind === "removed" ? (
                <del key={index} className="bg-red-100 text-red-800">
                  {part.text}
                </del>
              ) : part.kind === "added" ? (
                <ins key={index} className="bg-green-100 text-green-900">
                  {part.text}
                </ins>
              ) : (
                <span key={index}>{part.text}</span>
              ),
            )}
          </p>
        </section>
      ))}
    </div>
  );
}
