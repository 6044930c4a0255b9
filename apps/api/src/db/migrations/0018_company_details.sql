ALTER TABLE "companies" ADD COLUMN "tax_number" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "mail_sender_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "mail_reply_to" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "first_day_of_week" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "terms" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_first_day_of_week_range" CHECK ("companies"."first_day_of_week" BETWEEN 1 AND 7);