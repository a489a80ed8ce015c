ALTER TABLE "access_log" ADD COLUMN "records" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "access_log_records_idx" ON "access_log" USING gin ("records");