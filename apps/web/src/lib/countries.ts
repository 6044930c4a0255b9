import { countryEndpoints } from '@ps/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from './api';

export const countryKeys = {
  all: ['countries'] as const,
};

/** Every country for selects: `GET country/?page_size=1000` (spec 7 and 9). */
export function useCountries() {
  return useQuery({
    queryKey: countryKeys.all,
    queryFn: ({ signal }) => callEndpoint(countryEndpoints.list, { query: { page_size: 1000 }, signal }).then((r) => r.data),
    staleTime: 60 * 60_000,
  });
}
