CREATE TABLE "sales_desk" (
	"id" text PRIMARY KEY NOT NULL,
	"indiamart_crm_key" text DEFAULT '' NOT NULL,
	"indiamart_window_end" timestamp with time zone,
	"indiamart_last_call_at" timestamp with time zone,
	"indiamart_last_pull_at" timestamp with time zone,
	"indiamart_last_error" text DEFAULT '' NOT NULL,
	"indiamart_last_count" integer DEFAULT 0 NOT NULL,
	"link_key" text,
	"last_assigned_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_external_idx" ON "contacts" USING btree ("source","external_id") WHERE "contacts"."external_id" IS NOT NULL;