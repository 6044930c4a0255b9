import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, toastApiError } from '../lib/api';

/** A client error (4xx) will answer the same again: only network and server failures are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * Every failed call is toasted here (spec 8), once. Forms additionally put field errors beside their
 * fields. A query or mutation can opt out with `meta: { silent: true }`.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.silent) toastApiError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _result, mutation) => {
      if (!mutation.meta?.silent) toastApiError(error);
    },
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
