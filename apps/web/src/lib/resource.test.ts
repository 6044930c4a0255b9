import { crudEndpoints, idParamsSchema } from '@ps/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

const apiRequest = vi.fn();
// The call as the endpoint declares it: its path (filled by the real client) and the inputs.
vi.mock('./api', () => ({
  callEndpoint: (endpoint: { path: string }, input: unknown) => apiRequest(endpoint.path, input),
}));

const { createResource, EXPORT_PAGE_SIZE, queryKeys } = await import('./resource');

const row = z.object({ id: z.number() });
const endpoints = crudEndpoints('/api/thing', 'airports', {
  record: row,
  create: row,
  update: row,
  listQuery: z.object({ page: z.number(), page_size: z.number(), status: z.number().optional(), search: z.string().optional() }),
  idParams: idParamsSchema,
});

const resource = createResource<typeof endpoints, { page?: number; status?: 0 | 1; search?: string }>({
  key: 'things',
  endpoints,
  defaultSort: 'name',
  filters: (search) => ({ status: search.status }),
});

describe('resource kit', () => {
  beforeEach(() => {
    apiRequest.mockReset();
  });

  it('query keys nest lists and details under the resource, so one prefix invalidates them', () => {
    const keys = queryKeys('things');
    expect(keys.list({ page: 2 })).toEqual(['things', 'list', { page: 2 }]);
    expect(keys.list({ page: 2 }).slice(0, 2)).toEqual(keys.lists());
    expect(keys.detail(7)).toEqual(['things', 'detail', 7]);
  });

  it('fetchAll reads every page of the current filters and sort, not only the one shown', async () => {
    const total = EXPORT_PAGE_SIZE * 2 + 5;
    apiRequest.mockImplementation((_path: string, { query }: { query: { page: number; page_size: number } }) => {
      const start = (query.page - 1) * query.page_size;
      const data = Array.from({ length: Math.max(0, Math.min(query.page_size, total - start)) }, (_, i) => ({ id: start + i + 1 }));
      return Promise.resolve({ status: 200, message: '', data, pagination: { page: query.page, page_size: query.page_size, total } });
    });
    const rows = await resource.fetchAll({ page: 4, status: 0, search: 'lon' });
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((row) => row.id)).size).toBe(total);
    expect(apiRequest).toHaveBeenCalledTimes(3);
    const [path, { query }] = apiRequest.mock.calls[0] as [string, { query: Record<string, unknown> }];
    expect(path).toBe('/api/thing/list');
    // The list's filters, search and sort, from page 1 in the largest pages the API serves.
    expect(query).toMatchObject({ page: 1, page_size: EXPORT_PAGE_SIZE, sort: 'name', search: 'lon', status: 0 });
  });

  it('fetchAll stops on an empty page even if the total was wrong', async () => {
    apiRequest.mockResolvedValueOnce({ status: 200, message: '', data: [{ id: 1 }], pagination: { page: 1, page_size: 1000, total: 5 } });
    apiRequest.mockResolvedValueOnce({ status: 200, message: '', data: [], pagination: { page: 2, page_size: 1000, total: 5 } });
    expect(await resource.fetchAll({})).toEqual([{ id: 1 }]);
  });
});
