import type { Booking } from '@ps/contracts';
import type { Handover } from '@ps/contracts/handovers';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookings, trips } from '../../db/schema/index.ts';
import type { CrewActor } from '../../kit/crew.ts';
import { notFound } from '../../lib/errors.ts';
import type { BookingCaller } from '../bookings/bookings.pricing.ts';
import { readBooking } from '../bookings/bookings.service.ts';
import { createHandoversRepository } from './handovers.repository.ts';

/**
 * Who records handovers: the office (every booking of the company, `driverId` null) or a driver, who reaches only the
 * bookings of trips given to them (another booking is a 404, as another company's is): they check cars out at the
 * terminal and in from the customer on their own jobs.
 */
export type HandoverCaller = BookingCaller & Pick<CrewActor, 'driverId'>;

/** Whether the caller reaches the booking: the company's, and for a driver one with a trip of theirs (not cancelled). */
export async function reaches(db: DbOrTx, caller: Pick<HandoverCaller, 'companyId' | 'driverId'>, bookingId: number): Promise<boolean> {
  const [found] =
    caller.driverId === null
      ? await db
          .select({ id: bookings.id })
          .from(bookings)
          .where(and(eq(bookings.company_id, caller.companyId), eq(bookings.id, bookingId)))
          .limit(1)
      : await db
          .select({ id: trips.id })
          .from(trips)
          .where(
            and(
              eq(trips.company_id, caller.companyId),
              eq(trips.booking_id, bookingId),
              eq(trips.driver_id, caller.driverId),
              ne(trips.status, 'cancelled'),
            ),
          )
          .limit(1);
  return found !== undefined;
}

/** 404 unless the caller reaches the booking. */
export async function requireBooking(db: DbOrTx, caller: Pick<HandoverCaller, 'companyId' | 'driverId'>, bookingId: number): Promise<void> {
  if (!(await reaches(db, caller, bookingId))) throw notFound();
}

export async function listOfBooking(db: DbOrTx, caller: HandoverCaller, bookingId: number): Promise<Handover[]> {
  await requireBooking(db, caller, bookingId);
  return createHandoversRepository(db, caller.companyId).ofBooking(bookingId, new Date());
}

export async function readHandover(db: DbOrTx, caller: HandoverCaller, bookingId: number, id: number): Promise<Handover> {
  const found = (await listOfBooking(db, caller, bookingId)).find((entry) => entry.id === id);
  if (!found) throw notFound();
  return found;
}

/** The booking, as its own get answers it, once the caller reaches it (a driver: through a trip of theirs). */
export async function readReachedBooking(db: DbOrTx, caller: HandoverCaller, bookingId: number): Promise<Booking> {
  await requireBooking(db, caller, bookingId);
  return readBooking(db, caller.companyId, bookingId);
}
