CREATE TABLE "gst_rates" (
	"id" text PRIMARY KEY NOT NULL,
	"hsn" text NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "gst_rates_hsn_day_idx" ON "gst_rates" USING btree ("hsn","effective_from");--> statement-breakpoint
-- The defaults (docs/decisions/029-sales-desk.md): 18% for compressors and their parts (HSN 8414) and for
-- installation and repair services (SAC 998717), from GST's first day.
INSERT INTO "gst_rates" ("id", "hsn", "rate_basis_points", "effective_from") VALUES
	('000000000000000000008414', '8414', 1800, '2017-07-01'),
	('000000000000000000998717', '998717', 1800, '2017-07-01');
