import {
  additionalServiceEndpoints,
  agencyEndpoints,
  airportEndpoints,
  type BandType,
  locationEndpoints,
  packageEndpoints,
  quoteEndpoints,
} from '@ps/contracts';
import { MAX_PAGE_SIZE } from '@ps/contracts/common/pagination';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { bookingKeys } from './keys';

// The choices of the booking form and the lists' filters, and the live quote.

export function useAirports(enabled = true) {
  return useQuery({
    queryKey: bookingKeys.choice('airports'),
    enabled,
    queryFn: async ({ signal }) =>
      (await callEndpoint(airportEndpoints.list, { query: { status: '1', page_size: MAX_PAGE_SIZE, sort: 'iata_code' }, signal })).data,
  });
}

/** The active locations of one airport (the route's choices), or of every airport (the car park filter). */
export function useLocations(airportId: number | undefined, options: { carParksOnly?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: bookingKeys.choice('locations', airportId ?? 'all', options.carParksOnly ?? false),
    enabled: options.enabled ?? airportId !== undefined,
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(locationEndpoints.list, {
          query: {
            airport_id: airportId,
            status: '1',
            page_size: MAX_PAGE_SIZE,
            sort: 'name',
            type: options.carParksOnly ? 'car_park' : undefined,
          },
          signal,
        })
      ).data,
  });
}

/** The company's active agencies, for a sale through one (read only here; the agencies feature keeps them). */
export function useAgencies(enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.choice('agencies'),
    meta: { silent: true },
    enabled,
    queryFn: async ({ signal }) =>
      (await callEndpoint(agencyEndpoints.list, { query: { status: '1', page_size: MAX_PAGE_SIZE, sort: 'name' }, signal })).data,
  });
}

/** The company's active packages; `enabled` false for a role that may not read them (names fall back to ids). */
export function usePackages(enabled = true) {
  return useQuery({
    queryKey: bookingKeys.choice('packages'),
    meta: { silent: true },
    enabled,
    queryFn: async ({ signal }) =>
      (await callEndpoint(packageEndpoints.list, { query: { status: '1', page_size: MAX_PAGE_SIZE }, signal })).data,
  });
}

/** The company's active additional services to add; only asked for where a line can be added. */
export function useServices(enabled = true) {
  return useQuery({
    queryKey: bookingKeys.choice('services'),
    meta: { silent: true },
    enabled,
    queryFn: async ({ signal }) =>
      (await callEndpoint(additionalServiceEndpoints.list, { query: { status: '1', page_size: MAX_PAGE_SIZE }, signal })).data,
  });
}

/** The stay's inputs the quote takes. */
export interface QuoteInput {
  airport_id: number;
  departure_id: number;
  arrival_id: number;
  departure_date: string;
  arrival_date: string;
  package_id?: number | undefined;
  service_ids?: string | undefined;
  voucher_code?: string | undefined;
  /** The band type without a package: park_and_ride for the shuttle variant (parking when absent). */
  type?: BandType | undefined;
}

/** The live price of the form's stay (`GET /api/location-price/admin/list`); its errors are the form's to show. */
export function useLiveQuote(input: QuoteInput | null) {
  return useQuery({
    queryKey: bookingKeys.quote(input),
    enabled: input !== null,
    meta: { silent: true },
    staleTime: 0,
    placeholderData: keepPreviousData,
    queryFn: input ? async ({ signal }) => (await callEndpoint(quoteEndpoints.quote, { query: { ...input }, signal })).data : skipToken,
  });
}
