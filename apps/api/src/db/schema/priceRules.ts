import type { BandType, PriceRuleKind } from '@ps/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, smallint, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordStatus, timestamps } from './columns.ts';
import { companies } from './companies.ts';

/**
 * A company's price rules (issue 24): applied by the quote in `position` order to stays departing in
 * `valid_from..valid_to` (the airport's days), at `location_ids` (empty: every car park) for `band_types` (empty: every
 * type). `config` is the kind's settings, checked by the contract's schema of that kind. A name is unique in its
 * company, whatever its case.
 */
export const priceRules = pgTable(
  'price_rules',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    position: smallint('position').notNull(),
    valid_from: date('valid_from', { mode: 'string' }).notNull(),
    valid_to: date('valid_to', { mode: 'string' }).notNull(),
    location_ids: integer('location_ids').array().notNull().default(sql`'{}'::integer[]`),
    band_types: text('band_types').array().$type<BandType[]>().notNull().default(sql`'{}'::text[]`),
    kind: text('kind').$type<PriceRuleKind>().notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    notes: text('notes'),
    status: recordStatus(),
    ...timestamps,
  },
  (table) => [
    index('price_rules_company_idx').on(table.company_id, table.status, table.valid_from),
    uniqueIndex('price_rules_company_name_unique').on(table.company_id, sql`lower(${table.name})`),
    unique('price_rules_company_id_id_unique').on(table.company_id, table.id),
    check('price_rules_dates', sql`${table.valid_from} <= ${table.valid_to}`),
  ],
);
