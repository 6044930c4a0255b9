import { payoutStatuses } from '@ps/contracts/common/tripStates';
import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { companies } from './companies.ts';
import { drivers } from './drivers.ts';
import { users } from './users.ts';

/**
 * Money owed to a driver for a period (DOMAIN.md "Payout"): their unpaid present days (minutes x the rate in
 * force each day) plus the fee of each completed unpaid trip. A `draft` holds the figures as computed; approving
 * recomputes them, writes the lines and marks exactly those attendance rows and trips paid, in one transaction.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    driver_id: integer('driver_id').notNull(),
    period_start: date('period_start', { mode: 'string' }).notNull(),
    period_end: date('period_end', { mode: 'string' }).notNull(),
    status: text('status', { enum: payoutStatuses }).notNull().default('draft'),
    worked_minutes: integer('worked_minutes').notNull().default(0),
    hours_amount: integer('hours_amount').notNull().default(0),
    trip_count: integer('trip_count').notNull().default(0),
    trips_amount: integer('trips_amount').notNull().default(0),
    total: integer('total').notNull().default(0),
    notes: text('notes'),
    created_by: integer('created_by').references(() => users.id),
    approved_by: integer('approved_by').references(() => users.id),
    approved_at: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    unique('payouts_company_id_id_unique').on(table.company_id, table.id),
    index('payouts_driver_idx').on(table.company_id, table.driver_id, table.period_start),
    check('payouts_period_order', sql`${table.period_end} >= ${table.period_start}`),
    check('payouts_approved_when', sql`(${table.status} = 'approved') = (${table.approved_at} is not null)`),
    foreignKey({
      name: 'payouts_driver_id_fk',
      columns: [table.company_id, table.driver_id],
      foreignColumns: [drivers.company_id, drivers.id],
    }),
  ],
);

/** What an approved payout paid: each attendance day (minutes, the rate that day) and each trip (its fee). */
export const payoutLines = pgTable(
  'payout_lines',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    payout_id: integer('payout_id').notNull(),
    attendance_id: integer('attendance_id'),
    trip_id: integer('trip_id'),
    day: date('day', { mode: 'string' }).notNull(),
    worked_minutes: integer('worked_minutes').notNull().default(0),
    rate: integer('rate').notNull().default(0),
    amount: integer('amount').notNull(),
  },
  (table) => [
    index('payout_lines_payout_idx').on(table.company_id, table.payout_id),
    // A day or a trip is on one payout's lines at most: the last guard against paying twice.
    unique('payout_lines_attendance_unique').on(table.attendance_id),
    unique('payout_lines_trip_unique').on(table.trip_id),
    check('payout_lines_one_source', sql`(${table.attendance_id} is null) <> (${table.trip_id} is null)`),
    foreignKey({
      name: 'payout_lines_payout_id_fk',
      columns: [table.company_id, table.payout_id],
      foreignColumns: [payouts.company_id, payouts.id],
    }).onDelete('cascade'),
  ],
);
