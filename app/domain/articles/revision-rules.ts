/**
 * The revision history's pure rules and texts (docs/architecture.md, "a writer's change to a live story waits
 * for review"; a writer may edit their own articles whatever their status"): which fields of a snapshot
 * changed, how each is shown in a diff, and what the history, the review and the editor say. Isomorphic: the
 * screens import it, the domain too.
 */
import type { Article, RevisionSnapshot } from "#app/db/schema";
import type { RevisionState } from "#app/lib/enums";
import { formText } from "#app/lib/form";
import { diffWords, type DiffPart } from "#app/lib/word-diff";

export const REVISION_TEXT = {
  historyTitle: "Revision history",
  proposedSaved: "Your changes are waiting for review.",
  waitingForReview:
    "Your changes are waiting for review: readers see the published version until an editor approves them.",
  proposalToReview: "A writer proposed changes to this published story.",
  reviewLink: "Review changes",
  rejectedTitle: "An editor rejected your proposed changes",
  approved: "Changes approved: the story is updated.",
  rejected: "Changes rejected: the writer sees your note.",
  restored: "Revision restored.",
  restoredAsProposal: "Revision restored as a proposal: it is waiting for review.",
  reviewNoteRequired: "Please tell the writer why the changes are rejected.",
  noteTooLong: "Please keep the note under 500 characters.",
  notProposed: "These changes have already been reviewed.",
  noSuchRevision: "This revision does not exist.",
  correctionLabel: "Correction note",
  correctionHint: "Only for a correction of an error: readers see this note under the story.",
  superseded: "Replaced by a newer proposal.",
} as const;

export const REVISION_NOTE_MAX = 500;

export const REVISION_STATE_LABELS: Record<RevisionState, string> = {
  applied: "Saved",
  proposed: "Waiting for review",
  rejected: "Rejected",
};

type SnapshotSource = Pick<
  Article,
  | "title"
  | "excerpt"
  | "content"
  | "categoryId"
  | "tags"
  | "imageUrl"
  | "youtubeUrl"
  | "authorName"
  | "useManualDate"
  | "manualDate"
  | "status"
  | "seoTitle"
  | "seoDescription"
>;

/** What a revision keeps of an article (or of the values a save would write). */
export function snapshotOf(article: SnapshotSource): RevisionSnapshot {
  return {
    title: article.title,
    excerpt: article.excerpt,
    content: article.content,
    categoryId: article.categoryId ?? null,
    tags: [...article.tags],
    imageUrl: article.imageUrl,
    youtubeUrl: article.youtubeUrl,
    authorName: article.authorName,
    useManualDate: article.useManualDate,
    manualDate: article.manualDate ? article.manualDate.toISOString() : null,
    status: article.status,
    seoTitle: article.seoTitle,
    seoDescription: article.seoDescription,
  };
}

/** The snapshot's fields in the order the form shows them, with their labels. */
export const SNAPSHOT_FIELDS = [
  ["title", "Title"],
  ["content", "Content"],
  ["excerpt", "Excerpt"],
  ["status", "Status"],
  ["authorName", "Author"],
  ["categoryId", "Category"],
  ["tags", "Tags"],
  ["imageUrl", "Featured image"],
  ["youtubeUrl", "YouTube link"],
  ["useManualDate", "Manual date"],
  ["manualDate", "Date"],
  ["seoTitle", "SEO title"],
  ["seoDescription", "SEO description"],
] as const satisfies ReadonlyArray<readonly [keyof RevisionSnapshot, string]>;

export type SnapshotField = (typeof SNAPSHOT_FIELDS)[number][0];

export const FIELD_LABELS = Object.fromEntries(SNAPSHOT_FIELDS) as Record<SnapshotField, string>;

/** The fields whose change readers see as a change of the story ("Updated <time>"). */
export const STORY_FIELDS: readonly SnapshotField[] = [
  "title",
  "content",
  "excerpt",
  "authorName",
  "imageUrl",
  "youtubeUrl",
];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A field's value; the overrides a revision saved before them lacks read as empty, as the column was. */
const valueOf = (snapshot: RevisionSnapshot, field: SnapshotField) =>
  field === "seoTitle" || field === "seoDescription" ? (snapshot[field] ?? "") : snapshot[field];

/** The fields of `next` that differ from `previous` (all of them for the first revision). */
export function changedFields(previous: RevisionSnapshot | null, next: RevisionSnapshot): SnapshotField[] {
  return SNAPSHOT_FIELDS.map(([field]) => field).filter(
    (field) => !previous || !same(valueOf(previous, field), valueOf(next, field)),
  );
}

/** The body as readable text for a diff: paragraphs and line breaks kept, tags dropped, entities read. */
export function bodyText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<img\b[^>]*?\bsrc="([^"]*)"[^>]*>/gi, " [image $1] ")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|h[1-6]|li|blockquote|div|figure|pre)>/gi, "\n\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** How one field reads in a diff (the category by its name, dates as days, flags as words). */
export function fieldText(
  snapshot: RevisionSnapshot,
  field: SnapshotField,
  categoryNames: Record<string, string>,
): string {
  switch (field) {
    case "content":
      return bodyText(snapshot.content);
    case "categoryId":
      return snapshot.categoryId ? (categoryNames[snapshot.categoryId] ?? "(deleted category)") : "";
    case "tags":
      return snapshot.tags.join(", ");
    case "useManualDate":
      return snapshot.useManualDate ? "Yes" : "No";
    case "manualDate":
      return snapshot.manualDate ? snapshot.manualDate.slice(0, 10) : "";
    default:
      return String(snapshot[field] ?? "");
  }
}

export interface FieldDiff {
  field: SnapshotField;
  label: string;
  parts: DiffPart[];
}

/** The fields that differ between two snapshots, each as a word diff from `before` to `after`. */
export function snapshotDiff(
  before: RevisionSnapshot,
  after: RevisionSnapshot,
  categoryNames: Record<string, string>,
): FieldDiff[] {
  return changedFields(before, after)
    .map((field) => ({
      field,
      label: FIELD_LABELS[field],
      parts: diffWords(fieldText(before, field, categoryNames), fieldText(after, field, categoryNames)),
    }))
    .filter((diff) => diff.parts.some((part) => part.kind !== "same"));
}

/** A review or correction note: trimmed, at most 500 characters; `required` for a rejection. */
export function checkNote(
  value: unknown,
  required: boolean,
): { ok: true; note: string } | { ok: false; message: string } {
  const note = formText(value).trim();
  if (required && !note) return { ok: false, message: REVISION_TEXT.reviewNoteRequired };
  if (note.length > REVISION_NOTE_MAX) return { ok: false, message: REVISION_TEXT.noteTooLong };
  return { ok: true, note };
}
