CREATE TABLE "public_booking_requests" (
	"company_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"booking_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_booking_requests_pkey" PRIMARY KEY("company_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "public_booking_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "public_booking_payment" text DEFAULT 'on_arrival' NOT NULL;--> statement-breakpoint
ALTER TABLE "public_booking_requests" ADD CONSTRAINT "public_booking_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_booking_requests" ADD CONSTRAINT "public_booking_requests_booking_fk" FOREIGN KEY ("company_id","booking_id") REFERENCES "public"."bookings"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_public_booking_payment_known" CHECK ("companies"."public_booking_payment" IN ('on_arrival', 'in_advance'));