DROP INDEX "products_category_order_idx";--> statement-breakpoint
DROP INDEX "products_order_idx";--> statement-breakpoint
CREATE INDEX "products_category_order_idx" ON "products" USING btree ("category_id","position","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_order_idx" ON "products" USING btree ("position","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);