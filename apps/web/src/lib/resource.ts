import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api';
import { type ListSearch, listQuery } from './list';

type QueryValue = string | number | boolean | null | undefined;

/**
 * Query keys of one resource, in the shape TanStack Query invalidates by prefix:
 * `[name]` ⊃ `[name, 'list']` ⊃ `[name, 'list', params]`, and `[name, 'detail', id]`.
 */
export function queryKeys(name: string) {
  const all = [name] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (params: Record<string, QueryValue>) => [...all, 'list', params] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: number) => [...all, 'detail', id] as const,
  };
}

export interface ListPage<Row> {
  records: Row[];
  total: number;
}

/** The API's largest page: an export reads the filtered list in pages of this size. */
export const EXPORT_PAGE_SIZE = 1000;

export interface ResourceConfig<Search extends ListSearch> {
  /** Query-key name, e.g. `airports`. */
  key: string;
  /** The API group, e.g. `airport` (`/api/airport/list`, `/api/airport/get/{id}`...). */
  path: string;
  defaultSort: string;
  /** The list's own filters (beyond paging, sort and search) as query parameters. */
  filters?: (search: Search) => Record<string, QueryValue>;
  /** Where a resource's add lives when not at `${path}/add` (drivers: `auth/driver/add`). */
  addPath?: string;
  /** The status change of one record when not `update/{id}` with `{ status }` (drivers: `update/status/{id}`). */
  statusPath?: (id: number) => string;
}

export interface BulkResult<Row> {
  updated: Row[];
  failed: { id: number; error: unknown }[];
}

/**
 * Query and mutation hooks of one CRUD resource (spec 7's add/list/get/update/delete). A feature calls this
 * once and uses what it returns; nothing here knows a resource's fields.
 *
 * Create and update are `silent` (the form shows their errors beside the fields and as its own toasts, see
 * `useFormToasts`); the other mutations are toasted by the query client.
 */
export function createResource<Row extends { id: number }, Create, Update, Search extends ListSearch>(config: ResourceConfig<Search>) {
  const keys = queryKeys(config.key);
  const base = `/${config.path}`;

  /** The list call's query parameters for the URL state: paging, sort, search and the filters. */
  const listParams = (search: Search): Record<string, QueryValue> => ({
    ...listQuery(search, config.defaultSort),
    ...config.filters?.(search),
  });

  async function fetchPage(params: Record<string, QueryValue>, signal?: AbortSignal): Promise<ListPage<Row>> {
    const response = await apiRequest<Row[]>(`${base}/list`, { query: params, signal });
    return { records: response.data, total: response.pagination?.total ?? response.data.length };
  }

  /** Every row of the current filters and sort (all pages), e.g. for an export. */
  async function fetchAll(search: Search): Promise<Row[]> {
    const params = { ...listParams(search), page_size: EXPORT_PAGE_SIZE };
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
      const { records, total } = await fetchPage({ ...params, page });
      rows.push(...records);
      if (records.length === 0 || rows.length >= total) return rows;
    }
  }

  function useList(search: Search, options: { enabled?: boolean } = {}) {
    const params = listParams(search);
    return useQuery({
      queryKey: keys.list(params),
      queryFn: ({ signal }) => fetchPage(params, signal),
      placeholderData: keepPreviousData,
      enabled: options.enabled ?? true,
    });
  }

  function useOne(id: number) {
    return useQuery({
      queryKey: keys.detail(id),
      queryFn: ({ signal }) => apiRequest<Row>(`${base}/get/${id}`, { signal }).then((r) => r.data),
      enabled: Number.isInteger(id) && id > 0,
      // A missing record is shown on the page itself.
      meta: { silent: true },
    });
  }

  function useCreate() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (body: Create) => apiRequest<Row>(config.addPath ?? `${base}/add`, { method: 'POST', body }).then((r) => r.data),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.lists() }),
      meta: { silent: true },
    });
  }

  function useUpdate(id: number) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (body: Update) => apiRequest<Row>(`${base}/update/${id}`, { method: 'PATCH', body }).then((r) => r.data),
      onSuccess: (row) => {
        queryClient.setQueryData(keys.detail(id), row);
        return queryClient.invalidateQueries({ queryKey: keys.lists() });
      },
      meta: { silent: true },
    });
  }

  function useDelete() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (id: number) => apiRequest<unknown>(`${base}/delete/${id}`, { method: 'DELETE' }),
      onSuccess: (_data, id) => {
        queryClient.removeQueries({ queryKey: keys.detail(id) });
        return queryClient.invalidateQueries({ queryKey: keys.lists() });
      },
    });
  }

  /**
   * Sets the status of one or many records: one update call per record (no bulk endpoint yet), all sent at
   * once. Resolves with what changed and what failed; never rejects for a single record's failure.
   */
  function useSetStatus() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: async ({ ids, status }: { ids: number[]; status: 0 | 1 }): Promise<BulkResult<Row>> => {
        const results = await Promise.allSettled(
          ids.map((id) =>
            apiRequest<Row>(config.statusPath?.(id) ?? `${base}/update/${id}`, { method: 'PATCH', body: { status } }).then((r) => r.data),
          ),
        );
        const out: BulkResult<Row> = { updated: [], failed: [] };
        results.forEach((result, index) => {
          if (result.status === 'fulfilled') out.updated.push(result.value);
          else out.failed.push({ id: ids[index] ?? 0, error: result.reason });
        });
        return out;
      },
      onSettled: (result) => {
        for (const row of result?.updated ?? []) queryClient.setQueryData(keys.detail(row.id), row);
        return queryClient.invalidateQueries({ queryKey: keys.lists() });
      },
    });
  }

  return { keys, listParams, fetchPage, fetchAll, useList, useOne, useCreate, useUpdate, useDelete, useSetStatus };
}
