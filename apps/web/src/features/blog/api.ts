import { type BlogPost, blogEndpoints } from '@ps/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { createResource } from '../../lib/resource';
import { type BlogListSearch, DEFAULT_BLOG_SORT } from './search';

/**
 * The company's posts: `/api/blog/*`. Get, add, update and delete answer whole posts (with the body); the list
 * answers summaries (no body), read by its own hook below under the same query keys.
 */
export const blogResource = createResource({
  key: 'blog',
  endpoints: blogEndpoints,
  defaultSort: DEFAULT_BLOG_SORT,
  filters: (search: BlogListSearch) => ({ status: search.status, language: search.language }),
});
const keys = blogResource.keys;

export function useBlogList(search: BlogListSearch) {
  const params = blogResource.listParams(search);
  return useQuery({
    queryKey: keys.list(params),
    queryFn: ({ signal }) => blogResource.fetchPage(params, signal),
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
      callEndpoint(blogEndpoints.update, { params: { id }, body: { status: published ? 'published' : 'draft' } }).then((r) => r.data),
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
      return callEndpoint(blogEndpoints.setCover, { params: { id }, form }).then((r) => r.data);
    },
    onSuccess: store,
    meta: { silent: true },
  });
}

export function useRemoveCover() {
  const store = useStorePost();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(blogEndpoints.removeCover, { params: { id } }).then((r) => r.data),
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
    queryFn: async ({ signal }) =>
      readAsDataUrl((await callEndpoint(blogEndpoints.cover, { params: { id: post?.id }, blob: true, signal })).data),
    enabled: Boolean(post?.cover),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
}
