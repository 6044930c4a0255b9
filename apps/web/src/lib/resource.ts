import type { AnyEndpoint, EndpointBodyInput, EndpointData } from '@ps/contracts';
import {
  keepPreviousData,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ApiResponse, callEndpoint } from './api';
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
  /** The API counted only up to `total` (`pagination.total_capped`): more rows match. */
  capped?: boolean;
}

/** The API's largest page: an export reads the filtered list in pages of this size. */
export const EXPORT_PAGE_SIZE = 1000;

/** The CRUD endpoints a resource's screens call (`crudEndpoints` in the contracts, or a subset of them). */
export interface ResourceEndpoints {
  list: AnyEndpoint;
  get: AnyEndpoint;
  add?: AnyEndpoint;
  update?: AnyEndpoint;
  delete?: AnyEndpoint;
}

export interface ResourceConfig<Endpoints extends ResourceEndpoints, Search extends ListSearch> {
  /** Query-key name, e.g. `airports`. */
  key: string;
  /** Its calls, as the contracts declare them. */
  endpoints: Endpoints;
  defaultSort: string;
  /** The list's own filters (beyond paging, sort and search) as query parameters. */
  filters?: (search: Search) => Record<string, QueryValue>;
  /** The status change of one record when not `update` with `{ status }` (drivers: `driver/update/status/{id}`). */
  statusEndpoint?: AnyEndpoint;
}

/** A resource's row as its list answers it. */
export type RowOf<Endpoints extends ResourceEndpoints> = EndpointData<Endpoints['list']> extends readonly (infer Row)[] ? Row : never;
/** What its add and update take. */
type CreateOf<Endpoints extends ResourceEndpoints> = Endpoints['add'] extends AnyEndpoint ? EndpointBodyInput<Endpoints['add']> : never;
type UpdateOf<Endpoints extends ResourceEndpoints> = Endpoints['update'] extends AnyEndpoint
  ? EndpointBodyInput<Endpoints['update']>
  : never;

/** What a list page uses of a resource (lib/listPage.ts). */
export interface ListResource<Row, Search> {
  useList(search: Search, options?: { enabled?: boolean }): UseQueryResult<ListPage<Row>>;
  useSetStatus(): UseMutationResult<BulkResult<Row>, Error, { ids: number[]; status: 0 | 1 }>;
  useDelete(): UseMutationResult<unknown, Error, number>;
}

export interface BulkResult<Row> {
  updated: Row[];
  failed: { id: number; error: unknown }[];
}

/**
 * Query and mutation hooks of one CRUD resource (spec 7's add/list/get/update/delete), through its endpoints as the
 * contracts declare them (the rows, the bodies and the paths come from the declarations). A feature calls this once
 * and uses what it returns; nothing here knows a resource's fields.
 *
 * Create and update are `silent` (the form shows their errors beside the fields and as its own toasts, see
 * `useFormToasts`); the other mutations are toasted by the query client.
 */
export function createResource<Endpoints extends ResourceEndpoints, Search extends ListSearch>(config: ResourceConfig<Endpoints, Search>) {
  type Row = RowOf<Endpoints> & { id: number };
  type One = EndpointData<Endpoints['get']>;
  const keys = queryKeys(config.key);
  const { endpoints } = config;
  // The declarations' types are checked where a feature calls this; inside, the calls only pass values through.
  const call = (endpoint: AnyEndpoint | undefined, input: Record<string, unknown>) => {
    if (!endpoint) throw new Error(`${config.key} has no such call`);
    return callEndpoint(endpoint, input as never) as Promise<ApiResponse<unknown>>;
  };

  /** The list call's query parameters for the URL state: paging, sort, search and the filters. */
  const listParams = (search: Search): Record<string, QueryValue> => ({
    ...listQuery(search, config.defaultSort),
    ...config.filters?.(search),
  });

  async function fetchPage(params: Record<string, QueryValue>, signal?: AbortSignal): Promise<ListPage<Row>> {
    const response = await call(endpoints.list, { query: params, signal });
    const records = response.data as Row[];
    return { records, total: response.pagination?.total ?? records.length, capped: response.pagination?.total_capped === true };
  }

  /** Every row of the current filters and sort (all pages), e.g. for an export. */
  async function fetchAll(search: Search): Promise<Row[]> {
    const params = { ...listParams(search), page_size: EXPORT_PAGE_SIZE };
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
      const { records, total, capped } = await fetchPage({ ...params, page });
      rows.push(...records);
      // A capped total is a lower bound: read on until a page comes back short.
      if (records.length === 0 || (capped ? records.length < EXPORT_PAGE_SIZE : rows.length >= total)) return rows;
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
      queryFn: ({ signal }) => call(endpoints.get, { params: { id }, signal }).then((r) => r.data as One),
      enabled: Number.isInteger(id) && id > 0,
      // A missing record is shown on the page itself.
      meta: { silent: true },
    });
  }

  function useCreate() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (body: CreateOf<Endpoints>) => call(endpoints.add, { body }).then((r) => r.data as One),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.lists() }),
      meta: { silent: true },
    });
  }

  function useUpdate(id: number) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (body: UpdateOf<Endpoints>) => call(endpoints.update, { params: { id }, body }).then((r) => r.data as One),
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
      mutationFn: (id: number) => call(endpoints.delete, { params: { id } }),
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
          ids.map((id) => call(config.statusEndpoint ?? endpoints.update, { params: { id }, body: { status } }).then((r) => r.data as Row)),
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
