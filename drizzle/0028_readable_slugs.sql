-- Slugs keep readable letters (decision record 022, point 10): "Kɔfi" is /tag/kofi, not /tag/k-fi. The
-- same fold as `foldLetters` and `slugify` in app/lib/slug.ts: change both together
-- (app/db/readable-slugs.server.test.ts compares them). normalize() refuses to run unless the server
-- speaks UTF-8, so an install on another encoding stops here, saying why, rather than at its first tag.
DO $$
BEGIN
  IF current_setting('server_encoding') <> 'UTF8' THEN
    RAISE EXCEPTION 'Newsdesk needs a UTF8 database: this one''s server encoding is %, and slugs fold letters with normalize(), which only works on UTF8. Create the database with ENCODING ''UTF8'' and restore into it.', current_setting('server_encoding');
  END IF;
END
$$;--> statement-breakpoint
-- NFD, combining (tone) marks U+0300-U+036F removed, then the letter table both cases, ʼ and ’ dropped
-- (translate() deletes the letters its third argument has no partner for). Case stays.
CREATE FUNCTION newsdesk_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(
    regexp_replace(normalize(value, NFD), '[\u0300-\u036f]', '', 'g'),
    'ɛɔŋɖƒɣʋʒɓɗƙƴƐƆŊƉƑƔƲƷƁƊƘƳʼ’',
    'eondfgvzbdkyEONDFGVZBDKY'
  )
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION newsdesk_slug(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT trim(both '-' from regexp_replace(replace(lower(newsdesk_fold(value)), '&', ' and '), '[^a-z0-9]+', '-', 'g'))
$$;--> statement-breakpoint
-- PostgreSQL does not recompute a stored generated column when a function under it changes; an UPDATE of
-- the column it reads does. Only the stories whose tag slugs move are rewritten.
UPDATE "articles" SET "tags" = "tags" WHERE "tag_slugs" IS DISTINCT FROM newsdesk_tag_slugs("tags");
