ALTER TABLE "contacts" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "digested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "contacts_held_order_idx" ON "contacts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "contacts"."held";