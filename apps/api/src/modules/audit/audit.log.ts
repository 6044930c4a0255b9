// The Audit screen's reads (issue 9, section 5): a company's audit log as a page, its filter choices, and the same as
// CSV. Nothing here writes: kit/audit.ts `recordAudit` is the log's only writer, inside each change's transaction.
import {
  type AuditChange,
  type AuditEntry,
  type AuditFieldChange,
  type AuditFilterQuery,
  type AuditFilters,
  auditFieldPresentation,
  isInternalAuditField,
  type Language,
} from '@ps/contracts';
import { CSV_BOM, csvLine } from '@ps/contracts/common/csv';
import { formatMoney, formatSpreadsheetDateTime } from '@ps/contracts/common/format';
import type { Db } from '../../db/client.ts';
import { secretFields } from '../../kit/audit.ts';
import { type AuditNameBook, AuditReferences, auditNameOf, auditRecordName, readAuditNames } from '../../kit/auditNames.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import type { Translate } from '../../lib/i18n.ts';
import { type AuditCursor, type AuditLogFilter, type AuditLogRow, createAuditRepository } from './audit.repository.ts';

/** Entries read per query while the CSV streams: the file grows batch by batch, never held whole in memory. */
export const AUDIT_EXPORT_BATCH = 500;

/**
 * An entry's changed fields as a list, by field name (the log's jsonb keeps no order of its own): bookkeeping left out
 * (audit.fields.ts: the row's company and ids, who wrote it, keys, file names on disk, a message's bodies), a secret field
 * (never written with its values: recordAudit) shown as changed whatever an old row might hold, a reference with the names
 * of the records it pointed at.
 */
export function fieldChanges(entity: string, changes: Record<string, AuditChange>, names: AuditNameBook): AuditFieldChange[] {
  return Object.entries(changes)
    .filter(([field]) => !isInternalAuditField(entity, field))
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
    .map(([field, change]) =>
      secretFields.has(field)
        ? { field, from: null, to: '[changed]', from_name: null, to_name: null }
        : {
            field,
            from: change.from ?? null,
            to: change.to ?? null,
            from_name: auditNameOf(names, entity, field, change.from),
            to_name: auditNameOf(names, entity, field, change.to),
          },
    );
}

/** The names a batch of entries points at: one query per kind of record, within the company. */
function namesFor(db: Db, companyId: number, rows: AuditLogRow[]): Promise<AuditNameBook> {
  const references = new AuditReferences();
  for (const row of rows) references.collect(row.entity, row.entity_id, row.changes);
  return readAuditNames(db, companyId, references);
}

function toEntry(row: AuditLogRow, names: AuditNameBook): AuditEntry {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    actor: row.actor_user_id === null ? null : { id: row.actor_user_id, name: row.actor_name },
    entity: row.entity,
    entity_id: row.entity_id,
    record_name: auditRecordName(names, row.entity, row.entity_id),
    action: row.action,
    changes: fieldChanges(row.entity, row.changes, names),
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

/** What a CSV cell needs to say a value as the screen does: the company's clock and currency, the reader's language. */
interface CellContext {
  timeZone: string;
  /** The company's currency (ISO 4217). */
  currency: string;
  /** The reader's language: money and times are written as the screen writes them. */
  language: Language;
  /** A reference whose record has no name: "No longer on record (#12)". */
  gone: (id: string) => string;
}

/**
 * A value in a CSV cell, as the screen says it: a reference by its record's name (its id when the record is gone), money
 * as money, a time on the company's clock; text as it is, nothing as empty, a list or an object as JSON.
 */
function cellText(entity: string, field: string, value: unknown, name: string | null, context: CellContext): string {
  if (value === null || value === undefined) return '';
  if (name !== null) return name;
  const presentation = auditFieldPresentation(entity, field);
  if (presentation?.kind === 'money' && typeof value === 'number') return formatMoney(context.language, value, context.currency);
  if (presentation?.kind === 'instant' && typeof value === 'string' && !Number.isNaN(Date.parse(value))) {
    return formatSpreadsheetDateTime(value, context.timeZone);
  }
  // A record gone since (or never the company's) keeps its id, in the screen's words.
  if (presentation?.kind === 'reference' && (typeof value === 'number' || typeof value === 'string')) return context.gone(String(value));
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
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
      const filter = filterOf(query, (await repository.clock()).timeZone);
      const { rows, total } = await repository.page(filter, query.page_size, (query.page - 1) * query.page_size);
      const names = await namesFor(db, actor.companyId, rows);
      return { items: rows.map((row) => toEntry(row, names)), total };
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
    async *csv(actor: CompanyActor, query: AuditFilterQuery, t: Translate, language: Language): AsyncGenerator<string> {
      const repository = createAuditRepository(db, actor.companyId);
      const { timeZone, currency } = await repository.clock();
      const context: CellContext = { timeZone, currency, language, gone: (id) => t('audit.gone', { id }) };
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
        const names = await namesFor(db, actor.companyId, rows);
        let text = '';
        for (const row of rows) {
          const who = row.actor_user_id === null ? t('audit.csv.system') : (row.actor_name ?? `#${row.actor_user_id}`);
          const entry = [
            formatSpreadsheetDateTime(row.created_at, timeZone),
            who,
            labelOf(t, `audit.entities.${row.entity}`, row.entity),
            auditRecordName(names, row.entity, row.entity_id) ?? row.entity_id,
            t(`audit.actions.${row.action}`),
          ];
          const changes = fieldChanges(row.entity, row.changes, names);
          if (changes.length === 0) text += csvLine([...entry, '', '', '']);
          for (const change of changes) {
            text += csvLine([
              ...entry,
              labelOf(t, `audit.fields.${change.field}`, change.field),
              cellText(row.entity, change.field, change.from, change.from_name, context),
              cellText(row.entity, change.field, change.to, change.to_name, context),
            ]);
          }
        }
        if (text) yield text;
        const last = rows.at(-1);
        if (!last || rows.length < AUDIT_EXPORT_BATCH) return;
        cursor = { createdAt: last.created_at_exact, id: last.id };
      }
    },
  };
}
