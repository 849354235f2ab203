/**
 * Keeping a revision for every save of an article (every save keeps a revision), inside
 * the save's own transaction, so the history and the article can never disagree. The rules that read
 * and review the history are in revisions.server.ts; this module imports nothing from the article
 * rules so that saveArticle can use it without a cycle.
 */
import { and, desc, eq, ne } from "drizzle-orm";
import type { CurrentUser } from "#app/auth/guard.server";
import type { Tx } from "#app/db/client.server";
import { articleRevisions, type Article, type RevisionSnapshot } from "#app/db/schema";
import { firstRow } from "#app/db/rows";
import type { RevisionState } from "#app/lib/enums";
import { changedFields, REVISION_TEXT, snapshotOf } from "./revision-rules";

/** The name a revision records for who wrote or reviewed it (the column holds 100 characters). */
export const staffName = (actor: CurrentUser) => (actor.name || actor.email).slice(0, 100);

interface NewRevision {
  articleId: string;
  actor: CurrentUser;
  snapshot: RevisionSnapshot;
  /** The article as it was before this save (null for a new article): changed fields count from it. */
  before: Article | null;
  state: RevisionState;
  autosave?: boolean;
  correctionNote?: string;
}

/**
 * Stores one save. An autosave replaces the same person's newest revision of the article when that one
 * is an autosave too (and in the same state), so typing for ten minutes leaves one revision, not 200.
 * An article saved before histories were kept gets its earlier text as a first revision, so that it
 * can be compared and restored.
 */
export async function recordRevision(tx: Tx, revision: NewRevision): Promise<{ id: string }> {
  const { articleId, actor, snapshot, before } = revision;
  const autosave = revision.autosave ?? false;
  const now = new Date();
  if (before) {
    const [any] = await tx
      .select({ id: articleRevisions.id })
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, articleId))
      .limit(1);
    if (!any) {
      await tx.insert(articleRevisions).values({
        articleId,
        authorId: before.authorId,
        authorName: before.authorName.slice(0, 100),
        state: "applied",
        snapshot: snapshotOf(before),
        changedFields: [],
        createdAt: before.updatedAt,
      });
    }
  }
  const values = {
    snapshot,
    state: revision.state,
    changedFields: changedFields(before ? snapshotOf(before) : null, snapshot),
    autosave,
    isCorrection: !!revision.correctionNote,
    correctionNote: revision.correctionNote ?? "",
    createdAt: now,
  };
  if (autosave) {
    const [own] = await tx
      .select({ id: articleRevisions.id, autosave: articleRevisions.autosave, state: articleRevisions.state })
      .from(articleRevisions)
      .where(and(eq(articleRevisions.articleId, articleId), eq(articleRevisions.authorId, actor.id)))
      .orderBy(desc(articleRevisions.createdAt), desc(articleRevisions.id))
      .limit(1);
    if (own?.autosave && own.state === revision.state) {
      await tx.update(articleRevisions).set(values).where(eq(articleRevisions.id, own.id));
      return { id: own.id };
    }
  }
  return firstRow(
    await tx
      .insert(articleRevisions)
      .values({
        ...values,
        articleId,
        authorId: actor.id,
        authorName: staffName(actor),
      })
      .returning({ id: articleRevisions.id }),
  );
}

/**
 * One proposal per person and article waits for review: a newer one from the same writer contains the
 * older one's changes, so the older is closed (as rejected, with a note saying why, and no reviewer).
 * Returns whether one of the closed proposals had been saved by hand (its editors were notified then).
 */
export async function closeEarlierProposals(
  tx: Tx,
  articleId: string,
  actor: CurrentUser,
  keepId: string,
): Promise<{ hadManualProposal: boolean }> {
  const closed = await tx
    .update(articleRevisions)
    .set({ state: "rejected", reviewNote: REVISION_TEXT.superseded, reviewedAt: new Date() })
    .where(
      and(
        eq(articleRevisions.articleId, articleId),
        eq(articleRevisions.authorId, actor.id),
        eq(articleRevisions.state, "proposed"),
        ne(articleRevisions.id, keepId),
      ),
    )
    .returning({ autosave: articleRevisions.autosave });
  return { hadManualProposal: closed.some((row) => !row.autosave) };
}
