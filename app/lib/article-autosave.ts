/**
 * The article editor's autosave (tests/e2e/editor-safety.spec.ts; a real auto-save of drafts, or none):
 * when it runs, what it says, and the answer of POST /admin/articles/autosave. Shared by the editor and
 * the server; imports nothing server-side.
 */
import type { ArticleStatus } from "./enums";

/** Quiet time after the last change before the draft is sent (the observed app waited 3 s, then did nothing). */
export const AUTOSAVE_DELAY_MS = 3000;
/** After a failure the server or the network may be back: one more try after this long, if still unsaved. */
export const AUTOSAVE_RETRY_MS = 15_000;

export const AUTOSAVE_TEXT = {
  saving: "Saving draft...",
  savedAt: (time: string) => `Saved at ${time}`,
  lastSavedAt: (time: string) => `Last saved at ${time}.`,
  waitingForTitle: "Autosave starts once the article has a title and some text.",
  draftsOnly: "Autosave is for drafts only: save your changes with Update Article.",
  offline: "Not saved: the server cannot be reached. Your text is still here; saving again shortly.",
  signedOutTitle: "Signed out",
  signedOut: "Not saved: you have been signed out. Sign in again in another tab, then keep editing here.",
  forbidden: "Not saved: you may not change this article.",
  notFound: "Not saved: this article no longer exists. Copy your text before leaving this page.",
  notDraft: "Not saved automatically: this article is no longer a draft. Use Update Article to save.",
  failed: "Not saved: the draft could not be saved. Your text is still here; saving again shortly.",
  unsavedTitle: "Leave without saving?",
  unsavedMessage: "You have unsaved changes. If you leave this page now, they will be lost.",
  leave: "Leave without saving",
  stay: "Stay on this page",
} as const;

/** The answer of the autosave endpoint. `savedAt` is the server's time of the save (ISO 8601). */
export type AutosaveReply =
  { ok: true; id: string; savedAt: string } | { ok: false; message: string; code?: string };

/** Whether this article autosaves at all: a new one or a stored draft; never what readers may see. */
export const autosavesStatus = (stored: ArticleStatus | null) => stored === null || stored === "draft";

/** Whether the form has what a save needs; until then nothing is sent (the server would refuse it). */
export function isReadyToAutosave(values: { title: string; content: string }): boolean {
  if (!values.title.trim()) return false;
  const text = values.content
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .trim();
  return text.length > 0 || /<(img|iframe)\b/i.test(values.content);
}

/** Whether another try may help: the network or the server failed, not the rules. */
export const isRetryable = (status: number) => status === 0 || status >= 500;

/** What the editor says after a failed autosave, by the HTTP status (0: no answer at all). */
export function autosaveFailureText(status: number, message?: string, code?: string): string {
  if (status === 0) return AUTOSAVE_TEXT.offline;
  // Held until two-factor sign-in is set up (the guard's text says where).
  if (code === "two_factor_setup_required" && message) return `Not saved: ${message}`;
  if (status === 401) return AUTOSAVE_TEXT.signedOut;
  if (status === 403) return AUTOSAVE_TEXT.forbidden;
  if (status === 404) return AUTOSAVE_TEXT.notFound;
  if (status === 409) return AUTOSAVE_TEXT.notDraft;
  if (status === 400 && message) return `Not saved: ${message}`;
  return AUTOSAVE_TEXT.failed;
}

/** The save time in the reader's own clock: 10:42 or 10:42 AM, as their browser's locale writes times. */
export function formatSavedTime(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" }).format(new Date(iso));
}
