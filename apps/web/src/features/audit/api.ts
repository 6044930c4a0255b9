import { auditEndpoints } from '@ps/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { DEFAULT_PAGE_SIZE } from '../../lib/listSearch';
import { type AuditSearch, auditFilterQuery } from './search';

const keys = {
  list: (search: AuditSearch) => ['audit', 'list', search] as const,
  filters: ['audit', 'filters'] as const,
};

/** `GET /api/audit/list`: a page of the company's log with the URL's filters, newest first. */
export function useAuditLog(search: AuditSearch) {
  return useQuery({
    queryKey: keys.list(search),
    queryFn: async ({ signal }) => {
      const response = await callEndpoint(auditEndpoints.list, {
        query: { ...auditFilterQuery(search), page: search.page ?? 1, page_size: search.page_size ?? DEFAULT_PAGE_SIZE },
        signal,
      });
      return { records: response.data, total: response.pagination?.total ?? response.data.length };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });
}

/** `GET /api/audit/filters`: who and what appear in the log, for the filter lists. */
export function useAuditFilters() {
  return useQuery({
    queryKey: keys.filters,
    queryFn: async ({ signal }) => (await callEndpoint(auditEndpoints.filters, { signal })).data,
    staleTime: 60_000,
  });
}

/** `GET /api/audit/export`: the CSV of every entry the filters match, made by the API. */
export async function fetchAuditCsv(search: AuditSearch): Promise<Blob> {
  return (await callEndpoint(auditEndpoints.export, { query: auditFilterQuery(search), blob: true })).data;
}
