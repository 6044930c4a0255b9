import { additionalServiceEndpoints, airportEndpoints, locationEndpoints, packageEndpoints, quoteEndpoints } from '@ps/contracts';
import { MAX_PAGE_SIZE } from '@ps/contracts/common/pagination';
import { skipToken, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { isCompleteQuote, type QuoteSearch } from './search';

const keys = {
  airports: ['quote', 'airports'] as const,
  locations: (airportId: number) => ['quote', 'locations', airportId] as const,
  packages: ['quote', 'packages'] as const,
  services: ['quote', 'services'] as const,
  result: (search: QuoteSearch) => ['quote', 'result', search] as const,
};

/** The company's active airports. */
export function useQuoteAirports() {
  return useQuery({
    queryKey: keys.airports,
    queryFn: async ({ signal }) =>
      (await callEndpoint(airportEndpoints.list, { query: { status: '1', page_size: MAX_PAGE_SIZE, sort: 'iata_code' }, signal })).data,
  });
}

/** The active locations of one airport (departure and arrival choices). */
export function useQuoteLocations(airportId: number | undefined) {
  return useQuery({
    queryKey: keys.locations(airportId ?? 0),
    enabled: airportId !== undefined,
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(locationEndpoints.list, {
          query: { airport_id: airportId, status: '1', page_size: MAX_PAGE_SIZE, sort: 'name' },
          signal,
        })
      ).data,
  });
}

/** Active packages. Quiet when it fails: the select says so itself. */
export function useQuotePackages() {
  return useQuery({
    queryKey: keys.packages,
    meta: { silent: true },
    queryFn: async ({ signal }) =>
      (await callEndpoint(packageEndpoints.list, { query: { status: '1', page_size: MAX_PAGE_SIZE }, signal })).data,
  });
}

/** Active additional services. Quiet when it fails: the select says so itself. */
export function useQuoteServices() {
  return useQuery({
    queryKey: keys.services,
    meta: { silent: true },
    queryFn: async ({ signal }) =>
      (await callEndpoint(additionalServiceEndpoints.list, { query: { status: '1', page_size: MAX_PAGE_SIZE }, signal })).data,
  });
}

/**
 * The quote for the URL's inputs (`GET /api/location-price/admin/list`). Its errors are the screen's to show,
 * beside the fields or as an alert, so the query client does not toast them; a 4xx is not retried.
 */
export function useQuote(search: QuoteSearch) {
  return useQuery({
    queryKey: keys.result(search),
    enabled: isCompleteQuote(search),
    meta: { silent: true },
    staleTime: 0,
    queryFn: isCompleteQuote(search)
      ? async ({ signal }) => (await callEndpoint(quoteEndpoints.quote, { query: { ...search }, signal })).data
      : skipToken,
  });
}
