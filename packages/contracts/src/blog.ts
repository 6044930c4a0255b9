import { z } from 'zod';
import {
  type BlogCoverContentType,
  type BlogStatus,
  blogCoverContentTypes,
  blogStatuses,
  MAX_BLOG_BODY_LENGTH,
  MAX_BLOG_TITLE_LENGTH,
  MAX_COVER_BYTES,
} from './common/blogStates.ts';
import { crudEndpoints, endpoint } from './common/endpoint.ts';
import { languages } from './common/languages.ts';
import { idParamsSchema, listQuerySchema, requestContextQuerySchema } from './common/pagination.ts';
import { FALLBACK_SLUG, isSlug, MAX_SLUG_LENGTH, proposeSlug, romaniseTamil, SLUG_PATTERN } from './common/slug.ts';
import { blogSortFields } from './common/sortFields.ts';
import { notOnlyBlank, V } from './common/validation.ts';

export {
  type BlogCoverContentType,
  type BlogStatus,
  blogCoverContentTypes,
  blogSortFields,
  blogStatuses,
  FALLBACK_SLUG,
  isSlug,
  MAX_BLOG_BODY_LENGTH,
  MAX_BLOG_TITLE_LENGTH,
  MAX_COVER_BYTES,
  MAX_SLUG_LENGTH,
  proposeSlug,
  romaniseTamil,
  SLUG_PATTERN,
};

/**
 * The blog (issue 9, section 4; DOMAIN.md "Agencies and content"): a company's posts for its public site, in
 * English or Tamil. The body is the rich text editor's HTML, rewritten by the API through an allowlist on every
 * write (apps/api/src/lib/richText.ts): what a caller reads back is what was stored, never what was sent.
 * A published post is on the company's site from its `published_at` (a later time schedules it).
 */

const title = z
  .string({ error: V.required })
  .min(1, { error: V.required, abort: true })
  .refine(notOnlyBlank, { error: V.notBlank, abort: true })
  .transform((value) => value.trim())
  .pipe(z.string().min(3, { error: V.min3 }).max(MAX_BLOG_TITLE_LENGTH, { error: V.tooLong }));

/** Lower-case letters, digits and hyphens (`summer-parking-offers`), unique in the company for its language. */
export const blogSlugSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required, abort: true })
  .max(MAX_SLUG_LENGTH, { error: V.tooLong, abort: true })
  .regex(SLUG_PATTERN, { error: V.slug });

/** The editor's HTML. Whether anything readable is left after the allowlist is the API's check (`blog_body_empty`). */
const body = z.string({ error: V.required }).min(1, { error: V.required, abort: true }).max(MAX_BLOG_BODY_LENGTH, { error: V.tooLong });

const language = z.enum(languages, { error: V.invalidValue });
const status = z.enum(blogStatuses, { error: V.invalidValue });
/** When the post is (or goes) on the site: UTC ISO 8601, or with an offset. Only a published post has one. */
const publishedAt = z.iso.datetime({ offset: true, error: V.invalidValue });

/** The cover image's facts (the bytes are at `GET /api/blog/cover/{id}`). */
export const blogCoverSchema = z.object({
  content_type: z.enum(blogCoverContentTypes),
  size_bytes: z.number().int(),
  uploaded_at: z.string(),
});
export type BlogCover = z.infer<typeof blogCoverSchema>;

const postFields = {
  id: z.number().int(),
  company_id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  language,
  status,
  /** Set while published; a time after now means scheduled. */
  published_at: z.string().nullable(),
  /** The start of the body's text, cut at a word (about 200 characters). */
  excerpt: z.string(),
  cover: blogCoverSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** A post in the back-office's list: everything but the body. */
export const blogPostSummarySchema = z.object(postFields);
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

/** A post as get, add and update answer it: with its stored (sanitised) body. */
export const blogPostSchema = z.object({ ...postFields, body: z.string() });
export type BlogPost = z.infer<typeof blogPostSchema>;

const draftHasNoDate = (post: { status?: BlogStatus | undefined; published_at?: string | null | undefined }) =>
  !(post.status === 'draft' && post.published_at !== undefined && post.published_at !== null);

/**
 * POST /api/blog/add; also the form's schema. Without a `slug` the API proposes one from the title (Tamil spelled
 * in Latin letters, `post` when nothing is left) and numbers it on (`-2`, `-3`) while the company's posts of that
 * language have it; a slug sent that is taken is a 409 on `slug`. A published post without `published_at` is
 * published now.
 */
export const blogPostCreateSchema = z
  .strictObject({
    title,
    slug: blogSlugSchema.optional(),
    body,
    language: language.default('en'),
    status: status.default('draft'),
    published_at: publishedAt.nullable().optional(),
  })
  .refine(draftHasNoDate, { path: ['published_at'], error: V.publishedAtDraft });
export type BlogPostCreateInput = z.input<typeof blogPostCreateSchema>;
export type BlogPostCreate = z.output<typeof blogPostCreateSchema>;

/**
 * PATCH /api/blog/update/{id}: any subset. `status: 'published'` publishes (now, unless `published_at` says when);
 * re-saving a published post keeps its `published_at`; `status: 'draft'` takes it off the site (the audit log keeps
 * when it was published).
 */
export const blogPostUpdateSchema = z
  .strictObject({
    title: title.optional(),
    slug: blogSlugSchema.optional(),
    body: body.optional(),
    language: language.optional(),
    status: status.optional(),
    published_at: publishedAt.nullable().optional(),
  })
  .refine((input) => Object.keys(input).length > 0, { error: V.required })
  .refine(draftHasNoDate, { path: ['published_at'], error: V.publishedAtDraft });
export type BlogPostUpdate = z.output<typeof blogPostUpdateSchema>;

/** GET /api/blog/list: paging, sort, search in title, slug and text; `status` and `language` filters. Last changed first by default. */
export const blogListQuerySchema = listQuerySchema(blogSortFields).extend({
  status: status.optional(),
  language: language.optional(),
});
export type BlogListQuery = z.output<typeof blogListQuerySchema>;

/** A published post as the company's public site lists it. `cover_url` is its cover's public address (client key). */
export const publicBlogPostSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  language,
  excerpt: z.string(),
  published_at: z.string(),
  cover_url: z.string().nullable(),
});
export type PublicBlogPostSummary = z.infer<typeof publicBlogPostSummarySchema>;

/** One published post with its body, for its page on the site. */
export const publicBlogPostSchema = publicBlogPostSummarySchema.extend({ body: z.string(), updated_at: z.string() });
export type PublicBlogPost = z.infer<typeof publicBlogPostSchema>;

/** GET /api/blog/public/list (Basic client key): published posts whose time has come, newest first. */
export const publicBlogListQuerySchema = requestContextQuerySchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  language: language.optional(),
  search: z.string().trim().max(100).optional(),
});
export type PublicBlogListQuery = z.output<typeof publicBlogListQuerySchema>;

/** GET /api/blog/public/get/{language}/{slug}. */
export const publicBlogPostParamsSchema = z.object({
  language,
  slug: z.string().max(MAX_SLUG_LENGTH).regex(SLUG_PATTERN, { error: V.slug }),
});
export type PublicBlogPostParams = z.infer<typeof publicBlogPostParamsSchema>;

/** The size limit in words for the cover upload's description. */
export const MAX_COVER_MEGABYTES = MAX_COVER_BYTES / (1024 * 1024);

/**
 * `POST /api/blog/cover/{id}`: a multipart form with one `file`, nothing else (another field is refused as unknown). The
 * server reads the form into this body; a client sends a FormData (`form`).
 */
export const blogCoverFormSchema = z.strictObject({
  file: z
    .unknown()
    .meta({ type: 'string', format: 'binary', description: `The cover: a JPEG, PNG or WebP image of at most ${MAX_COVER_MEGABYTES} MB` }),
});

/** A file's bytes as a client reads them (`blob: true`): the platform's Blob (the contracts alone know no Blob). */
type FileBody = typeof globalThis extends { Blob: { prototype: infer B } } ? B : unknown;
/** An image file, as a client reads it; the server documents its types. */
const coverFileSchema = z.custom<FileBody>();

/** Spec 7: blog/add, list, get/{id}, update/{id}, delete/{id}; the cover; and the public list for the company's site. */
export const blogEndpoints = {
  ...crudEndpoints('/api/blog', 'blog', {
    record: blogPostSchema,
    create: blogPostCreateSchema,
    update: blogPostUpdateSchema,
    listQuery: blogListQuerySchema,
    idParams: idParamsSchema,
  }),
  /** The list answers summaries (no body). */
  list: endpoint({
    method: 'GET',
    path: '/api/blog/list',
    access: { permission: 'blog.view' },
    query: blogListQuerySchema,
    response: blogPostSummarySchema,
    shape: 'list',
  }),
  setCover: endpoint({
    method: 'POST',
    path: '/api/blog/cover/:id',
    access: { permission: 'blog.update' },
    params: idParamsSchema,
    body: blogCoverFormSchema,
    multipart: true,
    response: blogPostSchema,
  }),
  removeCover: endpoint({
    method: 'DELETE',
    path: '/api/blog/cover/:id',
    access: { permission: 'blog.update' },
    params: idParamsSchema,
    response: blogPostSchema,
  }),
  cover: endpoint({
    method: 'GET',
    path: '/api/blog/cover/:id',
    access: { permission: 'blog.view' },
    params: idParamsSchema,
    response: coverFileSchema,
    shape: 'raw',
  }),
  /** The public site's calls: Basic company id and client key, no user. */
  publicList: endpoint({
    method: 'GET',
    path: '/api/blog/public/list',
    access: { public: 'client-key' },
    query: publicBlogListQuerySchema,
    response: publicBlogPostSummarySchema,
    shape: 'list',
  }),
  publicGet: endpoint({
    method: 'GET',
    path: '/api/blog/public/get/:language/:slug',
    access: { public: 'client-key' },
    params: publicBlogPostParamsSchema,
    response: publicBlogPostSchema,
  }),
  publicCover: endpoint({
    method: 'GET',
    path: '/api/blog/public/cover/:id',
    access: { public: 'client-key' },
    params: idParamsSchema,
    response: coverFileSchema,
    shape: 'raw',
  }),
} as const;
