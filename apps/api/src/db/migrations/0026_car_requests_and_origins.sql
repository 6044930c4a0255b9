CREATE TABLE "car_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"local_day" date NOT NULL,
	"bag_claim_minutes" smallint NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"wanted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "car_requests_booking_day_unique" UNIQUE("company_id","booking_id","local_day"),
	CONSTRAINT "car_requests_bag_claim_range" CHECK ("car_requests"."bag_claim_minutes" BETWEEN 0 AND 180)
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "public_booking_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "car_requests" ADD CONSTRAINT "car_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_requests" ADD CONSTRAINT "car_requests_booking_fk" FOREIGN KEY ("company_id","booking_id") REFERENCES "public"."bookings"("company_id","id") ON DELETE cascade ON UPDATE no action;