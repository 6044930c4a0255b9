import type { AuditChange } from '@ps/contracts';
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every change to a business record: who, when, which record, what changed (field -> from/to). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    company_id: integer('company_id'),
    actor_user_id: integer('actor_user_id'),
    entity: text('entity').notNull(),
    entity_id: text('entity_id').notNull(),
    action: text('action', { enum: ['create', 'update', 'delete'] }).notNull(),
    changes: jsonb('changes').$type<Record<string, AuditChange>>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entity_id),
    // The Audit screen (GET /api/audit/list and export): a company's entries newest first, alone or by who made them or
    // by the kind of record; the company's prefix of the first also serves every other company-wide read.
    index('audit_log_company_created_idx').on(table.company_id, table.created_at.desc(), table.id.desc()),
    index('audit_log_company_actor_created_idx').on(table.company_id, table.actor_user_id, table.created_at.desc()),
    index('audit_log_company_entity_created_idx').on(table.company_id, table.entity, table.created_at.desc()),
    // The retention job finds the rows older than AUDIT_RETENTION_DAYS by it.
    index('audit_log_created_idx').on(table.created_at),
    // A booking's audit trail finds its service lines, payments and messages by the booking they were made for.
    index('audit_log_booking_records_idx')
      .on(table.company_id, sql`(${table.changes} -> 'booking_id' ->> 'to')`)
      .where(sql`action = 'create' and entity in ('booking_service', 'payment', 'mail_message')`),
  ],
);
