CREATE TABLE "security_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"event" text NOT NULL,
	"reason" text,
	"address" text,
	"request_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "security_events_created_idx" ON "security_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "security_events_company_idx" ON "security_events" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
-- Security events are append-only like audit rows (ps_append_only from 0015_audit_append_only).
CREATE TRIGGER security_events_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON security_events
  FOR EACH STATEMENT EXECUTE FUNCTION ps_append_only();
