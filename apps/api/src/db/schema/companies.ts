import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { recordStatus, timestamps } from './columns.ts';

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  org_instance_id: integer('org_instance_id').notNull().default(1),
  name: text('name').notNull(),
  status: recordStatus(),
  /**
   * Publishable key the sign-in page sends as `Basic base64(company_id:client_key)` for the calls it makes
   * before anyone signs in. It is served in the page itself, so it identifies the company; it grants nothing.
   */
  client_key: text('client_key').notNull(),
  ...timestamps,
});

/** A company's public web config, read by the sign-in screen. */
export const companyWebConfigs = pgTable('company_web_configs', {
  company_id: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  login_page_logo: text('login_page_logo'),
  primary_color: text('primary_color').notNull().default('#0095e8'),
  ...timestamps,
});
