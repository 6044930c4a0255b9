import type { Airport, AirportCreate, AirportUpdate } from '@ps/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { listQuery } from '../../lib/list';
import { type AirportListSearch, DEFAULT_SORT } from './search';

export const airportKeys = {
  all: ['airports'] as const,
  lists: () => [...airportKeys.all, 'list'] as const,
  list: (search: AirportListSearch) => [...airportKeys.lists(), search] as const,
  details: () => [...airportKeys.all, 'detail'] as const,
  detail: (id: number) => [...airportKeys.details(), id] as const,
};

export interface AirportPage {
  records: Airport[];
  total: number;
}

export function useAirportList(search: AirportListSearch) {
  return useQuery({
    queryKey: airportKeys.list(search),
    queryFn: async ({ signal }): Promise<AirportPage> => {
      const response = await apiRequest<Airport[]>('/airport/list', {
        query: { ...listQuery(search, DEFAULT_SORT), status: search.status },
        signal,
      });
      return { records: response.data, total: response.pagination?.total ?? response.data.length };
    },
    placeholderData: keepPreviousData,
  });
}

export function useAirport(id: number) {
  return useQuery({
    queryKey: airportKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Airport>(`/airport/get/${id}`, { signal }).then((r) => r.data),
    enabled: Number.isInteger(id) && id > 0,
    // A missing airport is shown on the page itself.
    meta: { silent: true },
  });
}

export function useCreateAirport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AirportCreate) => apiRequest<Airport>('/airport/add', { method: 'POST', body }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: airportKeys.lists() }),
  });
}

export function useUpdateAirport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AirportUpdate) => apiRequest<Airport>(`/airport/update/${id}`, { method: 'PATCH', body }).then((r) => r.data),
    onSuccess: (airport) => {
      queryClient.setQueryData(airportKeys.detail(id), airport);
      return queryClient.invalidateQueries({ queryKey: airportKeys.lists() });
    },
  });
}

/** The list's status switch: flips at once, and flips back if the server refuses. */
export function useToggleAirportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 0 | 1 }) =>
      apiRequest<Airport>(`/airport/update/${id}`, { method: 'PATCH', body: { status } }).then((r) => r.data),
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: airportKeys.lists() });
      const previous = queryClient.getQueriesData<AirportPage>({ queryKey: airportKeys.lists() });
      queryClient.setQueriesData<AirportPage>({ queryKey: airportKeys.lists() }, (page) =>
        page ? { ...page, records: page.records.map((a) => (a.id === id ? { ...a, status } : a)) } : page,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: (_data, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: airportKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: airportKeys.lists() });
    },
  });
}

export function useDeleteAirport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>(`/airport/delete/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: airportKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: airportKeys.lists() });
    },
  });
}
