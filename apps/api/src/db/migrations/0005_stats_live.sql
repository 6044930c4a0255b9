DROP INDEX "bookings_company_departure_idx";--> statement-breakpoint
CREATE INDEX "bookings_company_departure_idx" ON "bookings" USING btree ("company_id","departure_at","status","total");