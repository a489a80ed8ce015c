-- The site search's document of a product (server/content/search.ts): its words weighted by where they
-- stand. A: the name; B: the short description, the key figures' choices (rotary screw, oil free, variable
-- speed, water) and the specification rows; C: the full description and the features. Kept by PostgreSQL
-- itself (a stored generated column), so every write path keeps it right, and indexed for @@ queries.
-- Deliberately not in the Drizzle table: ordinary reads of products never fetch it, and backups and
-- history skip generated columns.
-- The name also counts with its model code run together, as buyers type it: "PN-RS 15 Rotary…" gives
-- rs15 (letters joined to the number after them) and pnrs15rotary… (everything joined), so "rs15", "pnrs15"
-- and "pn-rs15" find it from the index.
ALTER TABLE "products" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, "name"), 'A') ||
  setweight(to_tsvector('simple'::regconfig, regexp_replace("name", '([[:alpha:]])[[:space:]-]+([[:digit:]])', '\1\2', 'g')), 'A') ||
  setweight(to_tsvector('simple'::regconfig, regexp_replace("name", '[^[:alnum:]]+', '', 'g')), 'A') ||
  setweight(to_tsvector('english'::regconfig, "short_description" || ' ' || replace(
    coalesce("compressor_type", '') || ' ' || coalesce("lubrication", '') || ' ' || coalesce("drive", '') || ' ' || coalesce("cooling", ''),
    '-', ' ')), 'B') ||
  setweight(jsonb_to_tsvector('english'::regconfig, "specifications", '["string"]'), 'B') ||
  setweight(to_tsvector('english'::regconfig, "full_description"), 'C') ||
  setweight(jsonb_to_tsvector('english'::regconfig, "features", '["string"]'), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_document");
--> statement-breakpoint
-- The site search's query from the words typed (letters and digits only, cleaned by the application): every
-- word must begin a word of the document, stemmed as English ("compressors" → compressor:*) or as typed
-- ("dry" → dry:*, which the stem "dri" would miss in "dryer"). Stop words ("the", "for") are left out, as
-- the documents leave them out. `weight` 'A' limits the match to names. NULL when no word is left.
CREATE FUNCTION search_query(words text[], weight text DEFAULT '') RETURNS tsquery
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  result tsquery;
  one tsquery;
  word text;
BEGIN
  FOREACH word IN ARRAY words LOOP
    one := to_tsquery('english', word || ':*' || weight);
    CONTINUE WHEN numnode(one) = 0;
    one := one || to_tsquery('simple', word || ':*' || weight);
    result := CASE WHEN result IS NULL THEN one ELSE result && one END;
  END LOOP;
  RETURN result;
END
$$;
