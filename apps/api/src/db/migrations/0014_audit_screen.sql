DROP INDEX "audit_log_company_idx";--> statement-breakpoint
CREATE INDEX "audit_log_company_created_idx" ON "audit_log" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_company_actor_created_idx" ON "audit_log" USING btree ("company_id","actor_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_company_entity_created_idx" ON "audit_log" USING btree ("company_id","entity","created_at" DESC NULLS LAST);