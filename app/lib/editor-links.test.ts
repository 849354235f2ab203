import { describe, expect, test } from "vitest";
import { LINK_TEXT, normalizeLinkUrl } from "./editor-links";

describe("the link dialog's addresses", () => {
  test.each([
    ["kma.gov.gh", "https://kma.gov.gh/"],
    ["  kma.gov.gh/news?page=2  ", "https://kma.gov.gh/news?page=2"],
    ["www.myjoyonline.com", "https://www.myjoyonline.com/"],
    ["kma.gov.gh:8080/news", "https://kma.gov.gh:8080/news"],
    ["//kma.gov.gh/a", "https://kma.gov.gh/a"],
    ["http://kma.gov.gh", "http://kma.gov.gh/"],
    ["HTTPS://KMA.gov.gh/Path", "https://kma.gov.gh/Path"],
    ["news@kma.gov.gh", "mailto:news@kma.gov.gh"],
    ["mailto:news@kma.gov.gh", "mailto:news@kma.gov.gh"],
    ["/article/abc-123", "/article/abc-123"],
    ["localhost:3000/article/1", "https://localhost:3000/article/1"],
  ])("%s becomes %s", (typed, href) => {
    expect(normalizeLinkUrl(typed)).toEqual({ ok: true, href });
  });

  test.each([
    ["javascript:alert(1)", LINK_TEXT.badScheme],
    ["JavaScript:alert(document.cookie)", LINK_TEXT.badScheme],
    ["data:text/html,<script>alert(1)</script>", LINK_TEXT.badScheme],
    ["ftp://files.kma.gov.gh", LINK_TEXT.badScheme],
    ["file:///etc/passwd", LINK_TEXT.badScheme],
    ["", LINK_TEXT.empty],
    ["   ", LINK_TEXT.empty],
    ["kma gov gh", LINK_TEXT.spaces],
    ["https://kma.gov.gh/a b", LINK_TEXT.spaces],
    ["kma", LINK_TEXT.notAddress],
    ["https://", LINK_TEXT.notAddress],
    ["http://[not-an-address", LINK_TEXT.notAddress],
    ["kma..gov.gh", LINK_TEXT.notAddress],
    ["mailto:nobody", LINK_TEXT.badEmail],
  ])("%j is refused with the reason", (typed, reason) => {
    expect(normalizeLinkUrl(typed)).toEqual({ ok: false, reason });
  });

  test("the refusal of another scheme says what a link must start with", () => {
    expect(LINK_TEXT.badScheme).toBe("Links must start with http:// or https://");
  });
});
