ALTER TABLE "gst_rates" ADD COLUMN "description" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- The rate table starts with every code the catalogue and the usual free lines need (issue 45), each with what
-- it covers: compressors (8414) and dryers and filters (8421) with their parts, air receivers (7311), valves
-- and drains (8481), installation and commissioning (SAC 998732), maintenance and AMCs (SAC 998717) and freight
-- (SAC 996511), 18% from GST's first day. A code an owner already has from that day keeps its rate; the two
-- first defaults (0024) get their words unless an owner deleted them.
INSERT INTO "gst_rates" ("id", "hsn", "rate_basis_points", "effective_from", "description") VALUES
	('000000000000000000008421', '8421', 1800, '2017-07-01', 'Air dryers, filters and separators, and their parts'),
	('000000000000000000007311', '7311', 1800, '2017-07-01', 'Air receivers (pressure vessels of iron or steel)'),
	('000000000000000000008481', '8481', 1800, '2017-07-01', 'Valves and automatic drains'),
	('000000000000000000998732', '998732', 1800, '2017-07-01', 'Installation and commissioning of industrial machinery'),
	('000000000000000000996511', '996511', 1800, '2017-07-01', 'Freight: road transport of goods')
ON CONFLICT ("hsn", "effective_from") DO NOTHING;--> statement-breakpoint
UPDATE "gst_rates" SET "description" = CASE "hsn"
	WHEN '8414' THEN 'Air compressors and their parts'
	WHEN '998717' THEN 'Maintenance and repair of industrial machinery (AMC, service visits)'
END
WHERE "id" IN ('000000000000000000008414', '000000000000000000998717') AND "description" = '';
