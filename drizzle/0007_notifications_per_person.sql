-- Contact notifications used to lead to the dashboard; the inbox is where they belong now.
UPDATE "notifications" SET "link" = '/admin/messages'
  WHERE "type" = 'other' AND "link" = '/admin/dashboard' AND "message" LIKE 'New contact message from %';--> statement-breakpoint
-- The audience of older notifications, from their link as ADMIN_PATH_PERMISSIONS in app/auth/permissions.ts reads it
-- (first matching prefix wins): only the roles that can open the link see the notification.
UPDATE "notifications" SET "audience" = CASE
  WHEN "link" ~ '^/admin/profile(/|$)' THEN '{admin,editor,writer}'::text[]
  WHEN "link" ~ '^/admin/(users|settings|ads)(/|$)' THEN '{admin}'::text[]
  WHEN "link" ~ '^/admin/(code|comments|messages)(/|$)' THEN '{admin,editor}'::text[]
  WHEN "link" ~ '^/admin/categories/(add|edit)(/|$)' THEN '{admin,editor}'::text[]
  WHEN "type" = 'article' AND "link" ~ '^/admin/articles(/|$)' THEN '{admin,editor}'::text[]
  ELSE '{admin,editor,writer}'::text[]
END
WHERE "recipient_id" IS NULL AND cardinality("audience") = 0;--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "read";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "read_at";