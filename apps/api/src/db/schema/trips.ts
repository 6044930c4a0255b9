import { attendanceStatuses, paidStatuses, tripScheduleChangeReasons, tripStatuses, tripTypes } from '@ps/contracts/common/tripStates';
import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { timestamps } from './columns.ts';
import { companies } from './companies.ts';
import { drivers } from './drivers.ts';
import { locations } from './locations.ts';
import { users } from './users.ts';
import { yards } from './yards.ts';

/**
 * A job for a driver (DOMAIN.md): move a booking's car from a terminal to a yard (`in`), back (`out`), or run
 * a shuttle. Each end is a location or a yard, never both. `driver_fee` (minor units) is what the driver earns
 * for it once completed; `payout_id` marks it paid (payouts, later in the issue).
 */
export const trips = pgTable(
  'trips',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    booking_id: integer('booking_id'),
    type: text('type', { enum: tripTypes }).notNull(),
    from_location_id: integer('from_location_id'),
    from_yard_id: integer('from_yard_id'),
    to_location_id: integer('to_location_id'),
    to_yard_id: integer('to_yard_id'),
    scheduled_at: timestamp('scheduled_at', { withTimezone: true, mode: 'date' }).notNull(),
    driver_id: integer('driver_id'),
    /**
     * A partner company that runs the trip instead of the company's own drivers: it sees this trip (and only
     * its own such trips) while it is still listed as a partner. No foreign key to the partner list, so that
     * ending a partnership is never blocked by old trips; the service checks the partner when it is set.
     */
    partner_company_id: integer('partner_company_id').references(() => companies.id),
    status: text('status', { enum: tripStatuses }).notNull().default('scheduled'),
    driver_fee: integer('driver_fee').notNull().default(0),
    notes: text('notes'),
    payout_id: integer('payout_id'),
    ...timestamps,
  },
  (table) => [
    unique('trips_company_id_id_unique').on(table.company_id, table.id),
    index('trips_company_day_idx').on(table.company_id, table.scheduled_at),
    index('trips_driver_idx').on(table.company_id, table.driver_id, table.scheduled_at),
    index('trips_booking_idx').on(table.company_id, table.booking_id),
    index('trips_partner_idx').on(table.partner_company_id, table.scheduled_at),
    check('trips_from_one_end', sql`(${table.from_location_id} is null) <> (${table.from_yard_id} is null)`),
    check('trips_to_one_end', sql`(${table.to_location_id} is null) <> (${table.to_yard_id} is null)`),
    check('trips_driver_fee_not_negative', sql`${table.driver_fee} >= 0`),
    // Someone runs an assigned, started or completed trip: one of the company's drivers or a partner company, never both.
    check(
      'trips_assigned_has_driver',
      sql`${table.status} not in ('assigned', 'started', 'completed') or ${table.driver_id} is not null or ${table.partner_company_id} is not null`,
    ),
    check('trips_one_runner', sql`${table.driver_id} is null or ${table.partner_company_id} is null`),
    foreignKey({
      name: 'trips_booking_id_fk',
      columns: [table.company_id, table.booking_id],
      foreignColumns: [bookings.company_id, bookings.id],
    }),
    foreignKey({
      name: 'trips_from_location_id_fk',
      columns: [table.company_id, table.from_location_id],
      foreignColumns: [locations.company_id, locations.id],
    }),
    foreignKey({
      name: 'trips_from_yard_id_fk',
      columns: [table.company_id, table.from_yard_id],
      foreignColumns: [yards.company_id, yards.id],
    }),
    foreignKey({
      name: 'trips_to_location_id_fk',
      columns: [table.company_id, table.to_location_id],
      foreignColumns: [locations.company_id, locations.id],
    }),
    foreignKey({
      name: 'trips_to_yard_id_fk',
      columns: [table.company_id, table.to_yard_id],
      foreignColumns: [yards.company_id, yards.id],
    }),
    foreignKey({
      name: 'trips_driver_id_fk',
      columns: [table.company_id, table.driver_id],
      foreignColumns: [drivers.company_id, drivers.id],
    }),
  ],
);

/** Each status a trip has had, who moved it, and why (an admin's correction always says why). */
export const tripStatusHistory = pgTable(
  'trip_status_history',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    trip_id: integer('trip_id').notNull(),
    from_status: text('from_status', { enum: tripStatuses }),
    to_status: text('to_status', { enum: tripStatuses }).notNull(),
    note: text('note'),
    changed_by: integer('changed_by').references(() => users.id),
    changed_at: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('trip_status_history_trip_idx').on(table.company_id, table.trip_id, table.changed_at),
    foreignKey({
      name: 'trip_status_history_trip_id_fk',
      columns: [table.company_id, table.trip_id],
      foreignColumns: [trips.company_id, trips.id],
    }).onDelete('cascade'),
  ],
);

/** Where a booking's car is now: a location or a yard, when, and who moved it (`trips/movement`). */
export const tripMovements = pgTable(
  'trip_movements',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    trip_id: integer('trip_id').notNull(),
    booking_id: integer('booking_id'),
    location_id: integer('location_id'),
    yard_id: integer('yard_id'),
    moved_at: timestamp('moved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    moved_by: integer('moved_by').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('trip_movements_booking_idx').on(table.company_id, table.booking_id, table.moved_at),
    check('trip_movements_one_place', sql`(${table.location_id} is null) <> (${table.yard_id} is null)`),
    foreignKey({
      name: 'trip_movements_trip_id_fk',
      columns: [table.company_id, table.trip_id],
      foreignColumns: [trips.company_id, trips.id],
    }),
    foreignKey({
      name: 'trip_movements_location_id_fk',
      columns: [table.company_id, table.location_id],
      foreignColumns: [locations.company_id, locations.id],
    }),
    foreignKey({
      name: 'trip_movements_yard_id_fk',
      columns: [table.company_id, table.yard_id],
      foreignColumns: [yards.company_id, yards.id],
    }),
  ],
);

/**
 * Each time a trip's time moved by itself (its booking's times changed, its return flight is late): old and new
 * time, why (`booking_changed`, `flight_delayed`, `flight_early`), and whether the driver had to be taken off it
 * because they were no longer free (the dispatch screen warns of those).
 */
export const tripScheduleChanges = pgTable(
  'trip_schedule_changes',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    trip_id: integer('trip_id').notNull(),
    booking_id: integer('booking_id'),
    from_at: timestamp('from_at', { withTimezone: true, mode: 'date' }).notNull(),
    to_at: timestamp('to_at', { withTimezone: true, mode: 'date' }).notNull(),
    reason: text('reason', { enum: tripScheduleChangeReasons }).notNull(),
    unassigned_driver_id: integer('unassigned_driver_id'),
    changed_by: integer('changed_by').references(() => users.id),
    changed_at: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('trip_schedule_changes_trip_idx').on(table.company_id, table.trip_id, table.changed_at),
    index('trip_schedule_changes_booking_idx').on(table.company_id, table.booking_id, table.changed_at),
    foreignKey({
      name: 'trip_schedule_changes_trip_id_fk',
      columns: [table.company_id, table.trip_id],
      foreignColumns: [trips.company_id, trips.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A driver's day: when they started and ended, the minutes worked (computed from the two), whether they were
 * present, absent or on leave, and whether the day is paid (`payout_id` names the payout that paid it).
 */
export const attendance = pgTable(
  'attendance',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    driver_id: integer('driver_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    start_at: timestamp('start_at', { withTimezone: true, mode: 'date' }),
    end_at: timestamp('end_at', { withTimezone: true, mode: 'date' }),
    worked_minutes: integer('worked_minutes').notNull().default(0),
    attendance_status: text('attendance_status', { enum: attendanceStatuses }).notNull().default('present'),
    paid_status: text('paid_status', { enum: paidStatuses }).notNull().default('unpaid'),
    payout_id: integer('payout_id'),
    notes: text('notes'),
    ...timestamps,
  },
  (table) => [
    unique('attendance_company_id_id_unique').on(table.company_id, table.id),
    uniqueIndex('attendance_driver_day_unique').on(table.company_id, table.driver_id, table.day),
    check('attendance_end_after_start', sql`${table.end_at} is null or ${table.start_at} is null or ${table.end_at} > ${table.start_at}`),
    check('attendance_minutes_not_negative', sql`${table.worked_minutes} >= 0`),
    foreignKey({
      name: 'attendance_driver_id_fk',
      columns: [table.company_id, table.driver_id],
      foreignColumns: [drivers.company_id, drivers.id],
    }),
  ],
);
