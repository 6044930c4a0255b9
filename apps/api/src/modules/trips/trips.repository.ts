import type { TripStatus } from '@ps/contracts';
import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, ne, notExists, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, readTogether } from '../../db/client.ts';
import {
  bookings,
  companies,
  drivers,
  locations,
  tripMovements,
  tripScheduleChanges,
  tripStatusHistory,
  trips,
  users,
  yards,
} from '../../db/schema/index.ts';
import { type CrewActor, ownRows } from '../../kit/crew.ts';
import { companyScope } from '../../kit/records.ts';
import { latestCarRequestColumns } from '../public-booking/public-booking.repository.ts';

/**
 * Trips' reads. Every query is scoped by the crew actor: the company's rows, and for a driver only the trips
 * assigned to them (another driver's trip reads like a missing one). The list is in trips.list.ts.
 */

export type TripRow = typeof trips.$inferSelect;

const fromLocation = alias(locations, 'from_location');
const fromYard = alias(yards, 'from_yard');
const toLocation = alias(locations, 'to_location');
const toYard = alias(yards, 'to_yard');
const unassignedDriver = alias(drivers, 'unassigned_driver');
const movedTo = { location: alias(locations, 'moved_location'), yard: alias(yards, 'moved_yard') };

export const driverName = sql<string | null>`${drivers.first_name} || ' ' || ${drivers.last_name}`;

const takenOffDriver = alias(drivers, 'taken_off_driver');
/** The partner company that runs a trip (trips.partner_company_id). */
const partnerCompany = alias(companies, 'partner_company');

/**
 * The dispatch screen's warning for the trips matching `condition` (a condition on `trips`): per trip, the latest
 * move of its time that took its driver off, while the trip still waits (`scheduled`, no driver) and nobody has been
 * assigned to it since. One set-based statement beside the page's (the list runs both at once): as a correlated
 * subquery per row it cost 10 ms for a page of 1,000 trips with 250 warnings, this way about 1 ms.
 */
export function selectDriversTakenOff(db: DbOrTx, condition: SQL) {
  return db
    .selectDistinctOn([tripScheduleChanges.trip_id], {
      trip_id: tripScheduleChanges.trip_id,
      driver_id: sql<number>`${tripScheduleChanges.unassigned_driver_id}`,
      driver_name: sql<string | null>`${takenOffDriver.first_name} || ' ' || ${takenOffDriver.last_name}`,
      reason: tripScheduleChanges.reason,
      from_at: tripScheduleChanges.from_at,
      to_at: tripScheduleChanges.to_at,
      changed_at: tripScheduleChanges.changed_at,
    })
    .from(tripScheduleChanges)
    .innerJoin(trips, and(eq(trips.company_id, tripScheduleChanges.company_id), eq(trips.id, tripScheduleChanges.trip_id)))
    .leftJoin(
      takenOffDriver,
      and(eq(takenOffDriver.company_id, tripScheduleChanges.company_id), eq(takenOffDriver.id, tripScheduleChanges.unassigned_driver_id)),
    )
    .where(
      and(
        condition,
        eq(trips.status, 'scheduled'),
        isNull(trips.driver_id),
        isNotNull(tripScheduleChanges.unassigned_driver_id),
        notExists(
          db
            .select({ one: sql`1` })
            .from(tripStatusHistory)
            .where(
              and(
                eq(tripStatusHistory.company_id, tripScheduleChanges.company_id),
                eq(tripStatusHistory.trip_id, tripScheduleChanges.trip_id),
                eq(tripStatusHistory.to_status, 'assigned'),
                gt(tripStatusHistory.changed_at, tripScheduleChanges.changed_at),
              ),
            ),
        ),
      ),
    )
    .orderBy(tripScheduleChanges.trip_id, desc(tripScheduleChanges.changed_at), desc(tripScheduleChanges.id));
}

export type DriverTakenOffRow = Awaited<ReturnType<ReturnType<typeof selectDriversTakenOff>['execute']>>[number];

const tripColumns = {
  id: trips.id,
  company_id: trips.company_id,
  type: trips.type,
  status: trips.status,
  scheduled_at: trips.scheduled_at,
  booking_id: trips.booking_id,
  booking_reference: bookings.reference,
  customer_name: bookings.customer_name,
  customer_phone: bookings.customer_phone,
  vehicle_reg: bookings.vehicle_reg,
  vehicle_make: bookings.vehicle_make,
  vehicle_model: bookings.vehicle_model,
  vehicle_colour: bookings.vehicle_colour,
  flight: sql<string | null>`case when ${trips.type} = 'in' then ${bookings.outbound_flight} else ${bookings.return_flight} end`,
  from_location_id: trips.from_location_id,
  from_yard_id: trips.from_yard_id,
  from_name: sql<string>`coalesce(${fromLocation.name}, ${fromYard.name}, '')`,
  to_location_id: trips.to_location_id,
  to_yard_id: trips.to_yard_id,
  to_name: sql<string>`coalesce(${toLocation.name}, ${toYard.name}, '')`,
  driver_id: trips.driver_id,
  driver_name: driverName,
  partner_company_id: trips.partner_company_id,
  partner_company_name: partnerCompany.name,
  driver_fee: trips.driver_fee,
  notes: trips.notes,
  payout_id: trips.payout_id,
  // The customer's latest "bring my car" of the booking, on a trip taking its car back to the terminal.
  ...latestCarRequestColumns(sql`${trips.company_id}`, sql`${trips.booking_id}`, sql`${trips.type} = 'out'`),
  created_at: trips.created_at,
  updated_at: trips.updated_at,
};

/** The trips with their names; every joined row is the trip's company's (the references carry it). */
export function selectTrips(db: DbOrTx) {
  return db
    .select(tripColumns)
    .from(trips)
    .leftJoin(bookings, and(eq(bookings.company_id, trips.company_id), eq(bookings.id, trips.booking_id)))
    .leftJoin(fromLocation, and(eq(fromLocation.company_id, trips.company_id), eq(fromLocation.id, trips.from_location_id)))
    .leftJoin(fromYard, and(eq(fromYard.company_id, trips.company_id), eq(fromYard.id, trips.from_yard_id)))
    .leftJoin(toLocation, and(eq(toLocation.company_id, trips.company_id), eq(toLocation.id, trips.to_location_id)))
    .leftJoin(toYard, and(eq(toYard.company_id, trips.company_id), eq(toYard.id, trips.to_yard_id)))
    .leftJoin(drivers, and(eq(drivers.company_id, trips.company_id), eq(drivers.id, trips.driver_id)))
    .leftJoin(partnerCompany, eq(partnerCompany.id, trips.partner_company_id));
}

/** A trip with its names, and the dispatch warning (selectDriversTakenOff) or null. */
export type TripViewRow = Awaited<ReturnType<ReturnType<typeof selectTrips>['execute']>>[number] & {
  driver_taken_off: DriverTakenOffRow | null;
};

export const tripSortColumns = {
  scheduled_at: trips.scheduled_at,
  status: trips.status,
  type: trips.type,
  driver_fee: trips.driver_fee,
  created_at: trips.created_at,
};

/** Open trips: not started yet, so they can still be moved, reassigned or cancelled. */
export const OPEN_TRIP_STATUSES: readonly TripStatus[] = ['scheduled', 'assigned'];

/** SQL for the first instant of a calendar day in `zone` (an SQL text expression), and of the day after it. */
export const dayStart = (day: SQL | string, zone: SQL) => sql`((${day}::date)::timestamp at time zone ${zone})`;
export const dayEnd = (day: SQL | string, zone: SQL) => sql`((${day}::date + 1)::timestamp at time zone ${zone})`;

/**
 * The audit records the trips keep about a booking, as `(entity, entity_id)` pairs for the booking's audit trail:
 * its trips, the movements of its car, the times its trips moved by themselves and the admins' status corrections
 * of its trips. Each found through the booking's rows by their indexes (`trips_booking_idx`,
 * `trip_movements_booking_idx`, `trip_schedule_changes_booking_idx`, `trip_status_history_trip_idx`), so the audit
 * log is read by `audit_log_entity_idx` only. A trip deleted through `trips/delete` leaves the trail with its row.
 */
export function bookingTripAuditKeys(companyId: number, bookingId: number): SQL {
  return sql`select 'trip', ${trips.id}::text from ${trips}
      where ${trips.company_id} = ${companyId} and ${trips.booking_id} = ${bookingId}
    union all select 'trip_movement', ${tripMovements.id}::text from ${tripMovements}
      where ${tripMovements.company_id} = ${companyId} and ${tripMovements.booking_id} = ${bookingId}
    union all select 'trip_schedule_change', ${tripScheduleChanges.id}::text from ${tripScheduleChanges}
      where ${tripScheduleChanges.company_id} = ${companyId} and ${tripScheduleChanges.booking_id} = ${bookingId}
    union all select 'trip_status_correction', ${tripStatusHistory.id}::text from ${tripStatusHistory}
      join ${trips} on ${trips.company_id} = ${tripStatusHistory.company_id} and ${trips.id} = ${tripStatusHistory.trip_id}
      where ${trips.company_id} = ${companyId} and ${trips.booking_id} = ${bookingId} and ${tripStatusHistory.note} is not null`;
}

/** Reads need only whose rows: the company, and the driver's own when a driver asks. */
export function createTripsRepository(db: DbOrTx, actor: Pick<CrewActor, 'companyId' | 'driverId'>) {
  /** The where clause of every trip read: the actor's company, and a driver's own trips only. */
  const scope = companyScope(db, trips, actor.companyId);
  const owned = (...conditions: Array<SQL | undefined>): SQL => scope.owned(ownRows(trips.driver_id, actor), ...conditions);

  return {
    owned,

    async get(id: number): Promise<TripViewRow | undefined> {
      const [[row], [warning]] = await readTogether(db, [
        () =>
          selectTrips(db)
            .where(owned(eq(trips.id, id)))
            .limit(1),
        () => selectDriversTakenOff(db, owned(eq(trips.id, id))),
      ]);
      return row && { ...row, driver_taken_off: warning ?? null };
    },

    /** The trip's row locked for a change (in the caller's transaction), or undefined (also another driver's). */
    async lock(id: number): Promise<TripRow | undefined> {
      const [row] = await db
        .select()
        .from(trips)
        .where(owned(eq(trips.id, id)))
        .for('update')
        .limit(1);
      return row;
    },

    /** Every trip of a booking, locked, oldest first. */
    ofBooking(bookingId: number): Promise<TripRow[]> {
      return db
        .select()
        .from(trips)
        .where(owned(eq(trips.booking_id, bookingId)))
        .orderBy(asc(trips.id))
        .for('update');
    },

    /** Whether the driver has another trip that is not cancelled within `windowMinutes` of `at` (either side). */
    async driverHasTripNear(driverId: number, at: Date, windowMinutes: number, exceptTripId: number | null): Promise<boolean> {
      const [row] = await db
        .select({ id: trips.id })
        .from(trips)
        .where(
          owned(
            eq(trips.driver_id, driverId),
            ne(trips.status, 'cancelled'),
            exceptTripId === null ? undefined : ne(trips.id, exceptTripId),
            gt(trips.scheduled_at, sql`${at.toISOString()}::timestamptz - make_interval(mins => ${windowMinutes}::int)`),
            lt(trips.scheduled_at, sql`${at.toISOString()}::timestamptz + make_interval(mins => ${windowMinutes}::int)`),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** A trip's status history, oldest first, with who made each change. */
    statusHistory(tripId: number) {
      return db
        .select({
          id: tripStatusHistory.id,
          from_status: tripStatusHistory.from_status,
          to_status: tripStatusHistory.to_status,
          note: tripStatusHistory.note,
          changed_by: tripStatusHistory.changed_by,
          changed_by_name: users.name,
          changed_at: tripStatusHistory.changed_at,
        })
        .from(tripStatusHistory)
        .leftJoin(users, eq(users.id, tripStatusHistory.changed_by))
        .where(and(eq(tripStatusHistory.company_id, actor.companyId), eq(tripStatusHistory.trip_id, tripId)))
        .orderBy(asc(tripStatusHistory.changed_at), asc(tripStatusHistory.id));
    },

    /** The times a trip moved by itself, oldest first, with who moved it and the name of a driver taken off. */
    scheduleChanges(tripId: number) {
      return db
        .select({
          id: tripScheduleChanges.id,
          from_at: tripScheduleChanges.from_at,
          to_at: tripScheduleChanges.to_at,
          reason: tripScheduleChanges.reason,
          unassigned_driver_id: tripScheduleChanges.unassigned_driver_id,
          unassigned_driver_name: sql<string | null>`${unassignedDriver.first_name} || ' ' || ${unassignedDriver.last_name}`,
          changed_by: tripScheduleChanges.changed_by,
          changed_by_name: users.name,
          changed_at: tripScheduleChanges.changed_at,
        })
        .from(tripScheduleChanges)
        .leftJoin(users, eq(users.id, tripScheduleChanges.changed_by))
        .leftJoin(
          unassignedDriver,
          and(
            eq(unassignedDriver.company_id, tripScheduleChanges.company_id),
            eq(unassignedDriver.id, tripScheduleChanges.unassigned_driver_id),
          ),
        )
        .where(and(eq(tripScheduleChanges.company_id, actor.companyId), eq(tripScheduleChanges.trip_id, tripId)))
        .orderBy(asc(tripScheduleChanges.changed_at), asc(tripScheduleChanges.id));
    },

    /**
     * Movements of one trip or of a booking's trips (the car's path), in the order they happened, each with its
     * place's name and who recorded it. A driver sees those of their own trips only.
     */
    movements(filter: { tripId?: number | undefined; bookingId?: number | undefined }) {
      return db
        .select({
          id: tripMovements.id,
          trip_id: tripMovements.trip_id,
          trip_type: trips.type,
          booking_id: tripMovements.booking_id,
          location_id: tripMovements.location_id,
          yard_id: tripMovements.yard_id,
          place_name: sql<string>`coalesce(${movedTo.location.name}, ${movedTo.yard.name}, '')`,
          moved_at: tripMovements.moved_at,
          moved_by: tripMovements.moved_by,
          moved_by_name: users.name,
        })
        .from(tripMovements)
        .innerJoin(trips, and(eq(trips.company_id, tripMovements.company_id), eq(trips.id, tripMovements.trip_id)))
        .leftJoin(
          movedTo.location,
          and(eq(movedTo.location.company_id, tripMovements.company_id), eq(movedTo.location.id, tripMovements.location_id)),
        )
        .leftJoin(movedTo.yard, and(eq(movedTo.yard.company_id, tripMovements.company_id), eq(movedTo.yard.id, tripMovements.yard_id)))
        .leftJoin(users, eq(users.id, tripMovements.moved_by))
        .where(
          and(
            eq(tripMovements.company_id, actor.companyId),
            ownRows(trips.driver_id, actor),
            filter.tripId === undefined ? undefined : eq(tripMovements.trip_id, filter.tripId),
            filter.bookingId === undefined ? undefined : eq(tripMovements.booking_id, filter.bookingId),
          ),
        )
        .orderBy(asc(tripMovements.moved_at), asc(tripMovements.id));
    },

    /** Trips per period (day, week or month of `scheduled_at` in `timeZone`) and status, from `from` to `to` (days). */
    async countsByPeriod(options: {
      segment: 'day' | 'week' | 'month';
      from: string;
      to: string;
      timeZone: string;
      driverId?: number | undefined;
      type?: TripRow['type'] | undefined;
    }) {
      const zone = sql`${options.timeZone}::text`;
      const period = sql`to_char(date_trunc(${options.segment}, ${trips.scheduled_at} at time zone ${zone}), 'YYYY-MM-DD')`;
      return (
        db
          .select({ period_start: sql<string>`${period}`, status: trips.status, trips: sql<number>`count(*)::int` })
          .from(trips)
          .where(
            owned(
              gte(trips.scheduled_at, dayStart(options.from, zone)),
              lt(trips.scheduled_at, dayEnd(options.to, zone)),
              options.driverId === undefined ? undefined : eq(trips.driver_id, options.driverId),
              options.type === undefined ? undefined : eq(trips.type, options.type),
            ),
          )
          // By position: the period's expression carries parameters, which PostgreSQL would not match by value.
          .groupBy(sql`1`, sql`2`)
      );
    },
  };
}
