import { describe, expect, test } from "vitest";
import { commentBadge, visibleCommentStatuses, type CommentDisplaySettings } from "./visibility";

/** Whether readers see a comment of this status: its status is in the list the query asks for. */
const isCommentVisible = (status: string, settings: CommentDisplaySettings) =>
  (visibleCommentStatuses(settings) as string[]).includes(status);

const settings = (showRejectedComments: boolean, showSpamComments: boolean) => ({
  showRejectedComments,
  showSpamComments,
});

describe("comment visibility follows the moderation settings", () => {
  test.each([
    // [showRejected, showSpam, status, visible]
    [false, false, "approved", true],
    [false, false, "pending", false],
    [false, false, "rejected", false],
    [false, false, "spam", false],
    [true, false, "approved", true],
    [true, false, "pending", false],
    [true, false, "rejected", true],
    [true, false, "spam", false],
    [false, true, "approved", true],
    [false, true, "pending", false],
    [false, true, "rejected", false],
    [false, true, "spam", true],
    [true, true, "approved", true],
    [true, true, "pending", false],
    [true, true, "rejected", true],
    [true, true, "spam", true],
  ] as const)(
    "rejected shown %s, spam shown %s: a %s comment visible = %s",
    (rejected, spam, status, visible) => {
      expect(isCommentVisible(status, settings(rejected, spam))).toBe(visible);
    },
  );

  test("a comment without a known status is never shown", () => {
    expect(isCommentVisible("", settings(true, true))).toBe(false);
    expect(isCommentVisible("deleted", settings(true, true))).toBe(false);
  });

  test("the status list for the query", () => {
    expect(visibleCommentStatuses(settings(false, false))).toEqual(["approved"]);
    expect(visibleCommentStatuses(settings(true, true))).toEqual(["approved", "rejected", "spam"]);
  });

  test("rejected and spam carry a badge, approved none", () => {
    expect(commentBadge("approved")).toBeNull();
    expect(commentBadge("rejected")).toBe("Rejected");
    expect(commentBadge("spam")).toBe("Spam");
  });
});
