CREATE TABLE "car_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"position_id" integer,
	"holds_one" boolean DEFAULT false NOT NULL,
	"key_location" text,
	"placed_at" timestamp with time zone NOT NULL,
	"placed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_relocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"from_position_id" integer,
	"to_position_id" integer,
	"from_key_location" text,
	"to_key_location" text,
	"note" text,
	"moved_at" timestamp with time zone NOT NULL,
	"moved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_relocations_company_id_id_unique" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "handover_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"handover_id" integer,
	"relocation_id" integer,
	"purpose" text NOT NULL,
	"stored_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handover_files_one_owner" CHECK (("handover_files"."handover_id" is null) <> ("handover_files"."relocation_id" is null))
);
--> statement-breakpoint
CREATE TABLE "handovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"kind" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"recorded_by" integer,
	"mileage" integer,
	"fuel_eighths" smallint,
	"position_id" integer,
	"key_location" text,
	"marks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signed_name" text,
	"note" text,
	"booking_status_before" text NOT NULL,
	"closed_trips" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"undone_at" timestamp with time zone,
	"undone_by" integer,
	"receipt_mail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handovers_company_id_id_unique" UNIQUE("company_id","id"),
	CONSTRAINT "handovers_mileage_range" CHECK ("handovers"."mileage" is null or "handovers"."mileage" between 0 and 2000000),
	CONSTRAINT "handovers_fuel_range" CHECK ("handovers"."fuel_eighths" is null or "handovers"."fuel_eighths" between 0 and 8)
);
--> statement-breakpoint
CREATE TABLE "idempotent_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" smallint,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"yard_id" integer,
	"location_id" integer,
	"kind" text DEFAULT 'bay' NOT NULL,
	"name" text NOT NULL,
	"notes" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "positions_company_id_id_unique" UNIQUE("company_id","id"),
	CONSTRAINT "positions_one_place" CHECK (("positions"."yard_id" is null) <> ("positions"."location_id" is null))
);
--> statement-breakpoint
ALTER TABLE "car_places" ADD CONSTRAINT "car_places_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_places" ADD CONSTRAINT "car_places_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_places" ADD CONSTRAINT "car_places_booking_id_fk" FOREIGN KEY ("company_id","booking_id") REFERENCES "public"."bookings"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_places" ADD CONSTRAINT "car_places_position_id_fk" FOREIGN KEY ("company_id","position_id") REFERENCES "public"."positions"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_relocations" ADD CONSTRAINT "car_relocations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_relocations" ADD CONSTRAINT "car_relocations_moved_by_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_relocations" ADD CONSTRAINT "car_relocations_booking_id_fk" FOREIGN KEY ("company_id","booking_id") REFERENCES "public"."bookings"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_relocations" ADD CONSTRAINT "car_relocations_from_position_id_fk" FOREIGN KEY ("company_id","from_position_id") REFERENCES "public"."positions"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_relocations" ADD CONSTRAINT "car_relocations_to_position_id_fk" FOREIGN KEY ("company_id","to_position_id") REFERENCES "public"."positions"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_files" ADD CONSTRAINT "handover_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_files" ADD CONSTRAINT "handover_files_handover_id_fk" FOREIGN KEY ("company_id","handover_id") REFERENCES "public"."handovers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_files" ADD CONSTRAINT "handover_files_relocation_id_fk" FOREIGN KEY ("company_id","relocation_id") REFERENCES "public"."car_relocations"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_booking_id_fk" FOREIGN KEY ("company_id","booking_id") REFERENCES "public"."bookings"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_position_id_fk" FOREIGN KEY ("company_id","position_id") REFERENCES "public"."positions"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD CONSTRAINT "idempotent_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_yard_id_fk" FOREIGN KEY ("company_id","yard_id") REFERENCES "public"."yards"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_location_id_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "car_places_booking_unique" ON "car_places" USING btree ("company_id","booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "car_places_bay_unique" ON "car_places" USING btree ("company_id","position_id") WHERE "car_places"."holds_one";--> statement-breakpoint
CREATE INDEX "car_relocations_booking_idx" ON "car_relocations" USING btree ("company_id","booking_id");--> statement-breakpoint
CREATE INDEX "handover_files_handover_idx" ON "handover_files" USING btree ("company_id","handover_id");--> statement-breakpoint
CREATE UNIQUE INDEX "handover_files_stored_name_unique" ON "handover_files" USING btree ("stored_name");--> statement-breakpoint
CREATE INDEX "handovers_booking_idx" ON "handovers" USING btree ("company_id","booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "handovers_idempotency_key_unique" ON "handovers" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotent_requests_user_key_unique" ON "idempotent_requests" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "idempotent_requests_created_idx" ON "idempotent_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "positions_company_idx" ON "positions" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_place_name_unique" ON "positions" USING btree ("company_id",coalesce("yard_id", 0),coalesce("location_id", 0),lower("name"));--> statement-breakpoint
-- A car checked out before check-out closed its trips (issue 22): its unfinished trips are closed now, as the rule does,
-- each with its history line, so none waits for a driver.
INSERT INTO "trip_status_history" ("company_id", "trip_id", "from_status", "to_status", "note")
SELECT t."company_id", t."id", t."status",
  CASE WHEN t."driver_id" IS NOT NULL OR t."partner_company_id" IS NOT NULL THEN 'completed' ELSE 'cancelled' END,
  'Closed with its booking: the car is back with its customer.'
FROM "trips" t JOIN "bookings" b ON b."company_id" = t."company_id" AND b."id" = t."booking_id"
WHERE b."status" IN ('checked_out', 'completed') AND t."status" IN ('scheduled', 'assigned', 'started');--> statement-breakpoint
UPDATE "trips" t SET "status" = CASE WHEN t."driver_id" IS NOT NULL OR t."partner_company_id" IS NOT NULL THEN 'completed' ELSE 'cancelled' END,
  "updated_at" = now()
FROM "bookings" b
WHERE b."company_id" = t."company_id" AND b."id" = t."booking_id"
  AND b."status" IN ('checked_out', 'completed') AND t."status" IN ('scheduled', 'assigned', 'started');
