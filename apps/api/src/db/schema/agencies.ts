import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordStatus, timestamps } from './columns.ts';
import { companies } from './companies.ts';

/**
 * Organisation-wide master list of travel agents and resellers (DOMAIN.md "Agencies and content"): the
 * super admin keeps it; a company's own agency may refer to one.
 */
export const coreAgencies = pgTable(
  'core_agencies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    contact_name: text('contact_name'),
    contact_email: text('contact_email'),
    contact_phone: text('contact_phone'),
    status: recordStatus(),
    ...timestamps,
  },
  (table) => [uniqueIndex('core_agencies_name_unique').on(sql`lower(${table.name})`)],
);

/**
 * A company's agency: who sells its bookings and the commission (a percentage of a booking's total) it
 * earns on them. Bookings name it by (company_id, agency_id), so a booking can only carry its own company's.
 */
export const agencies = pgTable(
  'agencies',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    core_agency_id: integer('core_agency_id').references(() => coreAgencies.id),
    name: text('name').notNull(),
    contact_name: text('contact_name'),
    contact_email: text('contact_email'),
    contact_phone: text('contact_phone'),
    /** Percent of a booking's total, two decimals (12.50). */
    commission_percent: numeric('commission_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    status: recordStatus(),
    ...timestamps,
  },
  (table) => [
    unique('agencies_company_id_id_unique').on(table.company_id, table.id),
    uniqueIndex('agencies_company_name_unique').on(table.company_id, sql`lower(${table.name})`),
    index('agencies_company_idx').on(table.company_id),
    check('agencies_commission_range', sql`${table.commission_percent} >= 0 AND ${table.commission_percent} <= 100`),
  ],
);
