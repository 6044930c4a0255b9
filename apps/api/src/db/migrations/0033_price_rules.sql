CREATE TABLE "price_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" smallint NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"location_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"band_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"kind" text NOT NULL,
	"config" jsonb NOT NULL,
	"notes" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_rules_company_id_id_unique" UNIQUE("company_id","id"),
	CONSTRAINT "price_rules_dates" CHECK ("price_rules"."valid_from" <= "price_rules"."valid_to")
);
--> statement-breakpoint
ALTER TABLE "bands" ADD COLUMN "floor_price" integer;--> statement-breakpoint
ALTER TABLE "bands" ADD COLUMN "ceiling_price" integer;--> statement-breakpoint
ALTER TABLE "price_rules" ADD CONSTRAINT "price_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_rules_company_idx" ON "price_rules" USING btree ("company_id","status","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "price_rules_company_name_unique" ON "price_rules" USING btree ("company_id",lower("name"));--> statement-breakpoint
ALTER TABLE "bands" ADD CONSTRAINT "bands_price_limits" CHECK (("bands"."floor_price" IS NULL OR "bands"."floor_price" >= 0) AND ("bands"."ceiling_price" IS NULL OR "bands"."ceiling_price" >= 0) AND ("bands"."floor_price" IS NULL OR "bands"."ceiling_price" IS NULL OR "bands"."floor_price" <= "bands"."ceiling_price"));