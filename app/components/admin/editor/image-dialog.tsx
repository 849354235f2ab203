/**
 * The image dialog of the article editor, for the featured image and for the body's Image button: upload
 * a file, choose one from the media library, or give a URL. Alt text is asked for; a caption and a credit
 * can be set (kept with an upload, shown under the image on the article page). The browser checks type
 * and size before sending (the spec's 'Invalid File Type' and 'File Too Large'); the server checks again
 * by content (/admin/media/upload, app/routes/resources/media-upload.ts).
 *
 * Drawn into document.body: the article form around the caller must neither post these fields nor be
 * submitted by Enter in them.
 */
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useToast } from "#app/components/ui/toast";
import {
  checkImageFile,
  EDITOR_IMAGE_TEXT,
  EDITOR_MEDIA_PATHS,
  IMAGE_DETAIL_LIMITS,
  uploadFailedMessage,
  uploadProblem,
  type PickerImage,
  type UploadAnswer,
} from "#app/domain/media/editor-image-rules";
import { MEDIA_LIMITS } from "#app/domain/media/media-rules";
import { ARTICLE_TEXT } from "#app/lib/article-form/article-text";
import type { ChosenImage } from "./insert-image";
import { MediaPicker } from "./media-picker";

type Mode = "upload" | "library" | "url";

const MODES: Array<{ mode: Mode; label: string }> = [
  { mode: "upload", label: "Upload" },
  { mode: "library", label: "Media library" },
  { mode: "url", label: "URL" },
];

export interface ImageDialogProps {
  open: boolean;
  /** The featured image keeps the original's address (reader pages find its copies by it); the body a copy. */
  purpose: "featured" | "body";
  onClose(): void;
  onChoose(image: ChosenImage, how: Mode): void;
}

const fieldClass = "w-full rounded border border-gray-300 px-2 py-1.5 text-sm disabled:bg-gray-100";

/** A URL the browser can parse as http(s), or null. */
function httpUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Sends the file; the stored image, or null after showing the spec's text for what went wrong. */
async function sendFile(
  purpose: ImageDialogProps["purpose"],
  file: File,
  details: { alt: string; caption: string; credit: string },
  showError: (title: string, message: string) => void,
): Promise<PickerImage | null> {
  const body = new FormData();
  body.set("file", file);
  body.set("alt", details.alt);
  body.set("caption", details.caption);
  body.set("credit", details.credit);
  let response: Response;
  try {
    response = await fetch(EDITOR_MEDIA_PATHS.upload, {
      method: "POST",
      body,
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
  } catch (error) {
    showError(
      EDITOR_IMAGE_TEXT.uploadFailedTitle,
      uploadFailedMessage(error instanceof Error ? error.message : String(error)),
    );
    return null;
  }
  const answer = (await response.json().catch(() => null)) as UploadAnswer | null;
  if (answer?.ok) return answer.image;
  const problem = uploadProblem(purpose, response, answer);
  showError(problem.title, problem.message);
  return null;
}

export function ImageDialog({ open, purpose, onClose, onChoose }: ImageDialogProps) {
  const { showToast } = useToast();
  const ref = useRef<HTMLDialogElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<Mode>("upload");
  const [file, setFile] = useState<File | null>(null);
  const [picked, setPicked] = useState<PickerImage | null>(null);
  const [url, setUrl] = useState("");
  const [alt, setAlt] = useState("");
  const [caption, setCaption] = useState("");
  const [credit, setCredit] = useState("");
  const [busy, setBusy] = useState(false);
  const isFeatured = purpose === "featured";
  const title = isFeatured ? "Featured image" : "Insert image";

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    setMode("upload");
    setFile(null);
    setPicked(null);
    setUrl("");
    setAlt("");
    setCaption("");
    setCredit("");
    setBusy(false);
  }, [open]);

  if (typeof document === "undefined") return null;

  const showError = (problemTitle: string, message: string) =>
    showToast({ type: "error", title: problemTitle, message });

  const pickFile = (chosen: File | null) => {
    if (!chosen) return setFile(null);
    const problem = checkImageFile(chosen);
    if (problem) {
      showError(problem.title, problem.message);
      if (fileInput.current) fileInput.current.value = "";
      return setFile(null);
    }
    setFile(chosen);
  };

  const choose = (image: PickerImage, how: Mode) =>
    onChoose(
      {
        // The upload's path: the site's address may change (PUBLIC_URL, Site URL); pages make it absolute.
        src: isFeatured ? image.url : image.bodyUrl,
        alt: image.alt,
        caption: image.caption,
        credit: image.credit,
        isExternal: false,
      },
      how,
    );

  const submit = async () => {
    if (busy) return;
    if (mode === "upload") {
      if (!file) return showError(EDITOR_IMAGE_TEXT.invalidTypeTitle, EDITOR_IMAGE_TEXT.invalidType);
      setBusy(true);
      const image = await sendFile(purpose, file, { alt, caption, credit }, showError);
      setBusy(false);
      if (image) choose(image, "upload");
    } else if (mode === "library") {
      if (!picked) return showError("No image chosen", "Please choose an image from the library.");
      // A body image carries its own caption; the featured image shows the library item's.
      if (isFeatured) choose(picked, "library");
      else onChoose({ src: picked.bodyUrl, alt, caption, credit, isExternal: false }, "library");
    } else {
      const value = url.trim();
      if (!value) return showError(ARTICLE_TEXT.urlRequiredTitle, ARTICLE_TEXT.urlRequired);
      const src = httpUrl(value);
      if (!src) return showError(ARTICLE_TEXT.invalidUrlTitle, ARTICLE_TEXT.invalidUrl);
      onChoose({ src, alt, caption, credit, isExternal: true }, "url");
    }
  };

  const detailsLocked = isFeatured && mode === "library";
  const showDetails = !(isFeatured && mode === "url");
  const noEnter = (event: React.KeyboardEvent) => {
    if (event.key === "Enter" && !(event.target instanceof HTMLTextAreaElement)) {
      event.preventDefault();
      void submit();
    }
  };

  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby="image-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto max-h-[calc(100dvh-1rem)] w-[min(44rem,calc(100vw-1rem))] overflow-y-auto rounded-lg p-0 shadow-xl backdrop:bg-black/40"
    >
      {open ? (
        <div className="space-y-3 p-4 sm:p-5" onKeyDown={noEnter}>
          <h2 id="image-dialog-title" className="text-lg font-semibold">
            {title}
          </h2>
          <div role="group" aria-label="Image source" className="flex flex-wrap gap-1">
            {MODES.map((m) => (
              <button
                key={m.mode}
                type="button"
                aria-pressed={mode === m.mode}
                onClick={() => setMode(m.mode)}
                className={`rounded px-3 py-1.5 text-sm font-medium ${mode === m.mode ? "bg-gray-800 text-white" : "border border-gray-300 bg-white hover:bg-gray-50"}`}
              >
                {m.label}
              </button>
            ))}
          </div>

          {mode === "upload" ? (
            <div>
              <label htmlFor="image-dialog-file" className="mb-1 block text-sm font-medium">
                Image file
              </label>
              <input
                id="image-dialog-file"
                ref={fileInput}
                type="file"
                accept="image/*"
                onChange={(event) => pickFile(event.target.files?.[0] ?? null)}
                className="block w-full text-sm"
              />
              <p className="mt-1 text-xs text-gray-500">JPEG, PNG, GIF, WebP or AVIF, up to 32 MB.</p>
            </div>
          ) : null}

          {mode === "library" ? (
            <MediaPicker
              selectedId={picked?.id ?? null}
              onSelect={(image) => {
                setPicked(image);
                setAlt(image.alt);
                setCaption(image.caption);
                setCredit(image.credit);
              }}
            />
          ) : null}

          {mode === "url" ? (
            <div>
              <label htmlFor="image-dialog-url" className="mb-1 block text-sm font-medium">
                Image URL
              </label>
              <input
                id="image-dialog-url"
                type="text"
                inputMode="url"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                placeholder="https://"
                className={fieldClass}
              />
            </div>
          ) : null}

          {showDetails ? (
            <div className="grid gap-2 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <label htmlFor="image-dialog-alt" className="mb-1 block text-sm font-medium">
                  Alt text
                </label>
                <input
                  id="image-dialog-alt"
                  value={alt}
                  maxLength={MEDIA_LIMITS.alt}
                  disabled={detailsLocked}
                  onChange={(event) => setAlt(event.target.value)}
                  placeholder="What the image shows, for readers who cannot see it"
                  className={fieldClass}
                />
              </div>
              <div>
                <label htmlFor="image-dialog-caption" className="mb-1 block text-sm font-medium">
                  Caption
                </label>
                <input
                  id="image-dialog-caption"
                  value={caption}
                  maxLength={IMAGE_DETAIL_LIMITS.caption}
                  disabled={detailsLocked}
                  onChange={(event) => setCaption(event.target.value)}
                  className={fieldClass}
                />
              </div>
              <div>
                <label htmlFor="image-dialog-credit" className="mb-1 block text-sm font-medium">
                  Credit
                </label>
                <input
                  id="image-dialog-credit"
                  value={credit}
                  maxLength={IMAGE_DETAIL_LIMITS.credit}
                  disabled={detailsLocked}
                  onChange={(event) => setCredit(event.target.value)}
                  className={fieldClass}
                />
              </div>
              {detailsLocked && picked ? (
                <p className="text-xs text-gray-600 sm:col-span-2">
                  The featured image shows the library item&apos;s alt text, caption and credit.{" "}
                  <a
                    href={`/admin/media/${picked.id}`}
                    target="_blank"
                    rel="noreferrer"
                    className="text-brand-700 underline"
                  >
                    Edit them in the media library
                  </a>
                  .
                </p>
              ) : null}
            </div>
          ) : null}

          <div className="flex flex-wrap justify-end gap-2 pt-1">
            <button
              type="button"
              onClick={onClose}
              className="rounded border border-gray-300 px-4 py-1.5 text-sm font-medium hover:bg-gray-50"
            >
              Cancel
            </button>
            <button
              type="button"
              onClick={() => void submit()}
              disabled={busy}
              className="rounded bg-brand-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
            >
              {busy ? "Uploading..." : isFeatured ? "Use image" : "Insert image"}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>,
    document.body,
  );
}
