import Image from "@tiptap/extension-image";
import Link from "@tiptap/extension-link";
import Youtube from "@tiptap/extension-youtube";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useId, useState, type ReactNode } from "react";
import { useToast } from "#app/components/ui/toast";
import { ARTICLE_TEXT } from "#app/lib/article-form/article-text";
import { LinkDialog } from "./link-dialog";
import { ICONS } from "./toolbar-icons";
import { Figure } from "./figure-node";
import { PREVIEW_CUT_NODE, PreviewCut } from "./preview-cut-node";
import { ImageDialog } from "./image-dialog";
import { insertImage } from "./insert-image";

/** The body's image comes through the image dialog (upload, library or URL); YouTube keeps the inline prompt. */
type PromptKind = "youtube";

const PROMPT_LABELS: Record<PromptKind, string> = {
  youtube: "YouTube URL",
};

export function TipTapEditor({
  id,
  initialHtml,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  initialHtml: string;
  invalid?: boolean;
  describedBy?: string;
  onChange(html: string): void;
}) {
  const { showToast } = useToast();
  const [prompt, setPrompt] = useState<PromptKind | null>(null);
  const [promptValue, setPromptValue] = useState("");
  const [linkHref, setLinkHref] = useState<string | null>(null);
  const [isImageDialogOpen, setImageDialogOpen] = useState(false);
  // Its own id: a page may hold two editors (live coverage's post and edit forms).
  const promptId = useId();
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
      PreviewCut,
      Youtube.configure({ controls: true, nocookie: false }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": "Content",
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        // Preflight resets headings and lists; give the editing surface readable defaults.
        class:
          "min-h-72 p-3 focus:outline-none [&_blockquote]:border-l-4 [&_blockquote]:border-gray-300 [&_blockquote]:pl-3 [&_blockquote]:italic [&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-semibold [&_a]:text-blue-700 [&_a]:underline [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_img]:max-w-full [&_iframe]:aspect-video [&_iframe]:w-full [&_hr[data-preview-cut]]:my-4 [&_hr[data-preview-cut]]:border-t-4 [&_hr[data-preview-cut]]:border-dashed [&_hr[data-preview-cut]]:border-amber-500",
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
            // TipTap's history (StarterKit's undo/redo): whether there is a step to take back or again.
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  });

  const openPrompt = (kind: PromptKind) => {
    setPrompt(kind);
    setPromptValue("");
  };

  const openLinkDialog = () => {
    if (!editor) return;
    setLinkHref((editor.getAttributes("link").href as string | undefined) ?? "");
  };

  const closeLinkDialog = () => {
    setLinkHref(null);
    editor?.commands.focus();
  };

  const applyLink = (href: string) => {
    if (!editor) return;
    if (editor.state.selection.empty && !editor.isActive("link")) {
      // Nothing selected: the address itself becomes the linked text.
      const text = href.replace(/^mailto:/, "");
      editor
        .chain()
        .focus()
        .insertContent({ type: "text", text, marks: [{ type: "link", attrs: { href } }] })
        .run();
    } else editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
    setLinkHref(null);
  };

  const removeLink = () => {
    editor?.chain().focus().extendMarkRange("link").unsetLink().run();
    setLinkHref(null);
  };

  const applyPrompt = () => {
    if (!editor || !prompt) return;
    const value = promptValue.trim();
    const ok = value && editor.chain().focus().setYoutubeVideo({ src: value }).run();
    if (!ok)
      return showToast({ type: "error", title: "Invalid URL", message: ARTICLE_TEXT.invalidYoutubeUrl });
    setPrompt(null);
    setPromptValue("");
  };

  /** Places the preview's cut at the cursor, moving the story's earlier one: a story has one. */
  const placePreviewCut = () => {
    editor
      ?.chain()
      .focus()
      .command(({ tr }) => {
        const found: number[] = [];
        tr.doc.descendants((node, pos) => {
          if (node.type.name === PREVIEW_CUT_NODE) found.push(pos);
        });
        for (const pos of found.reverse()) tr.delete(pos, pos + 1);
        return true;
      })
      .insertContent({ type: PREVIEW_CUT_NODE })
      .run();
  };

  /** A toolbar button: icon and visible text, the text being its accessible name. */
  const button = (
    label: string,
    isOn: boolean | undefined,
    run: () => void,
    icon: ReactNode,
    { toggle = true, disabled = false }: { toggle?: boolean; disabled?: boolean } = {},
  ) => (
    <button
      key={label}
      type="button"
      aria-pressed={toggle ? (isOn ?? false) : undefined}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
      className={`flex items-center gap-1 rounded px-2 py-1 text-xs font-medium disabled:cursor-not-allowed disabled:opacity-40 ${isOn ? "bg-gray-800 text-white" : "text-gray-700 hover:bg-gray-200"}`}
    >
      {icon}
      <span>{label}</span>
    </button>
  );
  const separator = (key: string) => (
    <span key={key} aria-hidden="true" className="mx-0.5 w-px self-stretch bg-gray-300" />
  );

  return (
    <div className={`rounded border bg-white ${invalid ? "border-red-500" : "border-gray-300"}`}>
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap items-center gap-1 border-b border-gray-200 bg-gray-50 p-1"
      >
        {button("Undo", false, () => editor?.chain().focus().undo().run(), ICONS.undo, {
          toggle: false,
          disabled: !active?.canUndo,
        })}
        {button("Redo", false, () => editor?.chain().focus().redo().run(), ICONS.redo, {
          toggle: false,
          disabled: !active?.canRedo,
        })}
        {separator("history")}
        {button(
          "Heading 2",
          active?.h2,
          () => editor?.chain().focus().toggleHeading({ level: 2 }).run(),
          ICONS.heading2,
        )}
        {button(
          "Heading 3",
          active?.h3,
          () => editor?.chain().focus().toggleHeading({ level: 3 }).run(),
          ICONS.heading3,
        )}
        {button("Bold", active?.bold, () => editor?.chain().focus().toggleBold().run(), ICONS.bold)}
        {button("Italic", active?.italic, () => editor?.chain().focus().toggleItalic().run(), ICONS.italic)}
        {separator("blocks")}
        {button(
          "Bullet list",
          active?.bullet,
          () => editor?.chain().focus().toggleBulletList().run(),
          ICONS.bulletList,
        )}
        {button(
          "Numbered list",
          active?.ordered,
          () => editor?.chain().focus().toggleOrderedList().run(),
          ICONS.orderedList,
        )}
        {button("Quote", active?.quote, () => editor?.chain().focus().toggleBlockquote().run(), ICONS.quote)}
        {separator("inserts")}
        {button("Link", active?.link, openLinkDialog, ICONS.link)}
        {button("Image", false, () => setImageDialogOpen(true), ICONS.image, { toggle: false })}
        {button("YouTube", false, () => openPrompt("youtube"), ICONS.youtube, { toggle: false })}
        {button("Preview ends here", false, placePreviewCut, ICONS.previewCut, { toggle: false })}
      </div>
      {prompt ? (
        <div className="flex flex-wrap items-center gap-2 border-b border-gray-200 bg-amber-50 p-2">
          <label htmlFor={promptId} className="text-sm font-medium">
            {PROMPT_LABELS[prompt]}
          </label>
          <input
            id={promptId}
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
      <LinkDialog
        open={linkHref !== null}
        currentHref={linkHref ?? ""}
        onApply={applyLink}
        onRemove={removeLink}
        onClose={closeLinkDialog}
      />
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
