import { type BookingListQuery, isKnownTimeZone } from '@ps/contracts';
import { and, asc, count, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  airports,
  auditLog,
  bookingStatusHistory,
  bookings,
  companies,
  locations,
  packages,
  payments,
  users,
} from '../../db/schema/index.ts';
import { containsPattern, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

export type BookingTableRow = typeof bookings.$inferSelect;

const departure = alias(locations, 'departure');
const arrival = alias(locations, 'arrival');
const carPark = alias(locations, 'car_park');

/** Sum of the booking's payments not deleted (refunds are negative): one indexed subquery per row shown. */
const paidSum = sql<number>`coalesce((select sum(${payments.amount}) from ${payments}
  where ${payments.company_id} = ${bookings.company_id} and ${payments.booking_id} = ${bookings.id}
    and ${payments.deleted_at} is null), 0)::int`;

/** A booking with the names a list or a board shows beside its ids, and what has been paid. */
const bookingColumns = {
  id: bookings.id,
  company_id: bookings.company_id,
  reference: bookings.reference,
  type: bookings.type,
  channel: bookings.channel,
  status: bookings.status,
  language: bookings.language,
  customer_name: bookings.customer_name,
  customer_email: bookings.customer_email,
  customer_phone: bookings.customer_phone,
  vehicle_reg: bookings.vehicle_reg,
  vehicle_make: bookings.vehicle_make,
  vehicle_model: bookings.vehicle_model,
  vehicle_colour: bookings.vehicle_colour,
  airport_id: bookings.airport_id,
  airport_iata_code: airports.iata_code,
  airport_name: airports.name,
  airport_time_zone: airports.time_zone,
  departure_id: bookings.departure_id,
  departure_name: departure.name,
  arrival_id: bookings.arrival_id,
  arrival_name: arrival.name,
  car_park_id: bookings.car_park_id,
  car_park_name: carPark.name,
  departure_at: bookings.departure_at,
  arrival_at: bookings.arrival_at,
  start_day: bookings.start_day,
  end_day: bookings.end_day,
  outbound_flight: bookings.outbound_flight,
  return_flight: bookings.return_flight,
  passengers: bookings.passengers,
  shuttle_out_at: bookings.shuttle_out_at,
  shuttle_back_at: bookings.shuttle_back_at,
  package_id: bookings.package_id,
  package_name: packages.name,
  voucher_code: bookings.voucher_code,
  agency_id: bookings.agency_id,
  notes: bookings.notes,
  base_price: bookings.base_price,
  package_price: bookings.package_price,
  services_price: bookings.services_price,
  discount: bookings.discount,
  total: bookings.total,
  currency: bookings.currency,
  paid: paidSum,
  created_by: bookings.created_by,
  created_at: bookings.created_at,
  updated_at: bookings.updated_at,
};

/** The joins of `bookingColumns` (every joined row is the booking's company's: the references carry it). */
function selectBookings(db: DbOrTx) {
  return db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(airports, and(eq(airports.company_id, bookings.company_id), eq(airports.id, bookings.airport_id)))
    .innerJoin(departure, and(eq(departure.company_id, bookings.company_id), eq(departure.id, bookings.departure_id)))
    .innerJoin(arrival, and(eq(arrival.company_id, bookings.company_id), eq(arrival.id, bookings.arrival_id)))
    .leftJoin(carPark, and(eq(carPark.company_id, bookings.company_id), eq(carPark.id, bookings.car_park_id)))
    .leftJoin(packages, and(eq(packages.company_id, bookings.company_id), eq(packages.id, bookings.package_id)));
}

export type BookingViewRow = Awaited<ReturnType<ReturnType<typeof selectBookings>['execute']>>[number];

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

/** Booking reads of one company; writes go through the kit (bookings.service.ts). */
export function createBookingsRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, bookings, companyId);

  return {
    async list(query: BookingListQuery, options: BookingListOptions): Promise<{ rows: BookingViewRow[]; total: number }> {
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
    },

    async findById(id: number): Promise<BookingViewRow | undefined> {
      const [row] = await selectBookings(db)
        .where(scope.owned(eq(bookings.id, id)))
        .limit(1);
      return row;
    },

    /** The status history, oldest first, with the name of who made each change. */
    statusHistory(bookingId: number) {
      return db
        .select({
          id: bookingStatusHistory.id,
          booking_id: bookingStatusHistory.booking_id,
          from_status: bookingStatusHistory.from_status,
          to_status: bookingStatusHistory.to_status,
          note: bookingStatusHistory.note,
          changed_by: bookingStatusHistory.changed_by,
          changed_by_name: users.name,
          changed_at: bookingStatusHistory.changed_at,
        })
        .from(bookingStatusHistory)
        .leftJoin(users, eq(users.id, bookingStatusHistory.changed_by))
        .where(and(eq(bookingStatusHistory.company_id, companyId), eq(bookingStatusHistory.booking_id, bookingId)))
        .orderBy(asc(bookingStatusHistory.changed_at), asc(bookingStatusHistory.id));
    },

    /**
     * The booking's audit trail, newest first: its own entries and those of the service lines, payments and
     * messages made for it (found by the `booking_id` their creation recorded, so deleted lines stay in it).
     */
    auditTrail(bookingId: number, limit: number) {
      const id = String(bookingId);
      const madeForBooking = db
        .select({ entity: auditLog.entity, entity_id: auditLog.entity_id })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.company_id, companyId),
            // The same words as the partial index audit_log_booking_records_idx, so the planner uses it.
            sql`${auditLog.action} = 'create' and ${auditLog.entity} in ('booking_service', 'payment', 'mail_message')`,
            sql`(${auditLog.changes} -> 'booking_id' ->> 'to') = ${id}`,
          ),
        );
      return db
        .select({
          id: auditLog.id,
          entity: auditLog.entity,
          entity_id: auditLog.entity_id,
          action: auditLog.action,
          changes: auditLog.changes,
          actor_user_id: auditLog.actor_user_id,
          actor_name: users.name,
          created_at: auditLog.created_at,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actor_user_id))
        .where(
          and(
            eq(auditLog.company_id, companyId),
            or(
              and(eq(auditLog.entity, 'booking'), eq(auditLog.entity_id, id)),
              sql`(${auditLog.entity}, ${auditLog.entity_id}) in (${madeForBooking})`,
            ),
          ),
        )
        .orderBy(desc(auditLog.created_at), desc(auditLog.id))
        .limit(limit);
    },
  };
}

/** Whether any payment row (deleted or not: the ledger keeps them) references the booking. */
export async function hasPayments(tx: DbOrTx, companyId: number, bookingId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.company_id, companyId), eq(payments.booking_id, bookingId)))
    .limit(1);
  return row !== undefined;
}
