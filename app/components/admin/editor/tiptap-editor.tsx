import Image from "@tiptap/extension-image";
import Link from "@tiptap/extension-link";
import Youtube from "@tiptap/extension-youtube";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useState, type ReactNode } from "react";
import { useToast } from "#app/components/ui/toast";
import { ARTICLE_TEXT } from "#app/lib/article-form";
import { Figure } from "./figure-node";
import { ImageDialog } from "./image-dialog";
import { insertImage } from "./insert-image";

type PromptKind = "link" | "image" | "youtube";

const PROMPT_LABELS: Record<PromptKind, string> = {
  link: "Link URL",
  image: "Image URL",
  youtube: "YouTube URL",
};

/** A URL the browser can parse as http(s); anything else is an 'Invalid URL'. */
function parseHttpUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Removes every image node with this source (after it failed to load). */
function removeImage(editor: Editor, src: string) {
  const positions: Array<{ from: number; to: number }> = [];
  editor.state.doc.descendants((node, pos) => {
    if (node.type.name === "image" && node.attrs.src === src)
      positions.push({ from: pos, to: pos + node.nodeSize });
  });
  if (positions.length === 0) return;
  const tr = editor.state.tr;
  for (const { from, to } of positions.reverse()) tr.delete(from, to);
  editor.view.dispatch(tr);
}

export function TipTapEditor({
  initialHtml,
  invalid,
  describedBy,
  onChange,
}: {
  initialHtml: string;
  invalid?: boolean;
  describedBy?: string;
  onChange(html: string): void;
}) {
  const { showToast } = useToast();
  const [prompt, setPrompt] = useState<PromptKind | null>(null);
  const [promptValue, setPromptValue] = useState("");
  const [isImageDialogOpen, setImageDialogOpen] = useState(false);
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: false }),
      Link.configure({
        openOnClick: false,
        protocols: ["http", "https", "mailto"],
        defaultProtocol: "https",
      }),
      Image.configure({ inline: false }),
      Figure,
      Youtube.configure({ controls: true, nocookie: false }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        id: "content",
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": "Content",
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        // Preflight resets headings and lists; give the editing surface readable defaults.
        class:
          "min-h-72 p-3 focus:outline-none [&_blockquote]:border-l-4 [&_blockquote]:border-gray-300 [&_blockquote]:pl-3 [&_blockquote]:italic [&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-semibold [&_a]:text-blue-700 [&_a]:underline [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_img]:max-w-full [&_iframe]:aspect-video [&_iframe]:w-full",
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive("bold"),
            italic: e.isActive("italic"),
            h2: e.isActive("heading", { level: 2 }),
            h3: e.isActive("heading", { level: 3 }),
            bullet: e.isActive("bulletList"),
            ordered: e.isActive("orderedList"),
            quote: e.isActive("blockquote"),
            link: e.isActive("link"),
          }
        : null,
  });

  const openPrompt = (kind: PromptKind) => {
    setPrompt(kind);
    setPromptValue(kind === "link" ? ((editor?.getAttributes("link").href as string | undefined) ?? "") : "");
  };

  const applyPrompt = () => {
    if (!editor || !prompt) return;
    const value = promptValue.trim();
    if (prompt === "image") {
      if (!value)
        return showToast({
          type: "error",
          title: ARTICLE_TEXT.urlRequiredTitle,
          message: ARTICLE_TEXT.urlRequired,
        });
      const src = parseHttpUrl(value);
      if (!src)
        return showToast({
          type: "error",
          title: ARTICLE_TEXT.invalidUrlTitle,
          message: ARTICLE_TEXT.invalidUrl,
        });
      editor.chain().focus().setImage({ src }).run();
      // The image goes in at once; if the browser cannot load it, it comes out again with the spec's message.
      const probe = new window.Image();
      probe.onerror = () => {
        removeImage(editor, src);
        showToast({
          type: "error",
          title: ARTICLE_TEXT.imageLoadFailedTitle,
          message: ARTICLE_TEXT.imageLoadFailed,
        });
      };
      probe.src = src;
    } else if (prompt === "link") {
      if (!value) editor.chain().focus().extendMarkRange("link").unsetLink().run();
      else {
        const href = parseHttpUrl(value) ?? (value.startsWith("mailto:") ? value : null);
        if (!href)
          return showToast({ type: "error", title: "Invalid URL", message: "Please enter a valid link URL" });
        editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
      }
    } else {
      const ok = value && editor.chain().focus().setYoutubeVideo({ src: value }).run();
      if (!ok)
        return showToast({ type: "error", title: "Invalid URL", message: ARTICLE_TEXT.invalidYoutubeUrl });
    }
    setPrompt(null);
    setPromptValue("");
  };

  const button = (label: string, isOn: boolean | undefined, run: () => void, content: ReactNode = label) => (
    <button
      key={label}
      type="button"
      aria-label={label}
      aria-pressed={isOn ?? false}
      title={label}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
      className={`rounded px-2 py-1 text-sm ${isOn ? "bg-gray-800 text-white" : "text-gray-700 hover:bg-gray-200"}`}
    >
      {content}
    </button>
  );

  return (
    <div className={`rounded border bg-white ${invalid ? "border-red-500" : "border-gray-300"}`}>
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap gap-1 border-b border-gray-200 bg-gray-50 p-1"
      >
        {button(
          "Heading 2",
          active?.h2,
          () => editor?.chain().focus().toggleHeading({ level: 2 }).run(),
          "H2",
        )}
        {button(
          "Heading 3",
          active?.h3,
          () => editor?.chain().focus().toggleHeading({ level: 3 }).run(),
          "H3",
        )}
        {button("Bold", active?.bold, () => editor?.chain().focus().toggleBold().run(), <strong>B</strong>)}
        {button("Italic", active?.italic, () => editor?.chain().focus().toggleItalic().run(), <em>I</em>)}
        {button(
          "Bullet list",
          active?.bullet,
          () => editor?.chain().focus().toggleBulletList().run(),
          "• List",
        )}
        {button(
          "Numbered list",
          active?.ordered,
          () => editor?.chain().focus().toggleOrderedList().run(),
          "1. List",
        )}
        {button("Quote", active?.quote, () => editor?.chain().focus().toggleBlockquote().run(), "❝ Quote")}
        {button("Link", active?.link, () => openPrompt("link"))}
        {button("Image", false, () => setImageDialogOpen(true))}
        {button("YouTube", false, () => openPrompt("youtube"))}
      </div>
      {prompt ? (
        <div className="flex flex-wrap items-center gap-2 border-b border-gray-200 bg-amber-50 p-2">
          <label htmlFor="editor-url" className="text-sm font-medium">
            {PROMPT_LABELS[prompt]}
          </label>
          <input
            id="editor-url"
            type="text"
            inputMode="url"
            autoFocus
            value={promptValue}
            onChange={(event) => setPromptValue(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                applyPrompt();
              }
              if (event.key === "Escape") setPrompt(null);
            }}
            placeholder="https://"
            className="min-w-0 flex-1 rounded border border-gray-300 px-2 py-1 text-sm"
          />
          <button
            type="button"
            onClick={applyPrompt}
            className="rounded bg-brand-700 px-3 py-1 text-sm font-medium text-white"
          >
            Insert
          </button>
          <button
            type="button"
            onClick={() => setPrompt(null)}
            className="rounded border border-gray-300 px-3 py-1 text-sm"
          >
            Cancel
          </button>
        </div>
      ) : null}
      <EditorContent editor={editor} />
      {isImageDialogOpen ? (
        <ImageDialog
          open
          purpose="body"
          onClose={() => setImageDialogOpen(false)}
          onChoose={(image) => {
            setImageDialogOpen(false);
            insertImage(editor, image, showToast);
          }}
        />
      ) : null}
    </div>
  );
}
