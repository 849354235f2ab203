/**
 * The article form's collapsible "Search & sharing" section: the SEO title and description that replace
 * the headline and excerpt in search results and link previews. A plain <details>, so it opens without
 * JavaScript; open from the start when it holds something or a problem. The counters follow typing once
 * the back office has hydrated; the server checks the limits again (app/lib/article-seo.ts).
 */
import { useRef } from "react";
import { useFieldState } from "./use-field-state";
import { SEO_LIMITS, SEO_TEXT, type SeoValues } from "#app/lib/article-seo";

interface ArticleSeoFieldsProps {
  values: SeoValues;
  errors: Partial<Record<keyof SeoValues, string>>;
}

const fieldClass = (invalid: boolean) =>
  `w-full rounded border px-2 py-1.5 text-sm ${invalid ? "border-red-500" : "border-gray-300"}`;

function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <span id={id} className={`text-xs ${length > max ? "font-medium text-red-700" : "text-gray-500"}`}>
      {SEO_TEXT.counter(length, max)}
    </span>
  );
}

export function ArticleSeoFields({ values, errors }: ArticleSeoFieldsProps) {
  const titleField = useRef<HTMLInputElement>(null);
  const descriptionField = useRef<HTMLTextAreaElement>(null);
  const [title, setTitle] = useFieldState(values.seoTitle, titleField);
  const [description, setDescription] = useFieldState(values.seoDescription, descriptionField);
  const open = !!(values.seoTitle || values.seoDescription || errors.seoTitle || errors.seoDescription);
  const describedBy = (field: keyof SeoValues, hint: string, counter: string) =>
    [errors[field] ? `${field}-error` : "", hint, counter].filter(Boolean).join(" ");
  return (
    <details open={open} className="rounded border border-gray-200 bg-white p-3">
      <summary className="cursor-pointer text-sm font-semibold">{SEO_TEXT.sectionTitle}</summary>
      <p className="mt-1 text-xs text-gray-600">{SEO_TEXT.sectionHint}</p>

      <div className="mt-3 flex items-baseline justify-between gap-2">
        <label htmlFor="seoTitle" className="block text-sm font-medium">
          {SEO_TEXT.titleLabel}
        </label>
        <Counter id="seoTitle-count" length={title.trim().length} max={SEO_LIMITS.title} />
      </div>
      <input
        id="seoTitle"
        name="seoTitle"
        ref={titleField}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        aria-invalid={errors.seoTitle ? true : undefined}
        aria-describedby={describedBy("seoTitle", "seoTitle-hint", "seoTitle-count")}
        className={fieldClass(!!errors.seoTitle)}
      />
      <p id="seoTitle-hint" className="mt-1 text-xs text-gray-500">
        {SEO_TEXT.titleHint}
      </p>
      {errors.seoTitle ? (
        <p id="seoTitle-error" className="mt-1 text-sm text-red-700">
          {errors.seoTitle}
        </p>
      ) : null}

      <div className="mt-3 flex items-baseline justify-between gap-2">
        <label htmlFor="seoDescription" className="block text-sm font-medium">
          {SEO_TEXT.descriptionLabel}
        </label>
        <Counter id="seoDescription-count" length={description.trim().length} max={SEO_LIMITS.description} />
      </div>
      <textarea
        id="seoDescription"
        name="seoDescription"
        rows={3}
        ref={descriptionField}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        aria-invalid={errors.seoDescription ? true : undefined}
        aria-describedby={describedBy("seoDescription", "seoDescription-hint", "seoDescription-count")}
        className={fieldClass(!!errors.seoDescription)}
      />
      <p id="seoDescription-hint" className="mt-1 text-xs text-gray-500">
        {SEO_TEXT.descriptionHint}
      </p>
      {errors.seoDescription ? (
        <p id="seoDescription-error" className="mt-1 text-sm text-red-700">
          {errors.seoDescription}
        </p>
      ) : null}
    </details>
  );
}
