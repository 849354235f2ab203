/**
 * The published versions of a story as readers see them (decision record 022, points 3 and 8): the
 * story page's switcher and `hreflang` links, and the sitemap's `xhtml:link` sets. A version counts when
 * it is published, its time come, and its edition open to readers (enabled, or the main one). Read as a
 * column of the statement that reads the story (`json_agg` over its family, found by the unique index
 * `articles_one_version_per_language` on `coalesce(translation_of, id)`), never as a trip of its own.
 */
import { and, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { articles } from "#app/db/schema";
import { isPublished } from "./published.server";
import { MAIN_EDITION_TAG_SQL } from "#app/domain/editions/page-edition.server";

/** One published version of a story: enough for its address in its own edition and its link's label. */
export interface PublishedVersion {
  id: string;
  slug: string | null;
  /** The edition's tag (`hreflang`, `lang`) and its name in its own language (the switcher's label). */
  language: string;
  editionName: string;
  isOriginal: boolean;
}

/**
 * The family's published versions, the row itself among them, in the editions' order, as a JSON array;
 * `family` is the family key of the row the statement reads (an SQL expression over its alias).
 */
export const publishedVersionsColumn = (family: SQL) =>
  sql<PublishedVersion[]>`(select coalesce(${versionsAgg}, '[]'::json) ${versionsOf(family)})`;

/**
 * The families with a published translation in one of `enabledTags`, as a `WITH` query (`family`): the
 * only stories that may have another version. Translations are read through the `(id, is_original)`
 * index rather than the whole table.
 */
export const translatedFamilies = (db: DbOrTx, enabledTags: string[]) =>
  db.$with("translated").as(
    db
      .selectDistinct({ family: sql<string>`${articles.translationOf}`.as("family") })
      .from(articles)
      .where(and(sql`not ${articles.isOriginal}`, isPublished(), inArray(articles.language, enabledTags))),
  );

const versionsAgg = sql`json_agg(json_build_object('id', v.id, 'slug', v.slug, 'language', v.language,
  'editionName', e.name, 'isOriginal', v.is_original) order by e.position, e.tag)`;

const versionsOf = (family: SQL) => sql`from articles v join editions e on e.tag = v.language
  where coalesce(v.translation_of, v.id) = ${family}
    and v.status = 'published' and v.published_at <= now()
    and (e.enabled or e.tag = ${MAIN_EDITION_TAG_SQL})`;

/** The family key of the `articles` row a statement reads (unaliased). */
export const ARTICLE_FAMILY = sql`coalesce("articles"."translation_of", "articles"."id")`;
