ALTER TABLE "admins" ADD COLUMN "away_until" date;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "particulars" jsonb;