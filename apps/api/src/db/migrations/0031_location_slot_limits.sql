ALTER TABLE "locations" ADD COLUMN "departure_slot_limit" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "arrival_slot_limit" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_departure_slot_limit_positive" CHECK ("locations"."departure_slot_limit" >= 1);--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_arrival_slot_limit_positive" CHECK ("locations"."arrival_slot_limit" >= 1);