/**
 * An article's "Search & sharing" overrides: the title and description that search results and link
 * previews show instead of the headline and summary (decision record 007). Empty means "use the story's
 * own". Shared by the form (labels, counters) and the server (the rule that counts); the limits are
 * the columns' (articles.seo_title 120, seo_description 300).
 */
import { z } from "zod";
import { formText } from "./form";

export const SEO_LIMITS = { title: 120, description: 300 } as const;

export const SEO_TEXT = {
  sectionTitle: "Search & sharing",
  sectionHint:
    "Optional: how the story appears in search results and when shared. Leave empty to use the title and excerpt.",
  titleLabel: "SEO title",
  titleHint: "Shown instead of the article title in search results, browser tabs and link previews.",
  descriptionLabel: "SEO description",
  descriptionHint: "Shown instead of the excerpt under the title in search results and link previews.",
  titleTooLong: `Please keep the SEO title to ${SEO_LIMITS.title} characters or fewer.`,
  descriptionTooLong: `Please keep the SEO description to ${SEO_LIMITS.description} characters or fewer.`,
  counter: (length: number, max: number) =>
    length > max ? `${length}/${max}: ${length - max} too many` : `${length}/${max}`,
} as const;

/** One line of text: surrounding space trimmed, runs of whitespace (a pasted line break) made one space. */
const oneLine = (value: unknown) => formText(value).replace(/\s+/g, " ").trim();

/** The form fields, spread into the article form's schema; problems are named by key (see SEO_FIELD_MESSAGES). */
export const seoFields = {
  seoTitle: z.preprocess(oneLine, z.string().max(SEO_LIMITS.title, "seoTitleTooLong")),
  seoDescription: z.preprocess(oneLine, z.string().max(SEO_LIMITS.description, "seoDescriptionTooLong")),
};

export const SEO_FIELD_MESSAGES: Record<string, string> = {
  seoTitleTooLong: SEO_TEXT.titleTooLong,
  seoDescriptionTooLong: SEO_TEXT.descriptionTooLong,
};

export interface SeoValues {
  seoTitle: string;
  seoDescription: string;
}

/** What the form shows: exactly what was typed (after a failed save) or what is stored. */
export function seoValuesOf(values: Record<string, unknown>): SeoValues {
  const text = (key: string) => formText(values[key]);
  return { seoTitle: text("seoTitle"), seoDescription: text("seoDescription") };
}
