/**
 * A live update as the back office sends it (decision record 016): checked in the browser for speed and on
 * the server for truth, with the messages both show.
 */
import { z } from "zod";
import { formText, parseForm, type FormParse } from "#app/lib/form";
import { stripHtml } from "#app/lib/text";

export const LIVE_TEXT = {
  missingContent: "Please write the update.",
  titleTooLong: "The update's title can be at most 200 characters.",
  contentTooLong: "This update is too long. Split it into several updates.",
  notLive: "This story is not live. Start live coverage first.",
  tooManyPinned: "At most three key points can be pinned. Unpin one first.",
  updateMissing: "This update no longer exists.",
  notPending: "This update is not waiting for review.",
} as const;

export const LIVE_UPDATE_TITLE_MAX = 200;
/** An update is a few paragraphs and perhaps a picture; a body this long belongs in a story of its own. */
export const LIVE_UPDATE_CONTENT_MAX = 100_000;

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

const liveUpdateInput = z.object({
  title: z.preprocess(
    (v) => formText(v).trim(),
    z.string().max(LIVE_UPDATE_TITLE_MAX, LIVE_TEXT.titleTooLong),
  ),
  content: z.preprocess(
    formText,
    z
      .string()
      .refine((html) => stripHtml(html).length > 0, LIVE_TEXT.missingContent)
      .refine((html) => html.length <= LIVE_UPDATE_CONTENT_MAX, LIVE_TEXT.contentTooLong),
  ),
  isAlert: checkbox,
});

export type LiveUpdateInput = z.infer<typeof liveUpdateInput>;

export function parseLiveUpdateForm(values: Record<string, unknown>): FormParse<LiveUpdateInput> {
  return parseForm(liveUpdateInput, values);
}

/** The back office's live coverage screen (app/routes/admin/articles.live.tsx). */
export const LIVE_ADMIN_TEXT = {
  title: "Live coverage",
  notStarted: "This story is not live.",
  running: "Live now",
  ended: "Coverage ended",
  start: "Start live coverage",
  end: "End live coverage",
  allowWriters: "Let writers post updates directly",
  reviewWriters: "Review writers' updates",
  post: "Post update",
  titleLabel: "Title (optional)",
  contentLabel: "Update",
  posted: "Update posted",
  sentForReview: "Update sent for review",
  approved: "Update published",
  deleted: "Update deleted",
  edit: "Edit",
  saveEdit: "Save update",
  cancelEdit: "Cancel",
  editSaved: "Update saved",
  deleteConfirm: "Delete this update? Readers will no longer see it.",
  pinned: "Pinned as a key point",
  unpinned: "Unpinned",
  started: "Live coverage started",
  endedToast: "Live coverage ended",
  pending: "Waiting for review",
  keyPoint: "Key point",
  edited: "Edited",
  noUpdates: "No updates yet.",
  alertLabel: "Send as an alert",
  alertHint: "Readers who follow this story or get breaking news are alerted on their phones, once.",
  alertBadge: "Alert",
} as const;
