import { discountTypes } from '@ps/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordStatus, timestamps } from './columns.ts';
import { companies } from './companies.ts';

/**
 * A discount code, unique in its company whatever its case. `percent` values are whole percents (1-100),
 * `fixed` values integer minor units. Valid from/to are calendar dates (inclusive) at the airport.
 * `times_used` moves only with bookings (a later issue), under a row lock, never past `usage_limit`.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull(),
    discount_type: text('discount_type', { enum: discountTypes }).notNull(),
    discount_value: integer('discount_value').notNull(),
    valid_from: date('valid_from', { mode: 'string' }).notNull(),
    valid_to: date('valid_to', { mode: 'string' }).notNull(),
    usage_limit: integer('usage_limit'),
    times_used: integer('times_used').notNull().default(0),
    status: recordStatus(),
    ...timestamps,
  },
  (table) => [
    index('vouchers_company_idx').on(table.company_id),
    uniqueIndex('vouchers_company_code_unique').on(table.company_id, sql`lower(${table.code})`),
    unique('vouchers_company_id_id_unique').on(table.company_id, table.id),
    check('vouchers_dates_in_order', sql`${table.valid_from} <= ${table.valid_to}`),
    check('vouchers_value_positive', sql`${table.discount_value} > 0`),
    check('vouchers_percent_at_most_100', sql`${table.discount_type} <> 'percent' OR ${table.discount_value} <= 100`),
    check('vouchers_usage_within_limit', sql`${table.usage_limit} IS NULL OR ${table.times_used} <= ${table.usage_limit}`),
  ],
);
