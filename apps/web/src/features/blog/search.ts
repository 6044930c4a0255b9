import { type BlogStatus, blogSortFields, blogStatuses } from '@ps/contracts/common/blogStates';
import { type Language, languages } from '@ps/contracts/common/languages';
import { type ListSearch, parseListSearch } from '../../lib/listSearch';

export type BlogSortField = (typeof blogSortFields)[number];
/** Last changed first: what an editor looks for is what they worked on last. */
export const DEFAULT_BLOG_SORT = '-updated_at';

/** The blog list's URL state: paging, sort, search in title, slug and text, status and language. */
export interface BlogListSearch extends ListSearch {
  sort?: BlogSortField | `-${BlogSortField}`;
  status?: BlogStatus;
  language?: Language;
}

const oneOf = <T extends string>(values: readonly T[], raw: unknown): T | undefined =>
  typeof raw === 'string' && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

export function validateBlogSearch(raw: Record<string, unknown>): BlogListSearch {
  return {
    ...parseListSearch(raw, blogSortFields),
    status: oneOf(blogStatuses, raw.status),
    language: oneOf(languages, raw.language),
  };
}
