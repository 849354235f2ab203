-- Our uploads' addresses are stored site-relative (/media/<key>): rows written with the host the site had
-- then (http://localhost:3000/media/<key> before PUBLIC_URL was set, a copied "Copy URL") lose it, so a
-- move breaks no photo. Only addresses of uploads the app itself serves (a media item with that id whose
-- own address is /media/…): a CDN's or another site's photo stays as it was. The same rule as
-- app/domain/media/stored-urls.server.ts, which every save applies.
CREATE FUNCTION newsdesk_relative_media_0021(value text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  found text[];
  result text := value;
BEGIN
  IF value IS NULL OR value !~* 'https?://[^[:space:]"''<>/?#]+/media/[0-9a-f]{24}' THEN
    RETURN value;
  END IF;
  FOR found IN
    SELECT regexp_matches(value, '(https?://[^[:space:]"''<>/?#]+)(/media/([0-9a-f]{24})(-[a-z0-9-]+)?\.[a-z0-9]{1,8})([^[:alnum:]_./-]|$)', 'gi')
  LOOP
    IF EXISTS (SELECT 1 FROM media WHERE left(storage_key, 24) = lower(found[3]) AND url LIKE '/media/%') THEN
      result := replace(result, found[1] || found[2] || found[5], found[2] || found[5]);
    END IF;
  END LOOP;
  RETURN result;
END
$$;--> statement-breakpoint
UPDATE "articles" SET
  "image_url" = newsdesk_relative_media_0021("image_url"),
  "author_image" = newsdesk_relative_media_0021("author_image"),
  "content" = newsdesk_relative_media_0021("content")
WHERE "image_url" ~* '^https?://' OR "author_image" ~* '^https?://' OR "content" ~* 'https?://[^"]+/media/';--> statement-breakpoint
UPDATE "article_revisions" SET "snapshot" = newsdesk_relative_media_0021("snapshot"::text)::jsonb
WHERE "snapshot"::text ~* 'https?://[^"]+/media/';--> statement-breakpoint
UPDATE "live_updates" SET "content" = newsdesk_relative_media_0021("content")
WHERE "content" ~* 'https?://[^"]+/media/';--> statement-breakpoint
UPDATE "users" SET "avatar_url" = newsdesk_relative_media_0021("avatar_url")
WHERE "avatar_url" ~* '^https?://';--> statement-breakpoint
UPDATE "newsletter_issues" SET "stories" = newsdesk_relative_media_0021("stories"::text)::jsonb
WHERE "stories"::text ~* 'https?://[^"]+/media/';--> statement-breakpoint
DROP FUNCTION newsdesk_relative_media_0021(text);
