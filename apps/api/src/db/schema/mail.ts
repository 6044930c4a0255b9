import { languages, mailStates } from '@ps/contracts';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/** A file sent with a message, kept in the outbox row so a retry or another process sends the same bytes. */
export interface MailAttachment {
  filename: string;
  content_type: string;
  content_base64: string;
}

/**
 * The mail outbox: every message the product sends is a row first, written in the transaction of the change
 * that asks for it, then sent by a worker (modules/mail). A worker claims due rows with
 * `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`), so with several server processes each message is
 * sent by one of them; a failed try is retried later (`next_attempt_at`), never lost.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** What the message is about (`booking_confirmation`) and the record (a booking's id). */
    kind: text('kind').notNull(),
    booking_id: integer('booking_id'),
    language: text('language', { enum: languages }).notNull(),
    to_address: text('to_address').notNull(),
    /** The company's sender name and reply-to address when the message was written (sent as they were then). */
    from_name: text('from_name'),
    reply_to: text('reply_to'),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body').notNull(),
    /** Files sent with the message (a report's XLSX): name, type and the bytes in base64; null for none. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    state: text('state', { enum: mailStates }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    locked_until: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    last_error: text('last_error'),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** The SMTP server's Message-ID of the delivered message. */
    message_id: text('message_id'),
    created_by: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.state, table.next_attempt_at),
    index('mail_outbox_company_idx').on(table.company_id, table.created_at),
    index('mail_outbox_booking_idx').on(table.company_id, table.booking_id),
  ],
);
