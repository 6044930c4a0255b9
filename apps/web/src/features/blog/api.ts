import type { BlogPost, BlogPostCreate, BlogPostSummary, BlogPostUpdate } from '@ps/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { listQuery } from '../../lib/list';
import type { ListPage } from '../../lib/resource';
import { createResource } from '../../lib/resource';
import { type BlogListSearch, DEFAULT_BLOG_SORT } from './search';

/**
 * The company's posts: `/api/blog/*`. Get, add, update and delete answer whole posts (with the body); the list
 * answers summaries (no body), so it has its own hook below under the same query keys.
 */
export const blogResource = createResource<BlogPost, BlogPostCreate, BlogPostUpdate, BlogListSearch>({
  key: 'blog',
  path: 'blog',
  defaultSort: DEFAULT_BLOG_SORT,
  filters: (search) => ({ status: search.status, language: search.language }),
});
const keys = blogResource.keys;

export function useBlogList(search: BlogListSearch) {
  const params = { ...listQuery(search, DEFAULT_BLOG_SORT), status: search.status, language: search.language };
  return useQuery({
    queryKey: keys.list(params),
    queryFn: async ({ signal }): Promise<ListPage<BlogPostSummary>> => {
      const response = await apiRequest<BlogPostSummary[]>('/blog/list', { query: params, signal });
      return { records: response.data, total: response.pagination?.total ?? response.data.length };
    },
    placeholderData: keepPreviousData,
  });
}

/** A post answered by a write: the detail takes it, every list is read again. */
function useStorePost() {
  const queryClient = useQueryClient();
  return (post: BlogPost) => {
    queryClient.setQueryData(keys.detail(post.id), post);
    return queryClient.invalidateQueries({ queryKey: keys.lists() });
  };
}

/** Publishes (now) or takes a post off the site; toasted by the query client when it fails. */
export function useSetPublished() {
  const store = useStorePost();
  return useMutation({
    mutationFn: ({ id, published }: { id: number; published: boolean }) =>
      apiRequest<BlogPost>(`/blog/update/${id}`, { method: 'PATCH', body: { status: published ? 'published' : 'draft' } }).then(
        (r) => r.data,
      ),
    onSuccess: store,
  });
}

/** Sets or replaces the cover (multipart); the form shows a refusal beside the cover, so the call is silent. */
export function useUploadCover() {
  const store = useStorePost();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiRequest<BlogPost>(`/blog/cover/${id}`, { method: 'POST', body: form }).then((r) => r.data);
    },
    onSuccess: store,
    meta: { silent: true },
  });
}

export function useRemoveCover() {
  const store = useStorePost();
  return useMutation({
    mutationFn: (id: number) => apiRequest<BlogPost>(`/blog/cover/${id}`, { method: 'DELETE' }).then((r) => r.data),
    onSuccess: store,
    meta: { silent: true },
  });
}

/** A file as a `data:` URL: the app's CSP shows images from itself and `data:`, not `blob:`. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * A post's cover to show: fetched with the session (an <img> cannot carry the token) and turned into a `data:` URL.
 * Keyed by its upload time, so a replaced cover is fetched again.
 */
export function useCoverImage(post: Pick<BlogPost, 'id' | 'cover'> | undefined) {
  return useQuery({
    queryKey: [...keys.detail(post?.id ?? 0), 'cover', post?.cover?.uploaded_at ?? null],
    queryFn: async ({ signal }) => readAsDataUrl((await apiRequest<Blob>(`/blog/cover/${post?.id}`, { blob: true, signal })).data),
    enabled: Boolean(post?.cover),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
}
