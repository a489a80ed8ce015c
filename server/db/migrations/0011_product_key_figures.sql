ALTER TABLE "products" ADD COLUMN "flow_min" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "flow_max" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_pressure" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "motor_power" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "noise_level" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tank_volume" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "compressor_type" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lubrication" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "drive" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cooling" text;