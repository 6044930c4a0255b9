import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, serial, smallint, unique } from 'drizzle-orm/pg-core';
import { airports } from './airports.ts';
import { bands } from './bands.ts';
import { timestamps } from './columns.ts';
import { companies } from './companies.ts';
import { locations } from './locations.ts';

/**
 * A route's own price (integer minor units) for a band, in one month (1-12) or in every month (null): it
 * overrides the band-month default. A route is departure -> arrival (the same car park for parking). Every
 * reference carries the company, so a price can only use the company's own airport, locations and band.
 */
export const locationPrices = pgTable(
  'location_prices',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    airport_id: integer('airport_id').notNull(),
    departure_id: integer('departure_id').notNull(),
    arrival_id: integer('arrival_id').notNull(),
    band_id: integer('band_id').notNull(),
    month: smallint('month'),
    price: integer('price').notNull(),
    ...timestamps,
  },
  (table) => [
    // One price per route, band and month; "every month" (null) is one value too.
    unique('location_prices_route_band_month_unique')
      .on(table.company_id, table.departure_id, table.arrival_id, table.band_id, table.month)
      .nullsNotDistinct(),
    index('location_prices_airport_idx').on(table.company_id, table.airport_id),
    check('location_prices_month_range', sql`${table.month} IS NULL OR ${table.month} BETWEEN 1 AND 12`),
    check('location_prices_price_not_negative', sql`${table.price} >= 0`),
    foreignKey({
      name: 'location_prices_airport_id_fk',
      columns: [table.company_id, table.airport_id],
      foreignColumns: [airports.company_id, airports.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'location_prices_departure_id_fk',
      columns: [table.company_id, table.departure_id],
      foreignColumns: [locations.company_id, locations.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'location_prices_arrival_id_fk',
      columns: [table.company_id, table.arrival_id],
      foreignColumns: [locations.company_id, locations.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'location_prices_band_id_fk',
      columns: [table.company_id, table.band_id],
      foreignColumns: [bands.company_id, bands.id],
    }).onDelete('restrict'),
  ],
);
