-- The suggestions under the search box match and rank names only (server/content/search.ts). Against the
-- whole search document (migration 0012) with weight A, every product whose document had the word anywhere
-- was fetched and its large, TOASTed document read to rank it: 5-100 ms a request at 10,000 products. This
-- small name-only document (the same three name parts as 0012's weight A) has its own index and ranks
-- about three times faster. Not in the Drizzle table, for the same reasons as search_document.
ALTER TABLE "products" ADD COLUMN "name_document" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, "name"), 'A') ||
  setweight(to_tsvector('simple'::regconfig, regexp_replace("name", '([[:alpha:]])[[:space:]-]+([[:digit:]])', '\1\2', 'g')), 'A') ||
  setweight(to_tsvector('simple'::regconfig, regexp_replace("name", '[^[:alnum:]]+', '', 'g')), 'A')
) STORED;--> statement-breakpoint
CREATE INDEX "products_name_search_idx" ON "products" USING gin ("name_document");
--> statement-breakpoint
-- The categories', services' and questions' words were turned into vectors for every row on every search and
-- suggestion (3-7 ms a request with 200 categories). Indexes on the very expressions the queries use
-- (server/content/search.ts: englishVector) let PostgreSQL look the words up instead.
CREATE INDEX "categories_name_search_idx" ON "categories" USING gin (to_tsvector('english'::regconfig, "name"));--> statement-breakpoint
CREATE INDEX "categories_search_idx" ON "categories" USING gin ((setweight(to_tsvector('english'::regconfig, "name"), 'A') || setweight(to_tsvector('english'::regconfig, "description"), 'B')));--> statement-breakpoint
CREATE INDEX "services_title_search_idx" ON "services" USING gin (to_tsvector('english'::regconfig, "title"));--> statement-breakpoint
CREATE INDEX "services_search_idx" ON "services" USING gin ((setweight(to_tsvector('english'::regconfig, "title"), 'A') || setweight(to_tsvector('english'::regconfig, "description"), 'B') || setweight(to_tsvector('english'::regconfig, "details"), 'C')));--> statement-breakpoint
CREATE INDEX "faqs_search_idx" ON "faqs" USING gin ((setweight(to_tsvector('english'::regconfig, "question"), 'A') || setweight(to_tsvector('english'::regconfig, "answer"), 'B')));
