DROP INDEX "contacts_created_idx";--> statement-breakpoint
DROP INDEX "contacts_status_idx";--> statement-breakpoint
DROP INDEX "contacts_type_idx";--> statement-breakpoint
CREATE INDEX "contacts_order_idx" ON "contacts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contacts_status_order_idx" ON "contacts" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contacts_type_order_idx" ON "contacts" USING btree ("type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);