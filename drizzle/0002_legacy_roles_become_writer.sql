-- The old app's roles 'subscriber' and 'author' become 'writer', once, here: the back office used to
-- rewrite them in a transaction on every admin page load. The activity log records how many changed,
-- as that rewrite did; afterwards the CHECK constraint no longer admits the legacy values.
-- The old rewrite announced its entries on the spot ('Roles Updated'): they are marked announced (a
-- moment before this migration's own entry), so the first admin in is told only of what changed here.
INSERT INTO "activity_log" ("id", "type", "action", "title", "description", "created_at")
SELECT gen_random_uuid()::text, 'user', 'announced legacy roles', '', 'announced before migration 0002',
  now() - interval '1 second'
WHERE EXISTS (SELECT 1 FROM "activity_log" WHERE "action" = 'migrated legacy roles');--> statement-breakpoint
WITH "migrated" AS (
  UPDATE "users" SET "role" = 'writer', "updated_at" = now()
  WHERE "role" IN ('subscriber', 'author')
  RETURNING 1
)
INSERT INTO "activity_log" ("id", "type", "action", "title", "description")
SELECT gen_random_uuid()::text, 'user', 'migrated legacy roles',
  count(*) || CASE WHEN count(*) = 1 THEN ' user' ELSE ' users' END,
  'subscriber and author roles became writer'
FROM "migrated"
HAVING count(*) > 0;--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role" CHECK (role IN ('admin', 'editor', 'writer'));
