DROP INDEX "deals_order_idx";--> statement-breakpoint
CREATE INDEX "deals_order_idx" ON "deals" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);