/**
 * Images chosen in the article editor (the featured image and the body's Image button): the back office's
 * texts for an image file and for uploads, the quick check the browser runs before sending a file (the server
 * checks again, by content), and the fields an image carries: alt text, caption and credit. Also the media
 * item form (name, alt, caption, credit, tags).
 */
import { z } from "zod";
import { MEDIA_LIMITS, MEDIA_TEXT } from "./media-rules";

export const EDITOR_IMAGE_TEXT = {
  invalidTypeTitle: "Invalid File Type",
  invalidType: "Please select an image file (JPEG, PNG, GIF, etc.)",
  tooLargeTitle: "File Too Large",
  tooLarge: "Image size must be less than 32MB. Please select a smaller image or compress it.",
  uploadFailedTitle: "Upload Failed",
  authTitle: "Authentication Required",
  auth: "Please log in again to upload images.",
  uploadedTitle: "Image Uploaded!",
  addedTitle: "Image Added!",
  contentIssueTitle: "Content Update Issue",
  contentIssue: "The image was uploaded but could not be found in the content. Please insert it again.",
  editorErrorTitle: "Editor Error",
  editorError: "Unable to access the editor",
  noImages: "No images found.",
  captionTooLong: "Caption must be 500 characters or less.",
  creditTooLong: "Credit must be 200 characters or less.",
  saved: "Media updated successfully!",
} as const;

/** 'Upload failed. Error: {message}' (spec, "Uploads": the text after the 'Upload Failed' title). */
export const uploadFailedMessage = (message: string) => `Upload failed. Error: ${message}`;

/** The causes the spec names after 'Upload failed. ' (storage/unauthorized, storage/quota-exceeded). */
export const UPLOAD_CAUSE = {
  unauthorized: "Authentication required. Please log in again.",
  quotaExceeded: "Storage quota exceeded.",
} as const;

/** 'Upload failed. ' and one of the spec's causes. */
export const uploadFailedBecause = (cause: (typeof UPLOAD_CAUSE)[keyof typeof UPLOAD_CAUSE]) =>
  `Upload failed. ${cause}`;

export const IMAGE_DETAIL_LIMITS = { caption: 500, credit: 200 } as const;

/** A problem to show as a toast: the spec's title and its detail. */
export interface ImageProblem {
  title: string;
  message: string;
}

/**
 * The browser's quick check, before any byte is sent: the type the browser reports (from the file's
 * name) must be a raster image, and the size at most 32 MB. SVG is refused (it can carry script).
 */
export function checkImageFile(file: { type: string; size: number }): ImageProblem | null {
  if (!file.type.startsWith("image/") || file.type === "image/svg+xml")
    return { title: EDITOR_IMAGE_TEXT.invalidTypeTitle, message: EDITOR_IMAGE_TEXT.invalidType };
  if (file.size > MEDIA_LIMITS.fileBytes)
    return { title: EDITOR_IMAGE_TEXT.tooLargeTitle, message: EDITOR_IMAGE_TEXT.tooLarge };
  return null;
}

const text = (max: number, message: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(max, message));

/** What is asked for with an upload or a pick: alt text, caption and credit. */
export const imageDetailsSchema = z.object({
  alt: text(MEDIA_LIMITS.alt, MEDIA_TEXT.altTooLong),
  caption: text(IMAGE_DETAIL_LIMITS.caption, EDITOR_IMAGE_TEXT.captionTooLong),
  credit: text(IMAGE_DETAIL_LIMITS.credit, EDITOR_IMAGE_TEXT.creditTooLong),
});
export type ImageDetails = z.output<typeof imageDetailsSchema>;

/** The media item view's form. */
export const mediaDetailsSchema = imageDetailsSchema.extend({
  name: text(MEDIA_LIMITS.name, MEDIA_TEXT.nameTooLong).pipe(z.string().min(1, MEDIA_TEXT.nameRequired)),
  tags: text(MEDIA_LIMITS.tags, MEDIA_TEXT.tagsTooLong),
});
export type MediaDetails = z.output<typeof mediaDetailsSchema>;

/** The line under an image: "caption — credit", either alone when the other is empty. */
export function captionLine(caption: string, credit: string): string {
  return [caption.trim(), credit.trim()].filter(Boolean).join(" — ");
}

/** One image in the editor's library picker. */
export interface PickerImage {
  id: string;
  name: string;
  /** The original's address (the featured image field stores it; reader pages find its copies by it). */
  url: string;
  /** A small stored copy for the picker's grid. */
  thumbUrl: string;
  /** The stored copy a body image uses (the widest page copy, else the original). */
  bodyUrl: string;
  alt: string;
  caption: string;
  credit: string;
  width: number | null;
  height: number | null;
}

/** What the upload endpoint answers. */
export type UploadAnswer = { ok: true; image: PickerImage } | { ok: false; title: string; message: string };

/**
 * What the editor shows when an upload was refused. A 401 (the session ended while the editor was open)
 * is the spec's 'Authentication required. Please log in again.' for a body image, and its own
 * 'Authentication Required' text for the featured image; any other answer of ours is shown as it is;
 * answers that are not ours (the server's body limit before the route runs, a proxy's page) by status.
 */
export function uploadProblem(
  purpose: "featured" | "body",
  response: { status: number; statusText?: string },
  answer: UploadAnswer | null,
): ImageProblem {
  if (response.status === 401)
    return purpose === "featured"
      ? { title: EDITOR_IMAGE_TEXT.authTitle, message: EDITOR_IMAGE_TEXT.auth }
      : {
          title: EDITOR_IMAGE_TEXT.uploadFailedTitle,
          message: uploadFailedBecause(UPLOAD_CAUSE.unauthorized),
        };
  if (answer && !answer.ok) return { title: answer.title, message: answer.message };
  if (response.status === 413)
    return { title: EDITOR_IMAGE_TEXT.tooLargeTitle, message: EDITOR_IMAGE_TEXT.tooLarge };
  return {
    title: EDITOR_IMAGE_TEXT.uploadFailedTitle,
    message: uploadFailedMessage(`${response.status} ${response.statusText ?? ""}`.trim()),
  };
}

export const EDITOR_MEDIA_PATHS = {
  upload: "/admin/media/upload",
  picker: "/admin/media/picker",
} as const;
