ALTER TABLE "airports" ADD CONSTRAINT "airports_company_id_id_unique" UNIQUE("company_id","id");--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_company_id_id_unique" UNIQUE("company_id","id");--> statement-breakpoint
CREATE TABLE "core_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"core_airport_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"address" text,
	"latitude" double precision,
	"longitude" double precision,
	"capacity" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "band_months" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"band_id" integer NOT NULL,
	"month" smallint NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "band_months_company_band_month_unique" UNIQUE("company_id","band_id","month"),
	CONSTRAINT "band_months_month_range" CHECK ("band_months"."month" BETWEEN 1 AND 12),
	CONSTRAINT "band_months_price_not_negative" CHECK ("band_months"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bands" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"min_days" smallint NOT NULL,
	"max_days" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bands_company_id_id_unique" UNIQUE("company_id","id"),
	CONSTRAINT "bands_days_range" CHECK ("bands"."min_days" >= 1 AND "bands"."max_days" <= 365 AND "bands"."min_days" <= "bands"."max_days")
);
--> statement-breakpoint
CREATE TABLE "location_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"airport_id" integer NOT NULL,
	"departure_id" integer NOT NULL,
	"arrival_id" integer NOT NULL,
	"band_id" integer NOT NULL,
	"month" smallint,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_prices_route_band_month_unique" UNIQUE NULLS NOT DISTINCT("company_id","departure_id","arrival_id","band_id","month"),
	CONSTRAINT "location_prices_month_range" CHECK ("location_prices"."month" IS NULL OR "location_prices"."month" BETWEEN 1 AND 12),
	CONSTRAINT "location_prices_price_not_negative" CHECK ("location_prices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "additional_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "additional_services_company_id_id_unique" UNIQUE("company_id","id"),
	CONSTRAINT "additional_services_price_not_negative" CHECK ("additional_services"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"included" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_company_id_id_unique" UNIQUE("company_id","id"),
	CONSTRAINT "packages_price_not_negative" CHECK ("packages"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"discount_type" text NOT NULL,
	"discount_value" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"usage_limit" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_company_id_id_unique" UNIQUE("company_id","id"),
	CONSTRAINT "vouchers_dates_in_order" CHECK ("vouchers"."valid_from" <= "vouchers"."valid_to"),
	CONSTRAINT "vouchers_value_positive" CHECK ("vouchers"."discount_value" > 0),
	CONSTRAINT "vouchers_percent_at_most_100" CHECK ("vouchers"."discount_type" <> 'percent' OR "vouchers"."discount_value" <= 100),
	CONSTRAINT "vouchers_usage_within_limit" CHECK ("vouchers"."usage_limit" IS NULL OR "vouchers"."times_used" <= "vouchers"."usage_limit")
);
--> statement-breakpoint
CREATE TABLE "yards" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"capacity" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "yards_capacity_not_negative" CHECK ("yards"."capacity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "locations" DROP CONSTRAINT "locations_airport_id_airports_id_fk";
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "core_location_id" integer;--> statement-breakpoint
ALTER TABLE "core_locations" ADD CONSTRAINT "core_locations_core_airport_id_core_airports_id_fk" FOREIGN KEY ("core_airport_id") REFERENCES "public"."core_airports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "band_months" ADD CONSTRAINT "band_months_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "band_months" ADD CONSTRAINT "band_months_band_id_fk" FOREIGN KEY ("company_id","band_id") REFERENCES "public"."bands"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bands" ADD CONSTRAINT "bands_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_prices" ADD CONSTRAINT "location_prices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_prices" ADD CONSTRAINT "location_prices_airport_id_fk" FOREIGN KEY ("company_id","airport_id") REFERENCES "public"."airports"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_prices" ADD CONSTRAINT "location_prices_departure_id_fk" FOREIGN KEY ("company_id","departure_id") REFERENCES "public"."locations"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_prices" ADD CONSTRAINT "location_prices_arrival_id_fk" FOREIGN KEY ("company_id","arrival_id") REFERENCES "public"."locations"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_prices" ADD CONSTRAINT "location_prices_band_id_fk" FOREIGN KEY ("company_id","band_id") REFERENCES "public"."bands"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "additional_services" ADD CONSTRAINT "additional_services_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yards" ADD CONSTRAINT "yards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "core_locations_airport_idx" ON "core_locations" USING btree ("core_airport_id");--> statement-breakpoint
CREATE INDEX "bands_company_type_idx" ON "bands" USING btree ("company_id","type");--> statement-breakpoint
CREATE INDEX "location_prices_airport_idx" ON "location_prices" USING btree ("company_id","airport_id");--> statement-breakpoint
CREATE INDEX "additional_services_company_idx" ON "additional_services" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "packages_company_idx" ON "packages" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "vouchers_company_idx" ON "vouchers" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_company_code_unique" ON "vouchers" USING btree ("company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "yards_company_idx" ON "yards" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "yards_company_name_unique" ON "yards" USING btree ("company_id",lower("name"));--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_core_location_id_core_locations_id_fk" FOREIGN KEY ("core_location_id") REFERENCES "public"."core_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_airport_id_fk" FOREIGN KEY ("company_id","airport_id") REFERENCES "public"."airports"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint