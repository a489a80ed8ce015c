ALTER TABLE "access_log" ADD COLUMN "records" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "access_log_records_idx" ON "access_log" USING gin ("records");--> statement-breakpoint
-- A GIN index keeps no pending list here either (0019: every search would read it end to end).
ALTER INDEX "access_log_records_idx" SET (fastupdate = off);
