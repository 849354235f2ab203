import { describe, expect, test } from "vitest";
import { messagesFor } from "#app/i18n/messages.server";
import { isLiteRequest, liteChoiceCookie, liteReason, showPhotoLabel } from "./lite-mode";

const headers = (value?: string, cookie?: string) =>
  new Headers({
    ...(value === undefined ? {} : { "Save-Data": value }),
    ...(cookie ? { Cookie: cookie } : {}),
  });

describe("lite mode: on when the browser saves data or the reader chose it", () => {
  test.each([
    ["on", true],
    ["On", true],
    [" on ", true],
    ["on; foo=bar", true],
    ["off", false],
    ["", false],
    ["onion", false],
    ["1", false],
  ])("Save-Data: %j → %s", (value, expected) => {
    expect(isLiteRequest(headers(value))).toBe(expected);
  });

  test("no header and no choice: the full page", () => {
    expect(isLiteRequest(headers())).toBe(false);
  });

  test("the header name is case-insensitive, as HTTP says", () => {
    expect(isLiteRequest(new Headers([["save-data", "on"]]))).toBe(true);
  });

  test("the reader's choice: Lite without the header, and the full site over the header", () => {
    expect(liteReason(null, "nd_lite=on")).toBe("chosen");
    expect(liteReason("on", "nd_lite=on")).toBe("chosen");
    expect(liteReason("on", null)).toBe("save-data");
    expect(liteReason("on", "other=1; nd_lite=off")).toBeNull();
    expect(liteReason(null, "nd_lite=maybe")).toBeNull();
    expect(isLiteRequest(headers(undefined, "nd_lite=on"))).toBe(true);
  });

  test("the choice is remembered a year, for the whole site, Secure over HTTPS", () => {
    expect(liteChoiceCookie(true, { secure: false })).toBe(
      "nd_lite=on; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly",
    );
    expect(liteChoiceCookie(false, { secure: true })).toBe(
      "nd_lite=off; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly; Secure",
    );
  });

  test("a photo's placeholder tells its size in KB when known", () => {
    const { t } = messagesFor("en");
    expect(showPhotoLabel(31_500, t)).toBe("Show photo · 31 KB");
    expect(showPhotoLabel(300, t)).toBe("Show photo · 1 KB");
    expect(showPhotoLabel(undefined, t)).toBe("Show photo");
    expect(showPhotoLabel(0, t)).toBe("Show photo");
  });
});
