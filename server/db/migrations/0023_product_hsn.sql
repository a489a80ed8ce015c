-- One upgrade runs every pending migration in one transaction: 0021 updated products, whose content-change
-- trigger is deferred to the commit, and PostgreSQL refuses to alter a table with such events pending.
-- Firing them now (they only note that content changed) lets the ALTER go ahead.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn" text DEFAULT '' NOT NULL;