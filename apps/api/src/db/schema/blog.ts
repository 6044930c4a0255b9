import { blogCoverContentTypes, blogStatuses, languages } from '@ps/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { companies } from './companies.ts';

/**
 * A company's blog post (issue 9, section 4) for its public site, in English or Tamil. `body` is the HTML the
 * allowlist left (apps/api/src/lib/richText.ts), `body_text` its readable text (search and excerpts). The cover
 * image's bytes are in the upload directory under `cover_stored_name`, a name the server made.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    language: text('language', { enum: languages }).notNull(),
    body: text('body').notNull(),
    body_text: text('body_text').notNull(),
    status: text('status', { enum: blogStatuses }).notNull().default('draft'),
    /** While published: when the post is (or goes) on the site. */
    published_at: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    cover_stored_name: text('cover_stored_name'),
    cover_content_type: text('cover_content_type', { enum: blogCoverContentTypes }),
    cover_size_bytes: integer('cover_size_bytes'),
    cover_uploaded_at: timestamp('cover_uploaded_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    // An address on the company's site: one post per slug and language.
    uniqueIndex('blog_posts_company_language_slug_unique').on(table.company_id, table.language, table.slug),
    uniqueIndex('blog_posts_cover_stored_name_unique').on(table.cover_stored_name),
    // The back-office list (last changed first) and the public list (published, by language, newest first).
    index('blog_posts_company_updated_idx').on(table.company_id, table.updated_at),
    index('blog_posts_public_idx').on(table.company_id, table.status, table.language, table.published_at),
    check('blog_posts_slug_format', sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(${table.slug}) <= 100`),
    check('blog_posts_language_known', sql`${table.language} IN ('en', 'ta')`),
    check('blog_posts_status_known', sql`${table.status} IN ('draft', 'published')`),
    // Published exactly when it has a publication time.
    check('blog_posts_published_has_time', sql`(${table.status} = 'published') = (${table.published_at} IS NOT NULL)`),
    // A cover is all four columns or none.
    check(
      'blog_posts_cover_complete',
      sql`(${table.cover_stored_name} IS NULL) = (${table.cover_content_type} IS NULL) AND (${table.cover_stored_name} IS NULL) = (${table.cover_size_bytes} IS NULL) AND (${table.cover_stored_name} IS NULL) = (${table.cover_uploaded_at} IS NULL)`,
    ),
  ],
);
