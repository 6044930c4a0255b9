import { smallint, timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at on every business table, as UTC instants. */
export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    // Every update through Drizzle sets it; no caller has to remember.
    .$onUpdate(() => new Date()),
};

/** 1 active, 0 inactive (spec: status=1 filters active records). */
export const recordStatus = () => smallint('status').notNull().default(1);
