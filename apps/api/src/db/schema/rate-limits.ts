import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The API rate limit's shared counters (plugins/rate-limit-store.ts): requests per key (a client address) in
 * the current window, added up by every server process on the same database.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  window_start: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  hits: integer('hits').notNull(),
});
