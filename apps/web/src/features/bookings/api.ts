import {
  additionalServiceEndpoints,
  agencyEndpoints,
  airportEndpoints,
  type BandType,
  type Booking,
  type BookingStatus,
  driverEndpoints,
  type EndpointBodyInput,
  locationEndpoints,
  mailEndpoints,
  type PaymentMethod,
  packageEndpoints,
  paymentEndpoints,
  quoteEndpoints,
  yardEndpoints,
} from '@ps/contracts';
import { bookingEndpoints, bookingServiceEndpoints, parkRideEndpoints } from '@ps/contracts/bookings.endpoints';
import { tripEndpoints } from '@ps/contracts/trips.endpoints';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { createResource } from '../../lib/resource';
import type { BookingListSearch, BookingSortField } from './search';

/** Newest departures first: what an operator looks for is usually today's or tomorrow's. */
export const DEFAULT_SORT: `-${BookingSortField}` = '-departure_at';

/** Every row of a reference list (the API's largest page). */
const ALL = 1000;

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
const keys = bookingsResource.keys;

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

/** Everything read for one booking's page besides the booking itself: history, audit, trips, the car's path... */
const belongingTo = (bookingId: number) => ({
  queryKey: keys.detail(bookingId),
  predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey.length > keys.detail(bookingId).length,
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
      queryClient.setQueryData(keys.detail(id), row);
      void queryClient.invalidateQueries(belongingTo(id));
      return queryClient.invalidateQueries({ queryKey: keys.lists() });
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
    queryKey: ['bookings', 'statuses'],
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
    queryKey: [...keys.detail(id), 'history'],
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
      queryClient.setQueryData(keys.detail(id), row);
      // Its history and trail, and its trips: confirming makes a meet-and-greet booking's trips, cancelling cancels them.
      void queryClient.invalidateQueries(belongingTo(id));
      return queryClient.invalidateQueries({ queryKey: keys.lists() });
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
      for (const row of result?.changed ?? []) queryClient.setQueryData(keys.detail(row.id), row);
      return queryClient.invalidateQueries({ queryKey: keys.all });
    },
    meta: { silent: true },
  });
}

// ---- the booking's services ---------------------------------------------------------------------------------

const servicesKey = (bookingId: number) => [...keys.detail(bookingId), 'services'] as const;

export function useBookingServices(bookingId: number) {
  return useQuery({
    queryKey: servicesKey(bookingId),
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(bookingServiceEndpoints.list, {
          query: { booking_id: bookingId, page_size: ALL, sort: 'name' },
          signal,
        })
      ).data,
  });
}

/** Adding, changing or removing a service changes the booking's totals: both are fetched again. */
function useServiceMutation<Input>(bookingId: number, call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: keys.lists() });
      return queryClient.invalidateQueries({ queryKey: keys.detail(bookingId) });
    },
  });
}

export function useAddService(bookingId: number) {
  return useServiceMutation(bookingId, (additionalServiceId: number) =>
    callEndpoint(bookingServiceEndpoints.add, {
      body: { booking_id: bookingId, additional_service_id: additionalServiceId, quantity: 1 },
    }),
  );
}

export function useSetServiceQuantity(bookingId: number) {
  return useServiceMutation(bookingId, ({ id, quantity }: { id: number; quantity: number }) =>
    callEndpoint(bookingServiceEndpoints.update, { params: { id }, body: { quantity } }),
  );
}

export function useRemoveService(bookingId: number) {
  return useServiceMutation(bookingId, (id: number) => callEndpoint(bookingServiceEndpoints.delete, { params: { id } }));
}

// ---- payments, mail and the audit trail of one booking ------------------------------------------------------

const paymentsKey = (bookingId: number) => [...keys.detail(bookingId), 'payments'] as const;
const mailKey = (bookingId: number) => [...keys.detail(bookingId), 'mail'] as const;
const auditKey = (bookingId: number) => [...keys.detail(bookingId), 'audit'] as const;

/** The booking's payments and refunds, deleted ones included (struck through on the page), newest first. */
export function useBookingPayments(bookingId: number) {
  return useQuery({
    queryKey: paymentsKey(bookingId),
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(paymentEndpoints.list, {
          query: { booking_id: bookingId, include_deleted: '1', page_size: ALL, sort: '-paid_at' },
          signal,
        })
      ).data,
  });
}

/** What a payment changes: the booking's paid and outstanding, its payments, its trail and the lists' sums. */
function useLedgerMutation<Input>(bookingId: number, call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: keys.lists() });
      return queryClient.invalidateQueries({ queryKey: keys.detail(bookingId) });
    },
  });
}

export interface PaymentInput {
  amount: number;
  method: PaymentMethod;
  reference: string | null;
  /** The same key on a retry of the same payment: the API records it once. */
  idempotencyKey: string;
}

/** POST /api/payment/add with an `Idempotency-Key`, so a retried click or a lost answer never pays twice. */
export function useRecordPayment(bookingId: number) {
  return useLedgerMutation(bookingId, ({ idempotencyKey, ...payment }: PaymentInput) =>
    callEndpoint(paymentEndpoints.add, {
      body: { booking_id: bookingId, ...payment },
      headers: { 'Idempotency-Key': idempotencyKey },
    }).then((r) => r.data),
  );
}

export function useDeletePayment(bookingId: number) {
  return useLedgerMutation(bookingId, (id: number) => callEndpoint(paymentEndpoints.delete, { params: { id } }));
}

/** The booking's messages in the outbox, newest first, with their delivery state. */
export function useBookingMail(bookingId: number) {
  return useQuery({
    queryKey: mailKey(bookingId),
    queryFn: async ({ signal }) => {
      // The list's envelope has `smtp_configured` beside the page.
      const answer = await callEndpoint(mailEndpoints.outboxList, {
        query: { booking_id: bookingId, page_size: 100, sort: '-created_at' },
        signal,
      });
      return { messages: answer.data, smtpConfigured: answer.extra.smtp_configured !== false };
    },
    // A queued message is sent within seconds: look again while one waits.
    refetchInterval: (query) =>
      query.state.data?.messages.some((message) => message.state === 'queued' || message.state === 'sending') ? 5000 : false,
  });
}

/** POST /api/booking/send-mail/{id}: the confirmation goes into the outbox (202), in the booking's language. */
export function useSendConfirmation(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callEndpoint(mailEndpoints.sendBookingMail, { params: { id: bookingId } })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.detail(bookingId) }),
  });
}

export function useBookingAudit(bookingId: number) {
  return useQuery({
    queryKey: auditKey(bookingId),
    queryFn: async ({ signal }) => (await callEndpoint(bookingEndpoints.auditTrail, { params: { id: bookingId }, signal })).data,
  });
}

// ---- versions of the booking and their restore ----------------------------------------------------------------

const versionsKey = (bookingId: number) => [...keys.detail(bookingId), 'versions'] as const;

/** GET /api/booking/versions/{id}: the booking after each audited change, newest first. */
export function useBookingVersions(bookingId: number) {
  return useQuery({
    queryKey: versionsKey(bookingId),
    queryFn: async ({ signal }) => (await callEndpoint(bookingEndpoints.versions, { params: { id: bookingId }, signal })).data,
  });
}

/** GET /api/booking/restore/preview/{id}: each field now and restored, the price before and after (the dialog shows its error). */
export function useRestorePreview(bookingId: number, auditId: number | null) {
  return useQuery({
    queryKey: [...versionsKey(bookingId), 'preview', auditId],
    enabled: auditId !== null,
    retry: false,
    staleTime: 0,
    gcTime: 0,
    queryFn: async ({ signal }) =>
      (await callEndpoint(bookingEndpoints.restorePreview, { params: { id: bookingId }, query: { audit_id: auditId }, signal })).data,
    meta: { silent: true },
  });
}

/** POST /api/booking/restore/{id}: the version's fields through the edit; the page reads the booking again. */
export function useRestoreVersion(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (auditId: number) =>
      (await callEndpoint(bookingEndpoints.restore, { params: { id: bookingId }, body: { audit_id: auditId } })).data,
    onSuccess: (row) => {
      queryClient.setQueryData(keys.detail(bookingId), row);
      void queryClient.invalidateQueries(belongingTo(bookingId));
      return queryClient.invalidateQueries({ queryKey: keys.lists() });
    },
    meta: { silent: true },
  });
}

// ---- the booking's trips and its car's path ------------------------------------------------------------------

const tripsKey = (bookingId: number) => [...keys.detail(bookingId), 'trips'] as const;
const pathKey = (bookingId: number) => [...keys.detail(bookingId), 'path'] as const;

/** The booking's trips, earliest first, with their places' and driver's names (`GET /api/trips/list?booking_id=`). */
export function useBookingTrips(bookingId: number, enabled: boolean) {
  return useQuery({
    queryKey: tripsKey(bookingId),
    enabled,
    queryFn: async ({ signal }) =>
      (await callEndpoint(tripEndpoints.list, { query: { booking_id: bookingId, page_size: ALL, sort: 'scheduled_at' }, signal })).data,
  });
}

/** One trip with its schedule changes (old and new time, why, a driver taken off) and its history. */
export function useTripDetail(bookingId: number, tripId: number) {
  return useQuery({
    queryKey: [...tripsKey(bookingId), tripId],
    queryFn: async ({ signal }) => (await callEndpoint(tripEndpoints.get, { params: { id: tripId }, signal })).data,
  });
}

/** Where the booking's car has been, in the order it moved (`GET /api/trips/movement/list?booking_id=`). */
export function useCarPath(bookingId: number, enabled: boolean) {
  return useQuery({
    queryKey: pathKey(bookingId),
    enabled,
    queryFn: async ({ signal }) => (await callEndpoint(tripEndpoints.movements, { query: { booking_id: bookingId }, signal })).data,
  });
}

/** POST /api/trips/movement; its refusals are the form's to show (silent here). The path, trips and trail follow. */
export function useRecordMovement(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBodyInput<typeof tripEndpoints.addMovement>) =>
      callEndpoint(tripEndpoints.addMovement, { body }).then((r) => r.data),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tripsKey(bookingId) });
      void queryClient.invalidateQueries({ queryKey: auditKey(bookingId) });
      return queryClient.invalidateQueries({ queryKey: pathKey(bookingId) });
    },
    meta: { silent: true },
  });
}

/** The company's yards, inactive ones too (the trail names them); the form offers the active ones. */
export function useYards(enabled: boolean) {
  return useQuery({
    queryKey: ['bookings', 'choices', 'yards'],
    enabled,
    queryFn: async ({ signal }) => (await callEndpoint(yardEndpoints.list, { query: { page_size: ALL, sort: 'name' }, signal })).data,
  });
}

/** Drivers' names by id, for the trail's trip entries (only read when one names a driver the trips do not). */
export function useDriverNames(enabled: boolean) {
  return useQuery({
    queryKey: ['bookings', 'choices', 'drivers'],
    enabled,
    meta: { silent: true },
    queryFn: async ({ signal }) => {
      const drivers = (await callEndpoint(driverEndpoints.list, { query: { page_size: ALL }, signal })).data;
      return new Map(drivers.map((driver) => [driver.id, `${driver.first_name} ${driver.last_name}`]));
    },
  });
}

// ---- the choices of the form and the filters ----------------------------------------------------------------

export function useAirports() {
  return useQuery({
    queryKey: ['bookings', 'choices', 'airports'],
    queryFn: async ({ signal }) =>
      (await callEndpoint(airportEndpoints.list, { query: { status: '1', page_size: ALL, sort: 'iata_code' }, signal })).data,
  });
}

/** The active locations of one airport (the route's choices), or of every airport (the car park filter). */
export function useLocations(airportId: number | undefined, options: { carParksOnly?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['bookings', 'choices', 'locations', airportId ?? 'all', options.carParksOnly ?? false],
    enabled: options.enabled ?? airportId !== undefined,
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(locationEndpoints.list, {
          query: { airport_id: airportId, status: '1', page_size: ALL, sort: 'name', type: options.carParksOnly ? 'car_park' : undefined },
          signal,
        })
      ).data,
  });
}

/** The company's active agencies, for a sale through one (read only here; the agencies feature keeps them). */
export function useAgencies(enabled: boolean) {
  return useQuery({
    queryKey: ['bookings', 'choices', 'agencies'],
    meta: { silent: true },
    enabled,
    queryFn: async ({ signal }) =>
      (await callEndpoint(agencyEndpoints.list, { query: { status: '1', page_size: ALL, sort: 'name' }, signal })).data,
  });
}

/** The company's active packages; `enabled` false for a role that may not read them (names fall back to ids). */
export function usePackages(enabled = true) {
  return useQuery({
    queryKey: ['bookings', 'choices', 'packages'],
    meta: { silent: true },
    enabled,
    queryFn: async ({ signal }) => (await callEndpoint(packageEndpoints.list, { query: { status: '1', page_size: ALL }, signal })).data,
  });
}

/** The company's active additional services to add; only asked for where a line can be added. */
export function useServices(enabled = true) {
  return useQuery({
    queryKey: ['bookings', 'choices', 'services'],
    meta: { silent: true },
    enabled,
    queryFn: async ({ signal }) =>
      (await callEndpoint(additionalServiceEndpoints.list, { query: { status: '1', page_size: ALL }, signal })).data,
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
    queryKey: ['bookings', 'quote', input],
    enabled: input !== null,
    meta: { silent: true },
    staleTime: 0,
    placeholderData: keepPreviousData,
    queryFn: input ? async ({ signal }) => (await callEndpoint(quoteEndpoints.quote, { query: { ...input }, signal })).data : skipToken,
  });
}
