import { type BookingStatus, locationEndpoints, yardEndpoints } from '@ps/contracts';
import { bookingEndpoints } from '@ps/contracts/bookings.endpoints';
import { MAX_PAGE_SIZE } from '@ps/contracts/common/pagination';
import { onSiteEndpoints } from '@ps/contracts/onSite';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { useCan } from '../../lib/currentUser';
import { queryKeys } from '../../lib/resource';
import { type OnSiteSearch, onSiteQuery } from './search';

const keys = queryKeys('on-site');
/** The booking's own detail key (the bookings feature's): the ticket reads the booking the booking page has read. */
const bookingKeys = queryKeys('bookings');

/** The cars on site of the URL's place, search, flag and page; the counts of each flag beside them. */
export function useCarsOnSite(search: OnSiteSearch) {
  const query = onSiteQuery(search);
  return useQuery({
    queryKey: keys.list(query),
    placeholderData: keepPreviousData,
    // The flags move with the clock: read again every minute while the screen is open.
    refetchInterval: 60_000,
    queryFn: async ({ signal }) => {
      const response = await callEndpoint(onSiteEndpoints.list, { query, signal });
      return { records: response.data, total: response.pagination?.total ?? response.data.length, counts: response.extra.counts };
    },
  });
}

/** A place a car stands in: a yard or a car park (a location of type car park with spaces). */
export interface Place {
  kind: 'yard' | 'car_park';
  id: number;
  name: string;
}

/** The company's active yards and car parks for the place picker; only those the role may read. */
export function usePlaces() {
  const can = useCan();
  const yards = useQuery({
    queryKey: [...keys.all, 'yards'],
    enabled: can('yards.view'),
    meta: { silent: true },
    queryFn: async ({ signal }) =>
      (await callEndpoint(yardEndpoints.list, { query: { status: '1', page_size: MAX_PAGE_SIZE, sort: 'name' }, signal })).data,
  });
  const carParks = useQuery({
    queryKey: [...keys.all, 'car-parks'],
    enabled: can('locations.view'),
    meta: { silent: true },
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(locationEndpoints.list, {
          query: { status: '1', type: 'car_park', page_size: MAX_PAGE_SIZE, sort: 'name' },
          signal,
        })
      ).data,
  });
  const places: Place[] = [
    ...(yards.data ?? []).map((yard) => ({ kind: 'yard' as const, id: yard.id, name: yard.name })),
    ...(carParks.data ?? [])
      .filter((location) => location.capacity > 0)
      .map((location) => ({ kind: 'car_park' as const, id: location.id, name: location.name })),
  ];
  return { places, loading: yards.isLoading || carParks.isLoading };
}

/** One booking, as its page reads it (shared cache entry). */
export function useBooking(id: number) {
  return useQuery({
    queryKey: bookingKeys.detail(id),
    enabled: Number.isInteger(id) && id > 0,
    meta: { silent: true },
    queryFn: async ({ signal }) => (await callEndpoint(bookingEndpoints.get, { params: { id }, signal })).data,
  });
}

/** What a handover can act on: a car to check in (confirmed) or to check out (checked in, parked). */
export const HANDOVER_STATUSES = 'confirmed,checked_in,parked';

/** A booking the Scan screen offers, from the bookings list or, for a role that may not read bookings, the cars on site. */
export interface HandoverMatch {
  id: number;
  reference: string;
  vehicle_reg: string;
  customer_name: string;
  status: BookingStatus;
  departure_at: string | null;
  arrival_at: string;
  airport_time_zone: string;
}

/**
 * Where the Scan screen looks a booking up: the bookings (`bookings.view`), else the cars on site (`handovers.view`: a
 * driver reaches the cars of their own jobs), else nowhere.
 */
export function useLookupSource(): 'bookings' | 'on-site' | null {
  const can = useCan();
  return can('bookings.view') ? 'bookings' : can('handovers.view') ? 'on-site' : null;
}

async function lookUp(source: 'bookings' | 'on-site', term: string, signal?: AbortSignal): Promise<HandoverMatch[]> {
  if (source === 'bookings') {
    return (
      await callEndpoint(bookingEndpoints.list, {
        query: { search: term, status: HANDOVER_STATUSES, page_size: 20, sort: 'departure_at' },
        signal,
      })
    ).data;
  }
  return (await callEndpoint(onSiteEndpoints.list, { query: { search: term, page_size: 20 }, signal })).data.map((car) => ({
    id: car.booking_id,
    reference: car.reference,
    vehicle_reg: car.vehicle_reg,
    customer_name: car.customer_name,
    status: car.booking_status,
    departure_at: null,
    arrival_at: car.arrival_at,
    airport_time_zone: car.airport_time_zone,
  }));
}

/**
 * The bookings a handover can act on whose reference or registration matches `text` (spaces and case ignored), at most
 * 20. Nothing is asked for a text shorter than two characters, nor where the role may look nothing up.
 */
export function useBookingLookup(text: string) {
  const source = useLookupSource();
  const term = text.trim();
  return useQuery({
    queryKey: [...keys.all, 'lookup', source, term],
    meta: { silent: true },
    queryFn: source && term.length >= 2 ? ({ signal }) => lookUp(source, term, signal) : skipToken,
  });
}

/** The booking of a scanned reference, exactly (the search finds it by a part; the scan names all of it). */
export async function findBookingByReference(source: 'bookings' | 'on-site', reference: string): Promise<HandoverMatch | null> {
  const found = await lookUp(source, reference);
  return found.find((booking) => booking.reference.toUpperCase() === reference.toUpperCase()) ?? null;
}
