import { bandTypes } from '@ps/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { recordStatus, timestamps } from './columns.ts';
import { companies } from './companies.ts';

/**
 * A product sold (Meet and Greet Standard, Park and Ride Economy...): its type is a band type, its price a
 * supplement (integer minor units, may be 0) added to the stay's price, `included` what it includes.
 */
export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type', { enum: bandTypes }).notNull(),
    price: integer('price').notNull().default(0),
    included: text('included').array().notNull().default(sql`'{}'::text[]`),
    status: recordStatus(),
    ...timestamps,
  },
  (table) => [
    index('packages_company_idx').on(table.company_id),
    unique('packages_company_id_id_unique').on(table.company_id, table.id),
    check('packages_price_not_negative', sql`${table.price} >= 0`),
  ],
);

/** An optional extra with a price (car wash, EV charging, extra luggage). */
export const additionalServices = pgTable(
  'additional_services',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    description: text('description'),
    price: integer('price').notNull(),
    status: recordStatus(),
    ...timestamps,
  },
  (table) => [
    index('additional_services_company_idx').on(table.company_id),
    unique('additional_services_company_id_id_unique').on(table.company_id, table.id),
    check('additional_services_price_not_negative', sql`${table.price} >= 0`),
  ],
);
