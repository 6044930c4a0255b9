CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"key" text,
	"name" text NOT NULL,
	"description" text,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_company_id_id_unique" UNIQUE("company_id","id"),
	CONSTRAINT "roles_built_in_or_company" CHECK (("roles"."key" is null) <> ("roles"."company_id" is null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role_id" integer;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_key_unique" ON "roles" USING btree ("key") WHERE "roles"."key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_company_name_unique" ON "roles" USING btree ("company_id",lower("name")) WHERE "roles"."company_id" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_role_fk" FOREIGN KEY ("company_id","role_id") REFERENCES "public"."roles"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_own_role_office_only" CHECK ("users"."role_id" is null or ("users"."role" = 'admin' and "users"."company_id" is not null));--> statement-breakpoint
-- The built-in roles: every user without a role of their company's has the one of their kind.
INSERT INTO "roles" ("key", "name") VALUES ('super_admin', 'Super admin'), ('admin', 'Admin'), ('driver', 'Driver');
