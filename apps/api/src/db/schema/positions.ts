import { positionKinds } from '@ps/contracts/common/handoverStates';
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordStatus, timestamps } from './columns.ts';
import { companies } from './companies.ts';
import { locations } from './locations.ts';
import { yards } from './yards.ts';

/**
 * Where a car stands on a yard or in a car park (issue 22, section 2): a bay (one car), a row or a zone (any number),
 * as the company names them. A position belongs to exactly one place; its name is unique in that place, whatever
 * its case ("A12" in two yards is two positions).
 */
export const positions = pgTable(
  'positions',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    yard_id: integer('yard_id'),
    location_id: integer('location_id'),
    kind: text('kind', { enum: positionKinds }).notNull().default('bay'),
    name: text('name').notNull(),
    notes: text('notes'),
    status: recordStatus(),
    ...timestamps,
  },
  (table) => [
    index('positions_company_idx').on(table.company_id),
    uniqueIndex('positions_place_name_unique').on(
      table.company_id,
      sql`coalesce(${table.yard_id}, 0)`,
      sql`coalesce(${table.location_id}, 0)`,
      sql`lower(${table.name})`,
    ),
    unique('positions_company_id_id_unique').on(table.company_id, table.id),
    check('positions_one_place', sql`(${table.yard_id} is null) <> (${table.location_id} is null)`),
    foreignKey({ name: 'positions_yard_id_fk', columns: [table.company_id, table.yard_id], foreignColumns: [yards.company_id, yards.id] }),
    foreignKey({
      name: 'positions_location_id_fk',
      columns: [table.company_id, table.location_id],
      foreignColumns: [locations.company_id, locations.id],
    }),
  ],
);
