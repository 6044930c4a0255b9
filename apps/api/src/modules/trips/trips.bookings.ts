import type { BookingStatus, TripStatus, TripType } from '@ps/contracts';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type bookings, tripMovements, trips } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { createTripsRepository, OPEN_TRIP_STATUSES, type TripRow } from './trips.repository.ts';
import {
  type BookingTripsCaller,
  CALLED_OFF,
  companyTripSettings,
  defaultYardId,
  driverIsFree,
  RETURNED,
  recordScheduleChange,
  recordTripStatus,
  type TripInsert,
  tripWriter,
} from './trips.rules.ts';

/**
 * What a booking's change does to its trips (issue 8, section 3), in the booking's own transaction:
 * - a meet-and-greet booking that is confirmed (or further along) has exactly one `in` trip (its departure
 *   place to the yard, at `departure_at`) and one `out` trip (the yard to its arrival place, at `arrival_at` plus
 *   the company's `flight_buffer_minutes`); missing ones are made (scheduled, the company's trip fee);
 * - a change of the booking's times moves its trips that have not started, each move logged in
 *   `trip_schedule_changes` (`booking_changed`); a driver no longer free at the new time is taken off and named;
 * - cancelled or no-show cancels its open trips (scheduled or assigned; a started one carries on);
 * - checked out or completed (the car is back with its customer) leaves none open: a trip someone ran (a driver or
 *   a partner company had it) is completed, any other is cancelled, each with the reason in its history (issue 22).
 */

type BookingRow = typeof bookings.$inferSelect;
export type BookingTripFacts = Pick<
  BookingRow,
  'id' | 'type' | 'status' | 'departure_id' | 'arrival_id' | 'car_park_id' | 'departure_at' | 'arrival_at'
>;

/** Booking statuses whose car is (or will be) in the company's hands: its trips exist. */
const TRIP_BOOKING_STATUSES: readonly BookingStatus[] = ['confirmed', 'checked_in', 'parked', 'checked_out', 'completed'];
/** Trip statuses that are not over yet (an open trip, or one on the road). */
const UNFINISHED: readonly TripRow['status'][] = ['scheduled', 'assigned', 'started'];

const MINUTE = 60_000;

/** Cancels the trips given (open ones only), each with its history line and audit entry. */
async function cancelTrips(tx: DbOrTx, caller: BookingTripsCaller, rows: TripRow[]): Promise<void> {
  const writer = tripWriter(tx, caller);
  for (const trip of rows) {
    if (!OPEN_TRIP_STATUSES.includes(trip.status)) continue;
    await writer.update(trip, { status: 'cancelled' });
    await recordTripStatus(tx, caller, trip.id, trip.status, 'cancelled', null);
  }
}

/**
 * Closes the booking's unfinished trips once its car is back with the customer: completed when a driver or a partner
 * company had it (they ran it, and are paid for it), cancelled when nobody did. The history line says why.
 */
async function closeTrips(tx: DbOrTx, caller: BookingTripsCaller, rows: TripRow[], bookingStatus: BookingStatus): Promise<ClosedTrip[]> {
  const writer = tripWriter(tx, caller);
  const reason = caller.t('tripNotes.closedByBooking', { status: caller.t(`bookingStatuses.${bookingStatus}`) });
  const closed: ClosedTrip[] = [];
  for (const trip of rows) {
    if (!UNFINISHED.includes(trip.status)) continue;
    const ran = trip.driver_id !== null || trip.partner_company_id !== null;
    const status = ran ? 'completed' : 'cancelled';
    await writer.update(trip, { status });
    await recordTripStatus(tx, caller, trip.id, trip.status, status, reason);
    closed.push({ id: trip.id, from: trip.status, to: status });
  }
  return closed;
}

/** A trip a check-out closed: what it was and what it became (an undone check-out gives it back). */
export interface ClosedTrip {
  id: number;
  from: TripStatus;
  to: TripStatus;
}

/**
 * An undone check-out: each trip it closed goes back to the status it had, if nothing moved it since (a trip the office
 * changed meanwhile stays as the office left it), with its history line.
 */
export async function reopenTrips(tx: DbOrTx, caller: BookingTripsCaller, closed: readonly ClosedTrip[], note: string): Promise<void> {
  if (closed.length === 0) return;
  const writer = tripWriter(tx, caller);
  const repository = createTripsRepository(tx, caller);
  for (const entry of closed) {
    const trip = await repository.get(entry.id);
    if (!trip || trip.status !== entry.to || trip.payout_id !== null) continue;
    await writer.update(trip, { status: entry.from });
    await recordTripStatus(tx, caller, trip.id, entry.to, entry.from, note);
  }
}

/**
 * Brings the booking's trips in line with the booking as it now is. `before` is the booking before the change
 * (null for a new one): only a change of its times moves trips, so a trip moved since (a late return flight) is
 * not moved back by an unrelated edit. A booking that is not meet and greet, and was not, costs nothing here.
 */
export async function syncBookingTrips(
  tx: DbOrTx,
  caller: BookingTripsCaller,
  booking: BookingTripFacts,
  before: BookingTripFacts | null,
): Promise<ClosedTrip[]> {
  const isMeetAndGreet = booking.type === 'meet_and_greet';
  const calledOff = CALLED_OFF.includes(booking.status);
  const returned = RETURNED.includes(booking.status);
  const leftMeetAndGreet = before !== null && before.type === 'meet_and_greet' && !isMeetAndGreet;
  const needsTrips = isMeetAndGreet && TRIP_BOOKING_STATUSES.includes(booking.status);
  // Already a booking with trips before this change: a trip the office cancelled since is not made again.
  const hadTrips = before !== null && before.type === 'meet_and_greet' && TRIP_BOOKING_STATUSES.includes(before.status);
  if (!calledOff && !returned && !leftMeetAndGreet && !needsTrips) return [];

  const existing = await createTripsRepository(tx, caller).ofBooking(booking.id);
  if (calledOff) {
    await cancelTrips(tx, caller, existing);
    return [];
  }
  // Any booking's trips (a park-and-ride shuttle too): the car is back, so nothing of it is still to be driven.
  if (returned) return closeTrips(tx, caller, existing, booking.status);
  if (!needsTrips) {
    // Sold as something else now: the car is no longer driven to a yard and back.
    await cancelTrips(
      tx,
      caller,
      existing.filter((trip) => trip.type === 'in' || trip.type === 'out'),
    );
    return [];
  }

  const settings = await companyTripSettings(tx, caller.companyId);
  const buffer = settings.flight_buffer_minutes * MINUTE;
  const wanted: Record<'in' | 'out', { at: Date; timesChanged: boolean }> = {
    in: {
      at: booking.departure_at,
      timesChanged: before !== null && before.departure_at.getTime() !== booking.departure_at.getTime(),
    },
    out: {
      at: new Date(booking.arrival_at.getTime() + buffer),
      timesChanged: before !== null && before.arrival_at.getTime() !== booking.arrival_at.getTime(),
    },
  };
  const writer = tripWriter(tx, caller);
  let yard: { yardId: number | null; locationId: number | null } | undefined;

  for (const type of ['in', 'out'] as const satisfies readonly TripType[]) {
    const trip = existing.find((candidate) => candidate.type === type && candidate.status !== 'cancelled');
    if (!trip && hadTrips && existing.some((candidate) => candidate.type === type)) continue;
    if (!trip) {
      // The yard: the company's first active yard, else the booking's car park; with neither there is nowhere to take the car.
      yard ??= await (async () => {
        const yardId = await defaultYardId(tx, caller.companyId);
        return { yardId, locationId: yardId === null ? booking.car_park_id : null };
      })();
      if (yard.yardId === null && yard.locationId === null) continue;
      const ends: Partial<TripInsert> =
        type === 'in'
          ? { from_location_id: booking.departure_id, to_yard_id: yard.yardId, to_location_id: yard.locationId }
          : { from_yard_id: yard.yardId, from_location_id: yard.locationId, to_location_id: booking.arrival_id };
      const created = await writer.create({
        booking_id: booking.id,
        type,
        ...ends,
        scheduled_at: wanted[type].at,
        status: 'scheduled',
        driver_fee: settings.trip_fee,
      });
      await recordTripStatus(tx, caller, created.id, null, 'scheduled', null);
      continue;
    }
    if (!OPEN_TRIP_STATUSES.includes(trip.status)) continue;
    const columns: Partial<TripInsert> = {};
    // The booking's own places follow it (a yard end the office chose stays).
    if (type === 'in' && trip.from_location_id !== null && trip.from_location_id !== booking.departure_id) {
      columns.from_location_id = booking.departure_id;
    }
    if (type === 'out' && trip.to_location_id !== null && trip.to_location_id !== booking.arrival_id) {
      columns.to_location_id = booking.arrival_id;
    }
    const moves = wanted[type].timesChanged && trip.scheduled_at.getTime() !== wanted[type].at.getTime();
    let unassigned: number | null = null;
    if (moves) {
      columns.scheduled_at = wanted[type].at;
      if (trip.driver_id !== null && !(await driverIsFree(tx, caller, trip.driver_id, wanted[type].at, trip.id))) {
        unassigned = trip.driver_id;
        columns.driver_id = null;
        columns.status = 'scheduled';
      }
    }
    if (Object.keys(columns).length === 0) continue;
    await writer.update(trip, columns);
    if (columns.status && columns.status !== trip.status) await recordTripStatus(tx, caller, trip.id, trip.status, columns.status, null);
    if (moves) {
      await recordScheduleChange(tx, caller, {
        tripId: trip.id,
        bookingId: booking.id,
        from: trip.scheduled_at,
        to: wanted[type].at,
        reason: 'booking_changed',
        unassignedDriverId: unassigned,
      });
    }
  }
  return [];
}

/**
 * Before a booking is deleted (pending, cancelled or no-show only): its trips that never happened (cancelled or
 * never started, no movement recorded, unpaid) go with it, audited; a trip that happened keeps the booking
 * (409 `booking_in_use`).
 */
export async function removeBookingTrips(tx: DbOrTx, caller: BookingTripsCaller, bookingId: number): Promise<void> {
  const existing = await createTripsRepository(tx, caller).ofBooking(bookingId);
  if (existing.length === 0) return;
  const moved = await tx
    .select({ trip_id: tripMovements.trip_id })
    .from(tripMovements)
    .where(
      and(
        eq(tripMovements.company_id, caller.companyId),
        inArray(
          tripMovements.trip_id,
          existing.map((trip) => trip.id),
        ),
      ),
    )
    .limit(1);
  const happened = existing.some((trip) => trip.status === 'started' || trip.status === 'completed' || trip.payout_id !== null);
  if (happened || moved.length > 0) throw new AppError(409, 'booking_in_use');
  const removed = await tx
    .delete(trips)
    .where(and(eq(trips.company_id, caller.companyId), eq(trips.booking_id, bookingId), notInArray(trips.status, ['started', 'completed'])))
    .returning();
  for (const row of removed) {
    await recordAudit(tx, {
      companyId: caller.companyId,
      actorUserId: caller.actorUserId,
      entity: 'trip',
      entityId: row.id,
      action: 'delete',
      before: row,
    });
  }
}
