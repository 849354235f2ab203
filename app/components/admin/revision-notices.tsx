/**
 * What the article editor says about reviews (docs/architecture.md, "a writer's change to a live story waits
 * for review"): a writer's change to a published story is waiting (the editor then shows their proposed
 * text), was rejected (with the editor's note), or, for editors and admins, there are proposed changes to
 * review. And the correction note an editor can add when saving a change to a published story.
 */
import { Link } from "react-router";
import { REVISION_NOTE_MAX, REVISION_TEXT } from "#app/domain/articles/revision-rules";

export interface EditorReview {
  ownProposal: { id: string } | null;
  rejection: { note: string; reviewerName: string } | null;
  proposalsToReview: number;
}

export function RevisionNotices({ articleId, review }: { articleId: string; review: EditorReview }) {
  const history = `/admin/articles/revisions/${articleId}`;
  return (
    <div className="mb-4 space-y-2 empty:hidden">
      {review.ownProposal ? (
        <p role="status" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm">
          {REVISION_TEXT.waitingForReview}
        </p>
      ) : null}
      {review.rejection ? (
        <div role="status" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm">
          <p className="font-semibold">{REVISION_TEXT.rejectedTitle}</p>
          <p className="mt-1">
            {review.rejection.reviewerName}: {review.rejection.note}
          </p>
        </div>
      ) : null}
      {review.proposalsToReview > 0 ? (
        <p role="status" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm">
          {REVISION_TEXT.proposalToReview}{" "}
          <Link to={history} className="font-semibold text-brand-700 underline">
            {REVISION_TEXT.reviewLink}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** Part of the article form for editors on a published story: the correction readers see. */
export function CorrectionNoteField() {
  return (
    <div className="mt-3">
      <label htmlFor="correctionNote" className="mb-1 block text-sm font-medium">
        {REVISION_TEXT.correctionLabel} <span className="font-normal text-gray-500">(optional)</span>
      </label>
      <textarea
        id="correctionNote"
        name="correctionNote"
        rows={2}
        maxLength={REVISION_NOTE_MAX}
        className="w-full rounded border border-gray-300 px-2 py-1.5 text-sm"
      />
      <p className="mt-1 text-xs text-gray-500">{REVISION_TEXT.correctionHint}</p>
    </div>
  );
}
