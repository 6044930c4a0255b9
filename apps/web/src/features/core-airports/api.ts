import type { CoreAirport } from '@ps/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { DEFAULT_PAGE_SIZE } from '../airports/search';
import type { CoreAirportListSearch } from './search';

export const coreAirportKeys = {
  all: ['core-airports'] as const,
  list: (search: CoreAirportListSearch) => [...coreAirportKeys.all, 'list', search] as const,
};

/** The organisation-wide master list of airports (read-only here). */
export function useCoreAirportList(search: CoreAirportListSearch) {
  return useQuery({
    queryKey: coreAirportKeys.list(search),
    queryFn: async ({ signal }) => {
      const response = await apiRequest<CoreAirport[]>('/core/airport/list', {
        query: {
          page: search.page ?? 1,
          page_size: search.page_size ?? DEFAULT_PAGE_SIZE,
          sort: search.sort ?? 'iata_code',
          search: search.search,
        },
        signal,
      });
      return { records: response.data, total: response.pagination?.total ?? response.data.length };
    },
    placeholderData: keepPreviousData,
  });
}
