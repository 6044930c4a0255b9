// The bookings list (GET /api/booking/list and the park-and-ride list): its page and its count, prepared once
// per shape of query (docs/decisions.md, "The bookings list is prepared per shape").
import { type BookingListQuery, isKnownTimeZone } from '@ps/contracts';
import { count, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookings, companies } from '../../db/schema/index.ts';
import { containsPattern, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';
import { type BookingViewRow, selectBookings } from './bookings.repository.ts';

/** A time zone the runtime knows (an IANA name), else undefined. */
export function validTimeZone(zone: string | undefined): string | undefined {
  return zone && isKnownTimeZone(zone) ? zone : undefined;
}

export interface BookingListOptions {
  /** Only bookings of this type (the park-and-ride list). */
  type?: BookingListQuery['type'];
  /** The request's `time_zone` when valid, else null (then the company's). */
  timeZone: string | null;
}

/** What a list's SQL depends on besides its values: which filters are given, and the sort. */
interface BookingListShape {
  /** One status is an equality, which the (company, status, departure) index answers in departure order. */
  status: 'any' | 'one' | 'several';
  airport: boolean;
  carPark: boolean;
  channel: boolean;
  type: boolean;
  from: boolean;
  to: boolean;
  dateField: 'departure' | 'arrival';
  /** The request's own time zone for `from`/`to`, else the company's. */
  ownTimeZone: boolean;
  search: boolean;
  sort: string;
}

/** The values a list statement runs with (those of filters not in its shape are unused). */
type BookingListParams = {
  companyId: number;
  statuses: string;
  airportId: number;
  carParkId: number;
  channel: string;
  type: string;
  from: string;
  to: string;
  timeZone: string;
  pattern: string;
  compactPattern: string;
  limit: number;
  offset: number;
};

const listParam = (name: keyof BookingListParams) => sql.placeholder(name);

const bookingSortColumns = {
  reference: bookings.reference,
  customer_name: bookings.customer_name,
  vehicle_reg: bookings.vehicle_reg,
  departure_at: bookings.departure_at,
  arrival_at: bookings.arrival_at,
  status: bookings.status,
  total: bookings.total,
  created_at: bookings.created_at,
};

/**
 * The list's page and count statements for one shape, with every value a parameter (the company through
 * the same company scope as every read). Prepared once per database handle and shape: the busiest list
 * skips building its SQL with 50 columns and 5 joins, and PostgreSQL planning it, on every call.
 */
function prepareBookingList(db: DbOrTx, shape: BookingListShape, name: string) {
  const companyId = listParam('companyId');
  const column = shape.dateField === 'arrival' ? bookings.arrival_at : bookings.departure_at;
  const zone = shape.ownTimeZone
    ? sql`${listParam('timeZone')}::text`
    : sql`(select ${companies.time_zone} from ${companies} where ${companies.id} = ${companyId})`;
  const pattern = listParam('pattern');
  const parts = listParts(
    { page: 1, page_size: 1, sort: shape.sort },
    {
      filters: [
        companyScope(db, bookings, companyId).owned(),
        shape.status === 'one' ? eq(bookings.status, listParam('statuses')) : undefined,
        shape.status === 'several' ? sql`${bookings.status} = any(string_to_array(${listParam('statuses')}::text, ','))` : undefined,
        shape.airport ? eq(bookings.airport_id, listParam('airportId')) : undefined,
        shape.carPark ? eq(bookings.car_park_id, listParam('carParkId')) : undefined,
        shape.channel ? eq(bookings.channel, listParam('channel')) : undefined,
        shape.type ? eq(bookings.type, listParam('type')) : undefined,
        shape.from ? gte(column, sql`((${listParam('from')}::date)::timestamp at time zone ${zone})`) : undefined,
        shape.to ? lt(column, sql`((${listParam('to')}::date + 1)::timestamp at time zone ${zone})`) : undefined,
        shape.search
          ? or(
              ilike(bookings.reference, pattern),
              ilike(bookings.customer_name, pattern),
              ilike(bookings.customer_email, pattern),
              ilike(bookings.customer_phone, pattern),
              ilike(sql`replace(${bookings.vehicle_reg}, ' ', '')`, listParam('compactPattern')),
            )
          : undefined,
      ],
      searchColumns: [],
      sortColumns: bookingSortColumns,
      defaultSort: 'departure_at',
      tieBreaker: bookings.id,
    },
  );
  return {
    rows: selectBookings(db)
      .where(parts.where)
      .orderBy(...parts.orderBy)
      .limit(listParam('limit'))
      .offset(listParam('offset'))
      .prepare(name),
    // The count needs no joins: every filter is on the bookings table.
    count: db.select({ total: count() }).from(bookings).where(parts.where).prepare(`${name}_count`),
  };
}

type BookingListStatements = ReturnType<typeof prepareBookingList>;
/** At most this many shapes are kept per database handle (the oldest goes first); a few dozen are in use. */
const MAX_LIST_SHAPES = 200;
const listStatements = new WeakMap<DbOrTx, Map<string, BookingListStatements>>();
/** One statement name per shape for the process (PostgreSQL keeps a name's statement per connection). */
const listStatementNames = new Map<string, string>();

function bookingListStatements(db: DbOrTx, shape: BookingListShape): BookingListStatements {
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
      name = `booking_list_${listStatementNames.size + 1}`;
      listStatementNames.set(key, name);
    }
    statements = prepareBookingList(db, shape, name);
    if (byShape.size >= MAX_LIST_SHAPES) byShape.delete(byShape.keys().next().value as string);
    byShape.set(key, statements);
  }
  return statements;
}

/** One page of a company's bookings and the count of all that match. */
export async function listBookings(
  db: DbOrTx,
  companyId: number,
  query: BookingListQuery,
  options: BookingListOptions,
): Promise<{ rows: BookingViewRow[]; total: number }> {
  const type = options.type ?? query.type;
  const sort = query.sort && query.sort.replace(/^-/, '') in bookingSortColumns ? query.sort : 'departure_at';
  const shape: BookingListShape = {
    status: !query.status || query.status.length === 0 ? 'any' : query.status.length === 1 ? 'one' : 'several',
    airport: query.airport_id !== undefined,
    carPark: query.car_park_id !== undefined,
    channel: query.channel !== undefined,
    type: type !== undefined,
    from: query.from !== undefined,
    to: query.to !== undefined,
    dateField: query.date_field === 'arrival' ? 'arrival' : 'departure',
    ownTimeZone: options.timeZone !== null,
    search: Boolean(query.search),
    sort,
  };
  const search = query.search ?? '';
  const params: BookingListParams = {
    companyId,
    statuses: query.status?.join(',') ?? '',
    airportId: query.airport_id ?? 0,
    carParkId: query.car_park_id ?? 0,
    channel: query.channel ?? '',
    type: type ?? '',
    from: query.from ?? '',
    to: query.to ?? '',
    timeZone: options.timeZone ?? '',
    pattern: containsPattern(search),
    compactPattern: containsPattern(search.replace(/\s+/g, '')),
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  };
  const statements = bookingListStatements(db, shape);
  const [rows, [counted]] = await Promise.all([statements.rows.execute(params), statements.count.execute(params)]);
  return { rows, total: counted?.total ?? 0 };
}
