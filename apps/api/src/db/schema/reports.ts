import { languages } from '@ps/contracts/common/languages';
import { reportFrequencies } from '@ps/contracts/reports';
import { bigint, date, foreignKey, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { recordStatus, timestamps } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * A manager's report by mail (issue 24, section 3): the office user who receives it, weekly or monthly, in a language.
 * The recipient is one of the company's own users (the pair key).
 */
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    user_id: integer('user_id').notNull(),
    frequency: text('frequency', { enum: reportFrequencies }).notNull(),
    language: text('language', { enum: languages }).notNull().default('en'),
    status: recordStatus(),
    ...timestamps,
  },
  (table) => [
    unique('report_subscriptions_company_id_id_unique').on(table.company_id, table.id),
    index('report_subscriptions_status_idx').on(table.status, table.company_id),
    foreignKey({
      name: 'report_subscriptions_user_id_fk',
      columns: [table.company_id, table.user_id],
      foreignColumns: [users.company_id, users.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Each period sent, once per subscription and recipient: the row is claimed (inserted) in the transaction that queues
 * the mail in the outbox, so two processes racing, or one restarting mid-way, queue it once (the unique key decides).
 */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    subscription_id: integer('subscription_id').notNull(),
    user_id: integer('user_id').notNull(),
    period_start: date('period_start', { mode: 'string' }).notNull(),
    period_end: date('period_end', { mode: 'string' }).notNull(),
    mail_id: bigint('mail_id', { mode: 'number' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    unique('report_deliveries_once').on(table.subscription_id, table.user_id, table.period_start),
    foreignKey({
      name: 'report_deliveries_subscription_id_fk',
      columns: [table.company_id, table.subscription_id],
      foreignColumns: [reportSubscriptions.company_id, reportSubscriptions.id],
    }).onDelete('cascade'),
  ],
);
