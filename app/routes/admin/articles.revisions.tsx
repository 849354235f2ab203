/**
 * An article's revision history (docs/architecture.md, "Finding a rule"; a writer may edit their own articles
 * whatever their status): every save, a word-level diff between two revisions, restore, and for editors and
 * admins the review of writers' proposed changes to published stories. The notification of a proposal links
 * here.
 */
import { data, Link, useNavigation } from "react-router";
import { requirePermission } from "#app/auth/guard.server";
import { RevisionDiff } from "#app/components/admin/revision-diff";
import { RevisionHistory, revisionTime } from "#app/components/admin/revision-history";
import { RevisionReview } from "#app/components/admin/revision-review";
import { REVISION_TEXT } from "#app/domain/articles/revision-rules";
import {
  approveRevision,
  rejectRevision,
  restoreRevision,
  revisionPage,
} from "#app/domain/articles/revisions.server";
import { getSettings } from "#app/domain/settings/settings.server";
import { redirectWithToast } from "#app/lib/flash.server";
import { expectedError, withDomainErrors } from "#app/lib/http-errors.server";
import type { Route } from "./+types/articles.revisions";
import { formText } from "#app/lib/form";

export const loader = withDomainErrors(async ({ request, params, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, "articles", "create");
  const url = new URL(request.url);
  const page = await revisionPage(context.db, user, params.id, {
    from: url.searchParams.get("from"),
    to: url.searchParams.get("to"),
  });
  const { timezone } = await getSettings(context.db);
  const ownProposal = page.proposals.find((p) => p.authorId === user.id) ?? null;
  return { ...page, timezone, ownProposalId: ownProposal?.id ?? null };
});

const text = (value: FormDataEntryValue | undefined) => formText(value);

export const action = withDomainErrors(async ({ request, params, context }: Route.ActionArgs) => {
  const user = await requirePermission(context, "articles", "create");
  const form = Object.fromEntries(await request.formData());
  const revisionId = text(form.revisionId);
  const here = `/admin/articles/revisions/${params.id}`;
  try {
    if (form.intent === "approve") {
      await approveRevision(context.db, user, revisionId, { correctionNote: form.correctionNote });
      return redirectWithToast(here, { type: "success", title: REVISION_TEXT.approved });
    }
    if (form.intent === "reject") {
      await rejectRevision(context.db, user, revisionId, { note: form.note });
      return redirectWithToast(here, { type: "success", title: REVISION_TEXT.rejected });
    }
    if (form.intent === "restore") {
      const saved = await restoreRevision(context.services, user, revisionId);
      return redirectWithToast(here, {
        type: "success",
        title: saved.proposed ? REVISION_TEXT.restoredAsProposal : REVISION_TEXT.restored,
      });
    }
    return data(
      { problem: { message: "Unknown action.", revisionId, note: "", onNote: false } },
      { status: 400 },
    );
  } catch (error) {
    const refused = expectedError(error, "[revisions] review failed", revisionId);
    if (!refused || refused.code === "not_found") throw error;
    return data(
      {
        problem: {
          message: refused.message,
          revisionId,
          note: text(form.note),
          // A rejection without a note: shown beside the note field, with what was typed.
          onNote: form.intent === "reject" && refused.code === "invalid",
        },
      },
      { status: refused.code === "conflict" ? 409 : 400 },
    );
  }
});

export const meta: Route.MetaFunction = () => [{ title: "Revision history - Admin" }];

export default function ArticleRevisions({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { article, revisions, liveId, proposals, compare, canReview, timezone, ownProposalId } = loaderData;
  const problem = actionData?.problem;
  const label = (id: string) => {
    const revision = revisions.find((r) => r.id === id);
    if (!revision) return "";
    const who = revision.authorName || "Unknown";
    const current = article.status === "published" ? " (live)" : " (current)";
    return `${revisionTime(revision.createdAt, timezone)} by ${who}${id === liveId ? current : ""}`;
  };
  return (
    <section className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={`/admin/articles/edit/${article.id}`}
          className="rounded border border-gray-300 bg-white px-3 py-1 text-sm"
        >
          ← Back to the editor
        </Link>
        <div>
          <h1 className="text-2xl font-bold">{REVISION_TEXT.historyTitle}</h1>
          <p className="text-sm text-gray-600">{article.title}</p>
        </div>
      </div>

      {problem && !problem.onNote ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem.message}
        </p>
      ) : null}

      {ownProposalId ? (
        <p role="status" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm">
          {REVISION_TEXT.waitingForReview}
        </p>
      ) : null}

      {canReview
        ? proposals.map((proposal) => (
            <RevisionReview
              key={proposal.id}
              proposal={proposal}
              liveId={liveId}
              timezone={timezone}
              busy={busy}
              rejectError={
                problem?.onNote
                  ? { revisionId: problem.revisionId, message: problem.message, note: problem.note }
                  : undefined
              }
            />
          ))
        : null}

      {compare ? (
        <section aria-labelledby="diff-heading" className="space-y-2">
          <h2 id="diff-heading" className="text-lg font-semibold">
            Changes
          </h2>
          <p className="text-sm text-gray-600">
            From {label(compare.fromId)} to {label(compare.toId)}
          </p>
          <RevisionDiff diffs={compare.diffs} />
        </section>
      ) : null}

      <section aria-labelledby="history-heading" className="space-y-2">
        <h2 id="history-heading" className="text-lg font-semibold">
          Every save
        </h2>
        <RevisionHistory
          revisions={revisions}
          liveId={liveId}
          fromId={compare?.fromId ?? null}
          toId={compare?.toId ?? null}
          timezone={timezone}
          busy={busy}
          isPublished={article.status === "published"}
        />
      </section>
    </section>
  );
}
