import type { AuditAction, AuditChange } from '@ps/contracts';
import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

/** Fields whose values never enter the audit log; a change to them is recorded as "changed" only. */
export const secretFields: ReadonlySet<string> = new Set(['password_hash', 'totp_secret', 'totp_pending_secret', 'client_key']);
/** Bookkeeping fields that change with every write and say nothing. */
const ignoredFields = new Set(['updated_at', 'created_at']);

type Row = Record<string, unknown>;

function comparable(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** Field-by-field difference of two versions of a record; on create or delete one side is absent. */
export function diffRecords(before: Row | undefined, after: Row | undefined): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    if (ignoredFields.has(field)) continue;
    const from = comparable(before?.[field]);
    const to = comparable(after?.[field]);
    if (before && after && JSON.stringify(from) === JSON.stringify(to)) continue;
    if (secretFields.has(field)) {
      changes[field] = { to: '[changed]' };
      continue;
    }
    changes[field] = { ...(before ? { from: from ?? null } : {}), ...(after ? { to: to ?? null } : {}) };
  }
  return changes;
}

export interface AuditEntry {
  companyId: number | null;
  actorUserId: number | null;
  entity: string;
  entityId: string | number;
  action: AuditAction;
  before?: Row | undefined;
  after?: Row | undefined;
  /** Entries beside the record's fields, kept as given (a restore's `restored_from`); never an entry on their own. */
  note?: Record<string, AuditChange> | undefined;
}

/**
 * Records one change. Call it with the transaction that makes the change, so the record and its audit
 * entry are written together or not at all. An update that changed nothing leaves no entry.
 */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  const changes = diffRecords(entry.before, entry.after);
  if (entry.action === 'update' && Object.keys(changes).length === 0) return;
  await db.insert(auditLog).values({
    company_id: entry.companyId,
    actor_user_id: entry.actorUserId,
    entity: entry.entity,
    entity_id: String(entry.entityId),
    action: entry.action,
    changes: entry.note ? { ...changes, ...entry.note } : changes,
  });
}
