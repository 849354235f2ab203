/**
 * Putting a chosen image into the article body, with the spec's texts: 'Image Added!', 'Content Update
 * Issue' when the image is not in the content afterwards, 'Editor Error' when there is no editor to put it
 * in, and for an image by URL 'Image Load Failed' (the image comes out again when the browser cannot load it).
 */
import type { Editor } from "@tiptap/core";
import type { Toast } from "#app/components/ui/toast";
import { captionLine, EDITOR_IMAGE_TEXT } from "#app/domain/media/editor-image-rules";
import { ARTICLE_TEXT } from "#app/lib/article-form/article-text";

export interface ChosenImage {
  src: string;
  alt: string;
  caption: string;
  credit: string;
  /** An image by URL is checked by loading it; a stored upload is known to exist. */
  isExternal: boolean;
}

type ShowToast = (toast: Toast) => void;

const IMAGE_NODES = ["image", "figure"];

function positionsOf(editor: Editor, src: string) {
  const found: Array<{ from: number; to: number }> = [];
  editor.state.doc.descendants((node, pos) => {
    if (IMAGE_NODES.includes(node.type.name) && node.attrs.src === src)
      found.push({ from: pos, to: pos + node.nodeSize });
  });
  return found;
}

/** Inserts the image (as a figure when it has a caption or a credit); whether it is in the content. */
export function insertImage(editor: Editor | null, image: ChosenImage, showToast: ShowToast): boolean {
  if (!editor || editor.isDestroyed) {
    showToast({
      type: "error",
      title: EDITOR_IMAGE_TEXT.editorErrorTitle,
      message: EDITOR_IMAGE_TEXT.editorError,
    });
    return false;
  }
  const caption = captionLine(image.caption, image.credit);
  const chain = editor.chain().focus();
  if (caption) chain.insertContent({ type: "figure", attrs: { src: image.src, alt: image.alt, caption } });
  else chain.setImage({ src: image.src, alt: image.alt });
  chain.run();
  if (positionsOf(editor, image.src).length === 0) {
    showToast({
      type: "warning",
      title: EDITOR_IMAGE_TEXT.contentIssueTitle,
      message: EDITOR_IMAGE_TEXT.contentIssue,
    });
    return false;
  }
  showToast({ type: "success", title: EDITOR_IMAGE_TEXT.addedTitle });
  if (image.isExternal) {
    const probe = new window.Image();
    probe.onerror = () => {
      const tr = editor.state.tr;
      for (const { from, to } of positionsOf(editor, image.src).reverse()) tr.delete(from, to);
      editor.view.dispatch(tr);
      showToast({
        type: "error",
        title: ARTICLE_TEXT.imageLoadFailedTitle,
        message: ARTICLE_TEXT.imageLoadFailed,
      });
    };
    probe.src = image.src;
  }
  return true;
}
