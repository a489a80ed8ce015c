CREATE TABLE "customer_people" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"phone_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"gstin" text DEFAULT '' NOT NULL,
	"billing_address" jsonb NOT NULL,
	"delivery_address" jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "source" text DEFAULT 'website' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "customer_people" ADD CONSTRAINT "customer_people_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_people_customer_idx" ON "customer_people" USING btree ("customer_id","position");--> statement-breakpoint
CREATE INDEX "customer_people_email_idx" ON "customer_people" USING btree ("email_key") WHERE "customer_people"."email_key" <> '';--> statement-breakpoint
CREATE INDEX "customer_people_phone_idx" ON "customer_people" USING btree ("phone_key") WHERE "customer_people"."phone_key" <> '';--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "customers_gstin_idx" ON "customers" USING btree ("gstin");--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_customer_idx" ON "contacts" USING btree ("customer_id");