/**
 * Which comments readers see : approved always, rejected only when
 * showRejectedComments is on, spam only when showSpamComments is on, pending never.
 */
import type { CommentStatus } from "#app/lib/enums";

export interface CommentDisplaySettings {
  showRejectedComments: boolean;
  showSpamComments: boolean;
}

export function visibleCommentStatuses(settings: CommentDisplaySettings): CommentStatus[] {
  const statuses: CommentStatus[] = ["approved"];
  if (settings.showRejectedComments) statuses.push("rejected");
  if (settings.showSpamComments) statuses.push("spam");
  return statuses;
}

/** Rejected and spam comments carry a badge when shown; approved ones none. */
export function commentBadge(status: string): "Rejected" | "Spam" | null {
  if (status === "rejected") return "Rejected";
  if (status === "spam") return "Spam";
  return null;
}
