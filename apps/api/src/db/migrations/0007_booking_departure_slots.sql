CREATE TABLE "booking_departure_slots" (
	"company_id" integer NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"bookings" integer NOT NULL,
	"revenue" bigint NOT NULL,
	CONSTRAINT "booking_departure_slots_pk" PRIMARY KEY("company_id","slot")
);
--> statement-breakpoint
ALTER TABLE "booking_departure_slots" ADD CONSTRAINT "booking_departure_slots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The slot of a departure: its quarter hour in UTC (date_bin is plain arithmetic on the instant, whatever the
-- session's time zone). Immutable and one expression, so the planner inlines it: no call per row of a bulk insert.
CREATE FUNCTION "booking_departure_slot"("at" timestamp with time zone) RETURNS timestamp with time zone
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT date_bin('15 minutes', "at", timestamp with time zone '2000-01-01 00:00:00+00') $$;
--> statement-breakpoint
-- Keeps booking_departure_slots equal to the bookings that are not cancelled, per company and slot. Statement-level,
-- over the statement's transition tables: a 1,000,000-row insert is one grouped upsert, not a million. An update
-- adds its new rows and subtracts its old ones, and slots whose figures do not change (a status change from
-- confirmed to parked, a new name) are not written at all. Slots are upserted in key order, so two statements
-- touching the same slots lock them in the same order.
CREATE FUNCTION "booking_departure_slots_apply"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM booking_departure_slots;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO booking_departure_slots AS s (company_id, slot, bookings, revenue)
    SELECT company_id, booking_departure_slot(departure_at), count(*), sum(total)
    FROM new_rows WHERE status <> 'cancelled'
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (company_id, slot) DO UPDATE SET bookings = s.bookings + excluded.bookings, revenue = s.revenue + excluded.revenue;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO booking_departure_slots AS s (company_id, slot, bookings, revenue)
    SELECT company_id, booking_departure_slot(departure_at), -count(*), -sum(total)
    FROM old_rows WHERE status <> 'cancelled'
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (company_id, slot) DO UPDATE SET bookings = s.bookings + excluded.bookings, revenue = s.revenue + excluded.revenue;
  ELSE
    INSERT INTO booking_departure_slots AS s (company_id, slot, bookings, revenue)
    SELECT company_id, slot, sum(bookings), sum(revenue)
    FROM (
      SELECT company_id, booking_departure_slot(departure_at) AS slot, 1 AS bookings, total::bigint AS revenue
      FROM new_rows WHERE status <> 'cancelled'
      UNION ALL
      SELECT company_id, booking_departure_slot(departure_at), -1, -total::bigint
      FROM old_rows WHERE status <> 'cancelled'
    ) AS changes
    GROUP BY 1, 2
    HAVING sum(bookings) <> 0 OR sum(revenue) <> 0
    ORDER BY 1, 2
    ON CONFLICT (company_id, slot) DO UPDATE SET bookings = s.bookings + excluded.bookings, revenue = s.revenue + excluded.revenue;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_departure_slots_insert" AFTER INSERT ON "bookings"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "booking_departure_slots_apply"();
--> statement-breakpoint
CREATE TRIGGER "bookings_departure_slots_update" AFTER UPDATE ON "bookings"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "booking_departure_slots_apply"();
--> statement-breakpoint
CREATE TRIGGER "bookings_departure_slots_delete" AFTER DELETE ON "bookings"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "booking_departure_slots_apply"();
--> statement-breakpoint
CREATE TRIGGER "bookings_departure_slots_truncate" AFTER TRUNCATE ON "bookings"
FOR EACH STATEMENT EXECUTE FUNCTION "booking_departure_slots_apply"();
--> statement-breakpoint
-- The bookings made before this migration. After the triggers: creating them locked out writes to bookings until
-- this transaction ends, so no booking falls between the backfill and the triggers.
INSERT INTO "booking_departure_slots" ("company_id", "slot", "bookings", "revenue")
SELECT "company_id", booking_departure_slot("departure_at"), count(*), sum("total")
FROM "bookings" WHERE "status" <> 'cancelled'
GROUP BY 1, 2;
