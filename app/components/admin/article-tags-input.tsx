/**
 * Tags: Enter or comma adds, Backspace on an empty input removes the last, trimmed and unique, with up
 * to 5 suggestions from the spec's list. Without JavaScript it is one comma-separated text field.
 */
import { useRef, useState } from "react";
import { normalizeTags, suggestTags } from "#app/lib/article-form/tags";
import { useHydrated } from "./editor/use-hydrated";
import { useFieldState } from "./use-field-state";

export function ArticleTagsInput({ name, defaultTags }: { name: string; defaultTags: readonly string[] }) {
  const hydrated = useHydrated();
  // Tags typed into the plain field before the script ran are the picker's first tags.
  const plainField = useRef<HTMLInputElement>(null);
  const [tags, setTags] = useFieldState<string[], HTMLInputElement>(
    normalizeTags(defaultTags),
    plainField,
    (field) => normalizeTags(field.value.split(",")),
  );
  const [typed, setTyped] = useState("");
  const suggestions = suggestTags(typed, tags);

  if (!hydrated) {
    return (
      <input
        id="tags"
        ref={plainField}
        name={name}
        defaultValue={defaultTags.join(",")}
        placeholder="Comma-separated"
        className="w-full rounded border border-gray-300 px-2 py-1.5 text-sm"
      />
    );
  }

  const add = (value: string) => {
    setTags((current) => normalizeTags([...current, ...value.split(",")]));
    setTyped("");
  };

  return (
    <div>
      <input type="hidden" name={name} value={tags.join(",")} />
      <ul aria-label="Chosen tags" className="mb-1 flex flex-wrap gap-1">
        {tags.map((tag) => (
          <li
            key={tag}
            className="flex items-center gap-1 rounded bg-blue-100 px-2 py-0.5 text-xs text-blue-900"
          >
            {tag}
            <button
              type="button"
              aria-label={`Remove tag ${tag}`}
              onClick={() => setTags((list) => list.filter((t) => t !== tag))}
              className="font-bold"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id="tags"
        value={typed}
        autoComplete="off"
        placeholder="Add a tag and press Enter"
        onChange={(event) => {
          const value = event.target.value;
          if (value.includes(",")) add(value);
          else setTyped(value);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            if (typed.trim()) add(typed);
          } else if (event.key === "Backspace" && typed === "" && tags.length > 0) {
            setTags((list) => list.slice(0, -1));
          }
        }}
        className="w-full rounded border border-gray-300 px-2 py-1.5 text-sm"
      />
      {suggestions.length > 0 ? (
        <ul aria-label="Tag suggestions" className="mt-1 flex flex-wrap gap-1">
          {suggestions.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                onClick={() => add(tag)}
                className="rounded border border-gray-300 px-2 py-0.5 text-xs hover:bg-gray-100"
              >
                {tag}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
