/**
 * Media upload rules shared by the form and the server :
 * the spec's texts and limits, the type derived from the extension, and the content check that the
 * observed app lacked (the type is checked by content; the 32 MB limit stays).
 */
import { z } from "zod";
import type { MEDIA_TYPES } from "#app/lib/enums";

type MediaType = (typeof MEDIA_TYPES)[number];

export const MEDIA_TEXT = {
  formerStaff: "A former staff member",
  tooManyPixels:
    "The image is too large to process: at most 50 megapixels (for example 8,000 x 6,000 pixels). Please upload a smaller copy.",
  interlacedTooLarge:
    "This interlaced PNG is too large to process: at most 10 megapixels. Please save it without interlacing, or as a JPEG, and upload it again.",
  authTitle: "Authentication Error",
  authMessage: "You must be logged in to upload media.",
  validationTitle: "Validation Error",
  nameRequired: "Please enter a name for the media.",
  fileRequired: "Please select a file to upload.",
  urlRequired: "Please enter a URL for the media.",
  urlInvalid: "Please enter a valid http or https URL for the media.",
  nameTooLong: "Name must be 100 characters or less.",
  altTooLong: "Alt text must be 200 characters or less.",
  descriptionTooLong: "Description must be 500 characters or less.",
  tagsTooLong: "Tags must be 200 characters or less.",
  tooLarge: "The file is too large. The maximum size is 32 MB.",
  emptyFile: "The file is empty.",
  uploadFailed: "Error uploading media",
  tryAgain: "Please try again.",
  updateFailed: "Error updating media. Please try again.",
  deleteFailed: "Error deleting media. Please try again.",
  bulkFailed: "Error performing bulk action. Please try again.",
  bulkNeedsChoice: "Choose an action and at least one media item.",
  uploaded: "Media uploaded successfully!",
  deleted: "Media deleted successfully!",
  notFound: "Media not found.",
} as const;

export const MEDIA_LIMITS = {
  name: 100,
  alt: 200,
  description: 500,
  tags: 200,
  /** The spec's image upload size, applied to every file. */
  fileBytes: 32 * 1024 * 1024,
} as const;

/** The link-preview image (Open Graph and the Twitter card, app/lib/seo.ts): 1200x630, cropped to fill. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;
/** A share image's key ends `-share.jpg`; uploads before it had a WebP crop ending `-social.webp`. */
export const SHARE_VARIANT_SUFFIX = "share";
const OLDER_SHARE_SUFFIX = "-social.webp";

/** Whether a stored copy is the share image (not one of the widths that pages show). */
export function isShareVariant(variant: { key: string }): boolean {
  return variant.key.endsWith(`-${SHARE_VARIANT_SUFFIX}.jpg`) || variant.key.endsWith(OLDER_SHARE_SUFFIX);
}

/** The share image among a media item's copies: the JPEG, else the older WebP crop. */
export function shareVariantOf<V extends { key: string; format: string }>(variants: V[]): V | undefined {
  return variants.find((v) => v.format === "jpeg" && isShareVariant(v)) ?? variants.find(isShareVariant);
}

/** The picker's accept list (spec): image, video, audio, pdf, doc, docx, txt, rtf, xls, xlsx, ppt, pptx. */
export const MEDIA_ACCEPT = "image/*,video/*,audio/*,.pdf,.doc,.docx,.txt,.rtf,.xls,.xlsx,.ppt,.pptx";

const VIDEO_EXTENSIONS = ["mp4", "avi", "mov", "wmv", "flv", "webm"];
// xls/xlsx/ppt/pptx: the spec's picker preview treats them as documents; the picker accepts them, so
// they are stored as documents rather than refused as "images" that are not images.
const DOCUMENT_EXTENSIONS = ["pdf", "doc", "docx", "txt", "rtf", "xls", "xlsx", "ppt", "pptx"];
const AUDIO_EXTENSIONS = ["mp3", "wav", "ogg", "aac", "flac"];

/** The lower-case extension of a file name or URL path, without the dot ("" when there is none). */
export function extensionOf(name: string): string {
  const base = (name.split(/[?#]/)[0] ?? "").split("/").pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

/** The spec's rule: video, document or audio by extension; anything else is an image. */
export function mediaTypeFromName(name: string): MediaType {
  const ext = extensionOf(name);
  if (VIDEO_EXTENSIONS.includes(ext)) return "video";
  if (DOCUMENT_EXTENSIONS.includes(ext)) return "document";
  if (AUDIO_EXTENSIONS.includes(ext)) return "audio";
  return "image";
}

/** Formats recognised from the first bytes of a file. */
type ContentFormat =
  | "jpeg"
  | "png"
  | "gif"
  | "webp"
  | "avif"
  | "pdf"
  | "mp4"
  | "mov"
  | "avi"
  | "wmv"
  | "flv"
  | "webm"
  | "mp3"
  | "wav"
  | "ogg"
  | "aac"
  | "flac"
  | "ole"
  | "zip"
  | "rtf"
  | "text";

/** Images we decode and resize; SVG is refused (it can carry script). */
export const RASTER_FORMATS: ContentFormat[] = ["jpeg", "png", "gif", "webp", "avif"];

const ascii = (bytes: Uint8Array, start: number, text: string) =>
  bytes.length >= start + text.length && [...text].every((c, i) => bytes[start + i] === c.charCodeAt(0));

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/** Plain text: valid UTF-8 without NUL or other control bytes beyond tab, newline, return, form feed. */
function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  const sample = bytes.subarray(0, 64 * 1024);
  for (const b of sample) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
  try {
    // A cut in the middle of a multi-byte character at the sample's end is not an error.
    new TextDecoder("utf-8", { fatal: true }).decode(
      sample.length < bytes.length ? sample.subarray(0, -4) : sample,
    );
    return true;
  } catch {
    return false;
  }
}

/** What the bytes are, by their signature ("magic bytes"), or null when unknown. */
export function detectContent(bytes: Uint8Array): ContentFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (ascii(bytes, 0, "GIF87a") || ascii(bytes, 0, "GIF89a")) return "gif";
  if (ascii(bytes, 0, "RIFF")) {
    if (ascii(bytes, 8, "WEBP")) return "webp";
    if (ascii(bytes, 8, "AVI ")) return "avi";
    if (ascii(bytes, 8, "WAVE")) return "wav";
    return null;
  }
  if (ascii(bytes, 4, "ftyp")) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (brand === "avif" || brand === "avis") return "avif";
    if (brand === "qt  ") return "mov";
    if (brand.startsWith("M4A")) return "aac";
    return "mp4";
  }
  if (["moov", "mdat", "wide", "free"].some((atom) => ascii(bytes, 4, atom))) return "mov";
  if (ascii(bytes, 0, "%PDF-")) return "pdf";
  if (startsWith(bytes, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return "wmv";
  if (ascii(bytes, 0, "FLV")) return "flv";
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return "webm";
  if (ascii(bytes, 0, "ID3")) return "mp3";
  if (ascii(bytes, 0, "OggS")) return "ogg";
  if (ascii(bytes, 0, "fLaC")) return "flac";
  if (ascii(bytes, 0, "ADIF")) return "aac";
  // MPEG audio frame sync: 11 set bits. Layer bits 00 mean AAC in an ADTS stream.
  const [first, second] = bytes;
  if (first === 0xff && second !== undefined && (second & 0xe0) === 0xe0) {
    return (second & 0x06) === 0 ? "aac" : "mp3";
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "ole";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return "zip";
  if (ascii(bytes, 0, "{\\rtf")) return "rtf";
  if (isPlainText(bytes)) return "text";
  return null;
}

/** The content each extension may hold. Extensions not listed are images of any raster format. */
const CONTENT_FOR_EXTENSION: Record<string, ContentFormat[]> = {
  jpg: ["jpeg"],
  jpeg: ["jpeg"],
  jpe: ["jpeg"],
  jfif: ["jpeg"],
  png: ["png"],
  gif: ["gif"],
  webp: ["webp"],
  avif: ["avif"],
  mp4: ["mp4"],
  m4v: ["mp4"],
  mov: ["mov", "mp4"],
  avi: ["avi"],
  wmv: ["wmv"],
  flv: ["flv"],
  webm: ["webm"],
  pdf: ["pdf"],
  doc: ["ole"],
  xls: ["ole"],
  ppt: ["ole"],
  docx: ["zip"],
  xlsx: ["zip"],
  pptx: ["zip"],
  txt: ["text"],
  rtf: ["rtf"],
  mp3: ["mp3"],
  wav: ["wav"],
  ogg: ["ogg"],
  aac: ["aac"],
  flac: ["flac"],
  svg: [],
};

const MIME_FOR_FORMAT: Record<ContentFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  pdf: "application/pdf",
  mp4: "video/mp4",
  mov: "video/quicktime",
  avi: "video/x-msvideo",
  wmv: "video/x-ms-wmv",
  flv: "video/x-flv",
  webm: "video/webm",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  aac: "audio/aac",
  flac: "audio/flac",
  ole: "application/octet-stream",
  zip: "application/zip",
  rtf: "application/rtf",
  text: "text/plain",
};

const OFFICE_MIME: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

const IMAGE_EXTENSION_FOR_FORMAT: Partial<Record<ContentFormat, string>> = {
  jpeg: "jpg",
  png: "png",
  gif: "gif",
  webp: "webp",
  avif: "avif",
};

type ContentCheck =
  | { ok: true; type: MediaType; format: ContentFormat; mimeType: string; extension: string }
  | { ok: false; message: string };

/**
 * Does the file's content match its name? The type comes from the extension (spec); the bytes must
 * be a format that extension may hold. A mismatch or unknown content is refused.
 */
export function checkFileContent(fileName: string, bytes: Uint8Array): ContentCheck {
  if (bytes.length === 0) return { ok: false, message: MEDIA_TEXT.emptyFile };
  if (bytes.length > MEDIA_LIMITS.fileBytes) return { ok: false, message: MEDIA_TEXT.tooLarge };
  const ext = extensionOf(fileName);
  const type = mediaTypeFromName(fileName);
  const allowed =
    (Object.hasOwn(CONTENT_FOR_EXTENSION, ext) ? CONTENT_FOR_EXTENSION[ext] : undefined) ?? RASTER_FORMATS;
  const format = detectContent(bytes);
  const label = ext ? `.${ext}` : "this file";
  if (ext === "svg")
    return {
      ok: false,
      message: "SVG images are not accepted. Please upload a PNG, JPEG, GIF or WebP image.",
    };
  if (!format) {
    return {
      ok: false,
      message: `The content of ${label} is not a recognised file type. Please upload an image, video, audio file or document.`,
    };
  }
  if (!allowed.includes(format)) {
    return {
      ok: false,
      message: `The file's content does not match its name: ${label} was expected to hold ${describe(allowed)}, but it holds ${describe([format])}.`,
    };
  }
  // Unknown extensions ("anything else is an image") are stored under the extension of what they hold.
  const extension = Object.hasOwn(CONTENT_FOR_EXTENSION, ext)
    ? ext
    : (IMAGE_EXTENSION_FOR_FORMAT[format] ?? "bin");
  return { ok: true, type, format, mimeType: OFFICE_MIME[ext] ?? MIME_FOR_FORMAT[format], extension };
}

function describe(formats: ContentFormat[]): string {
  const [first] = formats;
  if (first === undefined) return "nothing we accept";
  const names: Record<ContentFormat, string> = {
    jpeg: "a JPEG image",
    png: "a PNG image",
    gif: "a GIF image",
    webp: "a WebP image",
    avif: "an AVIF image",
    pdf: "a PDF document",
    mp4: "an MP4 video",
    mov: "a QuickTime video",
    avi: "an AVI video",
    wmv: "a WMV video",
    flv: "an FLV video",
    webm: "a WebM video",
    mp3: "MP3 audio",
    wav: "WAV audio",
    ogg: "Ogg audio",
    aac: "AAC audio",
    flac: "FLAC audio",
    ole: "an Office document",
    zip: "an Office (Open XML) document",
    rtf: "an RTF document",
    text: "plain text",
  };
  return formats.length === RASTER_FORMATS.length && RASTER_FORMATS.every((f) => formats.includes(f))
    ? "an image (JPEG, PNG, GIF, WebP or AVIF)"
    : names[first];
}

/** The tags field: comma separated, trimmed, blank tags dropped, duplicates kept once. */
export function parseTags(field: string): string[] {
  return [
    ...new Set(
      field
        .split(",")
        .map((t) => t.trim())
        .filter((t) => t !== ""),
    ),
  ];
}

const text = (max: number, message: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(max, message));

/** The upload form's text fields; the file itself is checked by checkFileContent. */
export const mediaFormSchema = z
  .object({
    mode: z
      .string()
      .optional()
      .transform((v): "file" | "url" => (v === "url" ? "url" : "file")),
    name: text(MEDIA_LIMITS.name, MEDIA_TEXT.nameTooLong).pipe(z.string().min(1, MEDIA_TEXT.nameRequired)),
    alt: text(MEDIA_LIMITS.alt, MEDIA_TEXT.altTooLong),
    description: text(MEDIA_LIMITS.description, MEDIA_TEXT.descriptionTooLong),
    tags: text(MEDIA_LIMITS.tags, MEDIA_TEXT.tagsTooLong),
    url: z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim()),
  })
  .superRefine((value, ctx) => {
    if (value.mode !== "url") return;
    if (value.url === "") {
      ctx.addIssue({ code: "custom", path: ["url"], message: MEDIA_TEXT.urlRequired });
    } else if (!isHttpUrl(value.url)) {
      ctx.addIssue({ code: "custom", path: ["url"], message: MEDIA_TEXT.urlInvalid });
    }
  });

export type MediaFormInput = z.input<typeof mediaFormSchema>;
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}
