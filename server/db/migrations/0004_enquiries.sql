CREATE TABLE "contact_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"contact_id" text NOT NULL,
	"author" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"contact_id" text,
	"purpose" text NOT NULL,
	"recipients" jsonb NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"message_id" text NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiry_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "enquiry_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "type" text DEFAULT 'message' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "company" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "items" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "service" jsonb;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Messages that arrived before references existed get M-{year}-{n}, numbered by arrival within each year
-- (India time, as new ones), and the counters continue from there.
UPDATE "contacts" c SET "reference" = 'M-' || r.y || '-' || lpad(r.n::text, greatest(5, length(r.n::text)), '0'),
  "search_text" = lower(c."name" || ' ' || c."email" || ' ' || c."subject" || ' M-' || r.y || '-' || lpad(r.n::text, greatest(5, length(r.n::text)), '0'))
FROM (
  SELECT "id", EXTRACT(YEAR FROM "created_at" AT TIME ZONE 'Asia/Kolkata')::int AS y,
    row_number() OVER (PARTITION BY EXTRACT(YEAR FROM "created_at" AT TIME ZONE 'Asia/Kolkata') ORDER BY "created_at", "id") AS n
  FROM "contacts"
) r WHERE r."id" = c."id";--> statement-breakpoint
INSERT INTO "enquiry_counters" ("kind", "year", "last")
  SELECT 'M', EXTRACT(YEAR FROM "created_at" AT TIME ZONE 'Asia/Kolkata')::int, count(*) FROM "contacts" GROUP BY 2;--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_notes" ADD CONSTRAINT "contact_notes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_notes_contact_idx" ON "contact_notes" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "email_outbox_contact_idx" ON "email_outbox" USING btree ("contact_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_failed_idx" ON "email_outbox" USING btree ("created_at") WHERE "email_outbox"."status" = 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_dedupe_idx" ON "email_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "contacts_type_idx" ON "contacts" USING btree ("type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_reference_idx" ON "contacts" USING btree ("reference");