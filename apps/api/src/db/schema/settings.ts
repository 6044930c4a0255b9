import { pgTable, text } from 'drizzle-orm/pg-core';

/** Values the server makes for itself once and keeps, such as the generated token-signing secret. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
