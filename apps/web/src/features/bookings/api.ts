import type {
  AdditionalService,
  Agency,
  Airport,
  BandType,
  Booking,
  BookingAuditEntry,
  BookingCreate,
  BookingReprice,
  BookingRestorePreview,
  BookingService,
  BookingStatus,
  BookingStatusHistoryEntry,
  BookingStatusOption,
  BookingUpdate,
  BookingUpdateResult,
  BookingVersion,
  Location,
  MailMessage,
  MailMessageDetail,
  Package,
  ParkRideCreate,
  Payment,
  PaymentMethod,
  QuoteResult,
  Trip,
  TripDetail,
  TripMovement,
  TripMovementCreateInput,
  Yard,
} from '@ps/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
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
export const bookingsResource = createResource<Booking, BookingCreate, BookingUpdate, BookingListSearch>({
  key: 'bookings',
  path: 'booking',
  defaultSort: DEFAULT_SORT,
  filters: (search) => bookingFilters(search),
});
const keys = bookingsResource.keys;

/**
 * Park-and-ride bookings: `GET /api/park-ride/booking/list` and `POST /api/park-ride/booking/add` (the API has no
 * get, update or delete under this path: a park-and-ride booking is read and changed as a booking). Its query
 * keys are the bookings' own, and the list's carry `type`, so they never share a cache entry with the bookings
 * list and every change to a booking refreshes both.
 */
export const parkRideResource = createResource<Booking, ParkRideCreate, never, BookingListSearch>({
  key: 'bookings',
  path: 'park-ride/booking',
  defaultSort: DEFAULT_SORT,
  filters: (search) => ({ ...bookingFilters(search), type: 'park_and_ride' }),
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
    mutationFn: (body: BookingUpdate) => apiRequest<Booking>(`/booking/update/${id}`, { method: 'PATCH', body }).then((r) => r.data),
    onSuccess: (row) => {
      queryClient.setQueryData(keys.detail(id), row);
      void queryClient.invalidateQueries(belongingTo(id));
      return queryClient.invalidateQueries({ queryKey: keys.lists() });
    },
    meta: { silent: true },
  });
}

/** POST /api/booking/reprice/{id}: what the booking would cost with these changes, nothing saved. */
export function repricePreview(id: number, body: BookingUpdate) {
  return apiRequest<BookingReprice>(`/booking/reprice/${id}`, { method: 'POST', body }).then((r) => r.data);
}

/** The statuses labelled in the user's language, with where each may go next. */
export function useBookingStatuses() {
  return useQuery({
    queryKey: ['bookings', 'statuses'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => (await apiRequest<BookingStatusOption[]>('/booking/status/list', { signal })).data,
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
    queryFn: async ({ signal }) => (await apiRequest<BookingStatusHistoryEntry[]>(`/booking/status/history/${id}`, { signal })).data,
  });
}

/** One status change; toasted by the query client when refused. */
export function useChangeStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { status: BookingStatus; note: string | null }) =>
      apiRequest<Booking>(`/booking/status/update/${id}`, { method: 'PATCH', body }).then((r) => r.data),
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
          apiRequest<Booking>(`/booking/status/update/${booking.id}`, { method: 'PATCH', body: { status, note: null } }).then(
            (r) => r.data,
          ),
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
        await apiRequest<BookingService[]>('/booking-additional_service/list', {
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
    apiRequest('/booking-additional_service/add', {
      method: 'POST',
      body: { booking_id: bookingId, additional_service_id: additionalServiceId, quantity: 1 },
    }),
  );
}

export function useSetServiceQuantity(bookingId: number) {
  return useServiceMutation(bookingId, ({ id, quantity }: { id: number; quantity: number }) =>
    apiRequest(`/booking-additional_service/update/${id}`, { method: 'PATCH', body: { quantity } }),
  );
}

export function useRemoveService(bookingId: number) {
  return useServiceMutation(bookingId, (id: number) => apiRequest(`/booking-additional_service/delete/${id}`, { method: 'DELETE' }));
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
        await apiRequest<Payment[]>('/payment/list', {
          query: { booking_id: bookingId, include_deleted: 1, page_size: ALL, sort: '-paid_at' },
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
    apiRequest<Payment>('/payment/add', {
      method: 'POST',
      body: { booking_id: bookingId, ...payment },
      headers: { 'Idempotency-Key': idempotencyKey },
    }).then((r) => r.data),
  );
}

export function useDeletePayment(bookingId: number) {
  return useLedgerMutation(bookingId, (id: number) => apiRequest(`/payment/delete/${id}`, { method: 'DELETE' }));
}

/** The booking's messages in the outbox, newest first, with their delivery state. */
export function useBookingMail(bookingId: number) {
  return useQuery({
    queryKey: mailKey(bookingId),
    queryFn: async ({ signal }) => {
      const response = await apiRequest<MailMessage[]>('/mail/outbox/list', {
        query: { booking_id: bookingId, page_size: 100, sort: '-created_at' },
        signal,
      });
      return { messages: response.data, smtpConfigured: response.envelope.smtp_configured !== false };
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
    mutationFn: async () => (await apiRequest<MailMessageDetail>(`/booking/send-mail/${bookingId}`, { method: 'POST' })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.detail(bookingId) }),
  });
}

export function useBookingAudit(bookingId: number) {
  return useQuery({
    queryKey: auditKey(bookingId),
    queryFn: async ({ signal }) => (await apiRequest<BookingAuditEntry[]>(`/booking/audit/list/${bookingId}`, { signal })).data,
  });
}

// ---- versions of the booking and their restore ----------------------------------------------------------------

const versionsKey = (bookingId: number) => [...keys.detail(bookingId), 'versions'] as const;

/** GET /api/booking/versions/{id}: the booking after each audited change, newest first. */
export function useBookingVersions(bookingId: number) {
  return useQuery({
    queryKey: versionsKey(bookingId),
    queryFn: async ({ signal }) => (await apiRequest<BookingVersion[]>(`/booking/versions/${bookingId}`, { signal })).data,
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
      (await apiRequest<BookingRestorePreview>(`/booking/restore/preview/${bookingId}`, { query: { audit_id: auditId }, signal })).data,
    meta: { silent: true },
  });
}

/** POST /api/booking/restore/{id}: the version's fields through the edit; the page reads the booking again. */
export function useRestoreVersion(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (auditId: number) =>
      (await apiRequest<BookingUpdateResult['data']>(`/booking/restore/${bookingId}`, { method: 'POST', body: { audit_id: auditId } }))
        .data,
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
      (await apiRequest<Trip[]>('/trips/list', { query: { booking_id: bookingId, page_size: ALL, sort: 'scheduled_at' }, signal })).data,
  });
}

/** One trip with its schedule changes (old and new time, why, a driver taken off) and its history. */
export function useTripDetail(bookingId: number, tripId: number) {
  return useQuery({
    queryKey: [...tripsKey(bookingId), tripId],
    queryFn: async ({ signal }) => (await apiRequest<TripDetail>(`/trips/get/${tripId}`, { signal })).data,
  });
}

/** Where the booking's car has been, in the order it moved (`GET /api/trips/movement/list?booking_id=`). */
export function useCarPath(bookingId: number, enabled: boolean) {
  return useQuery({
    queryKey: pathKey(bookingId),
    enabled,
    queryFn: async ({ signal }) =>
      (await apiRequest<TripMovement[]>('/trips/movement/list', { query: { booking_id: bookingId }, signal })).data,
  });
}

/** POST /api/trips/movement; its refusals are the form's to show (silent here). The path, trips and trail follow. */
export function useRecordMovement(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TripMovementCreateInput) =>
      apiRequest<TripMovement>('/trips/movement', { method: 'POST', body }).then((r) => r.data),
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
    queryFn: async ({ signal }) => (await apiRequest<Yard[]>('/yards/list', { query: { page_size: ALL, sort: 'name' }, signal })).data,
  });
}

/** Drivers' names by id, for the trail's trip entries (only read when one names a driver the trips do not). */
export function useDriverNames(enabled: boolean) {
  return useQuery({
    queryKey: ['bookings', 'choices', 'drivers'],
    enabled,
    meta: { silent: true },
    queryFn: async ({ signal }) => {
      const drivers = (
        await apiRequest<{ id: number; first_name: string; last_name: string }[]>('/driver/list', { query: { page_size: ALL }, signal })
      ).data;
      return new Map(drivers.map((driver) => [driver.id, `${driver.first_name} ${driver.last_name}`]));
    },
  });
}

// ---- the choices of the form and the filters ----------------------------------------------------------------

export type PackageChoice = Pick<Package, 'id' | 'name' | 'type' | 'price'>;
export type ServiceChoice = Pick<AdditionalService, 'id' | 'name' | 'price'>;

export function useAirports() {
  return useQuery({
    queryKey: ['bookings', 'choices', 'airports'],
    queryFn: async ({ signal }) =>
      (await apiRequest<Airport[]>('/airport/list', { query: { status: 1, page_size: ALL, sort: 'iata_code' }, signal })).data,
  });
}

/** The active locations of one airport (the route's choices), or of every airport (the car park filter). */
export function useLocations(airportId: number | undefined, options: { carParksOnly?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['bookings', 'choices', 'locations', airportId ?? 'all', options.carParksOnly ?? false],
    enabled: options.enabled ?? airportId !== undefined,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Location[]>('/location/list', {
          query: { airport_id: airportId, status: 1, page_size: ALL, sort: 'name', type: options.carParksOnly ? 'car_park' : undefined },
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
      (await apiRequest<Agency[]>('/agency/list', { query: { status: 1, page_size: ALL, sort: 'name' }, signal })).data,
  });
}

/** The company's active packages; `enabled` false for a role that may not read them (names fall back to ids). */
export function usePackages(enabled = true) {
  return useQuery({
    queryKey: ['bookings', 'choices', 'packages'],
    meta: { silent: true },
    enabled,
    queryFn: async ({ signal }) =>
      (await apiRequest<PackageChoice[]>('/package/list', { query: { status: 1, page_size: ALL }, signal })).data,
  });
}

/** The company's active additional services to add; only asked for where a line can be added. */
export function useServices(enabled = true) {
  return useQuery({
    queryKey: ['bookings', 'choices', 'services'],
    meta: { silent: true },
    enabled,
    queryFn: async ({ signal }) =>
      (await apiRequest<ServiceChoice[]>('/additional_services/list', { query: { status: 1, page_size: ALL }, signal })).data,
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
    queryFn: async ({ signal }) => (await apiRequest<QuoteResult>('/location-price/admin/list', { query: { ...input }, signal })).data,
  });
}
