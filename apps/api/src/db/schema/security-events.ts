import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Security events (plugins/security-events.ts), kept beside their log lines so they can be searched, kept for
 * SECURITY_EVENTS_RETENTION_DAYS and archived. Append-only like audit_log. Never a password, code, token or secret.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    company_id: integer('company_id'),
    user_id: integer('user_id'),
    /** `auth.login_failed`, ... (docs/operations.md, "Logs"). */
    event: text('event').notNull(),
    reason: text('reason'),
    /** The client's address as the server saw it (behind a proxy, with TRUST_PROXY). */
    address: text('address'),
    request_id: text('request_id'),
    /** What else the event names: `session_id` (a session, never a token), `permission`, `lock`. */
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('security_events_created_idx').on(table.created_at),
    index('security_events_company_idx').on(table.company_id, table.created_at),
  ],
);
