/**
 * The back office's newsroom forms : articles, categories and the
 * admin list searches. Shared by the browser (quick feedback) and the server (the rule that counts).
 */
import { z } from "zod";
import { ARTICLE_STATUSES, type ArticleStatus } from "#app/lib/enums";
import { SEO_FIELD_MESSAGES, seoFields, seoValuesOf, type SeoValues } from "./article-seo";
import { parseForm } from "./form";
import { categorySlug } from "./slug";
import { stripHtml } from "./text";
import { instantToZonedTime } from "./zoned-time";

export const ARTICLE_TEXT = {
  missingTitleTitle: "Missing Title",
  missingTitle: "Please enter a title for the article.",
  missingContentTitle: "Missing Content",
  missingContent: "Please enter content for the article.",
  contentTooLongTitle: "Article Too Long",
  contentTooLong:
    "The article is too long: its text and markup come to more than 1 MB. Please shorten it or split it into parts (images are uploaded separately and do not count).",
  createdTitle: "Article Created!",
  created: "Your article has been successfully created and saved.",
  creationFailedTitle: "Creation Failed",
  creationPermission: "Permission denied. Please check your authentication.",
  creationQuota: "Storage quota exceeded. Please contact support.",
  creationTooLarge: "Article content is too large. Please reduce the number of images.",
  creationFailed: "Error creating article. Please try again.",
  updated: "Article updated successfully!",
  updateFailed: "Error updating article. Please try again.",
  deleteConfirm: "Are you sure you want to delete this article? This action cannot be undone.",
  deletedTitle: "Article Deleted!",
  deletionFailedTitle: "Deletion Failed",
  deletionFailed: "Error deleting article. Please try again.",
  loading: "Loading article data...",
  deleteManyFailed: "Failed to delete articles. Please try again.",
  deleteOneFailed: "Failed to delete article. Please try again.",
  unpublishFailed: "Failed to unpublish article. Please try again.",
  featuredFailed: "Failed to update article featured status. Please try again.",
  publishFailed: "Failed to publish article. Please try again.",
  topStoryFailed: "Failed to update Top Story status. Please try again.",
  bulkFailed: "Failed to perform bulk action. Please try again.",
  unpublishConfirm: "Are you sure you want to unpublish this article? It will be moved to drafts.",
  invalidImageUrl:
    "Please enter a valid image URL (http or https, or a path on this site such as /media/...).",
  invalidYoutubeUrl: "Please enter a valid YouTube link.",
  invalidCategory: "Please choose a category from the list.",
  invalidDate: "Please enter a valid date.",
  urlRequiredTitle: "URL Required",
  urlRequired: "Please enter an image URL",
  invalidUrlTitle: "Invalid URL",
  invalidUrl: "Please enter a valid image URL",
  imageLoadFailedTitle: "Image Load Failed",
  imageLoadFailed: "The image could not be loaded. Please check the URL and try again.",
  submittedForReview: "Submitted for review: an editor will publish it.",
  scheduleMissing: "Please choose the date and time to publish at.",
  schedulePast: "The publish time must be in the future.",
  scheduled: "Scheduled: it goes live on its own at the time set.",
  // What a deliberate save did, said under the spec's "Article updated successfully!" (and in the editor
  // after the toast has gone): the toast alone did not tell publishing from saving.
  publishedNow: "Published: readers can see it now.",
  changesSaved: "Changes saved: readers see them now.",
  draftSaved: "Draft saved: readers cannot see it.",
  movedToDrafts: "Moved to drafts: readers no longer see it.",
  pendingSaved: "Changes saved: the story still waits for review.",
} as const;

/** The article's "URL slug" field (its address, /article/<slug>). */
export const SLUG_TEXT = {
  invalid: "The URL slug may contain only lower-case letters, digits and dashes (1 to 120 characters).",
  taken: "This URL slug is already used by another story. Please choose another.",
} as const;

/** What an editor may type as a slug: lower-case words of letters and digits joined by single dashes. */
export const isValidSlug = (value: string) =>
  value.length >= 1 && value.length <= 120 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);

/** The bulk result dialogs of the article list. */
export const bulkResultText = (processed: number, failed: number) => {
  const total = processed + failed;
  if (failed === 0) return { type: "success" as const, title: `Successfully processed ${total} articles!` };
  if (processed === 0)
    return { type: "error" as const, title: `Failed to process all ${total} articles. Please try again.` };
  return {
    type: "warning" as const,
    title: `Processed ${processed} of ${total} articles with ${failed} ${failed === 1 ? "error" : "errors"}.`,
  };
};

const TAG_SUGGESTIONS = [
  "politics",
  "technology",
  "sports",
  "entertainment",
  "business",
  "health",
  "education",
  "environment",
  "science",
  "culture",
  "breaking",
  "exclusive",
  "analysis",
  "opinion",
  "featured",
] as const;

/** Up to 5 suggestions from the fixed list that start with (or contain) what is typed and are not chosen yet. */
export function suggestTags(typed: string, chosen: readonly string[]): string[] {
  const needle = typed.trim().toLowerCase();
  if (!needle) return [];
  return TAG_SUGGESTIONS.filter((tag) => tag.includes(needle) && !chosen.includes(tag)).slice(0, 5);
}

/** Tags are trimmed, non-empty and unique (first spelling kept). */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().slice(0, 50);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out.slice(0, 30);
}

/** Admin list search boxes: '<' and '>' stripped, trimmed, cut at the list's limit. */
export function adminSearchTerm(value: string | null | undefined, max: number): string {
  return (value ?? "").replace(/[<>]/g, "").trim().slice(0, max);
}
export const SEARCH_LIMITS = { articles: 100, categories: 100, comments: 200 } as const;

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
const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().max(max));

/** Today as YYYY-MM-DD (the manual date's default). */
const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

/** The largest article body, as HTML (UTF-8 bytes). */
export const ARTICLE_CONTENT_MAX_BYTES = 1024 * 1024;

const articleInput = z
  .object({
    title: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : ""),
      z.string().min(1, "missingTitle").max(300),
    ),
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
    excerpt: optionalText(500),
    status: z.enum(ARTICLE_STATUSES).catch("draft"),
    authorName: optionalText(100),
    categoryId: optionalText(100),
    tags: z.preprocess(
      (v) => normalizeTags(typeof v === "string" ? v.split(",") : Array.isArray(v) ? v.map(String) : []),
      z.array(z.string()),
    ),
    // A path on this site too: the sample stories' pictures and imported images are stored that way, and
    // an article that holds one must save again unchanged.
    imageUrl: optionalText(2048).refine((v) => v === "" || isHttpUrl(v) || isSitePath(v), "invalidImageUrl"),
    youtubeUrl: optionalText(2048).refine((v) => v === "" || YOUTUBE_URL.test(v), "invalidYoutubeUrl"),
    useManualDate: checkbox,
    manualDate: optionalText(10),
    /** `YYYY-MM-DDTHH:mm` in the site's timezone; the server converts it and checks it is ahead. */
    scheduledAt: optionalText(16).optional(),
    featured: checkbox,
    isTopStory: checkbox,
    ...seoFields,
    /** Empty: keep the current slug (a new story's comes from its title). */
    slug: optionalText(200).optional(),
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
    content: typeof values.content === "string" ? values.content : "",
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

export const CATEGORY_TEXT = {
  nameRequired: "Category name is required!",
  created: "Category created successfully!",
  createFailed: "Error creating category. Please try again.",
  notFound: "Category not found!",
  loadFailed: "Error loading category!",
  loading: "Loading category...",
  updated: "Category updated successfully!",
  updateFailed: "Error updating category!",
  deleted: "Category deleted successfully!",
  deleteFailed: "Error deleting category!",
  deleteConfirm: "Are you sure you want to delete this category? This action cannot be undone.",
  duplicateName: "A category with this name already exists. Please choose another name.",
  duplicateSlug: "A category with this slug already exists. Please choose another slug.",
  invalidSlug: "The slug may contain only lowercase letters, digits and hyphens.",
  invalidColor: "Please choose a colour such as #1e3a8a.",
  chooseMoveTarget: "This category has articles. Choose the category they should move to.",
  invalidMoveTarget: "Please choose another existing category for its articles.",
  bulkNone: "Please select at least one category.",
} as const;

export const DEFAULT_CATEGORY_COLOR = "#1e3a8a";

/** The slug that follows the name while typing (and cleans a typed slug): see lib/slug.ts. */
export const slugFromName = categorySlug;

const categoryInput = z.object({
  name: z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/[<>]/g, "").trim() : ""),
    z.string().min(1, CATEGORY_TEXT.nameRequired).max(100),
  ),
  slug: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().max(120)),
  description: optionalText(500),
  color: z.preprocess(
    (v) => (typeof v === "string" && v.trim() ? v.trim() : DEFAULT_CATEGORY_COLOR),
    z.string().regex(/^#[0-9a-fA-F]{6}$/, CATEGORY_TEXT.invalidColor),
  ),
});
export type CategoryInput = z.infer<typeof categoryInput>;
export type CategoryFieldErrors = Partial<Record<keyof CategoryInput, string>>;

type CategoryParse =
  { ok: true; data: CategoryInput & { slug: string } } | { ok: false; fieldErrors: CategoryFieldErrors };

/** An empty slug follows the name; a typed one is cleaned the same way and must not end up empty. */
export function parseCategoryForm(values: Record<string, unknown>): CategoryParse {
  const parsed = parseForm(categoryInput, values);
  if (!parsed.ok) return { ok: false, fieldErrors: parsed.fieldErrors as CategoryFieldErrors };
  const slug = slugFromName(parsed.data.slug || parsed.data.name);
  if (!slug) return { ok: false, fieldErrors: { slug: CATEGORY_TEXT.invalidSlug } };
  return { ok: true, data: { ...parsed.data, slug } };
}

/** What the article form shows: the stored article, or exactly what was typed when a save failed. */
export interface ArticleFormValues extends SeoValues {
  title: string;
  content: string;
  excerpt: string;
  status: ArticleStatus;
  authorName: string;
  categoryId: string;
  tags: string[];
  imageUrl: string;
  youtubeUrl: string;
  useManualDate: boolean;
  manualDate: string;
  /** The schedule's `datetime-local` value in the site's timezone ("" when not scheduled). */
  scheduledAt: string;
  featured: boolean;
  isTopStory: boolean;
  slug: string;
}

export const emptyArticleValues = (authorName: string, now = new Date()): ArticleFormValues => ({
  title: "",
  content: "",
  excerpt: "",
  status: "draft",
  authorName,
  categoryId: "",
  tags: [],
  imageUrl: "",
  youtubeUrl: "",
  useManualDate: false,
  manualDate: todayIso(now),
  scheduledAt: "",
  featured: false,
  isTopStory: false,
  seoTitle: "",
  seoDescription: "",
  slug: "",
});

export function articleValuesFromForm(values: Record<string, unknown>): ArticleFormValues {
  const text = (key: string) => (typeof values[key] === "string" ? (values[key] as string) : "");
  const on = (key: string) => values[key] === "on" || values[key] === "true";
  const status = text("status");
  return {
    title: text("title"),
    content: text("content"),
    excerpt: text("excerpt"),
    status: (ARTICLE_STATUSES as readonly string[]).includes(status) ? (status as ArticleStatus) : "draft",
    authorName: text("authorName"),
    categoryId: text("categoryId"),
    tags: normalizeTags(text("tags").split(",")),
    imageUrl: text("imageUrl"),
    youtubeUrl: text("youtubeUrl"),
    useManualDate: on("useManualDate"),
    manualDate: text("manualDate") || todayIso(),
    scheduledAt: text("scheduledAt"),
    featured: on("featured"),
    isTopStory: on("isTopStory"),
    ...seoValuesOf(values),
    slug: text("slug"),
  };
}

/** The form's values for a stored article; the schedule shows in the site's timezone. */
export function articleValuesFromArticle(
  article: {
    title: string;
    content: string;
    excerpt: string;
    status: string;
    authorName: string;
    categoryId: string | null;
    tags: string[];
    imageUrl: string;
    youtubeUrl: string;
    useManualDate: boolean;
    manualDate: Date | string | null;
    featured: boolean;
    isTopStory: boolean;
    scheduledAt?: Date | string | null;
    slug?: string | null;
    /** Absent in a revision saved before the overrides existed. */
    seoTitle?: string;
    seoDescription?: string;
  },
  timeZone?: string,
): ArticleFormValues {
  return {
    title: article.title,
    content: article.content,
    excerpt: article.excerpt,
    status: (ARTICLE_STATUSES as readonly string[]).includes(article.status)
      ? (article.status as ArticleStatus)
      : "draft",
    authorName: article.authorName,
    categoryId: article.categoryId ?? "",
    tags: article.tags,
    imageUrl: article.imageUrl,
    youtubeUrl: article.youtubeUrl,
    useManualDate: article.useManualDate,
    manualDate: article.manualDate ? new Date(article.manualDate).toISOString().slice(0, 10) : todayIso(),
    scheduledAt: article.scheduledAt ? instantToZonedTime(new Date(article.scheduledAt), timeZone) : "",
    featured: article.featured,
    isTopStory: article.isTopStory,
    seoTitle: article.seoTitle ?? "",
    seoDescription: article.seoDescription ?? "",
    slug: article.slug ?? "",
  };
}
