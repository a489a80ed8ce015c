CREATE TABLE "faqs" (
	"id" text PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "faqs_order_idx" ON "faqs" USING btree ("position","created_at" DESC NULLS LAST);
--> statement-breakpoint
-- A site that is already running showed these five questions (they were part of the page until now): it
-- keeps them as content staff can edit. A new, empty database gets them from the demo content instead.
INSERT INTO "faqs" ("id", "question", "answer", "position")
SELECT substr(md5(random()::text || q.question), 1, 24), q.question, q.answer, q.position
FROM (VALUES
  ('How do I get a quote?', 'Send us the form above or call our sales team. Tell us the air flow (CFM) and pressure you need, your application and your location; we usually reply with a quotation within one working day. For a new plant, our engineers can visit and size the system with you.', 0),
  ('Which areas do you serve?', 'Our service centre is in Salem, and our engineers cover all of Tamil Nadu and the neighbouring districts of Kerala, Karnataka, Andhra Pradesh and Puducherry. We deliver compressors and spares anywhere in India.', 1),
  ('What does an annual maintenance contract (AMC) include?', 'Scheduled visits based on your running hours, oil, filter and separator changes with genuine spares, checks of pressure, temperature, vibration and electrical load, a report after every visit, and priority breakdown response.', 2),
  ('Do you supply spare parts for other makes?', 'Yes. We stock filters, separators, oils, valves and belts for most common makes in Salem, with same-day dispatch on stocked parts across South India, and we overhaul airends and reciprocating pumps at our workshop.', 3),
  ('How long does delivery take?', 'Standard models in stock are dispatched within a week. Custom-built packages, dryers and large screw compressors usually take three to six weeks; we confirm the date with your quotation.', 4)
) AS q(question, answer, position)
WHERE EXISTS (SELECT 1 FROM "site_settings") OR EXISTS (SELECT 1 FROM "banners") OR EXISTS (SELECT 1 FROM "categories")
  OR EXISTS (SELECT 1 FROM "services") OR EXISTS (SELECT 1 FROM "stories");
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER faqs_content_changed AFTER INSERT OR UPDATE OR DELETE ON "faqs" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pneuma_content_changed();
