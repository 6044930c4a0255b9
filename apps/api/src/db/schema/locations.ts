import { doublePrecision, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { airports } from './airports.ts';
import { recordStatus, timestamps } from './columns.ts';
import { companies } from './companies.ts';

/**
 * A car park, terminal drop-off point or other pick-up/drop-off point at an airport (DOMAIN.md). The
 * locations feature builds its calls on this table; airports already depend on it: an airport that still
 * has locations cannot be deleted (the foreign key restricts it).
 */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    airport_id: integer('airport_id')
      .notNull()
      .references(() => airports.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['car_park', 'terminal', 'other'] }).notNull(),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Car spaces; 0 = not a car park. */
    capacity: integer('capacity').notNull().default(0),
    status: recordStatus(),
    ...timestamps,
  },
  (table) => [index('locations_company_idx').on(table.company_id), index('locations_airport_idx').on(table.airport_id)],
);
