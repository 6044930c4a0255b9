// The Audit screen's reads (issue 9, section 5): a company's audit log as a page, its filter choices, and the same as
// CSV. Nothing here writes: kit/audit.ts `recordAudit` is the log's only writer, inside each change's transaction.
import type { AuditChange, AuditEntry, AuditFieldChange, AuditFilterQuery, AuditFilters } from '@ps/contracts';
import { CSV_BOM, csvLine } from '@ps/contracts/common/csv';
import type { Db } from '../../db/client.ts';
import { secretFields, unlistedAuditFields } from '../../kit/audit.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import type { Translate } from '../../lib/i18n.ts';
import { type AuditCursor, type AuditLogFilter, type AuditLogRow, createAuditRepository } from './audit.repository.ts';

/** Entries read per query while the CSV streams: the file grows batch by batch, never held whole in memory. */
export const AUDIT_EXPORT_BATCH = 500;

/**
 * An entry's changed fields as a list, by field name (the log's jsonb keeps no order of its own): a message's bodies left
 * out, and a secret field (never written with its values: recordAudit) shown as changed, whatever an old row might hold.
 */
export function fieldChanges(changes: Record<string, AuditChange>): AuditFieldChange[] {
  return Object.entries(changes)
    .filter(([field]) => !unlistedAuditFields.has(field))
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
    .map(([field, change]) =>
      secretFields.has(field) ? { field, from: null, to: '[changed]' } : { field, from: change.from ?? null, to: change.to ?? null },
    );
}

function toEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    actor: row.actor_user_id === null ? null : { id: row.actor_user_id, name: row.actor_name },
    entity: row.entity,
    entity_id: row.entity_id,
    action: row.action,
    changes: fieldChanges(row.changes),
  };
}

const filterOf = (query: AuditFilterQuery, timeZone: string): AuditLogFilter => ({
  userId: query.user_id,
  entity: query.entity,
  entityId: query.entity_id,
  action: query.action,
  from: query.from,
  to: query.to,
  timeZone,
});

/** A value in a CSV cell: text as it is, nothing as empty, a list or an object as JSON. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** `YYYY-MM-DD HH:mm:ss` on the company's clock (a spreadsheet reads it as a date and time). */
function wallClock(instant: Date, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    timeFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** A label by its key, or the raw name when the catalogue has none (an entry of a kind no longer written). */
function labelOf(t: Translate, key: string, raw: string): string {
  const label = t(key);
  return label === key ? raw : label;
}

export function createAuditLogService(db: Db) {
  return {
    /** A page of the company's log, newest first. */
    async list(actor: CompanyActor, query: AuditFilterQuery & { page: number; page_size: number }) {
      const repository = createAuditRepository(db, actor.companyId);
      const filter = filterOf(query, await repository.timeZone());
      const { rows, total } = await repository.page(filter, query.page_size, (query.page - 1) * query.page_size);
      return { items: rows.map(toEntry), total };
    },

    /** Who and what appear in the company's log, for the screen's filter lists. */
    async filters(actor: CompanyActor): Promise<AuditFilters> {
      const repository = createAuditRepository(db, actor.companyId);
      const [people, entities] = await Promise.all([repository.users(), repository.entities()]);
      return {
        users: people.flatMap((person) => (person.id === null ? [] : [{ id: person.id, name: person.name }])),
        entities: entities.map((row) => row.entity),
      };
    },

    /**
     * The CSV of every entry that matches, newest first: a header, then one line per changed field (time on the company's
     * clock, who, resource, record, action, field, before, after), read in batches as the file is sent.
     */
    async *csv(actor: CompanyActor, query: AuditFilterQuery, t: Translate): AsyncGenerator<string> {
      const repository = createAuditRepository(db, actor.companyId);
      const timeZone = await repository.timeZone();
      const filter = filterOf(query, timeZone);
      yield CSV_BOM +
        csvLine([
          `${t('audit.csv.time')} (${timeZone})`,
          t('audit.csv.user'),
          t('audit.csv.resource'),
          t('audit.csv.record'),
          t('audit.csv.action'),
          t('audit.csv.field'),
          t('audit.csv.before'),
          t('audit.csv.after'),
        ]);
      let cursor: AuditCursor | null = null;
      for (;;) {
        const rows = await repository.batch(filter, cursor, AUDIT_EXPORT_BATCH);
        let text = '';
        for (const row of rows) {
          const who = row.actor_user_id === null ? t('audit.csv.system') : (row.actor_name ?? `#${row.actor_user_id}`);
          const entry = [
            wallClock(row.created_at, timeZone),
            who,
            labelOf(t, `audit.entities.${row.entity}`, row.entity),
            row.entity_id,
            t(`audit.actions.${row.action}`),
          ];
          const changes = fieldChanges(row.changes);
          if (changes.length === 0) text += csvLine([...entry, '', '', '']);
          for (const change of changes) text += csvLine([...entry, change.field, cellText(change.from), cellText(change.to)]);
        }
        if (text) yield text;
        const last = rows.at(-1);
        if (!last || rows.length < AUDIT_EXPORT_BATCH) return;
        cursor = { createdAt: last.created_at_exact, id: last.id };
      }
    },
  };
}
