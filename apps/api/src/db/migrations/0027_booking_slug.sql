-- The hosted booking page's address, /book/<booking_slug> (issue 23, section 2; docs/decisions.md "The hosted
-- booking page"). Every company has one: the companies made before this migration get one here, and an insert that
-- leaves it out gets one from the trigger below, so no caller (the super admin's add, the demo, a test) has to make it.
ALTER TABLE "companies" ADD COLUMN "booking_slug" text;--> statement-breakpoint
-- A company's first address, made of its name: lower case, every run of other characters one hyphen, none at either
-- end, cut to 50 characters; 'company' when no letter or digit is left. When another company has it (or it is one
-- character), the company's id follows it ('harbour-parking-7'), numbered on in the unlikely case that is taken too.
-- Inserts making the same address queue on an advisory lock until the first commits; each query of a plpgsql function
-- sees what committed before it, so the second then sees the first's address and takes its own.
CREATE FUNCTION "company_booking_slug"("company_name" text, "company_id" integer) RETURNS text
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  base text := rtrim(left(trim(both '-' from regexp_replace(lower(coalesce("company_name", '')), '[^a-z0-9]+', '-', 'g')), 50), '-');
  candidate text;
  suffix text;
  tries integer := 0;
BEGIN
  IF base = '' THEN
    base := 'company';
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('companies.booking_slug:' || base));
  candidate := base;
  WHILE length(candidate) < 2
    OR EXISTS (SELECT 1 FROM "companies" WHERE "booking_slug" = candidate AND "id" <> "company_id") LOOP
    tries := tries + 1;
    suffix := '-' || "company_id" || CASE WHEN tries > 1 THEN '-' || tries ELSE '' END;
    candidate := rtrim(left(base, 60 - length(suffix)), '-') || suffix;
  END LOOP;
  RETURN candidate;
END;
$$;
--> statement-breakpoint
-- The companies made before this migration, oldest first (the oldest keeps the plain name), one statement each so
-- each sees the addresses given before it.
DO $$
DECLARE
  company record;
BEGIN
  FOR company IN SELECT "id", "name" FROM "companies" ORDER BY "id" LOOP
    UPDATE "companies" SET "booking_slug" = company_booking_slug(company."name", company."id") WHERE "id" = company."id";
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "booking_slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_booking_slug_unique" UNIQUE("booking_slug");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_booking_slug_format" CHECK ("companies"."booking_slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length("companies"."booking_slug") BETWEEN 2 AND 60);--> statement-breakpoint
-- An insert without an address gets one made of the name. BEFORE: the column's NOT NULL is checked after this sets it;
-- the id is already drawn from its sequence by then. An address given is kept (the check and the unique key judge it).
CREATE FUNCTION "companies_booking_slug_fill"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW."booking_slug" IS NULL THEN
    NEW."booking_slug" := company_booking_slug(NEW."name", NEW."id");
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "companies_booking_slug_fill" BEFORE INSERT ON "companies"
FOR EACH ROW EXECUTE FUNCTION "companies_booking_slug_fill"();
