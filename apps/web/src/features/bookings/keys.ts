import { queryKeys } from '../../lib/resource';

const base = queryKeys('bookings');
const ofBooking = (bookingId: number, part: string) => [...base.detail(bookingId), part] as const;

/**
 * The bookings feature's query keys, in one place. Everything read about one booking sits under its detail key
 * (`['bookings', 'detail', id, ...]`), so a change to the booking refreshes its page's sections with it; the form's
 * choices and the live quote sit under `['bookings', ...]` apart from the lists.
 */
export const bookingKeys = {
  ...base,
  history: (bookingId: number) => ofBooking(bookingId, 'history'),
  services: (bookingId: number) => ofBooking(bookingId, 'services'),
  payments: (bookingId: number) => ofBooking(bookingId, 'payments'),
  mail: (bookingId: number) => ofBooking(bookingId, 'mail'),
  audit: (bookingId: number) => ofBooking(bookingId, 'audit'),
  versions: (bookingId: number) => ofBooking(bookingId, 'versions'),
  trips: (bookingId: number) => ofBooking(bookingId, 'trips'),
  path: (bookingId: number) => ofBooking(bookingId, 'path'),
  statuses: () => [...base.all, 'statuses'] as const,
  choice: (name: string, ...params: unknown[]) => [...base.all, 'choices', name, ...params] as const,
  quote: (input: unknown) => [...base.all, 'quote', input] as const,
  /** Everything read for one booking's page besides the booking itself: history, audit, trips, the car's path... */
  belongingTo: (bookingId: number) => ({
    queryKey: base.detail(bookingId),
    predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey.length > base.detail(bookingId).length,
  }),
};
