import { describe, expect, test } from "vitest";
import {
  checkFileContent,
  detectContent,
  extensionOf,
  MEDIA_LIMITS,
  MEDIA_TEXT,
  mediaFormSchema,
  mediaTypeFromName,
  parseTags,
} from "./media-rules";

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], "IHDR");
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], "JFIF");
const GIF = bytes("GIF89a", [1, 0, 1, 0]);
const WEBP = bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 ");
const PDF = bytes("%PDF-1.7\n");
const MP4 = bytes([0, 0, 0, 0x18], "ftypisom", [0, 0, 2, 0]);
const MP3 = bytes("ID3", [4, 0, 0]);
const WAV = bytes("RIFF", [0, 0, 0, 0], "WAVEfmt ");
const DOCX = bytes([0x50, 0x4b, 0x03, 0x04, 20, 0]);
const TEXT = bytes("Hello, newsroom.\nLine two.\n");

describe("type from the extension (spec list)", () => {
  test.each([
    ["clip.mp4", "video"],
    ["clip.AVI", "video"],
    ["clip.mov", "video"],
    ["clip.wmv", "video"],
    ["clip.flv", "video"],
    ["clip.webm", "video"],
    ["report.pdf", "document"],
    ["report.doc", "document"],
    ["report.docx", "document"],
    ["notes.txt", "document"],
    ["notes.rtf", "document"],
    ["sheet.xlsx", "document"],
    ["song.mp3", "audio"],
    ["song.wav", "audio"],
    ["song.ogg", "audio"],
    ["song.aac", "audio"],
    ["song.flac", "audio"],
    ["photo.jpg", "image"],
    ["photo.png", "image"],
    ["no-extension", "image"],
    ["weird.xyz", "image"],
  ])("%s is %s", (name, type) => {
    expect(mediaTypeFromName(name)).toBe(type);
  });

  test("the extension of a URL ignores its query and fragment", () => {
    expect(extensionOf("https://cdn.example.com/a/b/photo.JPG?w=100#x")).toBe("jpg");
    expect(extensionOf(".hidden")).toBe("");
  });
});

describe("content by magic bytes", () => {
  test.each([
    [PNG, "png"],
    [JPEG, "jpeg"],
    [GIF, "gif"],
    [WEBP, "webp"],
    [PDF, "pdf"],
    [MP4, "mp4"],
    [MP3, "mp3"],
    [WAV, "wav"],
    [DOCX, "zip"],
    [bytes("OggS", [0]), "ogg"],
    [bytes("fLaC", [0]), "flac"],
    [bytes([0x1a, 0x45, 0xdf, 0xa3]), "webm"],
    [bytes("{\\rtf1"), "rtf"],
    [TEXT, "text"],
  ] as const)("%#: detected as %s", (content, format) => {
    expect(detectContent(content)).toBe(format);
  });

  test("binary noise is unknown", () => {
    expect(detectContent(bytes([0x00, 0x01, 0x02, 0x03, 0x04]))).toBeNull();
  });

  test("a matching file passes, with its type and the MIME type of its content", () => {
    expect(checkFileContent("photo.png", PNG)).toMatchObject({
      ok: true,
      type: "image",
      mimeType: "image/png",
    });
    expect(checkFileContent("photo.JPEG", JPEG)).toMatchObject({
      ok: true,
      type: "image",
      extension: "jpeg",
    });
    expect(checkFileContent("report.pdf", PDF)).toMatchObject({ ok: true, type: "document" });
    expect(checkFileContent("clip.mp4", MP4)).toMatchObject({
      ok: true,
      type: "video",
      mimeType: "video/mp4",
    });
    expect(checkFileContent("song.mp3", MP3)).toMatchObject({
      ok: true,
      type: "audio",
      mimeType: "audio/mpeg",
    });
    expect(checkFileContent("notes.txt", TEXT)).toMatchObject({
      ok: true,
      type: "document",
      mimeType: "text/plain",
    });
    expect(checkFileContent("letter.docx", DOCX)).toMatchObject({ ok: true, type: "document" });
  });

  test("an unknown extension holding an image is stored as that image", () => {
    expect(checkFileContent("camera-export.img", PNG)).toMatchObject({
      ok: true,
      type: "image",
      extension: "png",
    });
  });

  test("a mismatch is refused with a message naming both sides", () => {
    const result = checkFileContent("photo.png", TEXT);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.message).toBe(
        "The file's content does not match its name: .png was expected to hold a PNG image, but it holds plain text.",
      );
    expect(checkFileContent("photo.jpg", PNG).ok).toBe(false);
    expect(checkFileContent("report.pdf", PNG).ok).toBe(false);
    expect(checkFileContent("script.exe", bytes("MZ", [0x90, 0, 3, 0, 0, 0]))).toMatchObject({ ok: false });
  });

  test("unknown content, SVG and empty files are refused", () => {
    expect(checkFileContent("clip.mp4", bytes([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))).toMatchObject({
      ok: false,
      message: expect.stringContaining("not a recognised file type"),
    });
    expect(checkFileContent("logo.svg", bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toMatchObject({
      ok: false,
      message: expect.stringContaining("SVG"),
    });
    expect(checkFileContent("photo.png", new Uint8Array())).toEqual({
      ok: false,
      message: MEDIA_TEXT.emptyFile,
    });
  });

  test("the 32 MB limit", () => {
    expect(MEDIA_LIMITS.fileBytes).toBe(32 * 1024 * 1024);
    const big = new Uint8Array(MEDIA_LIMITS.fileBytes + 1);
    big.set(PNG);
    expect(checkFileContent("big.png", big)).toEqual({ ok: false, message: MEDIA_TEXT.tooLarge });
    const atLimit = new Uint8Array(MEDIA_LIMITS.fileBytes);
    atLimit.set(PNG);
    expect(checkFileContent("big.png", atLimit).ok).toBe(true);
  });
});

describe("the upload form", () => {
  const problems = (input: Record<string, string>) => {
    const parsed = mediaFormSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };

  test("the spec's texts", () => {
    expect(MEDIA_TEXT.authTitle).toBe("Authentication Error");
    expect(MEDIA_TEXT.authMessage).toBe("You must be logged in to upload media.");
    expect(MEDIA_TEXT.validationTitle).toBe("Validation Error");
    expect(problems({ mode: "file", name: "   " })).toEqual(["Please enter a name for the media."]);
    expect(MEDIA_TEXT.fileRequired).toBe("Please select a file to upload.");
    expect(problems({ mode: "url", name: "Logo", url: "" })).toEqual(["Please enter a URL for the media."]);
  });

  test("URL mode takes http and https only", () => {
    expect(problems({ mode: "url", name: "Logo", url: "https://example.com/logo.png" })).toEqual([]);
    expect(problems({ mode: "url", name: "Logo", url: "javascript:alert(1)" })).toEqual([
      MEDIA_TEXT.urlInvalid,
    ]);
    for (const url of ["data:image/png;base64,AAAA", "ftp://example.com/a.png", "https://"])
      expect(problems({ mode: "url", name: "Logo", url }), url).toEqual([MEDIA_TEXT.urlInvalid]);
  });

  test("maximum lengths: name 100, alt 200, description 500, tags 200", () => {
    const base = { mode: "file", name: "ok" };
    expect(problems({ ...base, name: "n".repeat(100) })).toEqual([]);
    expect(problems({ ...base, name: "n".repeat(101) })).toEqual([MEDIA_TEXT.nameTooLong]);
    expect(problems({ ...base, alt: "a".repeat(200) })).toEqual([]);
    expect(problems({ ...base, alt: "a".repeat(201) })).toEqual([MEDIA_TEXT.altTooLong]);
    expect(problems({ ...base, description: "d".repeat(500) })).toEqual([]);
    expect(problems({ ...base, description: "d".repeat(501) })).toEqual([MEDIA_TEXT.descriptionTooLong]);
    expect(problems({ ...base, tags: "t".repeat(200) })).toEqual([]);
    expect(problems({ ...base, tags: "t".repeat(201) })).toEqual([MEDIA_TEXT.tagsTooLong]);
  });

  test("an unknown mode is file mode", () => {
    expect(mediaFormSchema.parse({ mode: "ftp", name: "x" }).mode).toBe("file");
  });

  test("tags: comma separated, trimmed, blank ones dropped", () => {
    expect(parseTags(" politics, ,accra ,, politics ,")).toEqual(["politics", "accra"]);
    expect(parseTags("")).toEqual([]);
  });
});
