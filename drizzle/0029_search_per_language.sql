-- Search per language (decision record 022, point 9): each story's search document is made with its own
-- language's stemmer, or, for a language PostgreSQL has none for (Twi, Gã, Eʋegbe, Hausa, Dagbanli, and
-- the settings' zh, ja, ko), folded as slugs are, so "Kofi" finds "Kɔfi". Queries go through the same two
-- functions (app/domain/articles/search.server.ts). No extension: `unaccent` maps ɛ but not ɔ or ɣ.
--
-- The stemmers every PostgreSQL since 8.3 has (a newer one's, such as armenian or estonian, would refuse
-- the migration on an older server), by a tag's language; a subtag (pt-br) reads as its language. Each
-- branch is a constant: the name is looked up once, when the function is read, not per row.
CREATE FUNCTION newsdesk_search_config(language text) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE split_part(language, '-', 1)
    WHEN 'en' THEN 'english'::regconfig
    WHEN 'es' THEN 'spanish'::regconfig
    WHEN 'fr' THEN 'french'::regconfig
    WHEN 'de' THEN 'german'::regconfig
    WHEN 'it' THEN 'italian'::regconfig
    WHEN 'pt' THEN 'portuguese'::regconfig
    WHEN 'ru' THEN 'russian'::regconfig
    WHEN 'nl' THEN 'dutch'::regconfig
    WHEN 'da' THEN 'danish'::regconfig
    WHEN 'sv' THEN 'swedish'::regconfig
    WHEN 'no' THEN 'norwegian'::regconfig
    WHEN 'nb' THEN 'norwegian'::regconfig
    WHEN 'nn' THEN 'norwegian'::regconfig
    WHEN 'fi' THEN 'finnish'::regconfig
    WHEN 'hu' THEN 'hungarian'::regconfig
    WHEN 'ro' THEN 'romanian'::regconfig
    WHEN 'tr' THEN 'turkish'::regconfig
    ELSE 'simple'::regconfig
  END
$$;--> statement-breakpoint
-- What the configuration reads: a stemmed language's text as written (its stemmer knows its accents);
-- another's folded (`newsdesk_fold`, drizzle/0028: NFD, tone marks removed, ɛ→e, ɔ→o, …) and lower-cased.
CREATE FUNCTION newsdesk_search_text(language text, value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN newsdesk_search_config(language) = 'simple'::regconfig THEN lower(newsdesk_fold(value)) ELSE value END
$$;--> statement-breakpoint
-- SET EXPRESSION needs PostgreSQL 17: the column (and with it its GIN index) is dropped and made again,
-- one rewrite of the table, with the same weights: A the title, B the excerpt and author, C the body.
ALTER TABLE "articles" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector(newsdesk_search_config(language), newsdesk_search_text(language, coalesce(title, ''))), 'A') || setweight(to_tsvector(newsdesk_search_config(language), newsdesk_search_text(language, coalesce(excerpt, '') || ' ' || coalesce(author_name, ''))), 'B') || setweight(to_tsvector(newsdesk_search_config(language), newsdesk_search_text(language, coalesce(content, ''))), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_vector");
