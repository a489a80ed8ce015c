ALTER TABLE "banners" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "image_decorative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "image_decorative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "image_decorative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "industrials" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "industrials" ADD COLUMN "image_decorative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "main_image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "main_image_decorative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "additional_images_alt" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "additional_images_decorative" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "image_decorative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "image_decorative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "image_decorative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "image_decorative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing images get the name or title of their record as their alt text (issue 31).
UPDATE "banners" SET "image_alt" = "title" WHERE "image" <> '';--> statement-breakpoint
UPDATE "industrials" SET "image_alt" = "title" WHERE "image" <> '';--> statement-breakpoint
UPDATE "stories" SET "image_alt" = "title" WHERE "image" <> '';--> statement-breakpoint
UPDATE "facilities" SET "image_alt" = "title" WHERE "image" <> '';--> statement-breakpoint
UPDATE "services" SET "image_alt" = "title" WHERE "image" <> '';--> statement-breakpoint
UPDATE "testimonials" SET "image_alt" = "name" WHERE "image" <> '';--> statement-breakpoint
UPDATE "team_members" SET "image_alt" = "name" WHERE "image" <> '';--> statement-breakpoint
UPDATE "categories" SET "image_alt" = "name" WHERE "image" <> '';--> statement-breakpoint
UPDATE "products" SET
  "main_image_alt" = CASE WHEN "main_image" <> '' THEN "name" ELSE '' END,
  "additional_images_alt" = to_jsonb(array_fill("name", ARRAY[jsonb_array_length("additional_images")])),
  "additional_images_decorative" = to_jsonb(array_fill(false, ARRAY[jsonb_array_length("additional_images")]));
