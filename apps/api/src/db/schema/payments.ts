import { paymentMethods } from '@ps/contracts';
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { timestamps } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * The payments ledger of a booking: money in (positive) and refunds (negative), in minor units. Rows are
 * never changed; a deletion sets `deleted_at` (the row and its audit entries stay, sums leave it out).
 * `idempotency_key` (the `Idempotency-Key` header) makes a repeated add record the payment once.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    booking_id: integer('booking_id').notNull(),
    amount: integer('amount').notNull(),
    /**
     * The part of `amount` recorded as a deposit/credit beyond what the booking owed when it was taken
     * (minor units; 0 for an ordinary payment or a refund). A payment larger than the outstanding is
     * refused unless the excess is declared as credit.
     */
    credit: integer('credit').notNull().default(0),
    method: text('method', { enum: paymentMethods }).notNull(),
    reference: text('reference'),
    paid_at: timestamp('paid_at', { withTimezone: true, mode: 'date' }).notNull(),
    idempotency_key: text('idempotency_key'),
    /** A digest of the add body sent with the key: the same key with another body is refused. */
    request_hash: text('request_hash'),
    created_by: integer('created_by').references(() => users.id),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    deleted_by: integer('deleted_by').references(() => users.id),
    /** Why the payment was deleted (required with every deletion; shown in the ledger). */
    delete_reason: text('delete_reason'),
    ...timestamps,
  },
  (table) => [
    index('payments_booking_idx').on(table.company_id, table.booking_id),
    uniqueIndex('payments_idempotency_key_unique').on(table.company_id, table.idempotency_key),
    check('payments_amount_not_zero', sql`${table.amount} <> 0`),
    check('payments_credit_within_amount', sql`${table.credit} >= 0 AND (${table.credit} = 0 OR ${table.credit} <= ${table.amount})`),
    foreignKey({
      name: 'payments_booking_id_fk',
      columns: [table.company_id, table.booking_id],
      foreignColumns: [bookings.company_id, bookings.id],
    }).onDelete('restrict'),
  ],
);
