/**
 * The review of a writer's proposed change to a published story: approve it (optionally marking it as
 * a correction, with the note readers see) or reject it with a note the writer sees. Editors and admins
 * only; the server checks again.
 */
import { Form, Link } from "react-router";
import type { RevisionListItem } from "#app/domain/articles/revisions.server";
import { REVISION_NOTE_MAX, REVISION_TEXT } from "#app/domain/articles/revision-rules";
import { revisionTime } from "./revision-history";

interface RevisionReviewProps {
  proposal: RevisionListItem;
  liveId: string | null;
  timezone: string;
  busy: boolean;
  /** A refused rejection (no note): its message, and the text typed. */
  rejectError?: { revisionId: string; message: string; note: string };
}

export function RevisionReview({ proposal, liveId, timezone, busy, rejectError }: RevisionReviewProps) {
  const error = rejectError?.revisionId === proposal.id ? rejectError : undefined;
  const noteId = `reject-note-${proposal.id}`;
  return (
    <section
      aria-labelledby={`review-${proposal.id}`}
      className="rounded border border-amber-300 bg-amber-50 p-4"
      data-review={proposal.id}
    >
      <h2 id={`review-${proposal.id}`} className="font-semibold">
        {proposal.authorName || "A writer"} proposed changes ({revisionTime(proposal.createdAt, timezone)})
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Readers see the published version until the changes are approved.{" "}
        {liveId ? (
          <Link to={`?from=${liveId}&to=${proposal.id}`} className="text-brand-700 underline">
            Compare with the live version
          </Link>
        ) : null}
      </p>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="revisionId" value={proposal.id} />
          <label htmlFor={`correction-${proposal.id}`} className="block text-sm font-medium">
            {REVISION_TEXT.correctionLabel} <span className="font-normal text-gray-600">(optional)</span>
          </label>
          <textarea
            id={`correction-${proposal.id}`}
            name="correctionNote"
            rows={2}
            maxLength={REVISION_NOTE_MAX}
            className="w-full rounded border border-gray-300 bg-white px-2 py-1.5 text-sm"
          />
          <p className="text-xs text-gray-600">{REVISION_TEXT.correctionHint}</p>
          <button
            type="submit"
            disabled={busy}
            className="rounded bg-green-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-green-800 disabled:opacity-60"
          >
            Approve changes
          </button>
        </Form>
        <Form method="post" className="space-y-2" noValidate>
          <input type="hidden" name="intent" value="reject" />
          <input type="hidden" name="revisionId" value={proposal.id} />
          <label htmlFor={noteId} className="block text-sm font-medium">
            Note to the writer
          </label>
          <textarea
            id={noteId}
            name="note"
            rows={2}
            required
            maxLength={REVISION_NOTE_MAX}
            defaultValue={error?.note}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${noteId}-error` : undefined}
            className={`w-full rounded border bg-white px-2 py-1.5 text-sm ${error ? "border-red-500" : "border-gray-300"}`}
          />
          {error ? (
            <p id={`${noteId}-error`} className="text-sm text-red-700">
              {error.message}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={busy}
            className="rounded border border-red-300 bg-white px-4 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
          >
            Reject changes
          </button>
        </Form>
      </div>
    </section>
  );
}
