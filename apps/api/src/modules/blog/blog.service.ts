import type { ReadStream } from 'node:fs';
import {
  type BlogCoverContentType,
  type BlogListQuery,
  type BlogPost,
  type BlogPostCreate,
  type BlogPostSummary,
  type BlogPostUpdate,
  type Language,
  type PublicBlogListQuery,
  type PublicBlogPost,
  type PublicBlogPostSummary,
  proposeSlug,
  V,
} from '@ps/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { blogPosts } from '../../db/schema/index.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { type RecordWriter, writeRecords } from '../../kit/records.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { excerptOf, richTextToPlainText, sanitizeRichText } from '../../lib/richText.ts';
import type { ReceivedFile, UploadStore } from '../../lib/uploads.ts';
import {
  type BlogPostRead,
  type BlogPostRow,
  type BlogPostSummaryRow,
  createBlogRepository,
  findPublicCover,
  findPublicPost,
  listPublicPosts,
} from './blog.repository.ts';

const blogWrites = {
  entity: 'blog_post',
  translate: constraintTranslator({
    table: 'blog_posts',
    unique: { blog_posts_company_language_slug_unique: { code: 'blog_slug_taken', field: 'slug' } },
    checks: { blog_posts_slug_format: 'slug', blog_posts_published_has_time: 'published_at' },
    inUse: 'conflict',
  }),
};

/** The public address of a post's cover (`GET /api/blog/public/cover/{id}`, client key). */
export const publicCoverUrl = (id: number) => `/api/blog/public/cover/${id}`;

function coverOf(row: Pick<BlogPostRow, 'cover_content_type' | 'cover_size_bytes' | 'cover_uploaded_at'>): BlogPost['cover'] {
  if (!row.cover_content_type || row.cover_size_bytes === null || !row.cover_uploaded_at) return null;
  return { content_type: row.cover_content_type, size_bytes: row.cover_size_bytes, uploaded_at: row.cover_uploaded_at.toISOString() };
}

export function toSummary(row: BlogPostSummaryRow | BlogPostRead): BlogPostSummary {
  return {
    id: row.id,
    company_id: row.company_id,
    title: row.title,
    slug: row.slug,
    language: row.language,
    status: row.status,
    published_at: row.published_at?.toISOString() ?? null,
    excerpt: excerptOf(row.excerpt_source),
    cover: coverOf(row),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const toPost = (row: BlogPostRead): BlogPost => ({ ...toSummary(row), body: row.body });

/** The body as stored and its text; a body with nothing readable left is refused on `body`. */
function cleanBody(html: string): { body: string; body_text: string } {
  const body = sanitizeRichText(html);
  const body_text = richTextToPlainText(body);
  if (body_text === '') throw fieldError('blog_body_empty', 'body');
  return { body, body_text };
}

/** 400 on `published_at`: a draft is not on the site, so it has no publication time. */
const draftHasNoTime = () =>
  new AppError(400, 'validation_failed', { details: [{ field: 'published_at', code: V.publishedAtDraft, message: '' }] });

/**
 * A slug for a post whose caller sent none: the title's proposal, numbered on (`-2`, `-3`...) while another post
 * of the company in this language has it. Concurrent proposals of the same slug queue on an advisory lock, so
 * two posts written at once do not both take the same number.
 */
async function freeSlug(records: RecordWriter<unknown>, companyId: number, language: Language, title: string, exceptId: number | null) {
  const base = proposeSlug(title);
  await records.tx.execute(sql`select pg_advisory_xact_lock(${companyId}::int, hashtext(${`blog_slug:${language}:${base}`}::text))`);
  const taken = await createBlogRepository(records.tx, companyId).slugsLike(language, base, exceptId);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, 100 - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** An upload that passed the route's checks: its bytes under a temporary name and what they are. */
export interface CheckedCover {
  file: ReceivedFile;
  contentType: BlogCoverContentType;
}

export interface OpenedCover {
  contentType: BlogCoverContentType;
  size: number;
  stream: ReadStream;
}

/**
 * The blog (issue 9, section 4): a company's posts through the records kit (company scope, audit in the write's
 * transaction), the body sanitised on every write, `published_at` kept with the status, and the cover's file in
 * the upload store (in place before its row names it, removed when replaced, taken off or the post deleted).
 */
export function createBlogService(db: Db, uploads: UploadStore, log: FastifyBaseLogger) {
  const write = <R>(actor: CompanyActor, work: (records: RecordWriter<typeof blogPosts.$inferInsert>) => Promise<R>) =>
    writeRecords(db, blogPosts, actor, blogWrites, work);
  const readBack = async (records: RecordWriter<unknown>, companyId: number, id: number) => {
    const row = await createBlogRepository(records.tx, companyId).findById(id);
    if (!row) throw notFound();
    return toPost(row);
  };
  /** A file no row names any more: a leftover on disk if it cannot go now, never the caller's error. */
  const removeFile = (storedName: string | null, postId: number) =>
    storedName
      ? uploads.remove(storedName).catch((error: unknown) => log.warn({ err: error, blog_post_id: postId }, 'blog cover file not removed'))
      : undefined;

  /** Opens a stored cover; a row whose file is gone is a 404 (and an error in the log). */
  const openCover = async (postId: number, storedName: string, contentType: BlogCoverContentType): Promise<OpenedCover> => {
    const handle = await uploads.open(storedName);
    if (!handle) {
      log.error({ blog_post_id: postId }, 'blog cover file missing from the upload directory');
      throw notFound();
    }
    try {
      const { size } = await handle.stat();
      return { contentType, size, stream: handle.createReadStream() };
    } catch (error) {
      await handle.close();
      throw error;
    }
  };

  return {
    async list(actor: CompanyActor, query: BlogListQuery): Promise<{ items: BlogPostSummary[]; total: number }> {
      const { rows, total } = await createBlogRepository(db, actor.companyId).list(query);
      return { items: rows.map(toSummary), total };
    },

    async get(actor: CompanyActor, id: number): Promise<BlogPost> {
      const row = await createBlogRepository(db, actor.companyId).findById(id);
      if (!row) throw notFound();
      return toPost(row);
    },

    async create(actor: CompanyActor, input: BlogPostCreate): Promise<BlogPost> {
      const body = cleanBody(input.body);
      return write(actor, async (records) => {
        const slug = input.slug ?? (await freeSlug(records, actor.companyId, input.language, input.title, null));
        const publishedAt = input.status === 'published' ? (input.published_at ? new Date(input.published_at) : new Date()) : null;
        const row = await records.create({
          title: input.title,
          slug,
          language: input.language,
          ...body,
          status: input.status,
          published_at: publishedAt,
        });
        return readBack(records, actor.companyId, row.id);
      });
    },

    /**
     * Publishing sets `published_at` (now, or the time sent); a published post re-saved keeps it unless a new one
     * is sent (`null`: now); back to draft clears it (the audit log keeps the old value).
     */
    async update(actor: CompanyActor, id: number, input: BlogPostUpdate): Promise<BlogPost> {
      const body = input.body === undefined ? {} : cleanBody(input.body);
      return write(actor, async (records) => {
        const current = (await records.lock(id)) as BlogPostRow;
        const status = input.status ?? current.status;
        let publishedAt: Date | null;
        if (status === 'draft') {
          if (input.published_at) throw draftHasNoTime();
          publishedAt = null;
        } else if (input.published_at) publishedAt = new Date(input.published_at);
        else if (input.published_at === undefined && current.status === 'published') publishedAt = current.published_at;
        else publishedAt = new Date();
        const { published_at: _sent, body: _html, ...fields } = input;
        await records.update(id, { ...fields, ...body, status, published_at: publishedAt });
        return readBack(records, actor.companyId, id);
      });
    },

    async delete(actor: CompanyActor, id: number): Promise<void> {
      const removed = (await write(actor, (records) => records.remove(id))) as BlogPostRow;
      await removeFile(removed.cover_stored_name, id);
    },

    /** Sets or replaces the cover: the new file is in place before the row names it; the old one goes after. */
    async setCover(actor: CompanyActor, id: number, cover: CheckedCover): Promise<BlogPost> {
      const storedName = await uploads.keep(cover.file, cover.contentType);
      let previous: string | null = null;
      let post: BlogPost;
      try {
        post = await write(actor, async (records) => {
          const current = (await records.lock(id)) as BlogPostRow;
          previous = current.cover_stored_name;
          await records.update(id, {
            cover_stored_name: storedName,
            cover_content_type: cover.contentType,
            cover_size_bytes: cover.file.size,
            cover_uploaded_at: new Date(),
          });
          return readBack(records, actor.companyId, id);
        });
      } catch (error) {
        await uploads.remove(storedName);
        throw error;
      }
      await removeFile(previous, id);
      return post;
    },

    /** Takes the cover off (audited); its file goes once the row no longer names it. A post without one: nothing changes. */
    async removeCover(actor: CompanyActor, id: number): Promise<BlogPost> {
      let previous: string | null = null;
      const post = await write(actor, async (records) => {
        const current = (await records.lock(id)) as BlogPostRow;
        previous = current.cover_stored_name;
        if (previous) {
          await records.update(id, { cover_stored_name: null, cover_content_type: null, cover_size_bytes: null, cover_uploaded_at: null });
        }
        return readBack(records, actor.companyId, id);
      });
      await removeFile(previous, id);
      return post;
    },

    /** The cover's bytes for the back-office (any status); 404 without a cover or for another company's post. */
    async openCover(actor: CompanyActor, id: number): Promise<OpenedCover> {
      const row = await createBlogRepository(db, actor.companyId).findById(id);
      if (!row?.cover_stored_name || !row.cover_content_type) throw notFound();
      return openCover(id, row.cover_stored_name, row.cover_content_type);
    },

    /** The public site: the company's posts on the site, newest first. */
    async publicList(companyId: number, query: PublicBlogListQuery): Promise<{ items: PublicBlogPostSummary[]; total: number }> {
      const { rows, total } = await listPublicPosts(db, companyId, query);
      return { items: rows.map(toPublicSummary), total };
    },

    async publicGet(companyId: number, language: Language, slug: string): Promise<PublicBlogPost> {
      const row = await findPublicPost(db, companyId, language, slug);
      if (!row) throw notFound();
      return { ...toPublicSummary(row), body: row.body, updated_at: row.updated_at.toISOString() };
    },

    /** A cover on the site: only of a post that is on the site (a draft's or a scheduled post's is a 404). */
    async openPublicCover(companyId: number, id: number): Promise<OpenedCover> {
      const cover = await findPublicCover(db, companyId, id);
      if (!cover) throw notFound();
      return openCover(id, cover.stored_name, cover.content_type);
    },
  };
}

function toPublicSummary(row: Awaited<ReturnType<typeof listPublicPosts>>['rows'][number]): PublicBlogPostSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    language: row.language,
    excerpt: excerptOf(row.excerpt_source),
    // On the site means published with a time (the query's condition).
    published_at: (row.published_at as Date).toISOString(),
    cover_url: row.has_cover ? publicCoverUrl(row.id) : null,
  };
}
