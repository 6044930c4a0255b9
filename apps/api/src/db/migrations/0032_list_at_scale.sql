ALTER TABLE "car_places" ADD COLUMN "arrival_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "car_places" ADD COLUMN "vehicle_reg" text;--> statement-breakpoint
ALTER TABLE "car_places" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE INDEX "bookings_list_reference_idx" ON "bookings" USING btree ("company_id","reference");--> statement-breakpoint
CREATE INDEX "bookings_list_name_idx" ON "bookings" USING btree ("company_id","customer_name","id");--> statement-breakpoint
CREATE INDEX "bookings_list_reg_idx" ON "bookings" USING btree ("company_id","vehicle_reg","id");--> statement-breakpoint
CREATE INDEX "bookings_list_status_idx" ON "bookings" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "bookings_list_total_idx" ON "bookings" USING btree ("company_id","total" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "bookings_list_reference_trgm_idx" ON "bookings" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_list_email_trgm_idx" ON "bookings" USING gin ("customer_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_list_phone_trgm_idx" ON "bookings" USING gin ("customer_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "car_places_due_idx" ON "car_places" USING btree ("company_id","arrival_at","booking_id");--> statement-breakpoint
-- Hand-written (issue 24): car_places carries its booking's due-out time, registration and reference for the
-- cars-on-site screen; filled from the booking when a car is placed, kept in step when the booking changes.
CREATE OR REPLACE FUNCTION ps_car_places_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT b.arrival_at, b.vehicle_reg, b.reference INTO NEW.arrival_at, NEW.vehicle_reg, NEW.reference
  FROM bookings b WHERE b.company_id = NEW.company_id AND b.id = NEW.booking_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "car_places_fill" BEFORE INSERT OR UPDATE OF company_id, booking_id, arrival_at, vehicle_reg, reference ON "car_places"
  FOR EACH ROW EXECUTE FUNCTION ps_car_places_fill();--> statement-breakpoint
CREATE OR REPLACE FUNCTION ps_bookings_car_place_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE car_places SET arrival_at = NEW.arrival_at, vehicle_reg = NEW.vehicle_reg, reference = NEW.reference
  WHERE company_id = NEW.company_id AND booking_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bookings_car_place_sync" AFTER UPDATE OF arrival_at, vehicle_reg, reference ON "bookings"
  FOR EACH ROW WHEN (OLD.arrival_at IS DISTINCT FROM NEW.arrival_at OR OLD.vehicle_reg IS DISTINCT FROM NEW.vehicle_reg
    OR OLD.reference IS DISTINCT FROM NEW.reference)
  EXECUTE FUNCTION ps_bookings_car_place_sync();--> statement-breakpoint
UPDATE car_places cp SET arrival_at = b.arrival_at, vehicle_reg = b.vehicle_reg, reference = b.reference
  FROM bookings b WHERE b.company_id = cp.company_id AND b.id = cp.booking_id;
