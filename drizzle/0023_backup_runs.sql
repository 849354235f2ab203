CREATE TABLE "backup_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"folder" text NOT NULL,
	"tables" integer NOT NULL,
	"rows" integer NOT NULL,
	"files" integer NOT NULL,
	"missing_files" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "backup_runs_finished_idx" ON "backup_runs" USING btree ("finished_at" DESC NULLS LAST);