import type { Booking, BookingStatus, EndpointBodyInput } from '@ps/contracts';
import { bookingEndpoints, parkRideEndpoints } from '@ps/contracts/bookings.endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { createResource } from '../../lib/resource';
import { bookingKeys } from './keys';
import type { BookingListSearch, BookingSortField } from './search';
/** Newest departures first: what an operator looks for is usually today's or tomorrow's. */
export const DEFAULT_SORT: `-${BookingSortField}` = '-departure_at';

/** The list filters both booking lists take. */
const bookingFilters = (search: BookingListSearch) => ({
  status: search.status,
  airport_id: search.airport_id,
  car_park_id: search.car_park_id,
  channel: search.channel,
  date_field: search.date_field,
  from: search.from,
  to: search.to,
});

/** The company's bookings: `/api/booking/*`. */
export const bookingsResource = createResource({
  key: 'bookings',
  endpoints: bookingEndpoints,
  defaultSort: DEFAULT_SORT,
  filters: (search: BookingListSearch) => bookingFilters(search),
});

/**
 * Park-and-ride bookings: `GET /api/park-ride/booking/list` and `POST /api/park-ride/booking/add` (the API has no
 * get, update or delete under this path: a park-and-ride booking is read and changed as a booking). Its query
 * keys are the bookings' own, and the list's carry `type`, so they never share a cache entry with the bookings
 * list and every change to a booking refreshes both.
 */
export const parkRideResource = createResource({
  key: 'bookings',
  endpoints: { list: parkRideEndpoints.list, get: bookingEndpoints.get, add: parkRideEndpoints.add },
  defaultSort: DEFAULT_SORT,
  filters: (search: BookingListSearch) => ({ ...bookingFilters(search), type: 'park_and_ride' }),
});

/**
 * PATCH /api/booking/update/{id}. The answer's `repriced` is not read: the edit form shows the re-price preview
 * and asks before it saves a change that re-prices. New times move the booking's trips (logged on them and in
 * the audit trail), so what the page reads about the booking is read again.
 */
export function useUpdateBooking(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBodyInput<typeof bookingEndpoints.update>) =>
      callEndpoint(bookingEndpoints.update, { params: { id }, body }).then((answer) => answer.data),
    onSuccess: (row) => {
      queryClient.setQueryData(bookingKeys.detail(id), row);
      void queryClient.invalidateQueries(bookingKeys.belongingTo(id));
      return queryClient.invalidateQueries({ queryKey: bookingKeys.lists() });
    },
    meta: { silent: true },
  });
}

/** POST /api/booking/reprice/{id}: what the booking would cost with these changes, nothing saved. */
export function repricePreview(id: number, body: EndpointBodyInput<typeof bookingEndpoints.reprice>) {
  return callEndpoint(bookingEndpoints.reprice, { params: { id }, body }).then((r) => r.data);
}

/** The statuses labelled in the user's language, with where each may go next. */
export function useBookingStatuses() {
  return useQuery({
    queryKey: bookingKeys.statuses(),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => (await callEndpoint(bookingEndpoints.statuses, { signal })).data,
  });
}

/** A completed, cancelled or no-show booking: no move leads out of it, and the API refuses changes to it. */
export function useIsClosed(booking: Booking): boolean {
  const statuses = useBookingStatuses();
  const option = statuses.data?.find((entry) => entry.value === booking.status);
  return option !== undefined && option.next.length === 0;
}

export function useStatusHistory(id: number) {
  return useQuery({
    queryKey: bookingKeys.history(id),
    queryFn: async ({ signal }) => (await callEndpoint(bookingEndpoints.statusHistory, { params: { id }, signal })).data,
  });
}

/** One status change; toasted by the query client when refused. */
export function useChangeStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { status: BookingStatus; note: string | null }) =>
      callEndpoint(bookingEndpoints.setStatus, { params: { id }, body }).then((r) => r.data),
    onSuccess: (row) => {
      queryClient.setQueryData(bookingKeys.detail(id), row);
      // Its history and trail, and its trips: confirming makes a meet-and-greet booking's trips, cancelling cancels them.
      void queryClient.invalidateQueries(bookingKeys.belongingTo(id));
      return queryClient.invalidateQueries({ queryKey: bookingKeys.lists() });
    },
  });
}

export interface BulkStatusResult {
  changed: Booking[];
  refused: { booking: Booking; error: unknown }[];
}

/** The list's bulk change: one status update per booking, all sent at once; never rejects for one booking. */
export function useBulkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ bookings, status }: { bookings: Booking[]; status: BookingStatus }): Promise<BulkStatusResult> => {
      const results = await Promise.allSettled(
        bookings.map((booking) =>
          callEndpoint(bookingEndpoints.setStatus, { params: { id: booking.id }, body: { status, note: null } }).then((r) => r.data),
        ),
      );
      const out: BulkStatusResult = { changed: [], refused: [] };
      results.forEach((result, index) => {
        const booking = bookings[index] as Booking;
        if (result.status === 'fulfilled') out.changed.push(result.value);
        else out.refused.push({ booking, error: result.reason });
      });
      return out;
    },
    onSettled: (result) => {
      for (const row of result?.changed ?? []) queryClient.setQueryData(bookingKeys.detail(row.id), row);
      return queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
    meta: { silent: true },
  });
}

/**
 * `GET /api/booking/export`: every booking of the list's filters and sort as CSV, written by the API as it reads them
 * (issue 24: a list of 400,000 is not read page by page into the browser first).
 */
export async function fetchBookingsCsv(search: BookingListSearch): Promise<Blob> {
  const { page: _page, page_size: _pageSize, ...query } = bookingsResource.listParams(search);
  return (await callEndpoint(bookingEndpoints.export, { query: query as never, blob: true })).data;
}
