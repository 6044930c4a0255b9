import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { companies } from './companies.ts';

/**
 * The `Idempotency-Key` of each booking made through the public booking API (issue 23): a web site that sends its form
 * again (a timeout, a double tap) with the same key gets the first booking back instead of a second one. Written in the
 * booking's transaction, so the key and the booking exist together or not at all; the primary key settles two
 * requests racing with one key.
 */
export const publicBookingRequests = pgTable(
  'public_booking_requests',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    idempotency_key: text('idempotency_key').notNull(),
    /** The body the key first came with: the same key with another body is refused. */
    request_hash: text('request_hash').notNull(),
    booking_id: integer('booking_id').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'public_booking_requests_pkey', columns: [table.company_id, table.idempotency_key] }),
    foreignKey({
      name: 'public_booking_requests_booking_fk',
      columns: [table.company_id, table.booking_id],
      foreignColumns: [bookings.company_id, bookings.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Manage-my-booking codes (issue 23): 6 digits mailed to the booking's e-mail, kept as an HMAC with the server's secret
 * (never in clear), valid BOOKING_CODE_MINUTES, ended by BOOKING_CODE_TRIES wrong tries or by its use.
 */
export const bookingAccessCodes = pgTable(
  'booking_access_codes',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    booking_id: integer('booking_id').notNull(),
    code_hash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('booking_access_codes_booking_idx').on(table.company_id, table.booking_id, table.created_at),
    foreignKey({
      name: 'booking_access_codes_booking_fk',
      columns: [table.company_id, table.booking_id],
      foreignColumns: [bookings.company_id, bookings.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Booking tokens: what a verified code gives, bound to one booking of one company, short-lived, kept as a SHA-256 of a
 * 256-bit random value. Not a user session: it reaches the public booking calls of that booking only.
 */
export const bookingTokens = pgTable(
  'booking_tokens',
  {
    token_hash: text('token_hash').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    booking_id: integer('booking_id').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('booking_tokens_expires_idx').on(table.expires_at),
    foreignKey({
      name: 'booking_tokens_booking_fk',
      columns: [table.company_id, table.booking_id],
      foreignColumns: [bookings.company_id, bookings.id],
    }).onDelete('cascade'),
  ],
);

/**
 * "Bring my car" (issue 23, section 1): a meet-and-greet customer, landed, asks for their car through the public
 * booking API. One a booking a day (the airport's day): the unique key settles a double tap. The board's OUT list and
 * Dispatch show it beside the booking and its trip back to the terminal.
 */
export const carRequests = pgTable(
  'car_requests',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    booking_id: integer('booking_id').notNull(),
    /** The airport's calendar day it was asked on. */
    local_day: date('local_day', { mode: 'string' }).notNull(),
    /** How long the customer expects baggage claim to take: the car is wanted at the terminal then. */
    bag_claim_minutes: smallint('bag_claim_minutes').notNull(),
    requested_at: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    wanted_at: timestamp('wanted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    unique('car_requests_booking_day_unique').on(table.company_id, table.booking_id, table.local_day),
    check('car_requests_bag_claim_range', sql`${table.bag_claim_minutes} BETWEEN 0 AND 180`),
    foreignKey({
      name: 'car_requests_booking_fk',
      columns: [table.company_id, table.booking_id],
      foreignColumns: [bookings.company_id, bookings.id],
    }).onDelete('cascade'),
  ],
);
