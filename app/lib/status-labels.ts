/**
 * What the back office calls each status, one table per kind of record: the badges, filters, selects
 * and toasts of every screen read them here, so a status is named the same wherever it appears. Keyed by
 * the lists of `app/lib/enums.ts`, so a new status without a label fails the type check.
 */
import type {
  ArticleStatus,
  CommentStatus,
  CONTACT_STATUSES,
  NewsletterIssueStatus,
  SubscriberStatus,
  UserStatus,
} from "./enums";

export const ARTICLE_STATUS_LABELS: Record<ArticleStatus, string> = {
  draft: "Draft",
  published: "Published",
  pending: "Pending Review",
  scheduled: "Scheduled",
};

export const COMMENT_STATUS_LABELS: Record<CommentStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  spam: "Spam",
};

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: "Active",
  inactive: "Inactive",
  pending: "Pending",
};

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
};

export const ISSUE_STATUS_LABELS: Record<NewsletterIssueStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  paused: "Paused",
  sent: "Sent",
  skipped: "Skipped",
};

/** The inbox shows three states: a reply and an archive both count as handled (`isHandled` in inbox-rules). */
export const CONTACT_STATUS_LABELS = {
  new: "Unread",
  read: "Read",
  replied: "Handled",
  archived: "Handled",
} as const satisfies Record<(typeof CONTACT_STATUSES)[number], string>;
