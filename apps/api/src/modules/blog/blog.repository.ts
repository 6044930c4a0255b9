import type { BlogListQuery, PublicBlogListQuery } from '@ps/contracts';
import { and, desc, eq, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '../../db/client.ts';
import { blogPosts } from '../../db/schema/index.ts';
import { containsPattern, countRows, listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';
import { EXCERPT_LENGTH } from '../../lib/richText.ts';

export type BlogPostRow = typeof blogPosts.$inferSelect;

/** Enough of the text for an excerpt (cut at a word in the service), not the whole body. */
const excerptSource = sql<string>`left(${blogPosts.body_text}, ${EXCERPT_LENGTH * 2})`;

const summaryColumns = {
  id: blogPosts.id,
  company_id: blogPosts.company_id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  language: blogPosts.language,
  status: blogPosts.status,
  published_at: blogPosts.published_at,
  excerpt_source: excerptSource,
  cover_content_type: blogPosts.cover_content_type,
  cover_size_bytes: blogPosts.cover_size_bytes,
  cover_uploaded_at: blogPosts.cover_uploaded_at,
  created_at: blogPosts.created_at,
  updated_at: blogPosts.updated_at,
};
export type BlogPostSummaryRow = {
  [K in keyof typeof summaryColumns]: K extends 'excerpt_source' ? string : BlogPostRow[K & keyof BlogPostRow];
};
/** A whole post (the kit reads it back after each write): the row with its excerpt's source beside the body. */
export type BlogPostRead = BlogPostRow & { excerpt_source: string };

/** Free-text search: the title, the slug and the body's text (never its markup). */
const searchColumns = [blogPosts.title, blogPosts.slug, blogPosts.body_text];

/** A company's posts (the back-office); writes go through the kit (blog.service.ts). */
export function createBlogRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, blogPosts, companyId);

  return {
    list(query: BlogListQuery) {
      const parts = listParts(query, {
        filters: [
          scope.owned(),
          query.status === undefined ? undefined : eq(blogPosts.status, query.status),
          query.language === undefined ? undefined : eq(blogPosts.language, query.language),
        ],
        searchColumns,
        sortColumns: {
          title: blogPosts.title,
          slug: blogPosts.slug,
          language: blogPosts.language,
          status: blogPosts.status,
          published_at: blogPosts.published_at,
          created_at: blogPosts.created_at,
          updated_at: blogPosts.updated_at,
        },
        defaultSort: '-updated_at',
        tieBreaker: blogPosts.id,
      });
      return listPage<BlogPostSummaryRow>(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          db
            .select(summaryColumns)
            .from(blogPosts)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: (where) => countRows(db, blogPosts, where),
      });
    },

    async findById(id: number): Promise<BlogPostRead | undefined> {
      const [row] = await db
        .select({ post: blogPosts, excerpt_source: excerptSource })
        .from(blogPosts)
        .where(scope.owned(eq(blogPosts.id, id)))
        .limit(1);
      return row ? { ...row.post, excerpt_source: row.excerpt_source } : undefined;
    },

    /** The slugs of this language that start with `base` (to number a proposed slug on: base-2, base-3...). */
    async slugsLike(language: 'en' | 'ta', base: string, exceptId: number | null): Promise<Set<string>> {
      const rows = await db
        .select({ slug: blogPosts.slug })
        .from(blogPosts)
        .where(
          scope.owned(
            eq(blogPosts.language, language),
            or(eq(blogPosts.slug, base), ilike(blogPosts.slug, `${base.replace(/[\\%_]/g, '\\$&')}-%`)),
            exceptId === null ? undefined : sql`${blogPosts.id} <> ${exceptId}`,
          ),
        );
      return new Set(rows.map((row) => row.slug));
    },
  };
}

/** On the company's site: published and its time has come. */
const onSite = (companyId: number): SQL =>
  and(eq(blogPosts.company_id, companyId), eq(blogPosts.status, 'published'), lte(blogPosts.published_at, sql`now()`)) as SQL;

const publicColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  language: blogPosts.language,
  published_at: blogPosts.published_at,
  excerpt_source: excerptSource,
  has_cover: sql<boolean>`${blogPosts.cover_stored_name} is not null`,
  updated_at: blogPosts.updated_at,
};

/** The company's public site's list: its posts on the site, newest first, of one language if asked. */
export async function listPublicPosts(db: DbOrTx, companyId: number, query: PublicBlogListQuery) {
  const where = and(
    onSite(companyId),
    query.language === undefined ? undefined : eq(blogPosts.language, query.language),
    query.search ? or(...searchColumns.map((column) => ilike(column, containsPattern(query.search ?? '')))) : undefined,
  );
  const [rows, total] = await readTogether(db, [
    () =>
      db
        .select(publicColumns)
        .from(blogPosts)
        .where(where)
        .orderBy(desc(blogPosts.published_at), desc(blogPosts.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
    () => countRows(db, blogPosts, where),
  ]);
  return { rows, total };
}

/** One post on the company's site by its address (language and slug), with its body. */
export async function findPublicPost(db: DbOrTx, companyId: number, language: 'en' | 'ta', slug: string) {
  const [row] = await db
    .select({ ...publicColumns, body: blogPosts.body })
    .from(blogPosts)
    .where(and(onSite(companyId), eq(blogPosts.language, language), eq(blogPosts.slug, slug)))
    .limit(1);
  return row;
}

/** A cover on the company's site: only a post that is on the site shows its cover. */
export async function findPublicCover(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select({ stored_name: blogPosts.cover_stored_name, content_type: blogPosts.cover_content_type })
    .from(blogPosts)
    .where(and(onSite(companyId), eq(blogPosts.id, id)))
    .limit(1);
  return row?.stored_name && row.content_type ? { stored_name: row.stored_name, content_type: row.content_type } : undefined;
}
