/**
 * The article body editor: TipTap in the browser, a plain textarea on the server and without
 * JavaScript, so the form always posts a `content` field. The server sanitises whatever arrives.
 */
import { useRef } from "react";
import { useFieldState } from "../use-field-state";
import { useHydrated } from "./use-hydrated";
import { TipTapEditor } from "./tiptap-editor";

interface RichTextEditorProps {
  name: string;
  defaultValue: string;
  invalid?: boolean;
  describedBy?: string;
  onChange?(html: string): void;
}

export function RichTextEditor({ name, defaultValue, invalid, describedBy, onChange }: RichTextEditorProps) {
  const hydrated = useHydrated();
  // What was typed into the textarea before the script ran is what the rich editor opens with.
  const plainField = useRef<HTMLTextAreaElement>(null);
  const [html, setHtml] = useFieldState(defaultValue, plainField);
  if (!hydrated) {
    return (
      <textarea
        id="content"
        ref={plainField}
        name={name}
        defaultValue={defaultValue}
        rows={16}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className="w-full rounded border border-gray-300 p-3 font-mono text-sm"
      />
    );
  }
  return (
    <>
      <input type="hidden" name={name} value={html} />
      <TipTapEditor
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
