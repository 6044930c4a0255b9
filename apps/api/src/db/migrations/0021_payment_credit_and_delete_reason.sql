ALTER TABLE "payments" ADD COLUMN "credit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "delete_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_within_amount" CHECK ("payments"."credit" >= 0 AND ("payments"."credit" = 0 OR "payments"."credit" <= "payments"."amount"));