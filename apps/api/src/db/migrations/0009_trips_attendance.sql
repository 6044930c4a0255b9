ALTER TABLE "yards" ADD CONSTRAINT "yards_company_id_id_unique" UNIQUE("company_id","id");--> statement-breakpoint
CREATE TABLE "attendance" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"day" date NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"worked_minutes" integer DEFAULT 0 NOT NULL,
	"attendance_status" text DEFAULT 'present' NOT NULL,
	"paid_status" text DEFAULT 'unpaid' NOT NULL,
	"payout_id" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_company_id_id_unique" UNIQUE("company_id","id"),
	CONSTRAINT "attendance_end_after_start" CHECK ("attendance"."end_at" is null or "attendance"."start_at" is null or "attendance"."end_at" > "attendance"."start_at"),
	CONSTRAINT "attendance_minutes_not_negative" CHECK ("attendance"."worked_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trip_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"trip_id" integer NOT NULL,
	"booking_id" integer,
	"location_id" integer,
	"yard_id" integer,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_movements_one_place" CHECK (("trip_movements"."location_id" is null) <> ("trip_movements"."yard_id" is null))
);
--> statement-breakpoint
CREATE TABLE "trip_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"trip_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"booking_id" integer,
	"type" text NOT NULL,
	"from_location_id" integer,
	"from_yard_id" integer,
	"to_location_id" integer,
	"to_yard_id" integer,
	"scheduled_at" timestamp with time zone NOT NULL,
	"driver_id" integer,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"driver_fee" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"payout_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trips_company_id_id_unique" UNIQUE("company_id","id"),
	CONSTRAINT "trips_from_one_end" CHECK (("trips"."from_location_id" is null) <> ("trips"."from_yard_id" is null)),
	CONSTRAINT "trips_to_one_end" CHECK (("trips"."to_location_id" is null) <> ("trips"."to_yard_id" is null)),
	CONSTRAINT "trips_driver_fee_not_negative" CHECK ("trips"."driver_fee" >= 0),
	CONSTRAINT "trips_assigned_has_driver" CHECK ("trips"."status" not in ('assigned', 'started', 'completed') or "trips"."driver_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_driver_id_fk" FOREIGN KEY ("company_id","driver_id") REFERENCES "public"."drivers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_movements" ADD CONSTRAINT "trip_movements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_movements" ADD CONSTRAINT "trip_movements_moved_by_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_movements" ADD CONSTRAINT "trip_movements_trip_id_fk" FOREIGN KEY ("company_id","trip_id") REFERENCES "public"."trips"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_movements" ADD CONSTRAINT "trip_movements_location_id_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_movements" ADD CONSTRAINT "trip_movements_yard_id_fk" FOREIGN KEY ("company_id","yard_id") REFERENCES "public"."yards"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_status_history" ADD CONSTRAINT "trip_status_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_status_history" ADD CONSTRAINT "trip_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_status_history" ADD CONSTRAINT "trip_status_history_trip_id_fk" FOREIGN KEY ("company_id","trip_id") REFERENCES "public"."trips"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_booking_id_fk" FOREIGN KEY ("company_id","booking_id") REFERENCES "public"."bookings"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_from_location_id_fk" FOREIGN KEY ("company_id","from_location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_from_yard_id_fk" FOREIGN KEY ("company_id","from_yard_id") REFERENCES "public"."yards"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_to_location_id_fk" FOREIGN KEY ("company_id","to_location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_to_yard_id_fk" FOREIGN KEY ("company_id","to_yard_id") REFERENCES "public"."yards"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_driver_id_fk" FOREIGN KEY ("company_id","driver_id") REFERENCES "public"."drivers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_driver_day_unique" ON "attendance" USING btree ("company_id","driver_id","day");--> statement-breakpoint
CREATE INDEX "trip_movements_booking_idx" ON "trip_movements" USING btree ("company_id","booking_id","moved_at");--> statement-breakpoint
CREATE INDEX "trip_status_history_trip_idx" ON "trip_status_history" USING btree ("company_id","trip_id","changed_at");--> statement-breakpoint
CREATE INDEX "trips_company_day_idx" ON "trips" USING btree ("company_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "trips_driver_idx" ON "trips" USING btree ("company_id","driver_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "trips_booking_idx" ON "trips" USING btree ("company_id","booking_id");