CREATE TABLE "flight_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"flight_number" text NOT NULL,
	"estimated_arrival" timestamp with time zone,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"source" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"payout_id" integer NOT NULL,
	"attendance_id" integer,
	"trip_id" integer,
	"day" date NOT NULL,
	"worked_minutes" integer DEFAULT 0 NOT NULL,
	"rate" integer DEFAULT 0 NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "payout_lines_attendance_unique" UNIQUE("attendance_id"),
	CONSTRAINT "payout_lines_trip_unique" UNIQUE("trip_id"),
	CONSTRAINT "payout_lines_one_source" CHECK (("payout_lines"."attendance_id" is null) <> ("payout_lines"."trip_id" is null))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"worked_minutes" integer DEFAULT 0 NOT NULL,
	"hours_amount" integer DEFAULT 0 NOT NULL,
	"trip_count" integer DEFAULT 0 NOT NULL,
	"trips_amount" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"created_by" integer,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_company_id_id_unique" UNIQUE("company_id","id"),
	CONSTRAINT "payouts_period_order" CHECK ("payouts"."period_end" >= "payouts"."period_start"),
	CONSTRAINT "payouts_approved_when" CHECK (("payouts"."status" = 'approved') = ("payouts"."approved_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "trip_schedule_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"trip_id" integer NOT NULL,
	"booking_id" integer,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"unassigned_driver_id" integer,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "trip_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "flight_buffer_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "flight_updates" ADD CONSTRAINT "flight_updates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_updates" ADD CONSTRAINT "flight_updates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_updates" ADD CONSTRAINT "flight_updates_booking_id_fk" FOREIGN KEY ("company_id","booking_id") REFERENCES "public"."bookings"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_payout_id_fk" FOREIGN KEY ("company_id","payout_id") REFERENCES "public"."payouts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_driver_id_fk" FOREIGN KEY ("company_id","driver_id") REFERENCES "public"."drivers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_schedule_changes" ADD CONSTRAINT "trip_schedule_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_schedule_changes" ADD CONSTRAINT "trip_schedule_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_schedule_changes" ADD CONSTRAINT "trip_schedule_changes_trip_id_fk" FOREIGN KEY ("company_id","trip_id") REFERENCES "public"."trips"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flight_updates_booking_unique" ON "flight_updates" USING btree ("company_id","booking_id");--> statement-breakpoint
CREATE INDEX "payout_lines_payout_idx" ON "payout_lines" USING btree ("company_id","payout_id");--> statement-breakpoint
CREATE INDEX "payouts_driver_idx" ON "payouts" USING btree ("company_id","driver_id","period_start");--> statement-breakpoint
CREATE INDEX "trip_schedule_changes_trip_idx" ON "trip_schedule_changes" USING btree ("company_id","trip_id","changed_at");--> statement-breakpoint
CREATE INDEX "trip_schedule_changes_booking_idx" ON "trip_schedule_changes" USING btree ("company_id","booking_id","changed_at");