import { flightStatuses } from '@ps/contracts/common/tripStates';
import { foreignKey, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * The latest news of a booking's return flight (flight tracking): its estimated arrival and status, from the
 * manual provider (an operator) or an HTTP provider. The scheduled arrival is the booking's own `arrival_at`.
 */
export const flightUpdates = pgTable(
  'flight_updates',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    booking_id: integer('booking_id').notNull(),
    flight_number: text('flight_number').notNull(),
    estimated_arrival: timestamp('estimated_arrival', { withTimezone: true, mode: 'date' }),
    status: text('status', { enum: flightStatuses }).notNull().default('scheduled'),
    source: text('source').notNull(),
    updated_by: integer('updated_by').references(() => users.id),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('flight_updates_booking_unique').on(table.company_id, table.booking_id),
    foreignKey({
      name: 'flight_updates_booking_id_fk',
      columns: [table.company_id, table.booking_id],
      foreignColumns: [bookings.company_id, bookings.id],
    }).onDelete('cascade'),
  ],
);
