/**
 * The words of bookings, payments and mail without zod (like the band types): the web's screens and the
 * database tables import these lists, so a new value is one edit and both sides agree.
 */

/** A booking's life (DOMAIN.md "Bookings"); `GET /api/booking/status/list` labels them. */
export const bookingStatuses = [
  'pending',
  'confirmed',
  'checked_in',
  'parked',
  'checked_out',
  'completed',
  'cancelled',
  'no_show',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/**
 * The only moves between statuses. Nothing leaves completed, cancelled or no-show; a car is checked in
 * before it is parked or checked out; parking it is optional (checked in -> checked out).
 */
export const bookingTransitions: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['checked_in', 'cancelled', 'no_show'],
  checked_in: ['parked', 'checked_out'],
  parked: ['checked_out'],
  checked_out: ['completed'],
  completed: [],
  cancelled: [],
  no_show: [],
};

export function canMoveBooking(from: BookingStatus, to: BookingStatus): boolean {
  return bookingTransitions[from].includes(to);
}

/** Statuses whose stay no longer holds a space (and, for cancelled, gives its voucher use back). */
export const releasedBookingStatuses = ['cancelled', 'no_show'] as const satisfies readonly BookingStatus[];

/** Where a booking came from. */
export const bookingChannels = ['web', 'phone', 'agency', 'walk_in'] as const;
export type BookingChannel = (typeof bookingChannels)[number];

/** How a payment (or a refund: a negative amount) was made. */
export const paymentMethods = ['card', 'cash', 'bank_transfer', 'agency'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** A message of the mail outbox: waiting (or waiting again after a failed try), being sent, sent, given up. */
export const mailStates = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailState = (typeof mailStates)[number];
