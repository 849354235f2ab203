/**
 * The revision history table: every save (who, when, state, what changed), two radio columns to pick
 * the revisions to compare (a GET form, so a comparison has its own address), and "Restore" on each.
 */
import { Form } from "react-router";
import type { RevisionListItem } from "#app/domain/articles/revisions.server";
import {
  FIELD_LABELS,
  REVISION_STATE_LABELS,
  SNAPSHOT_FIELDS,
  type SnapshotField,
} from "#app/domain/articles/revision-rules";
import { formatDate } from "#app/lib/dates";

interface RevisionHistoryProps {
  revisions: RevisionListItem[];
  liveId: string | null;
  fromId: string | null;
  toId: string | null;
  timezone: string;
  busy: boolean;
  /** The current revision is "Live" on a published story, "Current" otherwise. */
  isPublished: boolean;
}

export const revisionTime = (value: Date | string, timezone: string) =>
  formatDate(value, "M j, Y, g:i a", timezone);

const ALL_FIELDS = SNAPSHOT_FIELDS.length;

function changesText(revision: RevisionListItem, isFirst: boolean) {
  if (isFirst) return "First version";
  if (revision.changedFields.length === ALL_FIELDS) return "Every field";
  if (revision.changedFields.length === 0) return "No changes";
  return revision.changedFields.map((field) => FIELD_LABELS[field as SnapshotField] ?? field).join(", ");
}

function StateBadge({
  revision,
  isLive,
  currentLabel,
}: {
  revision: RevisionListItem;
  isLive: boolean;
  currentLabel: string;
}) {
  const tone =
    revision.state === "proposed"
      ? "bg-amber-100 text-amber-900"
      : revision.state === "rejected"
        ? "bg-red-100 text-red-800"
        : isLive
          ? "bg-green-100 text-green-900"
          : "bg-gray-100 text-gray-700";
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-medium ${tone}`}>
      {isLive ? currentLabel : REVISION_STATE_LABELS[revision.state]}
    </span>
  );
}

export function RevisionHistory({
  revisions,
  liveId,
  fromId,
  toId,
  timezone,
  busy,
  isPublished,
}: RevisionHistoryProps) {
  if (revisions.length === 0) {
    return <p className="text-sm text-gray-600">No revisions yet: the next save starts the history.</p>;
  }
  const oldestId = revisions.at(-1)?.id;
  return (
    <>
      <Form method="get" id="compare-revisions" />
      <Form method="post" id="restore-revision">
        <input type="hidden" name="intent" value="restore" />
      </Form>
      <div className="relative overflow-x-auto rounded border border-gray-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Revisions, newest first</caption>
          <thead className="bg-gray-50 text-xs text-gray-600 uppercase">
            <tr>
              <th scope="col" className="px-2 py-2">
                From
              </th>
              <th scope="col" className="px-2 py-2">
                To
              </th>
              <th scope="col" className="px-2 py-2">
                Saved
              </th>
              <th scope="col" className="px-2 py-2">
                By
              </th>
              <th scope="col" className="px-2 py-2">
                State
              </th>
              <th scope="col" className="px-2 py-2">
                Changed
              </th>
              <th scope="col" className="px-2 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {revisions.map((revision) => {
              const when = revisionTime(revision.createdAt, timezone);
              return (
                <tr key={revision.id} data-revision={revision.id} className="align-top">
                  <td className="px-2 py-2">
                    <input
                      type="radio"
                      name="from"
                      value={revision.id}
                      form="compare-revisions"
                      defaultChecked={revision.id === fromId}
                      aria-label={`Compare from the revision of ${when}`}
                    />
                  </td>
                  <td className="px-2 py-2">
                    <input
                      type="radio"
                      name="to"
                      value={revision.id}
                      form="compare-revisions"
                      defaultChecked={revision.id === toId}
                      aria-label={`Compare to the revision of ${when}`}
                    />
                  </td>
                  <td className="px-2 py-2 whitespace-nowrap">
                    <time dateTime={new Date(revision.createdAt).toISOString()}>{when}</time>
                    {revision.autosave ? (
                      <span className="ml-1 text-xs text-gray-500">(autosave)</span>
                    ) : null}
                  </td>
                  <td className="px-2 py-2">{revision.authorName || "Unknown"}</td>
                  <td className="px-2 py-2">
                    <StateBadge
                      revision={revision}
                      isLive={revision.id === liveId}
                      currentLabel={isPublished ? "Live" : "Current"}
                    />
                    {revision.reviewedByName ? (
                      <p className="mt-1 text-xs text-gray-600">
                        {revision.state === "rejected" ? "Rejected" : "Approved"} by {revision.reviewedByName}
                      </p>
                    ) : null}
                    {revision.reviewNote ? (
                      <p className="mt-1 text-xs text-gray-700">Note: {revision.reviewNote}</p>
                    ) : null}
                    {revision.isCorrection ? (
                      <p className="mt-1 text-xs text-gray-700">Correction: {revision.correctionNote}</p>
                    ) : null}
                  </td>
                  <td className="px-2 py-2 text-gray-700">
                    {changesText(revision, revision.id === oldestId)}
                  </td>
                  <td className="px-2 py-2 text-right">
                    {revision.id === liveId ? null : (
                      <button
                        type="submit"
                        form="restore-revision"
                        name="revisionId"
                        value={revision.id}
                        disabled={busy}
                        className="rounded border border-gray-300 px-2 py-1 text-xs hover:bg-gray-50 disabled:opacity-60"
                        aria-label={`Restore the revision of ${when}`}
                      >
                        Restore
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <button
        type="submit"
        form="compare-revisions"
        className="mt-2 rounded border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-gray-50"
      >
        Compare selected
      </button>
    </>
  );
}
