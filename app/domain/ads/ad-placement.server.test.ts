import { describe, expect, test } from "vitest";
import type { AdSlot } from "#app/db/schema";
import {
  adsAllowed,
  insertAdsIntoBody,
  pageAds,
  topLevelParagraphEnds,
  type AdSettings,
  type PlacedAd,
} from "./ad-placement.server";
import { checkAdUnitForm, EMPTY_AD_UNIT_FORM, readStoredAdUnits, toStoredAdSlot } from "./ad-units";

const ad = (afterParagraph: number, html = `[AD${afterParagraph}]`): PlacedAd => ({
  id: `a${afterParagraph}`,
  afterParagraph,
  html,
});

describe("splitting the body at top-level paragraphs", () => {
  test("the ends of top-level paragraphs only, not those inside lists, figures or quotes", () => {
    const html =
      "<p>One <strong>bold</strong></p><ul><li><p>in list</p></li></ul>" +
      '<figure><img src="/a.jpg" alt="a > b"><figcaption><p>cap</p></figcaption></figure>' +
      "<blockquote><p>quote</p></blockquote><p>Two<br>lines</p><!-- <p>x</p> --><P>Three</P>";
    const ends = topLevelParagraphEnds(html);
    expect(ends.map((end) => html.slice(0, end).slice(-12))).toEqual([
      "bold</strong></p>".slice(-12),
      "Two<br>lines</p>".slice(-12),
      "<P>Three</P>".slice(-12),
    ]);
  });

  test("an ad after paragraph 2 goes right after the second paragraph", () => {
    const body = "<p>First</p><p>Second</p><p>Third</p>";
    expect(insertAdsIntoBody(body, [ad(2)])).toBe("<p>First</p><p>Second</p>[AD2]<p>Third</p>");
  });

  test("a list between paragraphs is not split, and the ad follows the paragraph after it", () => {
    const body = "<p>First</p><ol><li>a</li><li>b</li></ol><p>Second</p><p>Third</p>";
    expect(insertAdsIntoBody(body, [ad(2)])).toBe(
      "<p>First</p><ol><li>a</li><li>b</li></ol><p>Second</p>[AD2]<p>Third</p>",
    );
  });

  test("a body with fewer paragraphs gets the ad at its end; several ads keep their places", () => {
    expect(insertAdsIntoBody("<p>Only</p><figure><img src=x></figure>", [ad(2)])).toBe(
      "<p>Only</p><figure><img src=x></figure>[AD2]",
    );
    expect(insertAdsIntoBody("<p>1</p><p>2</p><p>3</p>", [ad(3), ad(1), ad(9)])).toBe(
      "<p>1</p>[AD1]<p>2</p><p>3</p>[AD3][AD9]",
    );
    expect(insertAdsIntoBody("", [ad(2)])).toBe("[AD2]");
    expect(insertAdsIntoBody("<p>x</p>", [])).toBe("<p>x</p>");
  });
});

const unitSlot = (over: Partial<AdSlot> = {}): AdSlot => ({
  key: "In story",
  slotId: "1234567890",
  active: true,
  format: "300x250",
  id: "u1",
  name: "In story",
  placement: "in_article",
  afterParagraph: 2,
  size: "300x250",
  code: "",
  ...over,
});

const base: AdSettings = {
  adsEnabled: true,
  adsPublisherId: "ca-pub-1234567890123456",
  adSlots: [unitSlot()],
  adsExcludedPaths: [],
  adsHideForStaff: true,
};
const reader = { path: "/article/some-story", isStaff: false };

describe("which pages get ads", () => {
  test("ads off, back office in any letter case, excluded paths and staff (when hidden) get none", () => {
    expect(adsAllowed(base, reader)).toBe(true);
    expect(adsAllowed({ ...base, adsEnabled: false }, reader)).toBe(false);
    for (const path of ["/admin", "/admin/ads", "/ADMIN/articles", "/Admin"])
      expect(adsAllowed(base, { path, isStaff: false })).toBe(false);
    expect(adsAllowed(base, { ...reader, isStaff: true })).toBe(false);
    expect(adsAllowed({ ...base, adsHideForStaff: false }, { ...reader, isStaff: true })).toBe(true);
  });

  test("a lite page (the reader saves data) gets no ads at all", () => {
    expect(adsAllowed(base, { ...reader, isLite: true })).toBe(false);
    expect(adsAllowed(base, { ...reader, isLite: false })).toBe(true);
  });

  test("excluded paths are prefixes: the page and those under it, '*' as snippets read it", () => {
    const s = { ...base, adsExcludedPaths: ["/about", "/category/sport*", "/"] };
    expect(adsAllowed(s, { path: "/about", isStaff: false })).toBe(false);
    expect(adsAllowed(s, { path: "/about/team", isStaff: false })).toBe(false);
    expect(adsAllowed(s, { path: "/aboutus", isStaff: false })).toBe(true);
    expect(adsAllowed(s, { path: "/category/sports", isStaff: false })).toBe(false);
    expect(adsAllowed(s, { path: "/", isStaff: false })).toBe(false);
    expect(adsAllowed(s, { path: "/category/news", isStaff: false })).toBe(true);
  });

  test("an excluded path is the page the router opens: any letter case, a trailing slash or escaped letters", () => {
    const s = { ...base, adsExcludedPaths: ["/about", "/Category/Sport*"] };
    for (const path of [
      "/ABOUT",
      "/About/",
      "/%61bout",
      "/ABOUT/Team",
      "/category/SPORTS",
      "/%63ategory/sport",
    ])
      expect(adsAllowed(s, { path, isStaff: false }), path).toBe(false);
    expect(adsAllowed(s, { path: "/aboutus", isStaff: false })).toBe(true);
    expect(adsAllowed(base, { path: "/%61dmin/ads", isStaff: false })).toBe(false);
  });

  test("pages whose address holds a secret get none: a script on them could read the token", () => {
    for (const path of ["/newsletter/confirm", "/newsletter/unsubscribe", "/Newsletter/Confirm/"])
      expect(adsAllowed(base, { path, isStaff: false }), path).toBe(false);
    expect(adsAllowed(base, { path: "/newsletter", isStaff: false })).toBe(true);
  });

  test("a unit id ad is the standard AdSense tag in a labelled box of its size", () => {
    const [placed] = pageAds(base, reader).in_article;
    expect(placed?.html).toContain('data-ad-client="ca-pub-1234567890123456"');
    expect(placed?.html).toContain('data-ad-slot="1234567890"');
    expect(placed?.html).toContain("(adsbygoogle=window.adsbygoogle||[]).push({});");
    expect(placed?.html).toContain(">Advertisement<");
    expect(placed?.html).toContain("min-height:250px;width:300px");
  });

  test("unit id ads need a publisher id; code ads do not; inactive or unplaced units show nowhere", () => {
    expect(pageAds({ ...base, adsPublisherId: "" }, reader).in_article).toEqual([]);
    const code = unitSlot({ id: "c", placement: "sidebar", code: "<div id=house-ad></div>", slotId: "" });
    const s = {
      ...base,
      adsPublisherId: "",
      adSlots: [
        code,
        unitSlot({ id: "off", active: false }),
        { key: "old", slotId: "1", active: true, format: "auto" },
      ],
    };
    const ads = pageAds(s, reader);
    expect(ads.sidebar.map((x) => x.id)).toEqual(["c"]);
    expect(ads.sidebar[0]?.html).toContain("<div id=house-ad></div>");
    expect([...ads.in_article, ...ads.header, ...ads.footer]).toEqual([]);
  });
});

describe("the ad unit form", () => {
  test("a valid unit id unit; the paragraph defaults to 2", () => {
    const result = checkAdUnitForm({
      ...EMPTY_AD_UNIT_FORM,
      name: " Story ",
      unitId: "987",
      afterParagraph: "",
    });
    expect(result).toEqual({
      ok: true,
      unit: {
        name: "Story",
        placement: "in_article",
        afterParagraph: 2,
        size: "responsive",
        source: "unit",
        code: "",
        unitId: "987",
        active: true,
      },
    });
  });

  test("each problem beside its field", () => {
    const result = checkAdUnitForm({
      name: "",
      placement: "popup",
      afterParagraph: "0",
      size: "1x1",
      source: "unit",
      code: "",
      unitId: "ca-pub-1",
      active: "",
    });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(Object.keys(result.errors).sort()).toEqual(["name", "placement", "size", "unitId"]);
    const inArticle = checkAdUnitForm({ ...EMPTY_AD_UNIT_FORM, name: "x", unitId: "1", afterParagraph: "x" });
    expect(inArticle.ok ? {} : inArticle.errors).toHaveProperty("afterParagraph");
    const code = checkAdUnitForm({ ...EMPTY_AD_UNIT_FORM, name: "x", source: "code", code: "  " });
    expect(code.ok ? {} : code.errors).toHaveProperty("code");
  });

  test("stored units keep the spec's fields and read back the same", () => {
    const [unit] = readStoredAdUnits([unitSlot()]);
    expect(unit).toBeDefined();
    const stored = toStoredAdSlot(unit!);
    expect(stored).toMatchObject({ key: "In story", slotId: "1234567890", active: true, format: "300x250" });
    expect(readStoredAdUnits([stored])).toEqual([unit]);
    expect(readStoredAdUnits("junk")).toEqual([]);
  });
});
