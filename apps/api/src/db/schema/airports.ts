import { index, integer, pgTable, serial, text, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { recordStatus, timestamps } from './columns.ts';
import { companies } from './companies.ts';
import { countries } from './countries.ts';

/** Organisation-wide master list of airports that companies pick from. */
export const coreAirports = pgTable('core_airports', {
  id: serial('id').primaryKey(),
  iata_code: varchar('iata_code', { length: 3 }).notNull().unique(),
  name: text('name').notNull(),
  country_id: integer('country_id')
    .notNull()
    .references(() => countries.id),
  time_zone: text('time_zone').notNull(),
  status: recordStatus(),
  ...timestamps,
});

/** A company's own airport. The IATA code is unique per company. */
export const airports = pgTable(
  'airports',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    core_airport_id: integer('core_airport_id').references(() => coreAirports.id),
    iata_code: varchar('iata_code', { length: 3 }).notNull(),
    name: text('name').notNull(),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id),
    time_zone: text('time_zone').notNull(),
    status: recordStatus(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('airports_company_iata_unique').on(table.company_id, table.iata_code),
    index('airports_company_idx').on(table.company_id),
    // Company-owned rows reference an airport with its company: (company_id, airport_id).
    unique('airports_company_id_id_unique').on(table.company_id, table.id),
  ],
);
