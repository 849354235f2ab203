/**
 * The moderation rules both sides need (the server enforces them, the screen shows them): the spec's
 * transition table, the moderation settings and the messages.
 */
import { COMMENT_STATUSES, type CommentStatus } from "#app/lib/enums";

export type ModerationAction = "approve" | "reject" | "spam";

/** The spec's table: approve also serves as un-reject and unspam. */
export const ALLOWED_FROM: Record<ModerationAction, readonly CommentStatus[]> = {
  approve: ["pending", "rejected", "spam"],
  reject: ["pending", "approved"],
  spam: ["approved"],
};
export const TARGET: Record<ModerationAction, CommentStatus> = {
  approve: "approved",
  reject: "rejected",
  spam: "spam",
};

/** The actions a comment in this status offers (the table's buttons). */
export const actionsFor = (status: CommentStatus): ModerationAction[] =>
  (Object.keys(ALLOWED_FROM) as ModerationAction[]).filter((action) => ALLOWED_FROM[action].includes(status));

export const COMMENT_MODERATION_TEXT = {
  bulkFailed: "Error performing bulk action. Please try again.",
  settingsFailedTitle: "Failed to update settings",
  settingsFailed: "Error updating settings",
  settingsSaved: "Comment settings updated.",
  cleanupFailed: "Error cleaning up orphaned comments. Please try again.",
  deleteConfirm: "Are you sure you want to delete this comment? This action cannot be undone.",
  notAllowed: "This change is not allowed for a comment in its current status.",
  notFound: "This comment no longer exists.",
} as const;

/** 'Error approving comment. Please try again.' and its siblings, by what the moderator did. */
export function moderationFailureText(action: ModerationAction | "delete", from?: CommentStatus): string {
  const verb =
    action === "approve"
      ? from === "rejected"
        ? "un-rejecting"
        : from === "spam"
          ? "unmarking as spam"
          : "approving"
      : action === "reject"
        ? "rejecting"
        : action === "spam"
          ? "marking as spam"
          : "deleting";
  return `Error ${verb} comment. Please try again.`;
}

export const cleanupResultText = (removed: number) =>
  removed === 0
    ? "No orphaned comments found."
    : `Removed ${removed} orphaned ${removed === 1 ? "comment" : "comments"}.`;

export const MODERATION_SETTINGS = [
  "allowComments",
  "moderateComments",
  "autoApproveComments",
  "showRejectedComments",
  "showSpamComments",
] as const;
export type ModerationSetting = (typeof MODERATION_SETTINGS)[number];

export const MODERATION_SETTING_LABELS: Record<ModerationSetting, string> = {
  allowComments: "Allow comments",
  moderateComments: "Moderate comments",
  autoApproveComments: "Auto-approve comments",
  showRejectedComments: "Show rejected comments",
  showSpamComments: "Show spam comments",
};

export const MODERATION_PAGE_SIZE = 25;

/**
 * The moderation screen opens on what needs a moderator: Pending. "All" is an explicit choice
 * (`?status=all`), so it survives paging and filtering; anything unknown falls back to Pending too.
 */
export const DEFAULT_COMMENT_FILTER = "pending" satisfies CommentStatus;
export type CommentFilter = CommentStatus | "all";

export function commentFilterFrom(param: string | null | undefined): CommentFilter {
  if (param === "all") return "all";
  return (COMMENT_STATUSES as readonly string[]).includes(param ?? "")
    ? (param as CommentStatus)
    : DEFAULT_COMMENT_FILTER;
}

/** The list's address for a filter, search and page: the default status is left out of it. */
export function commentListHref(query: {
  status: CommentFilter;
  articleId?: string;
  q?: string;
  page?: number;
}): string {
  const params = new URLSearchParams();
  if (query.status !== DEFAULT_COMMENT_FILTER) params.set("status", query.status);
  if (query.articleId) params.set("article", query.articleId);
  if (query.q) params.set("q", query.q);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "?";
}
