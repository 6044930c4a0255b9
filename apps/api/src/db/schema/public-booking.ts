import { foreignKey, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
