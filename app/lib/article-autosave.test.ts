import { describe, expect, test } from "vitest";
import {
  AUTOSAVE_TEXT,
  autosaveFailureText,
  autosavesStatus,
  formatSavedTime,
  isReadyToAutosave,
  isRetryable,
} from "./article-autosave";

describe("the editor's autosave rules", () => {
  test("only a new article or a stored draft autosaves, never what readers see or what waits for review", () => {
    expect(autosavesStatus(null)).toBe(true);
    expect(autosavesStatus("draft")).toBe(true);
    expect(autosavesStatus("pending")).toBe(false);
    expect(autosavesStatus("published")).toBe(false);
  });

  test("nothing is sent before the article has a title and some text (or an image or video)", () => {
    expect(isReadyToAutosave({ title: "", content: "<p>Words</p>" })).toBe(false);
    expect(isReadyToAutosave({ title: "   ", content: "<p>Words</p>" })).toBe(false);
    expect(isReadyToAutosave({ title: "Title", content: "" })).toBe(false);
    expect(isReadyToAutosave({ title: "Title", content: "<p></p><p>&nbsp;</p>" })).toBe(false);
    expect(isReadyToAutosave({ title: "Title", content: "<p>Words</p>" })).toBe(true);
    expect(isReadyToAutosave({ title: "Title", content: '<img src="https://x.test/a.jpg">' })).toBe(true);
  });

  test("each failure says what happened; only a lost connection or a server failure is tried again", () => {
    expect(autosaveFailureText(0)).toBe(AUTOSAVE_TEXT.offline);
    expect(autosaveFailureText(401)).toBe(AUTOSAVE_TEXT.signedOut);
    expect(autosaveFailureText(403)).toBe(AUTOSAVE_TEXT.forbidden);
    expect(autosaveFailureText(404)).toBe(AUTOSAVE_TEXT.notFound);
    expect(autosaveFailureText(409)).toBe(AUTOSAVE_TEXT.notDraft);
    expect(autosaveFailureText(400, "Please choose a category from the list.")).toBe(
      "Not saved: Please choose a category from the list.",
    );
    expect(autosaveFailureText(502)).toBe(AUTOSAVE_TEXT.failed);
    // Held until two-factor sign-in is set up: the guard's text, which says where.
    expect(autosaveFailureText(403, "Set it up first.", "two_factor_setup_required")).toBe(
      "Not saved: Set it up first.",
    );
    expect([0, 500, 503].map(isRetryable)).toEqual([true, true, true]);
    expect([400, 401, 403, 404, 409].map(isRetryable)).toEqual([false, false, false, false, false]);
  });

  test("the save time is written in the user's own clock format", () => {
    const iso = "2026-11-23T22:42:00Z";
    const expected = (locale: string) =>
      new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" }).format(new Date(iso));
    expect(formatSavedTime(iso, "en-GB")).toBe(expected("en-GB"));
    expect(formatSavedTime(iso, "en-US")).toBe(expected("en-US"));
    expect(formatSavedTime(iso, "en-GB")).toMatch(/^\d{2}:42$/);
    expect(formatSavedTime(iso, "en-US")).toMatch(/^\d{1,2}:42\s?[AP]M$/);
    expect(AUTOSAVE_TEXT.savedAt("10:42")).toBe("Saved at 10:42");
  });
});
