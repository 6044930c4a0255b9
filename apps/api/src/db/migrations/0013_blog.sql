CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"language" text NOT NULL,
	"body" text NOT NULL,
	"body_text" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"cover_stored_name" text,
	"cover_content_type" text,
	"cover_size_bytes" integer,
	"cover_uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_slug_format" CHECK ("blog_posts"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length("blog_posts"."slug") <= 100),
	CONSTRAINT "blog_posts_language_known" CHECK ("blog_posts"."language" IN ('en', 'ta')),
	CONSTRAINT "blog_posts_status_known" CHECK ("blog_posts"."status" IN ('draft', 'published')),
	CONSTRAINT "blog_posts_published_has_time" CHECK (("blog_posts"."status" = 'published') = ("blog_posts"."published_at" IS NOT NULL)),
	CONSTRAINT "blog_posts_cover_complete" CHECK (("blog_posts"."cover_stored_name" IS NULL) = ("blog_posts"."cover_content_type" IS NULL) AND ("blog_posts"."cover_stored_name" IS NULL) = ("blog_posts"."cover_size_bytes" IS NULL) AND ("blog_posts"."cover_stored_name" IS NULL) = ("blog_posts"."cover_uploaded_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_company_language_slug_unique" ON "blog_posts" USING btree ("company_id","language","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_cover_stored_name_unique" ON "blog_posts" USING btree ("cover_stored_name");--> statement-breakpoint
CREATE INDEX "blog_posts_company_updated_idx" ON "blog_posts" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "blog_posts_public_idx" ON "blog_posts" USING btree ("company_id","status","language","published_at");