import {
  companyEndpoints,
  driverEndpoints,
  type FlightStatus,
  flightEndpoints,
  locationEndpoints,
  type Trip,
  type TripCreateInput,
  type TripStatus,
  type TripUpdateInput,
  yardEndpoints,
} from '@ps/contracts';
import { MAX_PAGE_SIZE } from '@ps/contracts/common/pagination';
import { tripEndpoints } from '@ps/contracts/trips.endpoints';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

/** Everything the screen shows hangs under `['dispatch']`: a change anywhere reads it all again. */
export const dispatchKeys = {
  all: ['dispatch'] as const,
  trips: (date: string, zone: string) => ['dispatch', 'trips', date, zone] as const,
  drivers: (date: string, zone: string) => ['dispatch', 'drivers', date, zone] as const,
  flights: (days: number, search: string) => ['dispatch', 'flights', days, search] as const,
  statuses: ['trip-statuses'] as const,
  partners: ['dispatch', 'partners'] as const,
  partnerTrips: (date: string) => ['dispatch', 'partner-trips', date] as const,
};

/** How often the day and the flights are read again (other dispatchers, drivers and flights change them too). */
export const POLL_MS = 30_000;

/** A guard against a runaway day: 10,000 trips. */
const MAX_TRIP_PAGES = 10;

/** Every trip of the day on the company's clock, earliest first. */
export function useDayTrips(date: string, zone: string, pollMs: number | false) {
  return useQuery({
    queryKey: dispatchKeys.trips(date, zone),
    queryFn: async ({ signal }) => {
      const trips: Trip[] = [];
      for (let page = 1; page <= MAX_TRIP_PAGES; page++) {
        const answer = await callEndpoint(tripEndpoints.list, {
          query: { date, time_zone: zone, page, page_size: MAX_PAGE_SIZE, sort: 'scheduled_at' },
          signal,
        });
        trips.push(...answer.data);
        if (trips.length >= (answer.pagination?.total ?? 0) || answer.data.length < MAX_PAGE_SIZE) break;
      }
      return trips;
    },
    refetchInterval: pollMs,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The approved drivers with their eligibility on the day (spec 7: `driver/list?page_size=1000&approve_status=approved`). */
export function useDriversOn(date: string, zone: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: dispatchKeys.drivers(date, zone),
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(driverEndpoints.list, {
          query: { page_size: 1000, approve_status: 'approved', date, time_zone: zone, sort: 'first_name' },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** The trip statuses in the user's language, with where each may go next. */
export function useTripStatuses() {
  return useQuery({
    queryKey: dispatchKeys.statuses,
    queryFn: async ({ signal }) => (await callEndpoint(tripEndpoints.statusList, { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useFlights(days: number, search: string, pollMs: number | false) {
  return useQuery({
    queryKey: dispatchKeys.flights(days, search),
    queryFn: async ({ signal }) => {
      const answer = await callEndpoint(flightEndpoints.list, {
        query: { days, search, page_size: 100, sort: 'scheduled_arrival' },
        signal,
      });
      return { flights: answer.data, total: answer.pagination?.total ?? answer.data.length };
    },
    refetchInterval: pollMs,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: dispatchKeys.all });
}

/**
 * Gives a trip its driver, or takes the driver off (`null`). The trip's day is the company's (`time_zone`), so
 * the API checks eligibility on the day the screen shows. A refusal (409 not eligible, busy) is toasted with the
 * API's own words, in the user's language (spec 8).
 */
/** Who runs the trip: one of the company's drivers or a partner company (null takes that one off). */
export type Runner = { driverId: number | null } | { partnerId: number | null };

export function useAssignDriver(zone: string) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ tripId, ...runner }: { tripId: number } & Runner) =>
      callEndpoint(tripEndpoints.update, {
        params: { id: tripId },
        query: { time_zone: zone },
        body: 'partnerId' in runner ? { partner_company_id: runner.partnerId } : { driver_id: runner.driverId },
      }).then((answer) => answer.data),
    onSettled: refresh,
  });
}

/** The companies yours lists as partners, who can be given a trip (`company/partners/list`); active ones only. */
export function usePartners(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: dispatchKeys.partners,
    queryFn: async ({ signal }) =>
      (await callEndpoint(companyEndpoints.partners, { signal })).data.filter((partner) => partner.status === 1),
    staleTime: 5 * 60_000,
  });
}

/** Moves a trip along its transitions (start, complete, cancel). */
export function useMoveTrip() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ tripId, status }: { tripId: number; status: TripStatus }) =>
      callEndpoint(tripEndpoints.updateStatus, { params: { id: tripId }, body: { status } }).then((answer) => answer.data),
    onSettled: refresh,
  });
}

/** An admin's correction, with its reason; the dialog shows a refusal itself. */
export function useCorrectTripStatus(zone: string) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ tripId, status, reason }: { tripId: number; status: TripStatus; reason: string }) =>
      callEndpoint(tripEndpoints.correctStatus, {
        params: { id: tripId },
        query: { time_zone: zone },
        body: { status, reason },
      }).then((answer) => answer.data),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

/** The manual provider: an estimate (or none) and, optionally, landed or cancelled. The dialog shows a refusal itself. */
export function useUpdateFlight() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ bookingId, estimate, status }: { bookingId: number; estimate: string | null; status?: FlightStatus }) =>
      callEndpoint(flightEndpoints.update, {
        params: { id: bookingId },
        body: { estimated_arrival: estimate, ...(status ? { status } : {}) },
      }).then((answer) => answer.data),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

/** Where a trip may start or end: the company's active locations (every airport's) and its active yards. */
export function useTripPlaces(enabled: boolean) {
  return useQuery({
    queryKey: ['trip-places'],
    enabled,
    queryFn: async ({ signal }) => {
      const [locations, yards] = await Promise.all([
        callEndpoint(locationEndpoints.list, { query: { status: '1', page_size: MAX_PAGE_SIZE, sort: 'name' }, signal }),
        callEndpoint(yardEndpoints.list, { query: { page_size: MAX_PAGE_SIZE, sort: 'name' }, signal }),
      ]);
      return { locations: locations.data, yards: yards.data.filter((yard) => yard.status === 1) };
    },
  });
}

/** A new trip (`tripId` null) with the add's body, or a trip's change. */
export type TripSave = { tripId: null; body: TripCreateInput } | { tripId: number; body: TripUpdateInput };

/** A trip added by hand (a shuttle run, a booking's extra leg) or changed: the dialog shows a refusal itself. */
export function useSaveTrip(zone: string) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (save: TripSave) =>
      (save.tripId === null
        ? callEndpoint(tripEndpoints.add, { query: { time_zone: zone }, body: save.body })
        : callEndpoint(tripEndpoints.update, { params: { id: save.tripId }, query: { time_zone: zone }, body: save.body })
      ).then((answer) => answer.data),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

/** Deletes a trip that has not happened (the API keeps started, completed and paid ones). */
export function useDeleteTrip() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (tripId: number) => callEndpoint(tripEndpoints.delete, { params: { id: tripId } }),
    onSuccess: refresh,
  });
}

/** The trips other companies gave to yours on a day (their partner list); read again as the day's trips are. */
export function usePartnerTrips(date: string) {
  return useQuery({
    queryKey: dispatchKeys.partnerTrips(date),
    queryFn: async ({ signal }) => (await callEndpoint(tripEndpoints.partnerList, { query: { date }, signal })).data,
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS,
  });
}
