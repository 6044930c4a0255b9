ALTER TABLE "document_types" ADD COLUMN "is_licence" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "document_types_company_licence_unique" ON "document_types" USING btree ("company_id") WHERE "document_types"."is_licence";--> statement-breakpoint
-- Issue 21: a driver's licence expiry had two sources (the profile and the licence's uploaded document) that could
-- disagree. Each company's first type named like a licence becomes its licence type, and every driver holding
-- documents of it takes their latest expiry as the licence expiry (the document is what was checked).
UPDATE "document_types" SET "is_licence" = true WHERE "id" IN (
  SELECT DISTINCT ON ("company_id") "id" FROM "document_types"
  WHERE "name" ILIKE '%licen%' ORDER BY "company_id", "id"
);--> statement-breakpoint
UPDATE "drivers" SET "licence_expiry" = "held"."latest" FROM (
  SELECT "driver_documents"."company_id", "driver_documents"."driver_id", max("driver_documents"."expiry_date") AS "latest"
  FROM "driver_documents"
  JOIN "document_types" ON "document_types"."company_id" = "driver_documents"."company_id"
    AND "document_types"."id" = "driver_documents"."document_type_id" AND "document_types"."is_licence"
  GROUP BY "driver_documents"."company_id", "driver_documents"."driver_id"
) AS "held"
WHERE "drivers"."company_id" = "held"."company_id" AND "drivers"."id" = "held"."driver_id";
