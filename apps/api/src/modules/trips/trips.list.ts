// The trips list (GET /api/trips/list, the dispatch screen's day): its page and its count, prepared once per shape of
// query, as the bookings list is (docs/decisions.md, "Trips").
import type { TripListQuery } from '@ps/contracts';
import { and, count, eq, gte, ilike, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { type DbOrTx, readTogether } from '../../db/client.ts';
import { bookings, companies, drivers, trips } from '../../db/schema/index.ts';
import type { CrewActor } from '../../kit/crew.ts';
import { containsPattern, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';
import { dayEnd, dayStart, driverName, selectDriversTakenOff, selectTrips, type TripViewRow, tripSortColumns } from './trips.repository.ts';

/** What a list's SQL depends on besides its values: which filters are given, and the sort. */
interface TripListShape {
  /** A driver's own list (the crew actor's `ownRows`, with the driver as a parameter). */
  own: boolean;
  from: boolean;
  to: boolean;
  /** The request's own time zone for the days, else the company's. */
  ownTimeZone: boolean;
  driver: boolean;
  /** One status is an equality (the planner's estimate of it is good), several an array. */
  status: 'any' | 'one' | 'several';
  type: boolean;
  booking: boolean;
  unassigned: 'any' | 'yes' | 'no';
  search: boolean;
  sort: string;
}

/** The values a list statement runs with (those of filters not in its shape are unused). */
type TripListParams = {
  companyId: number;
  ownDriverId: number;
  from: string;
  to: string;
  timeZone: string;
  driverId: number;
  statuses: string;
  type: string;
  bookingId: number;
  pattern: string;
  compactPattern: string;
  limit: number;
  offset: number;
};

const param = (name: keyof TripListParams) => sql.placeholder(name);

/** The booking and the driver, for a search (the only filters that read beyond the trip's own columns). */
function searchJoins<T extends PgSelect>(query: T, search: boolean) {
  return search
    ? query
        .leftJoin(bookings, and(eq(bookings.company_id, trips.company_id), eq(bookings.id, trips.booking_id)))
        .leftJoin(drivers, and(eq(drivers.company_id, trips.company_id), eq(drivers.id, trips.driver_id)))
    : query;
}

/**
 * The list's page, warnings and count statements for one shape, every value a parameter (the company through the same
 * company scope as every read). The page's ids come first, from the `(company_id, scheduled_at)` index with a
 * top-N sort; the names (booking, both ends, driver) are joined for those rows only. Joining the whole day
 * before sorting cost 12-18 ms at 2,000 trips a day, the page alone under 1 ms; planning the joins (3 ms and
 * more) is done once per connection.
 */
function prepareTripList(db: DbOrTx, shape: TripListShape, name: string) {
  const companyId = param('companyId');
  const scope = companyScope(db, trips, companyId);
  const zone = shape.ownTimeZone
    ? sql`${param('timeZone')}::text`
    : sql`(select ${companies.time_zone} from ${companies} where ${companies.id} = ${companyId})`;
  const pattern = param('pattern');
  const parts = listParts(
    { page: 1, page_size: 1, sort: shape.sort },
    {
      filters: [
        scope.owned(
          shape.own ? eq(trips.driver_id, param('ownDriverId')) : undefined,
          shape.from ? gte(trips.scheduled_at, dayStart(sql`${param('from')}`, zone)) : undefined,
          shape.to ? lt(trips.scheduled_at, dayEnd(sql`${param('to')}`, zone)) : undefined,
          shape.driver ? eq(trips.driver_id, param('driverId')) : undefined,
          shape.status === 'one' ? eq(trips.status, param('statuses')) : undefined,
          shape.status === 'several' ? sql`${trips.status} = any(string_to_array(${param('statuses')}::text, ','))` : undefined,
          shape.type ? eq(trips.type, param('type')) : undefined,
          shape.booking ? eq(trips.booking_id, param('bookingId')) : undefined,
          // Unassigned: nobody runs it, neither a driver nor a partner company.
          shape.unassigned === 'yes' ? and(isNull(trips.driver_id), isNull(trips.partner_company_id)) : undefined,
          shape.unassigned === 'no' ? or(isNotNull(trips.driver_id), isNotNull(trips.partner_company_id)) : undefined,
          shape.search
            ? or(
                ilike(bookings.reference, pattern),
                ilike(bookings.customer_name, pattern),
                ilike(sql`replace(${bookings.vehicle_reg}, ' ', '')`, param('compactPattern')),
                ilike(driverName, pattern),
              )
            : undefined,
        ),
      ],
      searchColumns: [],
      sortColumns: tripSortColumns,
      defaultSort: 'scheduled_at',
      tieBreaker: trips.id,
    },
  );
  // `id = any(array(...))`: the page's ids are computed first (an InitPlan) and the rows fetched by primary key, whatever
  // the number of joins. As `id in (...)`, the semi join is one more relation to order; past from_collapse_limit (8,
  // reached when the partner company's join came) PostgreSQL joined the whole table first: 450 ms instead of 3.
  const pageIds = searchJoins(db.select({ id: trips.id }).from(trips).$dynamic(), shape.search)
    .where(parts.where)
    .orderBy(...parts.orderBy)
    .limit(param('limit'))
    .offset(param('offset'));
  return {
    rows: selectTrips(db)
      .where(scope.owned(sql`${trips.id} = any(array(${pageIds}))`))
      .orderBy(...parts.orderBy)
      .prepare(name),
    // The page's warnings, by the same page ids (run beside the rows, not after them).
    warnings: selectDriversTakenOff(db, scope.owned(sql`${trips.id} = any(array(${pageIds}))`)).prepare(`${name}_warnings`),
    count: searchJoins(db.select({ total: count() }).from(trips).$dynamic(), shape.search)
      .where(parts.where)
      .prepare(`${name}_count`),
  };
}

type TripListStatements = ReturnType<typeof prepareTripList>;
/** At most this many shapes are kept per database handle (the oldest goes first); a few dozen are in use. */
const MAX_LIST_SHAPES = 200;
const listStatements = new WeakMap<DbOrTx, Map<string, TripListStatements>>();
/** One statement name per shape for the process (PostgreSQL keeps a name's statement per connection). */
const listStatementNames = new Map<string, string>();

function tripListStatements(db: DbOrTx, shape: TripListShape): TripListStatements {
  const key = JSON.stringify(shape);
  let byShape = listStatements.get(db);
  if (!byShape) {
    byShape = new Map();
    listStatements.set(db, byShape);
  }
  let statements = byShape.get(key);
  if (!statements) {
    let name = listStatementNames.get(key);
    if (!name) {
      name = `trip_list_${listStatementNames.size + 1}`;
      listStatementNames.set(key, name);
    }
    statements = prepareTripList(db, shape, name);
    if (byShape.size >= MAX_LIST_SHAPES) byShape.delete(byShape.keys().next().value as string);
    byShape.set(key, statements);
  }
  return statements;
}

/**
 * One page of the trips the actor reaches (a driver: their own) and the count of all that match. Days (`date`, or
 * `from`/`to`) are calendar days of `scheduled_at` in the request's time zone, else the company's.
 */
export async function listTrips(db: DbOrTx, actor: CrewActor, query: TripListQuery): Promise<{ rows: TripViewRow[]; total: number }> {
  const from = query.date ?? query.from;
  const to = query.date ?? query.to;
  const statuses = query.status ?? [];
  const sort = query.sort && query.sort.replace(/^-/, '') in tripSortColumns ? query.sort : 'scheduled_at';
  const shape: TripListShape = {
    own: actor.driverId !== null,
    from: from !== undefined,
    to: to !== undefined,
    ownTimeZone: query.time_zone !== undefined,
    driver: query.driver_id !== undefined,
    status: statuses.length === 0 ? 'any' : statuses.length === 1 ? 'one' : 'several',
    type: query.type !== undefined,
    booking: query.booking_id !== undefined,
    unassigned: query.unassigned === undefined ? 'any' : query.unassigned ? 'yes' : 'no',
    search: Boolean(query.search),
    sort,
  };
  const search = query.search ?? '';
  const params: TripListParams = {
    companyId: actor.companyId,
    ownDriverId: actor.driverId ?? 0,
    from: from ?? '',
    to: to ?? '',
    timeZone: query.time_zone ?? '',
    driverId: query.driver_id ?? 0,
    statuses: statuses.join(','),
    type: query.type ?? '',
    bookingId: query.booking_id ?? 0,
    pattern: containsPattern(search),
    compactPattern: containsPattern(search.replace(/\s+/g, '')),
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  };
  const statements = tripListStatements(db, shape);
  const [rows, warnings, [counted]] = await readTogether(db, [
    () => statements.rows.execute(params),
    () => statements.warnings.execute(params),
    () => statements.count.execute(params),
  ]);
  const byTrip = new Map(warnings.map((warning) => [warning.trip_id, warning]));
  return { rows: rows.map((row) => ({ ...row, driver_taken_off: byTrip.get(row.id) ?? null })), total: counted?.total ?? 0 };
}
