/**
 * The articles list's offer to delete empty drafts: its limits and texts, shared by the list (browser) and
 * the server (app/domain/articles/empty-drafts.server.ts, where "empty" is defined). Imports nothing.
 */

export const EMPTY_DRAFT_LIMITS = {
  /** At most this many words of body text (an autosave sends a title and the first word typed). */
  words: 5,
  /**
   * At most this much stored body HTML: five words never need more, and it lets the database rule out
   * long drafts without sending their text over.
   */
  html: 2000,
  /**
   * Someone else's draft is offered only once nobody has saved it for this long: a writer a few words
   * into a story autosaves every few seconds, and an editor deleting it under them would lose their
   * next save. One's own drafts are offered at once.
   */
  othersIdleMinutes: 60,
  /** Drafts deleted by one confirmation (the form carries their ids); the notice returns for the rest. */
  batch: 200,
} as const;

const drafts = (n: number) => (n === 1 ? "1 empty draft" : `${n} empty drafts`);

export const EMPTY_DRAFT_TEXT = {
  notice: (n: number) => `${drafts(n)} (autosaved, never finished).`,
  deleteThem: (n: number) => (n === 1 ? "Delete it" : "Delete them"),
  confirm: (n: number) =>
    `Delete ${n === 1 ? "1 draft" : `${n} drafts`} never published, with no image and at most ${EMPTY_DRAFT_LIMITS.words} words? This cannot be undone.`,
  deleted: (n: number) => `Deleted ${drafts(n)}.`,
  kept: (n: number) =>
    n === 1 ? "1 draft got text since and was kept." : `${n} drafts got text since and were kept.`,
  noneLeft: "No empty drafts to delete.",
  failed: "Failed to delete the empty drafts. Please try again.",
} as const;
