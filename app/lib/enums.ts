/**
 * The values each enum-like column may hold. The schema builds its column types and CHECK constraints
 * from these lists, and the forms and filters that run in the browser offer them; this module imports
 * nothing, so a client bundle that needs a list never pulls in Drizzle with `app/db/schema.ts`.
 */

export const USER_ROLES = ["admin", "editor", "writer"] as const;
export const USER_STATUSES = ["active", "inactive", "pending"] as const;
/** `scheduled` waits for its `scheduled_at` minute; the scheduler then publishes it (decision record 007). */
export const ARTICLE_STATUSES = ["draft", "published", "pending", "scheduled"] as const;
export const COMMENT_STATUSES = ["pending", "approved", "rejected", "spam"] as const;
export const MEDIA_TYPES = ["image", "video", "document", "audio"] as const;
export const MEDIA_STATUSES = ["active", "inactive"] as const;
export const NOTIFICATION_TYPES = ["comment", "user", "article", "system", "other"] as const;
export const ACTIVITY_TYPES = ["article", "comment", "user", "media", "settings", "payment"] as const;
export const CONTACT_STATUSES = ["new", "read", "replied", "archived"] as const;
/**
 * A saved article revision: `applied` is (or was) the live text of its article; `proposed` waits for an
 * editor (a writer's change to a published story); `rejected` was refused with a note to its author.
 */
/**
 * A newsletter subscriber: `pending` until they follow the confirmation link (straight to `confirmed`
 * when no e-mail is configured), `unsubscribed` after the link in any message, `bounced` when their
 * mail server refused an issue for good (a 5xx): nothing more is sent until they sign up again.
 */
export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed", "bounced"] as const;
/**
 * An issue of the newsletter (decision record 018): `sending` while its deliveries are worked, `paused` by an
 * editor, `sent` when none is left; a digest with nothing new is `skipped` (kept so a day has one).
 */
export const NEWSLETTER_ISSUE_STATUSES = [
  "draft",
  "scheduled",
  "sending",
  "paused",
  "sent",
  "skipped",
] as const;
export const NEWSLETTER_ISSUE_KINDS = ["issue", "digest", "breaking"] as const;
/**
 * One subscriber's copy of an issue. `sending` is written just before the message's last line goes to the
 * mail server and `sent` once the server has accepted it (decision record 018): a `sending` copy found
 * after a crash may or may not have arrived and goes again with the same Message-ID; `skipped`:
 * unsubscribed or gone before their turn.
 */
export const NEWSLETTER_DELIVERY_STATUSES = ["queued", "sending", "sent", "failed", "skipped"] as const;
/** What an e-mailed account link is for: a password reset (30 minutes) or an invitation (7 days). */
export const ACCOUNT_LINK_PURPOSES = ["reset", "invite"] as const;
export const REVISION_STATES = ["applied", "proposed", "rejected"] as const;
/** An update to a live story: `pending` waits for an editor (a writer's update to a published story). */
export const LIVE_UPDATE_STATUSES = ["published", "pending"] as const;
/** A web push alert: a story published as Breaking News, or a live update marked as an alert. */
export const PUSH_ALERT_KINDS = ["breaking", "update"] as const;
/** `capped`: recorded, not sent, because the hour's alerts were all used. */
export const PUSH_ALERT_STATUSES = ["sending", "sent", "capped"] as const;

/**
 * Who may read a story in full (decision record 021): everyone, signed-in members, or readers with a
 * pass (or a free member's meter left). Everyone else gets its preview and an offer.
 */
export const ARTICLE_ACCESS = ["public", "members", "paid"] as const;
/** What a reader pays for: a pass for a day, a week or a month. */
export const PASS_PLANS = ["day", "week", "month"] as const;
export const PAYMENT_KINDS = ["pass", "donation"] as const;
/**
 * A payment (decision record 021): `pending` from checkout until the provider confirms it; `paid` once,
 * whichever confirmation came first; `failed` when the provider says so; `mismatch` when the amount or
 * currency confirmed is not what was asked (nothing granted); `refunded` by an admin (its pass ended).
 */
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "mismatch", "refunded"] as const;

export type UserRole = (typeof USER_ROLES)[number];
export type UserStatus = (typeof USER_STATUSES)[number];
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export type CommentStatus = (typeof COMMENT_STATUSES)[number];
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];
export type NewsletterIssueKind = (typeof NEWSLETTER_ISSUE_KINDS)[number];
export type NewsletterDeliveryStatus = (typeof NEWSLETTER_DELIVERY_STATUSES)[number];
export type RevisionState = (typeof REVISION_STATES)[number];
export type AccountLinkPurpose = (typeof ACCOUNT_LINK_PURPOSES)[number];
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export type LiveUpdateStatus = (typeof LIVE_UPDATE_STATUSES)[number];
export type PushAlertKind = (typeof PUSH_ALERT_KINDS)[number];
export type ArticleAccess = (typeof ARTICLE_ACCESS)[number];
export type PassPlan = (typeof PASS_PLANS)[number];
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
