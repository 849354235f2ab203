/**
 * What the article form shows: a new story's defaults, the stored article, or exactly what was typed
 * when a save failed (nothing cleaned but the tags, so the editor can correct it).
 */
import { ARTICLE_ACCESS, ARTICLE_STATUSES, type ArticleAccess, type ArticleStatus } from "#app/lib/enums";
import { seoValuesOf, type SeoValues } from "#app/lib/article-seo";
import { formText } from "#app/lib/form";
import { instantToZonedTime } from "#app/lib/zoned-time";
import { normalizeTags } from "./tags";

/** Today as YYYY-MM-DD (the manual date's default). */
const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

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
  /** Everyone, members, or paying readers (decision record 021). */
  access: ArticleAccess;
  slug: string;
  /** The edition's tag the story is in (decision record 022); "" where the form does not choose it. */
  language: string;
}

/** A new story's form; `language` is the main edition's tag (Settings → General's language). */
export const emptyArticleValues = (
  authorName: string,
  now = new Date(),
  language = "",
): ArticleFormValues => ({
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
  access: "public",
  seoTitle: "",
  seoDescription: "",
  slug: "",
  language,
});

export function articleValuesFromForm(values: Record<string, unknown>): ArticleFormValues {
  const text = (key: string) => formText(values[key]);
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
    access: accessOf(text("access")),
    ...seoValuesOf(values),
    slug: text("slug"),
    language: text("language"),
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
    access?: string;
    scheduledAt?: Date | string | null;
    slug?: string | null;
    language?: string;
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
    access: accessOf(article.access ?? ""),
    seoTitle: article.seoTitle ?? "",
    seoDescription: article.seoDescription ?? "",
    // An untitled story's address is a placeholder (`story-…`, app/lib/slug.ts): left empty, so the
    // title typed next (a translation's, an autosaved draft's) gives it its address.
    slug: article.title.trim() ? (article.slug ?? "") : "",
    language: article.language ?? "",
  };
}

const accessOf = (value: string): ArticleAccess =>
  (ARTICLE_ACCESS as readonly string[]).includes(value) ? (value as ArticleAccess) : "public";
