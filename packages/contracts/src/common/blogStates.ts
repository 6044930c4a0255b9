/**
 * The blog's value lists and limits, without zod, for the blog's screens (its list checks its URL against them; the
 * sort fields are in common/sortFields.ts with the other lists').
 */
export { blogSortFields } from './sortFields.ts';

/** A post is a draft (the company's eyes only) or published (on the company's site from `published_at`). */
export const blogStatuses = ['draft', 'published'] as const;
export type BlogStatus = (typeof blogStatuses)[number];

/** What a cover may be, by its first bytes; and how big. */
export const blogCoverContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type BlogCoverContentType = (typeof blogCoverContentTypes)[number];
export const MAX_COVER_BYTES = 5 * 1024 * 1024;

/** A body's HTML as the editor sends it, at most this many characters (Tamil's 3-byte letters stay under the 1 MB body limit). */
export const MAX_BLOG_BODY_LENGTH = 100_000;
export const MAX_BLOG_TITLE_LENGTH = 200;
