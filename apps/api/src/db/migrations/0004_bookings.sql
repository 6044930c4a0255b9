CREATE TABLE "booking_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"additional_service_id" integer NOT NULL,
	"name" text NOT NULL,
	"unit_price" integer NOT NULL,
	"quantity" smallint DEFAULT 1 NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_services_company_id_id_unique" UNIQUE("company_id","id"),
	CONSTRAINT "booking_services_booking_service_unique" UNIQUE("booking_id","additional_service_id"),
	CONSTRAINT "booking_services_quantity_range" CHECK ("booking_services"."quantity" BETWEEN 1 AND 99),
	CONSTRAINT "booking_services_price_adds_up" CHECK ("booking_services"."price" = "booking_services"."unit_price" * "booking_services"."quantity" AND "booking_services"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "booking_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"reference" text NOT NULL,
	"type" text NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text,
	"customer_phone" text,
	"vehicle_reg" text NOT NULL,
	"vehicle_make" text,
	"vehicle_model" text,
	"vehicle_colour" text,
	"airport_id" integer NOT NULL,
	"departure_id" integer NOT NULL,
	"arrival_id" integer NOT NULL,
	"car_park_id" integer,
	"departure_at" timestamp with time zone NOT NULL,
	"arrival_at" timestamp with time zone NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"outbound_flight" text,
	"return_flight" text,
	"passengers" smallint DEFAULT 1 NOT NULL,
	"shuttle_out_at" timestamp with time zone,
	"shuttle_back_at" timestamp with time zone,
	"package_id" integer,
	"voucher_id" integer,
	"voucher_code" text,
	"voucher_discount_type" text,
	"voucher_discount_value" integer,
	"agency_id" integer,
	"notes" text,
	"base_price" integer NOT NULL,
	"package_price" integer NOT NULL,
	"services_price" integer NOT NULL,
	"discount" integer NOT NULL,
	"total" integer NOT NULL,
	"currency" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_reference_unique" UNIQUE("reference"),
	CONSTRAINT "bookings_company_id_id_unique" UNIQUE("company_id","id"),
	CONSTRAINT "bookings_days_in_order" CHECK ("bookings"."start_day" <= "bookings"."end_day"),
	CONSTRAINT "bookings_times_in_order" CHECK ("bookings"."departure_at" < "bookings"."arrival_at"),
	CONSTRAINT "bookings_passengers_range" CHECK ("bookings"."passengers" BETWEEN 1 AND 60),
	CONSTRAINT "bookings_total_adds_up" CHECK ("bookings"."total" = "bookings"."base_price" + "bookings"."package_price" + "bookings"."services_price" - "bookings"."discount" AND "bookings"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"booking_id" integer,
	"language" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"message_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"paid_at" timestamp with time zone NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"created_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_not_zero" CHECK ("payments"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_booking_id_fk" FOREIGN KEY ("company_id","booking_id") REFERENCES "public"."bookings"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_additional_service_id_fk" FOREIGN KEY ("company_id","additional_service_id") REFERENCES "public"."additional_services"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_status_history" ADD CONSTRAINT "booking_status_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_status_history" ADD CONSTRAINT "booking_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_status_history" ADD CONSTRAINT "booking_status_history_booking_id_fk" FOREIGN KEY ("company_id","booking_id") REFERENCES "public"."bookings"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_airport_id_fk" FOREIGN KEY ("company_id","airport_id") REFERENCES "public"."airports"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_departure_id_fk" FOREIGN KEY ("company_id","departure_id") REFERENCES "public"."locations"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_arrival_id_fk" FOREIGN KEY ("company_id","arrival_id") REFERENCES "public"."locations"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_car_park_id_fk" FOREIGN KEY ("company_id","car_park_id") REFERENCES "public"."locations"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_package_id_fk" FOREIGN KEY ("company_id","package_id") REFERENCES "public"."packages"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_voucher_id_fk" FOREIGN KEY ("company_id","voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_fk" FOREIGN KEY ("company_id","booking_id") REFERENCES "public"."bookings"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_status_history_booking_idx" ON "booking_status_history" USING btree ("company_id","booking_id","changed_at");--> statement-breakpoint
CREATE INDEX "bookings_company_departure_idx" ON "bookings" USING btree ("company_id","departure_at");--> statement-breakpoint
CREATE INDEX "bookings_company_arrival_idx" ON "bookings" USING btree ("company_id","arrival_at");--> statement-breakpoint
CREATE INDEX "bookings_company_status_departure_idx" ON "bookings" USING btree ("company_id","status","departure_at");--> statement-breakpoint
CREATE INDEX "bookings_car_park_days_idx" ON "bookings" USING btree ("company_id","car_park_id","end_day","start_day");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_company_idx" ON "mail_outbox" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_booking_idx" ON "mail_outbox" USING btree ("company_id","booking_id");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("company_id","booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key_unique" ON "payments" USING btree ("company_id","idempotency_key");