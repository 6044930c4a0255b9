CREATE TABLE "booking_access_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_access_codes" ADD CONSTRAINT "booking_access_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_access_codes" ADD CONSTRAINT "booking_access_codes_booking_fk" FOREIGN KEY ("company_id","booking_id") REFERENCES "public"."bookings"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_tokens" ADD CONSTRAINT "booking_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_tokens" ADD CONSTRAINT "booking_tokens_booking_fk" FOREIGN KEY ("company_id","booking_id") REFERENCES "public"."bookings"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_access_codes_booking_idx" ON "booking_access_codes" USING btree ("company_id","booking_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_tokens_expires_idx" ON "booking_tokens" USING btree ("expires_at");