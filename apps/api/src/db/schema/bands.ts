import { bandTypes } from '@ps/contracts';
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, serial, smallint, text, unique } from 'drizzle-orm/pg-core';
import { recordStatus, timestamps } from './columns.ts';
import { companies } from './companies.ts';

/**
 * A length-of-stay bracket, `min_days..max_days` inclusive (1..365). Active bands of one type do not
 * overlap, so a stay falls in at most one band; the bands service keeps that rule (409).
 */
export const bands = pgTable(
  'bands',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    type: text('type', { enum: bandTypes }).notNull(),
    min_days: smallint('min_days').notNull(),
    max_days: smallint('max_days').notNull(),
    /** The lowest and highest base price (minor units) the price rules may make of a stay in this band; null: no limit. */
    floor_price: integer('floor_price'),
    ceiling_price: integer('ceiling_price'),
    status: recordStatus(),
    ...timestamps,
  },
  (table) => [
    index('bands_company_type_idx').on(table.company_id, table.type),
    unique('bands_company_id_id_unique').on(table.company_id, table.id),
    check(
      'bands_price_limits',
      sql`(${table.floor_price} IS NULL OR ${table.floor_price} >= 0) AND (${table.ceiling_price} IS NULL OR ${table.ceiling_price} >= 0) AND (${table.floor_price} IS NULL OR ${table.ceiling_price} IS NULL OR ${table.floor_price} <= ${table.ceiling_price})`,
    ),
    check('bands_days_range', sql`${table.min_days} >= 1 AND ${table.max_days} <= 365 AND ${table.min_days} <= ${table.max_days}`),
  ],
);

/**
 * The company's default price (integer minor units) of a whole stay of a band's length departing in a
 * month (1-12): the seasonal price list a route falls back to when it has no price of its own.
 */
export const bandMonths = pgTable(
  'band_months',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    band_id: integer('band_id').notNull(),
    month: smallint('month').notNull(),
    price: integer('price').notNull(),
    ...timestamps,
  },
  (table) => [
    unique('band_months_company_band_month_unique').on(table.company_id, table.band_id, table.month),
    check('band_months_month_range', sql`${table.month} BETWEEN 1 AND 12`),
    check('band_months_price_not_negative', sql`${table.price} >= 0`),
    foreignKey({
      name: 'band_months_band_id_fk',
      columns: [table.company_id, table.band_id],
      foreignColumns: [bands.company_id, bands.id],
    }).onDelete('restrict'),
  ],
);
