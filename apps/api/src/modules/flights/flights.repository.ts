import type { FlightListQuery } from '@ps/contracts';
import { and, eq, gte, inArray, isNotNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookings, drivers, flightUpdates, trips } from '../../db/schema/index.ts';
import { listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

/** The booking statuses whose return flight is still worth following: the car is with us, or soon will be. */
export const TRACKED_BOOKING_STATUSES = ['confirmed', 'checked_in', 'parked'] as const;
/** A flight that landed this long ago still shows (the car goes out after it). */
const RECENT_MS = 6 * 3_600_000;

const flightStatus = sql<string>`coalesce(${flightUpdates.status}, 'scheduled')`;

const flightColumns = {
  booking_id: bookings.id,
  booking_reference: bookings.reference,
  customer_name: bookings.customer_name,
  vehicle_reg: bookings.vehicle_reg,
  flight_number: bookings.return_flight,
  scheduled_arrival: bookings.arrival_at,
  estimated_arrival: flightUpdates.estimated_arrival,
  status: flightStatus,
  updated_at: flightUpdates.updated_at,
  source: flightUpdates.source,
  trip_id: trips.id,
  trip_scheduled_at: trips.scheduled_at,
  trip_status: trips.status,
  trip_driver_id: trips.driver_id,
  trip_driver_name: sql<string | null>`${drivers.first_name} || ' ' || ${drivers.last_name}`,
};

export interface FlightRow {
  booking_id: number;
  booking_reference: string;
  customer_name: string;
  vehicle_reg: string;
  flight_number: string | null;
  scheduled_arrival: Date;
  estimated_arrival: Date | null;
  status: string;
  updated_at: Date | null;
  source: string | null;
  trip_id: number | null;
  trip_scheduled_at: Date | null;
  trip_status: string | null;
  trip_driver_id: number | null;
  trip_driver_name: string | null;
}

/** Flight tracking's reads: upcoming bookings' return flights with their latest news and open out-trip. */
export function createFlightsRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, bookings, companyId);
  const tracked = (...conditions: Array<SQL | undefined>) =>
    scope.owned(isNotNull(bookings.return_flight), inArray(bookings.status, [...TRACKED_BOOKING_STATUSES]), ...conditions);
  const select = () =>
    db
      .select(flightColumns)
      .from(bookings)
      .leftJoin(flightUpdates, and(eq(flightUpdates.company_id, bookings.company_id), eq(flightUpdates.booking_id, bookings.id)))
      .leftJoin(
        trips,
        and(
          eq(trips.company_id, bookings.company_id),
          eq(trips.booking_id, bookings.id),
          eq(trips.type, 'out'),
          ne(trips.status, 'cancelled'),
        ),
      )
      .leftJoin(drivers, and(eq(drivers.company_id, trips.company_id), eq(drivers.id, trips.driver_id)));

  return {
    list(query: FlightListQuery, now: Date = new Date()) {
      const parts = listParts(query, {
        filters: [
          tracked(
            gte(bookings.arrival_at, new Date(now.getTime() - RECENT_MS)),
            lt(bookings.arrival_at, new Date(now.getTime() + query.days * 86_400_000)),
            query.status === undefined ? undefined : sql`${flightStatus} = ${query.status}`,
          ),
        ],
        searchColumns: [bookings.return_flight, bookings.reference, bookings.customer_name, bookings.vehicle_reg],
        sortColumns: {
          scheduled_arrival: bookings.arrival_at,
          estimated_arrival: sql`coalesce(${flightUpdates.estimated_arrival}, ${bookings.arrival_at})`,
          flight_number: bookings.return_flight,
        },
        defaultSort: 'scheduled_arrival',
        tieBreaker: bookings.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          select()
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset) as Promise<FlightRow[]>,
        count: (where) =>
          db
            .select({ total: sql<number>`count(*)::int` })
            .from(bookings)
            .leftJoin(flightUpdates, and(eq(flightUpdates.company_id, bookings.company_id), eq(flightUpdates.booking_id, bookings.id)))
            .where(where)
            .then(([row]) => row?.total ?? 0),
      });
    },

    async findByBooking(bookingId: number): Promise<FlightRow | undefined> {
      const [row] = await select()
        .where(scope.owned(eq(bookings.id, bookingId)))
        .limit(1);
      return row as FlightRow | undefined;
    },

    /** Every tracked flight due from `from` to `to`, for a provider round: number, day, booking. */
    async due(from: Date, to: Date) {
      return db
        .select({
          booking_id: bookings.id,
          flight_number: bookings.return_flight,
          arrival_at: bookings.arrival_at,
          end_day: bookings.end_day,
        })
        .from(bookings)
        .where(tracked(gte(bookings.arrival_at, from), lt(bookings.arrival_at, to)));
    },
  };
}
