import type { CoreAirport } from '@ps/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { listQuery } from '../../lib/list';
import { type CoreAirportListSearch, DEFAULT_CORE_AIRPORT_SORT } from './search';

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
        query: listQuery(search, DEFAULT_CORE_AIRPORT_SORT),
        signal,
      });
      return { records: response.data, total: response.pagination?.total ?? response.data.length };
    },
    placeholderData: keepPreviousData,
  });
}
