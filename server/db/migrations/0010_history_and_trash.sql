CREATE TABLE "revisions" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"record_id" text NOT NULL,
	"action" text NOT NULL,
	"rows" jsonb NOT NULL,
	"view" jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actor_id" text,
	"actor_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trash" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"record_id" text NOT NULL,
	"table_name" text NOT NULL,
	"slug" text,
	"label" text DEFAULT '' NOT NULL,
	"rows" jsonb NOT NULL,
	"view" jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_by_id" text,
	"deleted_by_name" text DEFAULT '' NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "revisions_record_idx" ON "revisions" USING btree ("content_type","record_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "trash_record_idx" ON "trash" USING btree ("content_type","record_id");--> statement-breakpoint
CREATE INDEX "trash_deleted_idx" ON "trash" USING btree ("deleted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trash_slug_idx" ON "trash" USING btree ("table_name","slug");