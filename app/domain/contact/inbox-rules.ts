/**
 * The contact inbox's texts and rules that the screens share with the server (isomorphic: no database).
 * Unread is status `new`; handled is `replied` or `archived` (the statuses the observed app stored).
 */
import type { CONTACT_STATUSES } from "#app/lib/enums";

export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const INBOX_PAGE_SIZE = 20;
export const INBOX_SEARCH_LIMIT = 200;

export const INBOX_TEXT = {
  notFoundTitle: "Message not found",
  notFound: "This message does not exist or has been deleted.",
  deleteConfirm: "Are you sure you want to delete this message? This cannot be undone.",
  deleted: "Message deleted.",
  handled: "Message marked as handled.",
  reopened: "Message marked as not handled.",
  failed: "The message could not be changed. Please try again.",
} as const;

const HANDLED: readonly ContactStatus[] = ["replied", "archived"];
export const isHandled = (status: ContactStatus) => HANDLED.includes(status);

/** The "Reply by e-mail" link: the reader's address, "Re: " and their subject. */
export function replyMailto(message: { email: string; subject: string }): string {
  const subject = `Re: ${message.subject || "Your message"}`;
  return `mailto:${message.email}?subject=${encodeURIComponent(subject)}`;
}
