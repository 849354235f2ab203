-- An excerpt nobody wrote follows the body: saves used to store the body's opening as if an editor had
-- written it, so later edits of the body never reached cards, the hero, the meta description or RSS.
-- Saves now store only a written excerpt (app/domain/articles/admin.server.ts); readers derive the rest
-- from the body. Here, once, every stored excerpt equal to what the old code derived is cleared: the
-- opening of the current body, or of any earlier body of the same story kept in its revisions (a body
-- edited after the first save kept the first opening). Revision snapshots are cleared the same way, so
-- restoring one brings no frozen opening back. A written excerpt that differs from every such opening
-- stays. `newsdesk_0013_old_excerpt` is the old derivation, listingExcerpt(content, 160) of
-- app/lib/text.ts (stripHtml, then truncate at a word boundary with '...'), in SQL; it is dropped after.
CREATE FUNCTION "newsdesk_0013_old_excerpt"(html text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN length(plain) <= 160 THEN plain
    ELSE regexp_replace(
      CASE
        WHEN substr(plain, 161, 1) ~ ws THEN left(plain, 160)
        ELSE regexp_replace(left(plain, 160), ws || nonws || '*$', '')
      END,
      '[[:space:]' || chr(160) || '.,;:]+$', '') || '...'
  END
  FROM (SELECT '[[:space:]' || chr(160) || ']' AS ws, '[^[:space:]' || chr(160) || ']' AS nonws) AS classes,
  LATERAL (
    SELECT btrim(regexp_replace(
      replace(replace(replace(replace(replace(replace(replace(
        regexp_replace(coalesce(html, ''), '<[^>]*>', ' ', 'g'),
        '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&apos;', ''''), '&nbsp;', ' '),
        '&amp;', '&'),
      ws || '+', ' ', 'g'), ' ') AS plain
  ) AS stripped
$$;--> statement-breakpoint
CREATE TEMPORARY TABLE "newsdesk_0013_openings" AS
SELECT DISTINCT "article_id", "newsdesk_0013_old_excerpt"("content") AS "opening"
FROM (
  SELECT "id" AS "article_id", "content" FROM "articles" WHERE "excerpt" <> ''
  UNION ALL
  SELECT r."article_id", r."snapshot"->>'content'
  FROM "article_revisions" r
  WHERE coalesce(r."snapshot"->>'excerpt', '') <> ''
    OR EXISTS (SELECT 1 FROM "articles" a WHERE a."id" = r."article_id" AND a."excerpt" <> '')
) AS "bodies"
WHERE coalesce("content", '') <> '';--> statement-breakpoint
UPDATE "articles" a SET "excerpt" = ''
WHERE a."excerpt" <> ''
  AND EXISTS (
    SELECT 1 FROM "newsdesk_0013_openings" o WHERE o."article_id" = a."id" AND o."opening" = a."excerpt"
  );--> statement-breakpoint
UPDATE "article_revisions" r SET "snapshot" = jsonb_set(r."snapshot", '{excerpt}', '""'::jsonb)
WHERE coalesce(r."snapshot"->>'excerpt', '') <> ''
  AND EXISTS (
    SELECT 1 FROM "newsdesk_0013_openings" o
    WHERE o."article_id" = r."article_id" AND o."opening" = r."snapshot"->>'excerpt'
  );--> statement-breakpoint
DROP TABLE "newsdesk_0013_openings";--> statement-breakpoint
DROP FUNCTION "newsdesk_0013_old_excerpt"(text);
