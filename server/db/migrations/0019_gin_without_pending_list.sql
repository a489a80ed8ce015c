-- GIN indexes keep new entries in a "pending list" (fastupdate) that every search reads from end to end until
-- a VACUUM moves them into the index proper. The embedded database never vacuums by itself, so after the
-- demo content or a catalogue import the list stayed there: at 10,000 products each suggestion read a
-- 426-page list (7 ms of a 1.3 ms query). Without fastupdate each write puts its entries in place (a little
-- slower, and writes are rare); the lists already there are moved now.
ALTER INDEX "products_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "products_name_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "categories_name_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "categories_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "services_title_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "services_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "faqs_search_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list(c.oid) FROM pg_class c JOIN pg_am a ON a.oid = c.relam WHERE a.amname = 'gin' AND c.relkind = 'i' AND c.relnamespace = 'public'::regnamespace;
