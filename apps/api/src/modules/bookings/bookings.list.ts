// The bookings list (GET /api/booking/list and the park-and-ride list): its page and its count, prepared once
// per shape of query (docs/decisions.md, "The bookings list is prepared per shape").
import { type BookingListQuery, bookingStatuses, isKnownTimeZone } from '@ps/contracts';
import { LIST_COUNT_CAP } from '@ps/contracts/common/pagination';
import { and, count, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookings, companies } from '../../db/schema/index.ts';
import { nameKey, registrationKey } from '../../db/searchKeys.ts';
import { containsPattern, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';
import { type BookingViewRow, selectBookings, selectBookingsWith } from './bookings.repository.ts';

/** A time zone the runtime knows (an IANA name), else undefined. */
export function validTimeZone(zone: string | undefined): string | undefined {
  return zone && isKnownTimeZone(zone) ? zone : undefined;
}

export interface BookingListOptions {
  /** Only bookings of this type (the park-and-ride list). */
  type?: BookingListQuery['type'];
  /** The request's `time_zone` when valid, else null (then the company's). */
  timeZone: string | null;
  /** The count's cap: `LIST_COUNT_CAP` (a test gives a small one). */
  countCap?: number;
}

/** What a list's SQL depends on besides its values: which filters are given, and the sort. */
interface BookingListShape {
  /**
   * The statuses asked for, in the statement itself (sorted, comma separated; '' for any): a plan PostgreSQL keeps for
   * the statement then still knows how many bookings they hold (a few checked in among a million, or most of them). As
   * parameters, the plan it keeps after five runs guesses, and read the whole company in departure order looking for
   * a rare status (3-4 s at 1,000,000 bookings). They are the contracts' enum values (validated), at most 7.
   */
  statuses: string;
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
  /** How far into each status's rows a page of several statuses reads: the page's offset and size. */
  reach: number;
  /** The count reads at most this many rows (the cap and one more: whether there are more than the cap). */
  countLimit: number;
  /** The export's keyset: the last row's sort value (as PostgreSQL writes it) and id. */
  afterValue: string;
  afterId: number;
};

const listParam = (name: keyof BookingListParams) => sql.placeholder(name);

/** How the export's keyset reads a sort value back from its text (exact: a timestamp keeps its microseconds). */
const sortValueTypes: Record<keyof typeof bookingSortColumns, 'text' | 'timestamptz' | 'integer'> = {
  reference: 'text',
  customer_name: 'text',
  vehicle_reg: 'text',
  departure_at: 'timestamptz',
  arrival_at: 'timestamptz',
  status: 'text',
  total: 'integer',
  created_at: 'timestamptz',
};

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
/** The statuses as literals, not parameters (see `BookingListShape.statuses`): only the enum's own words reach the text. */
function statusCondition(statuses: string[]) {
  const known = statuses.filter((status) => (bookingStatuses as readonly string[]).includes(status));
  return known.length === 0 ? undefined : sql`${bookings.status} in (${sql.raw(known.map((status) => `'${status}'`).join(', '))})`;
}

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
        statusCondition(shape.statuses ? shape.statuses.split(',') : []),
        shape.airport ? eq(bookings.airport_id, listParam('airportId')) : undefined,
        shape.carPark ? eq(bookings.car_park_id, listParam('carParkId')) : undefined,
        shape.channel ? eq(bookings.channel, listParam('channel')) : undefined,
        shape.type ? eq(bookings.type, listParam('type')) : undefined,
        shape.from ? gte(column, sql`((${listParam('from')}::date)::timestamp at time zone ${zone})`) : undefined,
        shape.to ? lt(column, sql`((${listParam('to')}::date + 1)::timestamp at time zone ${zone})`) : undefined,
        // Each condition on an expression a trigram index is built on (migration 0030; the name's and the
        // registration's are the global search's, db/searchKeys.ts): the same rows as ILIKE on the columns themselves
        // (ILIKE compares in lower case, so lower()/upper() first changes nothing), found through the indexes.
        shape.search
          ? or(
              ilike(bookings.reference, pattern),
              ilike(nameKey(bookings.customer_name), pattern),
              ilike(bookings.customer_email, pattern),
              ilike(bookings.customer_phone, pattern),
              ilike(registrationKey(bookings.vehicle_reg), listParam('compactPattern')),
            )
          : undefined,
      ],
      searchColumns: [],
      sortColumns: bookingSortColumns,
      defaultSort: 'departure_at',
      tieBreaker: bookings.id,
    },
  );
  // The export's keyset (docs/decisions.md, "Long lists: a capped count, a streamed export"): the rows after the last
  // one sent in the list's own order (the sort column, then the id ascending).
  const sortField = shape.sort.replace(/^-/, '') as keyof typeof bookingSortColumns;
  const sortColumn = bookingSortColumns[sortField];
  const afterValue = sql`${listParam('afterValue')}::${sql.raw(sortValueTypes[sortField])}`;
  const afterId = listParam('afterId');
  // A range on the sort column first (an index on it starts there), then past the last id among its equals.
  const after = shape.sort.startsWith('-')
    ? sql`${sortColumn} <= ${afterValue} and (${sortColumn} < ${afterValue} or ${bookings.id} > ${afterId})`
    : sql`${sortColumn} >= ${afterValue} and (${sortColumn} > ${afterValue} or ${bookings.id} > ${afterId})`;
  const batch = (where: typeof parts.where, suffix: string) =>
    selectBookingsWith(db, { sort_value: sql<string>`${sortColumn}::text`.as('sort_value') })
      .where(where)
      .orderBy(...parts.orderBy)
      .limit(listParam('limit'))
      .prepare(`${name}_${suffix}`);
  // The page's ids first, from the bookings alone (an index read, however far the page), then those rows with their
  // names: a far page no longer joins the 5,000 rows before it (page 100: 171 ms -> see docs/decisions.md).
  const statuses = shape.statuses ? shape.statuses.split(',') : [];
  const byDeparture = shape.sort.replace(/^-/, '') === 'departure_at';
  const pageIds =
    statuses.length > 1 && byDeparture
      ? // Several statuses in departure order: each status's own run of the (company, status, departure) index, merged.
        // One scan of the departure index filtered by the statuses reads half the company when they are rare (the
        // checked-in and parked among 1,000,000: 4-5 s), as PostgreSQL takes them to be spread evenly over the years.
        sql`select page.id from (${sql.join(
          statuses.map(
            (status) =>
              sql`(${db
                .select({ id: bookings.id, departure_at: bookings.departure_at })
                .from(bookings)
                .where(and(parts.where, statusCondition([status])))
                .orderBy(...parts.orderBy)
                .limit(listParam('reach'))})`,
          ),
          sql` union all `,
        )}) as page order by page.departure_at ${sql.raw(shape.sort.startsWith('-') ? 'desc' : 'asc')}, page.id
          limit ${listParam('limit')} offset ${listParam('offset')}`
      : db
          .select({ id: bookings.id })
          .from(bookings)
          .where(parts.where)
          .orderBy(...parts.orderBy)
          .limit(listParam('limit'))
          .offset(listParam('offset'));
  return {
    rows: selectBookings(db)
      .where(and(companyScope(db, bookings, companyId).owned(), sql`${bookings.id} = any(array(${pageIds}))`))
      .orderBy(...parts.orderBy)
      .prepare(name),
    // The count needs no joins: every filter is on the bookings table. It reads at most the cap and one more row: a
    // long list's total is "more than the cap", never 400,000 rows counted on every page.
    count: db
      .select({ total: count() })
      .from(
        db
          .select({ one: sql`1`.as('one') })
          .from(bookings)
          .where(parts.where)
          .limit(listParam('countLimit'))
          .as('counted'),
      )
      .prepare(`${name}_count`),
    firstBatch: batch(parts.where, 'first'),
    nextBatch: batch(and(parts.where, after), 'next'),
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

/** The statements of a query's shape and the values they run with. */
function bookingListRun(db: DbOrTx, companyId: number, query: Omit<BookingListQuery, 'page' | 'page_size'>, options: BookingListOptions) {
  const type = options.type ?? query.type;
  const sort = query.sort && query.sort.replace(/^-/, '') in bookingSortColumns ? query.sort : 'departure_at';
  const statuses = [...new Set(query.status ?? [])].sort();
  const shape: BookingListShape = {
    statuses: statuses.join(','),
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
    airportId: query.airport_id ?? 0,
    carParkId: query.car_park_id ?? 0,
    channel: query.channel ?? '',
    type: type ?? '',
    from: query.from ?? '',
    to: query.to ?? '',
    timeZone: options.timeZone ?? '',
    pattern: containsPattern(search),
    compactPattern: containsPattern(search.replace(/\s+/g, '')),
    limit: 0,
    offset: 0,
    reach: 0,
    countLimit: LIST_COUNT_CAP + 1,
    afterValue: '',
    afterId: 0,
  };
  return { statements: bookingListStatements(db, shape), params };
}

/**
 * One page of a company's bookings and the count of those that match: exact up to `LIST_COUNT_CAP`, else the cap with
 * `capped` (more match).
 */
export async function listBookings(
  db: DbOrTx,
  companyId: number,
  query: BookingListQuery,
  options: BookingListOptions,
): Promise<{ rows: BookingViewRow[]; total: number; capped: boolean }> {
  const { statements, params } = bookingListRun(db, companyId, query, options);
  const cap = options.countCap ?? LIST_COUNT_CAP;
  const paged = {
    ...params,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
    reach: query.page * query.page_size,
    countLimit: cap + 1,
  };
  const [rows, [counted]] = await Promise.all([statements.rows.execute(paged), statements.count.execute(paged)]);
  const total = counted?.total ?? 0;
  return { rows, total: Math.min(total, cap), capped: total > cap };
}

/** How many bookings the export reads at a time. */
export const BOOKING_EXPORT_BATCH = 500;

/**
 * Every booking the list's filters match, in the list's order, `batchSize` at a time (keyset paging: each batch costs
 * the same however far into the list; the export holds one batch at a time, not the list).
 */
export async function* bookingBatches(
  db: DbOrTx,
  companyId: number,
  query: Omit<BookingListQuery, 'page' | 'page_size'>,
  options: BookingListOptions,
  batchSize: number = BOOKING_EXPORT_BATCH,
): AsyncGenerator<BookingViewRow[]> {
  const { statements, params } = bookingListRun(db, companyId, query, options);
  let rows = await statements.firstBatch.execute({ ...params, limit: batchSize });
  for (;;) {
    if (rows.length === 0) return;
    yield rows.map(({ sort_value: _sortValue, ...row }) => row);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    rows = await statements.nextBatch.execute({ ...params, limit: batchSize, afterValue: last.sort_value, afterId: last.id });
  }
}
