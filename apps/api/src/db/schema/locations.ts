import { locationTypes } from '@ps/contracts';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, foreignKey, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { airports, coreAirports } from './airports.ts';
import { recordStatus, timestamps } from './columns.ts';
import { companies } from './companies.ts';

/** The organisation's master locations (super admin), at core airports; companies pick theirs from them. */
export const coreLocations = pgTable(
  'core_locations',
  {
    id: serial('id').primaryKey(),
    core_airport_id: integer('core_airport_id')
      .notNull()
      .references(() => coreAirports.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    type: text('type', { enum: locationTypes }).notNull(),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    capacity: integer('capacity').notNull().default(0),
    status: recordStatus(),
    ...timestamps,
  },
  (table) => [index('core_locations_airport_idx').on(table.core_airport_id)],
);

/**
 * A car park, terminal drop-off point, meeting point or other pick-up/drop-off point at one of the company's
 * airports (DOMAIN.md). The airport is referenced with the company (company_id, airport_id), so a row can
 * only point at an airport of its own company: the database refuses another company's id.
 */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    airport_id: integer('airport_id').notNull(),
    core_location_id: integer('core_location_id').references(() => coreLocations.id),
    name: text('name').notNull(),
    type: text('type', { enum: locationTypes }).notNull(),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /**
     * What a customer does on arriving here (issue 23, section 3): the entrance, the barrier, whom to call. The booking
     * mail prints it under the place's address and map link; up to 1,000 characters.
     */
    arrival_instructions: text('arrival_instructions'),
    /** Car spaces; 0 = not a car park. */
    capacity: integer('capacity').notNull().default(0),
    /**
     * Issue 24, section 2: the most bookings whose customer comes in here (a departure: `departure_at` at the booking's
     * `departure_id`, the car dropped off) in one 15-minute slot of the airport's clock; null = no limit.
     */
    departure_slot_limit: integer('departure_slot_limit'),
    /** The most bookings whose customer comes back here (an arrival: `arrival_at` at `arrival_id`) in one slot; null = no limit. */
    arrival_slot_limit: integer('arrival_slot_limit'),
    status: recordStatus(),
    ...timestamps,
  },
  (table) => [
    check('locations_departure_slot_limit_positive', sql`${table.departure_slot_limit} >= 1`),
    check('locations_arrival_slot_limit_positive', sql`${table.arrival_slot_limit} >= 1`),
    index('locations_company_idx').on(table.company_id),
    index('locations_airport_idx').on(table.airport_id),
    // What other company-owned rows reference, with the company (see companyReference in kit/constraints.ts).
    unique('locations_company_id_id_unique').on(table.company_id, table.id),
    foreignKey({
      name: 'locations_airport_id_fk',
      columns: [table.company_id, table.airport_id],
      foreignColumns: [airports.company_id, airports.id],
    }).onDelete('restrict'),
  ],
);
