import type { OnSiteDue, OnSiteListQuery } from '@ps/contracts/onSite';
import { and, asc, count, eq, exists, gte, like, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '../../db/client.ts';
import { airports, bookings, carPlaces, locations, positions, trips, yards } from '../../db/schema/index.ts';
import { referenceKey, registrationKey } from '../../db/searchKeys.ts';
import type { CrewActor } from '../../kit/crew.ts';
import { containsPattern } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

/** A car on site as read: its place row, its booking's words and its position's, before the flag is worked out. */
export interface OnSiteRow {
  booking_id: number;
  reference: string;
  booking_status: string;
  vehicle_reg: string;
  vehicle_make: string | null;
  vehicle_model: string | null;
  vehicle_colour: string | null;
  customer_name: string;
  position_id: number | null;
  position_name: string | null;
  position_kind: string | null;
  yard_id: number | null;
  location_id: number | null;
  place_name: string | null;
  key_location: string | null;
  placed_at: Date;
  arrival_at: Date;
  airport_time_zone: string;
}

export type OnSiteCounts = Record<OnSiteDue, number>;

/**
 * Every join holds the company on both sides (the tables' keys are (company_id, id) pairs), and the where clause is the
 * company scope of `car_places`: another company's rows cannot come in through a join nor through a filter's id.
 */
const joins = {
  booking: and(eq(bookings.company_id, carPlaces.company_id), eq(bookings.id, carPlaces.booking_id)),
  airport: and(eq(airports.company_id, bookings.company_id), eq(airports.id, bookings.airport_id)),
  position: and(eq(positions.company_id, carPlaces.company_id), eq(positions.id, carPlaces.position_id)),
  yard: and(eq(yards.company_id, positions.company_id), eq(yards.id, positions.yard_id)),
  carPark: and(eq(locations.company_id, positions.company_id), eq(locations.id, positions.location_id)),
};

/**
 * Reads of one company's cars on site, for the office (every car) or a driver (`driverId`: only the cars of bookings with
 * a trip given to them, not cancelled: the bookings whose handovers they may record, as the handovers service rules).
 */
export function createOnSiteRepository(db: DbOrTx, actor: Pick<CrewActor, 'companyId' | 'driverId'>) {
  const scope = companyScope(db, carPlaces, actor.companyId);
  const driverId = actor.driverId;
  const ownJobs =
    driverId === null
      ? undefined
      : exists(
          db
            .select({ id: trips.id })
            .from(trips)
            .where(
              and(
                eq(trips.company_id, carPlaces.company_id),
                eq(trips.booking_id, carPlaces.booking_id),
                eq(trips.driver_id, driverId),
                ne(trips.status, 'cancelled'),
              ),
            ),
        );

  /** The place and search filters (not the flag: the counts are of every flag). */
  function filtersOf(query: OnSiteListQuery): SQL | undefined {
    const search = query.search?.trim();
    const registration = search ? containsPattern(search.replace(/\s+/g, '').toUpperCase()) : undefined;
    const reference = search ? containsPattern(search.replace(/[\s-]+/g, '').toUpperCase()) : undefined;
    return scope.owned(
      ownJobs,
      query.yard_id === undefined ? undefined : eq(positions.yard_id, query.yard_id),
      query.location_id === undefined ? undefined : eq(positions.location_id, query.location_id),
      // On the booking's registration and reference as car_places keeps them (copied by triggers, migration 0030): the
      // search, the order and the counts read the company's cars only, never its bookings.
      registration && reference
        ? or(like(registrationKey(carPlaces.vehicle_reg), registration), like(referenceKey(carPlaces.reference), reference))
        : undefined,
    );
  }

  /** The flag's condition at `now`: overdue before now, due soon from now to the end of the window, later after. */
  function flagCondition(flag: OnSiteDue, now: Date, soonUntil: Date): SQL | undefined {
    if (flag === 'overdue') return lt(carPlaces.arrival_at, now);
    if (flag === 'due_soon') return and(gte(carPlaces.arrival_at, now), lt(carPlaces.arrival_at, soonUntil));
    return gte(carPlaces.arrival_at, soonUntil);
  }

  return {
    /** One page of the cars (soonest due out first, the overdue leading), and the counts of each flag. */
    async list(query: OnSiteListQuery, now: Date, soonUntil: Date): Promise<{ rows: OnSiteRow[]; counts: OnSiteCounts }> {
      const where = filtersOf(query);
      const pageWhere = query.flag ? and(where, flagCondition(query.flag, now, soonUntil)) : where;
      const [rows, [counted]] = await readTogether(db, [
        () =>
          db
            .select({
              booking_id: bookings.id,
              reference: bookings.reference,
              booking_status: bookings.status,
              vehicle_reg: bookings.vehicle_reg,
              vehicle_make: bookings.vehicle_make,
              vehicle_model: bookings.vehicle_model,
              vehicle_colour: bookings.vehicle_colour,
              customer_name: bookings.customer_name,
              position_id: positions.id,
              position_name: positions.name,
              position_kind: positions.kind,
              yard_id: positions.yard_id,
              location_id: positions.location_id,
              place_name: sql<string | null>`coalesce(${yards.name}, ${locations.name})`,
              key_location: carPlaces.key_location,
              placed_at: carPlaces.placed_at,
              arrival_at: bookings.arrival_at,
              airport_time_zone: airports.time_zone,
            })
            .from(carPlaces)
            .innerJoin(bookings, joins.booking)
            .innerJoin(airports, joins.airport)
            .leftJoin(positions, joins.position)
            .leftJoin(yards, joins.yard)
            .leftJoin(locations, joins.carPark)
            .where(pageWhere)
            .orderBy(asc(carPlaces.arrival_at), asc(carPlaces.booking_id))
            .limit(query.page_size)
            .offset((query.page - 1) * query.page_size),
        () =>
          db
            .select({
              overdue: sql<number>`${count()} filter (where ${flagCondition('overdue', now, soonUntil)})`.mapWith(Number),
              due_soon: sql<number>`${count()} filter (where ${flagCondition('due_soon', now, soonUntil)})`.mapWith(Number),
              later: sql<number>`${count()} filter (where ${flagCondition('later', now, soonUntil)})`.mapWith(Number),
            })
            .from(carPlaces)
            .leftJoin(positions, joins.position)
            .where(where),
      ]);
      return { rows, counts: counted ?? { overdue: 0, due_soon: 0, later: 0 } };
    },
  };
}
