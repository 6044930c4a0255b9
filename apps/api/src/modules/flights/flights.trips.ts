import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { trips } from '../../db/schema/index.ts';
import { OPEN_TRIP_STATUSES } from '../trips/trips.repository.ts';
import { companyTripSettings, driverIsFree, recordScheduleChange, recordTripStatus, tripWriter } from '../trips/trips.rules.ts';

const MINUTE_MS = 60_000;

export interface MovedTrip {
  trip_id: number;
  from: Date;
  to: Date;
  unassigned_driver_id: number | null;
}

/**
 * Moves a booking's open out-trip (scheduled or assigned) to `arrival` plus the company's flight buffer: the
 * change is logged on the trip (`trip_schedule_changes`, with the booking, old and new time and why) and
 * audited (the trip's update and the change itself, which the booking's audit trail shows); the driver stays
 * if still free then (the trips' own rule, trips.rules.ts), else is taken off (the trip is `scheduled` again,
 * its history and the change name them, the dispatch screen warns). Call it inside the transaction that
 * records the news; `actorUserId` is null when the provider's news moves it.
 */
export async function followArrival(
  tx: DbOrTx,
  input: { companyId: number; bookingId: number; arrival: Date; actorUserId: number | null },
): Promise<MovedTrip[]> {
  const actor = { companyId: input.companyId, actorUserId: input.actorUserId };
  const settings = await companyTripSettings(tx, input.companyId);
  const target = new Date(input.arrival.getTime() + settings.flight_buffer_minutes * MINUTE_MS);
  const open = await tx
    .select()
    .from(trips)
    .where(
      and(
        eq(trips.company_id, input.companyId),
        eq(trips.booking_id, input.bookingId),
        eq(trips.type, 'out'),
        inArray(trips.status, [...OPEN_TRIP_STATUSES]),
      ),
    )
    .for('update');
  const writer = tripWriter(tx, actor);
  const moved: MovedTrip[] = [];
  for (const trip of open) {
    if (trip.scheduled_at.getTime() === target.getTime()) continue;
    const stillFree =
      trip.driver_id === null || (await driverIsFree(tx, { companyId: input.companyId, driverId: null }, trip.driver_id, target, trip.id));
    const unassigned = stillFree ? null : trip.driver_id;
    await writer.update(trip, {
      scheduled_at: target,
      updated_at: new Date(),
      ...(unassigned === null ? {} : { driver_id: null, status: 'scheduled' as const }),
    });
    const reason = target > trip.scheduled_at ? 'flight_delayed' : 'flight_early';
    await recordScheduleChange(tx, actor, {
      tripId: trip.id,
      bookingId: input.bookingId,
      from: trip.scheduled_at,
      to: target,
      reason,
      unassignedDriverId: unassigned,
    });
    if (unassigned !== null) await recordTripStatus(tx, actor, trip.id, trip.status, 'scheduled', reason);
    moved.push({ trip_id: trip.id, from: trip.scheduled_at, to: target, unassigned_driver_id: unassigned });
  }
  return moved;
}
