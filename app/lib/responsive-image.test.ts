import { describe, expect, test } from "vitest";
import { IMAGE_SIZES, imageAttributes, pageImageOf, type ImageCopy } from "./responsive-image";

const copy = (width: number, height: number): ImageCopy => ({
  url: `/media/0123456789abcdef01234567-${width}.webp`,
  width,
  height,
});
/** What a 2400x1600 upload stores, in no particular order. */
const COPIES = [copy(1200, 800), copy(400, 267), copy(800, 533)];

describe("which copies a page offers", () => {
  test("every width, smallest first, in srcset; the 800 px copy and its real size stand in as src", () => {
    expect(pageImageOf(COPIES, { small: false })).toEqual({
      src: "/media/0123456789abcdef01234567-800.webp",
      srcSet:
        "/media/0123456789abcdef01234567-400.webp 400w, /media/0123456789abcdef01234567-800.webp 800w, /media/0123456789abcdef01234567-1200.webp 1200w",
      width: 800,
      height: 533,
    });
  });

  test("Save-Data: the 400 px copy alone, no srcset to pick a larger one from", () => {
    expect(pageImageOf(COPIES, { small: true })).toEqual({
      src: "/media/0123456789abcdef01234567-400.webp",
      width: 400,
      height: 267,
    });
  });

  test("an upload narrower than 400 px has one copy at its own size: no srcset", () => {
    expect(pageImageOf([copy(120, 80)], { small: false })).toEqual({
      src: "/media/0123456789abcdef01234567-120.webp",
      width: 120,
      height: 80,
    });
  });

  test("an upload with fewer copies: the largest up to 800 px stands in as src", () => {
    const image = pageImageOf([copy(400, 300)], { small: false });
    expect(image).toMatchObject({ src: copy(400, 300).url, width: 400, height: 300 });
    const two = pageImageOf([copy(800, 600), copy(400, 300)], { small: false });
    expect(two).toMatchObject({ src: copy(800, 600).url, srcSet: expect.stringContaining("400w") });
  });

  test("the size in bytes of the copy offered as src, when recorded: with Save-Data, the smallest's", () => {
    const sized = [
      { ...copy(1200, 800), size: 135_000 },
      { ...copy(400, 267), size: 31_000 },
      { ...copy(800, 533), size: 77_000 },
    ];
    expect(pageImageOf(sized, { small: true })).toEqual({
      src: "/media/0123456789abcdef01234567-400.webp",
      width: 400,
      height: 267,
      size: 31_000,
    });
    expect(pageImageOf(sized, { small: false })).toMatchObject({ src: copy(800, 533).url, size: 77_000 });
    // A copy made before sizes were recorded: no size claimed, and no empty field in the page's data.
    expect(pageImageOf(COPIES, { small: true })).not.toHaveProperty("size");
    expect(pageImageOf(COPIES, { small: false })).not.toHaveProperty("size");
  });

  test("no usable copies: nothing, so the page draws the plain URL", () => {
    expect(pageImageOf([], { small: false })).toBeNull();
    expect(pageImageOf([copy(0, 0)], { small: true })).toBeNull();
  });
});

describe("the <img> attributes", () => {
  const upload = pageImageOf(COPIES, { small: false });

  test("an upload: srcset with the place's sizes and the copy's real width and height", () => {
    expect(
      imageAttributes("https://news.example.com/media/x.jpg", upload, {
        place: "card",
        width: 1200,
        height: 630,
      }),
    ).toEqual({
      src: "/media/0123456789abcdef01234567-800.webp",
      srcSet: upload?.srcSet,
      sizes: IMAGE_SIZES.card,
      width: 800,
      height: 533,
      loading: "lazy",
      decoding: "async",
    });
  });

  test("the lead image is fetched at once and first; every other image lazily", () => {
    const lead = imageAttributes("/x.jpg", upload, { place: "lead", isLead: true, width: 1200, height: 630 });
    expect(lead).toMatchObject({ loading: "eager", fetchPriority: "high", sizes: IMAGE_SIZES.lead });
    expect(lead).not.toHaveProperty("decoding");
    const other = imageAttributes("/x.jpg", upload, { place: "thumbnail", width: 480, height: 320 });
    expect(other).toMatchObject({ loading: "lazy", decoding: "async" });
    expect(other).not.toHaveProperty("fetchPriority");
  });

  test("an external URL stays a plain img: its own src, the box's size, no srcset", () => {
    const plain = imageAttributes("https://cdn.example.com/photo.jpg", null, {
      place: "card",
      width: 1200,
      height: 630,
    });
    expect(plain).toEqual({
      src: "https://cdn.example.com/photo.jpg",
      width: 1200,
      height: 630,
      loading: "lazy",
      decoding: "async",
    });
  });

  test("Save-Data: a single copy needs no sizes", () => {
    const small = imageAttributes("/x.jpg", pageImageOf(COPIES, { small: true }), {
      place: "lead",
      isLead: true,
      width: 1200,
      height: 630,
    });
    expect(small).not.toHaveProperty("srcSet");
    expect(small).not.toHaveProperty("sizes");
    expect(small).toMatchObject({ src: copy(400, 267).url, width: 400, height: 267 });
  });
});

describe("sizes", () => {
  test("each place ends with the phone's width, after a 2x cap for screens of 2.5x and more", () => {
    for (const sizes of Object.values(IMAGE_SIZES)) {
      const rules = sizes.split(", ");
      const phone = rules.at(-1) ?? "";
      expect(phone).not.toMatch(/^\(/);
      expect(rules.at(-2)).toBe(`(min-resolution: 2.5dppx) calc(${phone} * 2 / 3)`);
    }
    expect(IMAGE_SIZES.lead).toBe(
      "(min-width: 1280px) 749px, (min-width: 1024px) calc(60vw - 1.2rem), (min-resolution: 2.5dppx) calc(calc(100vw - 2rem) * 2 / 3), calc(100vw - 2rem)",
    );
  });
});
