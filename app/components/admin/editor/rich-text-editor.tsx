/**
 * The article body editor: TipTap in the browser, a plain textarea on the server and without
 * JavaScript, so the form always posts a `content` field. The server sanitises whatever arrives.
 */
import { useRef } from "react";
import { escapeHtml } from "#app/lib/text";
import { useFieldState } from "../use-field-state";
import { useHydrated } from "./use-hydrated";
import { TipTapEditor } from "./tiptap-editor";

interface RichTextEditorProps {
  name: string;
  /** The field's id, for its label: "content" unless a page holds two editors (live coverage's edit form). */
  id?: string;
  defaultValue: string;
  invalid?: boolean;
  describedBy?: string;
  onChange?(html: string): void;
}

export function RichTextEditor({
  name,
  id = "content",
  defaultValue,
  invalid,
  describedBy,
  onChange,
}: RichTextEditorProps) {
  const hydrated = useHydrated();
  // What was typed into the textarea before the script ran is what the rich editor opens with.
  const plainBox = useRef<HTMLDivElement>(null);
  const [html, setHtml] = useFieldState(
    defaultValue,
    plainBox,
    (box) => box.querySelector("textarea")?.value ?? defaultValue,
  );
  if (!hydrated) {
    // Markup React does not own: when it hydrates a textarea that holds text, React sets the textarea
    // back to that text (react-dom's initTextarea), which would drop what the editor typed meanwhile.
    return (
      <div
        ref={plainBox}
        dangerouslySetInnerHTML={{ __html: plainTextarea(name, id, defaultValue, invalid, describedBy) }}
      />
    );
  }
  return (
    <>
      <input type="hidden" name={name} value={html} />
      <TipTapEditor
        id={id}
        initialHtml={html}
        invalid={invalid}
        describedBy={describedBy}
        onChange={(next) => {
          setHtml(next);
          onChange?.(next);
        }}
      />
    </>
  );
}

/** The body as a plain textarea: what the form posts without JavaScript, and until the script has run. */
function plainTextarea(
  name: string,
  id: string,
  value: string,
  invalid?: boolean,
  describedBy?: string,
): string {
  const attributes = [
    `id="${escapeHtml(id)}"`,
    `name="${escapeHtml(name)}"`,
    `rows="16"`,
    invalid ? `aria-invalid="true"` : "",
    describedBy ? `aria-describedby="${escapeHtml(describedBy)}"` : "",
    `class="w-full rounded border border-gray-300 p-3 font-mono text-sm"`,
  ];
  // The HTML parser drops one newline right after <textarea>: one is added so that the text keeps its own.
  const text = value.startsWith("\n") ? `\n${value}` : value;
  return `<textarea ${attributes.filter(Boolean).join(" ")}>${escapeHtml(text)}</textarea>`;
}
