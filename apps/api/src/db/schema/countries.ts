import { integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';

/** ISO countries with their dialling code; reference data loaded into every database. */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  iso_code: varchar('iso_code', { length: 2 }).notNull().unique(),
  name: text('name').notNull(),
  dialling_code: varchar('dialling_code', { length: 8 }).notNull(),
});
