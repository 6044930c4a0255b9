CREATE TABLE "agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"core_agency_id" integer,
	"name" text NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"commission_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agencies_company_id_id_unique" UNIQUE("company_id","id"),
	CONSTRAINT "agencies_commission_range" CHECK ("agencies"."commission_percent" >= 0 AND "agencies"."commission_percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "core_agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trips" DROP CONSTRAINT "trips_assigned_has_driver";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "agency_commission_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "company_web_configs" ADD COLUMN "background_color" text DEFAULT '#f3f4f6' NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "partner_company_id" integer;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_core_agency_id_core_agencies_id_fk" FOREIGN KEY ("core_agency_id") REFERENCES "public"."core_agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_company_name_unique" ON "agencies" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "agencies_company_idx" ON "agencies" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "core_agencies_name_unique" ON "core_agencies" USING btree (lower("name"));--> statement-breakpoint
-- Before agencies existed a booking's agency_id named nothing (no table to point at); it cannot keep a number
-- that the new reference would refuse.
UPDATE "bookings" SET "agency_id" = NULL WHERE "agency_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_agency_id_fk" FOREIGN KEY ("company_id","agency_id") REFERENCES "public"."agencies"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_partner_company_id_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_agency_departure_idx" ON "bookings" USING btree ("company_id","agency_id","departure_at") WHERE "bookings"."agency_id" is not null;--> statement-breakpoint
CREATE INDEX "trips_partner_idx" ON "trips" USING btree ("partner_company_id","scheduled_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_agency_has_commission" CHECK (("bookings"."agency_id" is null) = ("bookings"."agency_commission_percent" is null));--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_one_runner" CHECK ("trips"."driver_id" is null or "trips"."partner_company_id" is null);--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_assigned_has_driver" CHECK ("trips"."status" not in ('assigned', 'started', 'completed') or "trips"."driver_id" is not null or "trips"."partner_company_id" is not null);