import { expect, test } from "vitest";
import { isHandled } from "#app/domain/contact/inbox-rules";
import { CONTACT_STATUSES } from "./enums";
import {
  ARTICLE_STATUS_LABELS,
  COMMENT_STATUS_LABELS,
  CONTACT_STATUS_LABELS,
  ISSUE_STATUS_LABELS,
  SUBSCRIBER_STATUS_LABELS,
  USER_STATUS_LABELS,
} from "./status-labels";

// Written out by hand, not derived from the module: the screens and journeys show these exact words.
test("each kind of record names its statuses as the back office always has", () => {
  expect(ARTICLE_STATUS_LABELS).toEqual({
    draft: "Draft",
    published: "Published",
    pending: "Pending Review",
    scheduled: "Scheduled",
  });
  expect(COMMENT_STATUS_LABELS).toEqual({
    pending: "Pending",
    approved: "Approved",
    rejected: "Rejected",
    spam: "Spam",
  });
  expect(USER_STATUS_LABELS).toEqual({ active: "Active", inactive: "Inactive", pending: "Pending" });
  expect(SUBSCRIBER_STATUS_LABELS).toEqual({
    pending: "Pending",
    confirmed: "Confirmed",
    unsubscribed: "Unsubscribed",
    bounced: "Bounced",
  });
  expect(ISSUE_STATUS_LABELS).toEqual({
    draft: "Draft",
    scheduled: "Scheduled",
    sending: "Sending",
    paused: "Paused",
    sent: "Sent",
    skipped: "Skipped",
  });
});

test("a contact message reads Unread when new, Handled exactly when the inbox counts it handled, else Read", () => {
  for (const status of CONTACT_STATUSES) {
    const expected = status === "new" ? "Unread" : isHandled(status) ? "Handled" : "Read";
    expect(CONTACT_STATUS_LABELS[status], status).toBe(expected);
  }
});
