import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordStatus, timestamps } from './columns.ts';
import { companies } from './companies.ts';

/** Where valet cars are stored (DOMAIN.md). A yard's name is unique in its company, whatever its case. */
export const yards = pgTable(
  'yards',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    address: text('address'),
    /** Car spaces. */
    capacity: integer('capacity').notNull().default(0),
    status: recordStatus(),
    ...timestamps,
  },
  (table) => [
    index('yards_company_idx').on(table.company_id),
    uniqueIndex('yards_company_name_unique').on(table.company_id, sql`lower(${table.name})`),
    check('yards_capacity_not_negative', sql`${table.capacity} >= 0`),
    unique('yards_company_id_id_unique').on(table.company_id, table.id),
  ],
);
