import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordStatus, timestamps } from './columns.ts';
import { companies } from './companies.ts';

/** A company's price rules. A name is unique in its company, whatever its case. */
export const priceRules = pgTable(
  'price_rules',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    notes: text('notes'),
    status: recordStatus(),
    ...timestamps,
  },
  (table) => [
    index('price_rules_company_idx').on(table.company_id),
    uniqueIndex('price_rules_company_name_unique').on(table.company_id, sql`lower(${table.name})`),
    unique('price_rules_company_id_id_unique').on(table.company_id, table.id),
  ],
);
