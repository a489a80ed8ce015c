-- Public content changed: count it in content_version and notify channel pneuma_content, once per
-- transaction. Each app server's content cache (server/cache/content-cache.ts) learns of it this way,
-- whichever process wrote: on PostgreSQL by comparing the version on each request, on PGlite by the
-- notification. Deferred to commit, so the single counter row is locked last and briefly (no deadlocks
-- between two staff saves, and a rolled-back change counts nothing).
INSERT INTO "content_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pneuma_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE content_version SET version = version + 1, bumped_by = txid_current()
    WHERE id = 1 AND bumped_by IS DISTINCT FROM txid_current();
  IF FOUND THEN
    PERFORM pg_notify('pneuma_content', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER banners_content_changed AFTER INSERT OR UPDATE OR DELETE ON "banners" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pneuma_content_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER industrials_content_changed AFTER INSERT OR UPDATE OR DELETE ON "industrials" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pneuma_content_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER testimonials_content_changed AFTER INSERT OR UPDATE OR DELETE ON "testimonials" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pneuma_content_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER stories_content_changed AFTER INSERT OR UPDATE OR DELETE ON "stories" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pneuma_content_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER facilities_content_changed AFTER INSERT OR UPDATE OR DELETE ON "facilities" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pneuma_content_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER team_members_content_changed AFTER INSERT OR UPDATE OR DELETE ON "team_members" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pneuma_content_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER core_values_content_changed AFTER INSERT OR UPDATE OR DELETE ON "core_values" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pneuma_content_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER services_content_changed AFTER INSERT OR UPDATE OR DELETE ON "services" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pneuma_content_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER categories_content_changed AFTER INSERT OR UPDATE OR DELETE ON "categories" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pneuma_content_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER subcategories_content_changed AFTER INSERT OR UPDATE OR DELETE ON "subcategories" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pneuma_content_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_content_changed AFTER INSERT OR UPDATE OR DELETE ON "products" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pneuma_content_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER site_settings_content_changed AFTER INSERT OR UPDATE OR DELETE ON "site_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pneuma_content_changed();
