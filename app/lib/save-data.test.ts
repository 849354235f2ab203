import { describe, expect, test } from "vitest";
import { wantsSmallImages } from "./save-data";

const headers = (value?: string) => new Headers(value === undefined ? {} : { "Save-Data": value });

describe("Save-Data: small images only when the reader asked to save data", () => {
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
    expect(wantsSmallImages(headers(value))).toBe(expected);
  });

  test("no header: the usual images", () => {
    expect(wantsSmallImages(headers())).toBe(false);
  });

  test("the header name is case-insensitive, as HTTP says", () => {
    expect(wantsSmallImages(new Headers([["save-data", "on"]]))).toBe(true);
  });
});
