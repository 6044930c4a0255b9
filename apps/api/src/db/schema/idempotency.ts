import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The answers of requests sent with an `Idempotency-Key` to a route that takes one (plugins/idempotency.ts): the same
 * key from the same user answers the stored response instead of doing the work again. A row without a status is a
 * request still running. Rows older than IDEMPOTENCY_KEEP_DAYS are removed as new ones come.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The method, route and inputs the key first came with: the same key with other inputs is refused. */
    request_hash: text('request_hash').notNull(),
    status_code: smallint('status_code'),
    response_body: text('response_body'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('idempotent_requests_user_key_unique').on(table.user_id, table.key),
    index('idempotent_requests_created_idx').on(table.created_at),
  ],
);
