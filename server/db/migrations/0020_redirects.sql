CREATE TABLE "not_found_paths" (
	"path" text PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 1 NOT NULL,
	"referrer_host" text DEFAULT '' NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "old_slugs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"record_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" text PRIMARY KEY NOT NULL,
	"from_path" text NOT NULL,
	"to_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "not_found_paths_seen_idx" ON "not_found_paths" USING btree ("last_seen_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "old_slugs_slug_idx" ON "old_slugs" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "old_slugs_record_idx" ON "old_slugs" USING btree ("kind","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "redirects_from_idx" ON "redirects" USING btree ("from_path");--> statement-breakpoint
CREATE INDEX "redirects_to_idx" ON "redirects" USING btree ("to_path");--> statement-breakpoint
-- A record's slug change keeps the old slug (old_slugs) for its old address to redirect; a record taking a slug
-- drops an old slug of that kind (a current record wins over an old redirect). In the database, so every
-- write path (the editors, a version restored, the trash) keeps it, inside the change's own transaction.
CREATE OR REPLACE FUNCTION pneuma_keep_old_slug() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.slug IS NOT DISTINCT FROM OLD.slug THEN
    RETURN NULL;
  END IF;
  DELETE FROM old_slugs WHERE kind = TG_ARGV[0] AND slug = NEW.slug;
  IF TG_OP = 'UPDATE' THEN
    -- The id has the shape of every record id (shared/lib/ids.ts): 8 hex digits of seconds, 16 random.
    INSERT INTO old_slugs (id, kind, slug, record_id)
      VALUES (lpad(to_hex(floor(extract(epoch FROM now()))::bigint), 8, '0') || substr(md5(random()::text || clock_timestamp()::text), 1, 16),
        TG_ARGV[0], OLD.slug, OLD.id)
      ON CONFLICT (kind, slug) DO UPDATE SET record_id = EXCLUDED.record_id, created_at = now();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_old_slug AFTER INSERT OR UPDATE OF slug ON "products" FOR EACH ROW EXECUTE FUNCTION pneuma_keep_old_slug('product');
--> statement-breakpoint
CREATE TRIGGER categories_old_slug AFTER INSERT OR UPDATE OF slug ON "categories" FOR EACH ROW EXECUTE FUNCTION pneuma_keep_old_slug('category');
--> statement-breakpoint
CREATE TRIGGER services_old_slug AFTER INSERT OR UPDATE OF slug ON "services" FOR EACH ROW EXECUTE FUNCTION pneuma_keep_old_slug('service');
