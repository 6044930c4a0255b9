-- Issue 21, section 3: the global search. Trigram indexes (pg_trgm, shipped with PostgreSQL's contrib and loaded as an
-- extension by the embedded database, db/embedded.ts) find a registration, a name or a phone's digits anywhere in them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "bookings_search_reference_idx" ON "bookings" USING btree ("company_id",upper(replace("reference", '-', '')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_search_reg_idx" ON "bookings" USING gin (upper(replace("vehicle_reg", ' ', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_search_name_idx" ON "bookings" USING gin (lower("customer_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_search_phone_idx" ON "bookings" USING gin (regexp_replace("customer_phone", '[^0-9]', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_company_created_idx" ON "bookings" USING btree ("company_id","created_at","id");