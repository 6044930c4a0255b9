import { bandTypes, bookingChannels, bookingStatuses, discountTypes, languages } from '@ps/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { emailKey, nameKey, phoneDigits, referenceKey, registrationKey } from '../searchKeys.ts';
import { agencies } from './agencies.ts';
import { airports } from './airports.ts';
import { timestamps } from './columns.ts';
import { companies } from './companies.ts';
import { locations } from './locations.ts';
import { additionalServices, packages } from './products.ts';
import { users } from './users.ts';
import { vouchers } from './vouchers.ts';

/**
 * A customer's stay (DOMAIN.md "Bookings"). The price breakdown is the quote's at the time the booking was
 * made (or re-priced on purpose) and is never recomputed from the price lists afterwards. Every reference
 * carries the company, so a booking can only name its own company's airport, locations, package and voucher.
 *
 * `start_day` / `end_day` are the calendar days of the stay at the airport (its time zone), both counted:
 * the days the car park's space is taken (`car_park_id`, the route's location with spaces, if any).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** `PS-7KQ4-2M`: random, unique, read out on the phone (no 0/O or 1/I). */
    reference: text('reference').notNull(),
    /** What is sold: parking, meet and greet, park and ride (the band type it was priced with). */
    type: text('type', { enum: bandTypes }).notNull(),
    channel: text('channel', { enum: bookingChannels }).notNull(),
    status: text('status', { enum: bookingStatuses }).notNull(),
    /** The customer's language: the confirmation mail is written in it. */
    language: text('language', { enum: languages }).notNull().default('en'),
    customer_name: text('customer_name').notNull(),
    customer_email: text('customer_email'),
    customer_phone: text('customer_phone'),
    /** Upper case, as typed otherwise; searched without spaces. */
    vehicle_reg: text('vehicle_reg').notNull(),
    vehicle_make: text('vehicle_make'),
    vehicle_model: text('vehicle_model'),
    vehicle_colour: text('vehicle_colour'),
    airport_id: integer('airport_id').notNull(),
    departure_id: integer('departure_id').notNull(),
    arrival_id: integer('arrival_id').notNull(),
    /** The location whose spaces the stay takes (a car park of the route), or null (nothing to count). */
    car_park_id: integer('car_park_id'),
    departure_at: timestamp('departure_at', { withTimezone: true, mode: 'date' }).notNull(),
    arrival_at: timestamp('arrival_at', { withTimezone: true, mode: 'date' }).notNull(),
    start_day: date('start_day', { mode: 'string' }).notNull(),
    end_day: date('end_day', { mode: 'string' }).notNull(),
    outbound_flight: text('outbound_flight'),
    return_flight: text('return_flight'),
    passengers: smallint('passengers').notNull().default(1),
    /** Park and ride: the shuttle to the terminal and the one back (null for other bookings). */
    shuttle_out_at: timestamp('shuttle_out_at', { withTimezone: true, mode: 'date' }),
    shuttle_back_at: timestamp('shuttle_back_at', { withTimezone: true, mode: 'date' }),
    package_id: integer('package_id'),
    /** The voucher whose use this booking holds, and its rule as it was (the discount of a re-price). */
    voucher_id: integer('voucher_id'),
    voucher_code: text('voucher_code'),
    voucher_discount_type: text('voucher_discount_type', { enum: discountTypes }),
    voucher_discount_value: integer('voucher_discount_value'),
    /** The agency that sold it (its commission is on the agency's statement). */
    agency_id: integer('agency_id'),
    /** The agency's commission percent when it sold the booking: a later change of the rate leaves old sales as they were. */
    agency_commission_percent: numeric('agency_commission_percent', { precision: 5, scale: 2 }),
    notes: text('notes'),
    base_price: integer('base_price').notNull(),
    package_price: integer('package_price').notNull(),
    services_price: integer('services_price').notNull(),
    discount: integer('discount').notNull(),
    total: integer('total').notNull(),
    currency: text('currency').notNull(),
    created_by: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (table) => [
    unique('bookings_reference_unique').on(table.reference),
    unique('bookings_company_id_id_unique').on(table.company_id, table.id),
    // The daily board (in: departures of a day, out: arrivals of a day) and the list's usual order. Status and
    // total ride along so a day's counts read only this index (the statistics by segment read bookingDepartureSlots).
    index('bookings_company_departure_idx').on(table.company_id, table.departure_at, table.status, table.total),
    index('bookings_company_arrival_idx').on(table.company_id, table.arrival_at),
    index('bookings_company_status_departure_idx').on(table.company_id, table.status, table.departure_at),
    // Capacity: the stays of one car park that take a given day.
    index('bookings_car_park_days_idx').on(table.company_id, table.car_park_id, table.end_day, table.start_day),
    check('bookings_days_in_order', sql`${table.start_day} <= ${table.end_day}`),
    check('bookings_times_in_order', sql`${table.departure_at} < ${table.arrival_at}`),
    check('bookings_agency_has_commission', sql`(${table.agency_id} is null) = (${table.agency_commission_percent} is null)`),
    check('bookings_passengers_range', sql`${table.passengers} BETWEEN 1 AND 60`),
    check(
      'bookings_total_adds_up',
      sql`${table.total} = ${table.base_price} + ${table.package_price} + ${table.services_price} - ${table.discount} AND ${table.total} >= 0`,
    ),
    foreignKey({
      name: 'bookings_airport_id_fk',
      columns: [table.company_id, table.airport_id],
      foreignColumns: [airports.company_id, airports.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'bookings_departure_id_fk',
      columns: [table.company_id, table.departure_id],
      foreignColumns: [locations.company_id, locations.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'bookings_arrival_id_fk',
      columns: [table.company_id, table.arrival_id],
      foreignColumns: [locations.company_id, locations.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'bookings_car_park_id_fk',
      columns: [table.company_id, table.car_park_id],
      foreignColumns: [locations.company_id, locations.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'bookings_package_id_fk',
      columns: [table.company_id, table.package_id],
      foreignColumns: [packages.company_id, packages.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'bookings_voucher_id_fk',
      columns: [table.company_id, table.voucher_id],
      foreignColumns: [vouchers.company_id, vouchers.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'bookings_agency_id_fk',
      columns: [table.company_id, table.agency_id],
      foreignColumns: [agencies.company_id, agencies.id],
    }).onDelete('restrict'),
    // An agency's statement: its bookings of a period (only the bookings an agency sold are in it).
    index('bookings_agency_departure_idx')
      .on(table.company_id, table.agency_id, table.departure_at)
      .where(sql`${table.agency_id} is not null`),
    // The global search (modules/search, migration 0019), on the expressions of db/searchKeys.ts: a reference by its
    // prefix, registrations, names and phone digits anywhere in them (pg_trgm), and the newest first, which also
    // answers a common two-character start by reading the company's bookings newest first until five match.
    index('bookings_search_reference_idx').on(table.company_id, sql`${referenceKey(table.reference)} text_pattern_ops`),
    index('bookings_search_reg_idx').using('gin', sql`${registrationKey(table.vehicle_reg)} gin_trgm_ops`),
    index('bookings_search_name_idx').using('gin', sql`${nameKey(table.customer_name)} gin_trgm_ops`),
    index('bookings_search_phone_idx').using('gin', sql`${phoneDigits(table.customer_phone)} gin_trgm_ops`),
    // With the id: the order (newest, then the highest id) is the index's own, so reading stops at the fifth match.
    index('bookings_company_created_idx').on(table.company_id, table.created_at, table.id),
    // A customer's bookings by their e-mail address, whatever its case (customer data: export and erase).
    index('bookings_customer_email_idx').on(table.company_id, emailKey(table.customer_email)),
    // The bookings list sorted by another column than its times (issue 24: a 1,000,000-booking company): the order is
    // the index's own (the id breaks ties), so a page reads its 50 rows, not a sort of every booking.
    index('bookings_list_reference_idx').on(table.company_id, table.reference),
    index('bookings_list_name_idx').on(table.company_id, table.customer_name, table.id),
    index('bookings_list_reg_idx').on(table.company_id, table.vehicle_reg, table.id),
    index('bookings_list_status_idx').on(table.company_id, table.status, table.id),
    // Highest first (money is mostly asked that way): the same order as the index, where lowest first sorts each total's
    // bookings by id (a price shared by thousands of bookings).
    index('bookings_list_total_idx').on(table.company_id, table.total.desc().nullsFirst(), table.id),
    // The list's search (ILIKE anywhere in the reference, e-mail and phone; the name's and registration's are the
    // global search's above): with these every branch of its OR is an index, so a search reads what it finds.
    index('bookings_list_reference_trgm_idx').using('gin', sql`${table.reference} gin_trgm_ops`),
    index('bookings_list_email_trgm_idx').using('gin', sql`${table.customer_email} gin_trgm_ops`),
    index('bookings_list_phone_trgm_idx').using('gin', sql`${table.customer_phone} gin_trgm_ops`),
  ],
);

/**
 * An additional service on a booking (`booking-additional_service`): its name and unit price as they were
 * when it was added, and how many. The booking's `services_price` is the sum of its lines.
 */
export const bookingServices = pgTable(
  'booking_services',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    booking_id: integer('booking_id').notNull(),
    additional_service_id: integer('additional_service_id').notNull(),
    name: text('name').notNull(),
    unit_price: integer('unit_price').notNull(),
    quantity: smallint('quantity').notNull().default(1),
    price: integer('price').notNull(),
    ...timestamps,
  },
  (table) => [
    unique('booking_services_company_id_id_unique').on(table.company_id, table.id),
    unique('booking_services_booking_service_unique').on(table.booking_id, table.additional_service_id),
    check('booking_services_quantity_range', sql`${table.quantity} BETWEEN 1 AND 99`),
    check('booking_services_price_adds_up', sql`${table.price} = ${table.unit_price} * ${table.quantity} AND ${table.unit_price} >= 0`),
    foreignKey({
      name: 'booking_services_booking_id_fk',
      columns: [table.company_id, table.booking_id],
      foreignColumns: [bookings.company_id, bookings.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'booking_services_additional_service_id_fk',
      columns: [table.company_id, table.additional_service_id],
      foreignColumns: [additionalServices.company_id, additionalServices.id],
    }).onDelete('restrict'),
  ],
);

/** Each status a booking has had: who moved it, when, from what (null: when it was made), to what, and why. */
export const bookingStatusHistory = pgTable(
  'booking_status_history',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    booking_id: integer('booking_id').notNull(),
    from_status: text('from_status', { enum: bookingStatuses }),
    to_status: text('to_status', { enum: bookingStatuses }).notNull(),
    note: text('note'),
    changed_by: integer('changed_by').references(() => users.id),
    changed_at: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('booking_status_history_booking_idx').on(table.company_id, table.booking_id, table.changed_at),
    foreignKey({
      name: 'booking_status_history_booking_id_fk',
      columns: [table.company_id, table.booking_id],
      foreignColumns: [bookings.company_id, bookings.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The statistics' summary of `bookings`: per company and 15-minute UTC slot of `departure_at`, how many bookings
 * that are not cancelled depart in it and the sum of their totals (what the statistics by segment count). Kept by
 * the database: statement-level triggers on `bookings` (migration 0007) add the new rows' figures and subtract the
 * old rows', so no write path can forget it. Every time zone's day starts on a quarter hour today (Colombo +5:30,
 * Kathmandu +5:45), so a day in any zone is a whole number of slots. A slot whose bookings all went stays at 0
 * (deleting it would race with a concurrent add into the same slot; a company has at most 96 slots a day).
 */
export const bookingDepartureSlots = pgTable(
  'booking_departure_slots',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The start of the slot: `departure_at` truncated to its quarter hour in UTC. */
    slot: timestamp('slot', { withTimezone: true, mode: 'date' }).notNull(),
    bookings: integer('bookings').notNull(),
    /** Minor units, like `total`; bigint because a busy company's slots add up over the years. */
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ name: 'booking_departure_slots_pk', columns: [table.company_id, table.slot] })],
);
