/**
 * The article form's rules: one schema the editor runs in the browser for quick feedback and the server
 * runs again (docs/style.md, "One schema validates on both sides"), and the problem the editor shows.
 */
import { z } from "zod";
import { ARTICLE_ACCESS, ARTICLE_STATUSES } from "#app/lib/enums";
import { SEO_FIELD_MESSAGES, seoFields, type SeoValues } from "#app/lib/article-seo";
import { formText, parseForm } from "#app/lib/form";
import { trimmedFormText } from "#app/lib/form-fields";
import { stripHtml } from "#app/lib/text";
import { EDITION_TAG_PATTERN } from "#app/lib/editions";
import { ARTICLE_TEXT } from "./article-text";
import { TRANSLATION_TEXT } from "./translation-text";
import { isValidSlug, SLUG_TEXT } from "./slug-rules";
import { normalizeTags } from "./tags";

const HTTP_URL = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;
const YOUTUBE_URL =
  /^https?:\/\/(www\.|m\.)?(youtube\.com\/(watch\?v=|embed\/|shorts\/)|youtu\.be\/)[\w-]{6,}/i;

const isHttpUrl = (value: string) => {
  if (!HTTP_URL.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};

/** A path on this site ("/media/abc.jpg"), not a protocol-relative address ("//elsewhere.example"). */
const isSitePath = (value: string) => /^\/(?![/\\])\S*$/.test(value);

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

/** The largest article body, as HTML (UTF-8 bytes). */
export const ARTICLE_CONTENT_MAX_BYTES = 1024 * 1024;

const articleInput = z
  .object({
    title: z.preprocess((v) => formText(v).trim(), z.string().min(1, "missingTitle").max(300)),
    content: z
      .string()
      .refine((html) => stripHtml(html).length > 0, "missingContent")
      // A bound on what every reader downloads and every save stores (a 4.8 MB body was accepted once).
      .refine(
        (html) =>
          html.length <= ARTICLE_CONTENT_MAX_BYTES / 3 ||
          new TextEncoder().encode(html).length <= ARTICLE_CONTENT_MAX_BYTES,
        "contentTooLong",
      ),
    excerpt: trimmedFormText(500),
    status: z.enum(ARTICLE_STATUSES).catch("draft"),
    authorName: trimmedFormText(100),
    categoryId: trimmedFormText(100),
    tags: z.preprocess(
      (v) => normalizeTags(typeof v === "string" ? v.split(",") : Array.isArray(v) ? v.map(String) : []),
      z.array(z.string()),
    ),
    // A path on this site too: the sample stories' pictures and imported images are stored that way, and
    // an article that holds one must save again unchanged.
    imageUrl: trimmedFormText(2048).refine(
      (v) => v === "" || isHttpUrl(v) || isSitePath(v),
      "invalidImageUrl",
    ),
    youtubeUrl: trimmedFormText(2048).refine((v) => v === "" || YOUTUBE_URL.test(v), "invalidYoutubeUrl"),
    useManualDate: checkbox,
    manualDate: trimmedFormText(10),
    /** `YYYY-MM-DDTHH:mm` in the site's timezone; the server converts it and checks it is ahead. */
    scheduledAt: trimmedFormText(16).optional(),
    featured: checkbox,
    isTopStory: checkbox,
    /** Who reads the story in full (decision record 021); absent (an older caller): what is stored stays. */
    access: z.enum(ARTICLE_ACCESS).optional(),
    ...seoFields,
    /**
     * The edition the story is in (decision record 022, point 3); absent or empty: what is stored stays (a
     * new story goes to the main edition). The server checks that it is an edition its family has not used.
     */
    language: z.preprocess(
      (v) => formText(v).trim().toLowerCase() || undefined,
      z.string().regex(EDITION_TAG_PATTERN, "invalidLanguage").optional(),
    ),
    /** Empty: keep the current slug (a new story's comes from its title). */
    slug: trimmedFormText(200).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.slug && !isValidSlug(value.slug)) {
      ctx.addIssue({ code: "custom", path: ["slug"], message: "invalidSlug" });
    }
    if (value.useManualDate && Number.isNaN(Date.parse(`${value.manualDate}T00:00:00Z`))) {
      ctx.addIssue({ code: "custom", path: ["manualDate"], message: "invalidDate" });
    }
  });
/**
 * The validated form. The search-and-sharing overrides are optional for callers that build an input
 * themselves (a restore of a revision saved before they existed): absent keeps what is stored.
 */
export type ArticleInput = Omit<z.infer<typeof articleInput>, keyof SeoValues> & Partial<SeoValues>;

type ArticleField = keyof ArticleInput;
export type ArticleFieldErrors = Partial<Record<ArticleField, string>>;

const FIELD_MESSAGES: Record<string, string> = {
  missingTitle: ARTICLE_TEXT.missingTitle,
  missingContent: ARTICLE_TEXT.missingContent,
  contentTooLong: ARTICLE_TEXT.contentTooLong,
  invalidImageUrl: ARTICLE_TEXT.invalidImageUrl,
  invalidYoutubeUrl: ARTICLE_TEXT.invalidYoutubeUrl,
  invalidDate: ARTICLE_TEXT.invalidDate,
  invalidLanguage: TRANSLATION_TEXT.notAnEdition,
  ...SEO_FIELD_MESSAGES,
  invalidSlug: SLUG_TEXT.invalid,
};

export interface FormProblem {
  title: string;
  message: string;
}

type ArticleParse =
  { ok: true; data: ArticleInput } | { ok: false; fieldErrors: ArticleFieldErrors; problem: FormProblem };

/** Parses the article form; the toast names the most basic problem first (title, then content). */
export function parseArticleForm(values: Record<string, unknown>): ArticleParse {
  const parsed = parseForm(articleInput, {
    ...values,
    content: formText(values.content),
  });
  if (parsed.ok) return parsed;
  // The schema names its problems by key (missingTitle, ...); the form shows the spec's texts.
  const fieldErrors: ArticleFieldErrors = {};
  for (const [field, key] of Object.entries(parsed.fieldErrors)) {
    fieldErrors[field as ArticleField] = FIELD_MESSAGES[key] ?? "Please check this field.";
  }
  const problem = fieldErrors.title
    ? { title: ARTICLE_TEXT.missingTitleTitle, message: ARTICLE_TEXT.missingTitle }
    : fieldErrors.content === ARTICLE_TEXT.contentTooLong
      ? { title: ARTICLE_TEXT.contentTooLongTitle, message: ARTICLE_TEXT.contentTooLong }
      : fieldErrors.content
        ? { title: ARTICLE_TEXT.missingContentTitle, message: ARTICLE_TEXT.missingContent }
        : {
            title: "Please check the form",
            message: Object.values(fieldErrors)[0] ?? ARTICLE_TEXT.updateFailed,
          };
  return { ok: false, fieldErrors, problem };
}
