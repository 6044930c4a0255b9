import type { BookingStatus, Ineligibility, Language, TripScheduleChangeReason, TripStatus } from '@ps/contracts';
import { formatDay } from '@ps/contracts/common/format';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookings, companies, companyPartners, tripScheduleChanges, tripStatusHistory, trips, yards } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import type { CrewActor } from '../../kit/crew.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { dayAt } from '../../lib/dates.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import type { Translate } from '../../lib/i18n.ts';
import { eligibilityOn } from '../drivers/drivers.eligibility.ts';
import { createDriversRepository } from '../drivers/drivers.repository.ts';
import { createTripsRepository, type TripRow } from './trips.repository.ts';

/**
 * The rules every way of giving a driver a trip shares (the trips calls, the booking hooks, flight tracking):
 * who may take it, when a driver counts as busy, and the audited writes of trips outside the kit's writer.
 */

/** Who acts on trips, with the words of their language (errors name statuses and reasons in it). */
export interface TripCaller extends CrewActor {
  language: Language;
  t: Translate;
}

/**
 * Who moves a booking's trips with the booking (trips.bookings.ts): a signed-in caller, or no user when the customer
 * made or changed the booking on the company's web site.
 */
export interface BookingTripsCaller extends Omit<TripCaller, 'actorUserId'> {
  actorUserId: number | null;
}

/**
 * A driver is busy when another trip of theirs (not cancelled) is scheduled less than this many minutes before
 * or after the trip: a run between a terminal and a yard and back to the next job takes about that long.
 */
export const DRIVER_BUSY_WINDOW_MINUTES = 60;

/** Statuses that need a driver (the database's `trips_assigned_has_driver` says the same). */
export const DRIVEN_STATUSES: readonly TripStatus[] = ['assigned', 'started', 'completed'];

export type TripInsert = typeof trips.$inferInsert;

/**
 * Whether the driver is free for a trip at `at`: no other trip of theirs (cancelled ones aside) less than
 * `DRIVER_BUSY_WINDOW_MINUTES` away. `exceptTripId` is the trip itself when it is being moved. Flight tracking
 * uses it to decide whether a moved out-trip keeps its driver.
 */
export async function driverIsFree(
  db: DbOrTx,
  actor: Pick<CrewActor, 'companyId' | 'driverId'>,
  driverId: number,
  at: Date,
  exceptTripId: number | null = null,
): Promise<boolean> {
  return !(await createTripsRepository(db, actor).driverHasTripNear(driverId, at, DRIVER_BUSY_WINDOW_MINUTES, exceptTripId));
}

export interface CompanyTripSettings {
  time_zone: string;
  trip_fee: number;
  flight_buffer_minutes: number;
}

export async function companyTripSettings(db: DbOrTx, companyId: number): Promise<CompanyTripSettings> {
  const [row] = await db
    .select({ time_zone: companies.time_zone, trip_fee: companies.trip_fee, flight_buffer_minutes: companies.flight_buffer_minutes })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ?? { time_zone: 'UTC', trip_fee: 0, flight_buffer_minutes: 30 };
}

/** The company's yard new meet-and-greet trips use: its first active yard (the one made first), if any. */
export async function defaultYardId(db: DbOrTx, companyId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: yards.id })
    .from(yards)
    .where(and(eq(yards.company_id, companyId), eq(yards.status, 1)))
    .orderBy(asc(yards.id))
    .limit(1);
  return row?.id ?? null;
}

/** One reason a driver cannot take trips, as a phrase in the caller's language ("Insurance expired on 3 March 2026"). */
export function reasonInWords(caller: Pick<TripCaller, 'language' | 't'>, reason: Ineligibility): string {
  return caller.t(`tripEligibility.${reason.code}`, {
    name: reason.document_type_name ?? '',
    date: reason.date ? formatDay(caller.language, reason.date, 'long') : '',
  });
}

const statusLabel = (caller: Pick<TripCaller, 't'>, status: TripStatus) => caller.t(`tripStatuses.${status}`);

export const tripPaid = () => new AppError(409, 'trip_paid');

/** Booking statuses that call its open trips off (the car never came, or will not). */
export const CALLED_OFF: readonly BookingStatus[] = ['cancelled', 'no_show'];
/** Booking statuses after the car went back to its customer: nothing of it is left to drive. */
export const RETURNED: readonly BookingStatus[] = ['checked_out', 'completed'];

/**
 * A trip is planned only for a booking whose car is still to be driven: one that is called off or back with its
 * customer answers 409 `trip_booking_closed`, so no such trip ever waits for a driver. 400 when it is not the company's.
 */
export async function assertBookingTakesTrips(tx: DbOrTx, caller: Pick<TripCaller, 'companyId' | 't'>, bookingId: number): Promise<void> {
  const [booking] = await tx
    .select({ status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.company_id, caller.companyId), eq(bookings.id, bookingId)))
    .limit(1);
  if (!booking) throw invalidField('booking_id');
  if (CALLED_OFF.includes(booking.status) || RETURNED.includes(booking.status)) {
    throw new AppError(409, 'trip_booking_closed', {
      vars: { status: caller.t(`bookingStatuses.${booking.status}`) },
      details: [{ field: 'booking_id', code: 'errors.trip_booking_closed', message: '' }],
    });
  }
}
export const tripClosed = (caller: Pick<TripCaller, 't'>, status: TripStatus) =>
  new AppError(409, 'trip_closed', { vars: { status: statusLabel(caller, status) } });
export const tripNeedsDriver = (caller: Pick<TripCaller, 't'>, status: TripStatus) =>
  new AppError(409, 'trip_needs_driver', {
    vars: { status: statusLabel(caller, status) },
    details: [{ field: 'status', code: 'errors.trip_needs_driver', message: '' }],
  });
export const transitionInvalid = (caller: Pick<TripCaller, 't'>, from: TripStatus, to: TripStatus) =>
  new AppError(400, 'trip_transition_invalid', {
    vars: { from: statusLabel(caller, from), to: statusLabel(caller, to) },
    details: [{ field: 'status', code: 'errors.trip_transition_invalid', message: '' }],
  });
export const statusAdminOnly = (caller: Pick<TripCaller, 't'>, to: TripStatus) =>
  new AppError(403, 'trip_status_admin_only', { vars: { to: statusLabel(caller, to) } });

/**
 * Refuses a company that is not an active partner of the caller's company (400 `trip_partner_invalid` on
 * `partner_company_id`): an unknown company and another organisation's look the same.
 */
export async function assertPartner(tx: DbOrTx, companyId: number, partnerCompanyId: number): Promise<void> {
  const [partner] = await tx
    .select({ id: companyPartners.partner_company_id })
    .from(companyPartners)
    .innerJoin(companies, eq(companies.id, companyPartners.partner_company_id))
    .where(
      and(eq(companyPartners.company_id, companyId), eq(companyPartners.partner_company_id, partnerCompanyId), eq(companies.status, 1)),
    )
    .limit(1);
  if (!partner)
    throw new AppError(400, 'trip_partner_invalid', {
      details: [{ field: 'partner_company_id', code: 'errors.trip_partner_invalid', message: '' }],
    });
}

/**
 * Refuses a driver who may not take a trip at `at`: unknown (400 on `driver_id`), not eligible on the trip's day
 * in `timeZone` (409 `driver_not_eligible` naming every reason in the caller's language), or not free (409
 * `driver_busy`). Takes the driver's lock first, so two assignments of one driver at once cannot both pass.
 */
export async function assertDriverCanTake(
  tx: DbOrTx,
  caller: TripCaller,
  driverId: number,
  at: Date,
  exceptTripId: number | null,
  timeZone: string,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${caller.companyId}::int, hashtext(${`trip_driver:${driverId}`}::text))`);
  const driver = await createDriversRepository(tx, caller.companyId).get(driverId);
  if (!driver) throw invalidField('driver_id');
  const eligibility = (await eligibilityOn(tx, caller.companyId, [driver], dayAt(at, timeZone))).get(driver.id);
  if (!eligibility?.eligible) {
    const reasons = (eligibility?.reasons ?? []).map((reason) => reasonInWords(caller, reason)).join('; ');
    throw new AppError(409, 'driver_not_eligible', {
      vars: { reasons },
      details: [{ field: 'driver_id', code: 'errors.driver_not_eligible', message: '' }],
    });
  }
  if (!(await driverIsFree(tx, caller, driverId, at, exceptTripId))) {
    throw new AppError(409, 'driver_busy', {
      vars: { driver: `${driver.first_name} ${driver.last_name}`, minutes: DRIVER_BUSY_WINDOW_MINUTES },
      details: [{ field: 'driver_id', code: 'errors.driver_busy', message: '' }],
    });
  }
}

/** Who writes trips: a user of the company, or nobody (null) when the flight provider's news moves one. */
export type TripWriteActor = Pick<CompanyActor, 'companyId'> & { actorUserId: number | null };

/** One line of a trip's status history: who moved it, from where to where, and why. */
export async function recordTripStatus(
  tx: DbOrTx,
  actor: TripWriteActor,
  tripId: number,
  from: TripStatus | null,
  to: TripStatus,
  note: string | null,
  /** When it happened (a phone's queued action sent later); now by default. */
  changedAt?: Date,
) {
  const [row] = await tx
    .insert(tripStatusHistory)
    .values({
      company_id: actor.companyId,
      trip_id: tripId,
      from_status: from,
      to_status: to,
      note,
      changed_by: actor.actorUserId,
      ...(changedAt ? { changed_at: changedAt } : {}),
    })
    .returning({ id: tripStatusHistory.id });
  if (!row) throw new Error('trip status history insert returned no row');
  return row;
}

/**
 * Trip writes made inside another resource's transaction (a booking's change moves its trips): each with its
 * audit entry in that transaction, as the kit's writer does for the trips calls.
 */
export function tripWriter(tx: DbOrTx, actor: TripWriteActor) {
  return {
    async create(values: Omit<TripInsert, 'id' | 'company_id' | 'created_at' | 'updated_at'>): Promise<TripRow> {
      const [row] = await tx
        .insert(trips)
        .values({ ...values, company_id: actor.companyId })
        .returning();
      if (!row) throw new Error('trip insert returned no row');
      await recordAudit(tx, {
        companyId: actor.companyId,
        actorUserId: actor.actorUserId,
        entity: 'trip',
        entityId: row.id,
        action: 'create',
        after: row,
      });
      return row;
    },
    async update(before: TripRow, values: Partial<TripInsert>): Promise<TripRow> {
      const [after] = await tx
        .update(trips)
        .set(values)
        .where(and(eq(trips.company_id, actor.companyId), eq(trips.id, before.id)))
        .returning();
      if (!after) throw new Error('trip update returned no row');
      await recordAudit(tx, {
        companyId: actor.companyId,
        actorUserId: actor.actorUserId,
        entity: 'trip',
        entityId: before.id,
        action: 'update',
        before,
        after,
      });
      return after;
    },
  };
}

/**
 * Logs a trip's time moving by itself (its booking's times changed, its return flight is late or early): old and
 * new time, why, and the driver taken off if any; audited as `trip_schedule_change`, so the booking's audit trail
 * says why beside the trip's own update entry. Call it in the transaction that moves the trip.
 */
export async function recordScheduleChange(
  tx: DbOrTx,
  actor: TripWriteActor,
  change: {
    tripId: number;
    bookingId: number | null;
    from: Date;
    to: Date;
    reason: TripScheduleChangeReason;
    unassignedDriverId: number | null;
  },
): Promise<void> {
  const [row] = await tx
    .insert(tripScheduleChanges)
    .values({
      company_id: actor.companyId,
      trip_id: change.tripId,
      booking_id: change.bookingId,
      from_at: change.from,
      to_at: change.to,
      reason: change.reason,
      unassigned_driver_id: change.unassignedDriverId,
      changed_by: actor.actorUserId,
    })
    .returning();
  if (!row) throw new Error('trip schedule change insert returned no row');
  await recordAudit(tx, {
    companyId: actor.companyId,
    actorUserId: actor.actorUserId,
    entity: 'trip_schedule_change',
    entityId: row.id,
    action: 'create',
    after: row,
  });
}
