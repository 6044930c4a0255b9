import type { AuditChange } from '@ps/contracts';
import { and, eq, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/client.ts';
import { type AppError, notFound } from '../lib/errors.ts';
import { recordAudit } from './audit.ts';

/**
 * The resource kit's record access. A company's rows are read through `companyScope()` and written through
 * `writeRecords()`: the only places where `company_id` is filtered or set. A write cannot happen without its
 * audit entry, and both are in the same transaction.
 */

type Row = Record<string, unknown>;
/** Columns the database or the kit fills; a body never sets them. */
type Managed = 'id' | 'company_id' | 'created_at' | 'updated_at';

/** A company's business table: a serial `id` and the `company_id` that owns the row. */
export interface CompanyTable {
  id: PgColumn;
  company_id: PgColumn;
}
/** An organisation-wide table (core lists): a serial `id`, no company. */
export interface OrganisationTable {
  id: PgColumn;
}

// Drizzle's builders are typed per table. The kit serves any table with these columns, so inside it the
// table goes through Drizzle untyped, and callers type the rows they get back.
type UntypedTable = Parameters<ReturnType<DbOrTx['select']>['from']>[0];

/**
 * Reads of one company's rows: `owned(...)` is the where clause of every query on a company table. The
 * company is a number, or `sql.placeholder('companyId')` for a statement prepared once and run with it.
 */
export function companyScope<T extends CompanyTable>(db: DbOrTx, table: T, companyId: number | Placeholder) {
  const owned = (...conditions: Array<SQL | undefined>): SQL => and(eq(table.company_id, companyId), ...conditions) as SQL;
  return {
    companyId,
    owned,
    /** The row (all its columns), or undefined when there is none in this company. */
    async findById<R = Row>(id: number): Promise<R | undefined> {
      const [row] = await db
        .select()
        .from(table as unknown as UntypedTable)
        .where(owned(eq(table.id, id)))
        .limit(1);
      return row as R | undefined;
    },
  };
}

/** Writes inside one transaction; each one records its audit entry in that same transaction. */
export interface RecordWriter<Insert> {
  /** The transaction, for reads (and for rows of other tables that the same change touches). */
  tx: DbOrTx;
  /** The company written for (null for the organisation's lists): for keys such as advisory locks. */
  companyId: number | null;
  /** The scope's where clause (the company's rows), with extra conditions. */
  owned: (...conditions: Array<SQL | undefined>) => SQL | undefined;
  /** Locks the row for the rest of the transaction, so concurrent changes queue up; 404 when absent. */
  lock(id: number): Promise<Row>;
  create(values: Omit<Insert, Managed>): Promise<Row & { id: number }>;
  /** Changes the fields given; `before` and `after` are the whole row. */
  update(id: number, values: Partial<Omit<Insert, Managed>>): Promise<{ before: Row; after: Row }>;
  remove(id: number): Promise<Row>;
  /** A soft delete: sets the fields given (`deleted_at`...), keeps the row, and audits it as a deletion. */
  softRemove(id: number, values: Partial<Omit<Insert, Managed>>): Promise<Row>;
}

export interface WriteOptions {
  /** The audit log's name for the entity ('airport', 'core_airport'...). */
  entity: string;
  /** Turns a constraint violation into the user's error (409 naming the field, 409 in use...). */
  translate?: (error: unknown) => AppError | undefined;
  /** Added to every audit entry this writer records (a restore names the version it brought back). */
  auditNote?: Record<string, AuditChange> | undefined;
}

interface Scope {
  condition: SQL | undefined;
  values: Record<string, unknown>;
  companyId: number | null;
  actorUserId: number | null;
}

async function write<Insert, R>(
  db: Db,
  table: OrganisationTable,
  scope: Scope,
  options: WriteOptions,
  work: (records: RecordWriter<Insert>) => Promise<R>,
): Promise<R> {
  const untyped = table as unknown as UntypedTable;
  const owned = (...conditions: Array<SQL | undefined>) => and(scope.condition, ...conditions);
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as unknown as DbOrTx;
      const audit = (action: 'create' | 'update' | 'delete', entityId: number, before?: Row, after?: Row) =>
        recordAudit(tx, {
          companyId: scope.companyId,
          actorUserId: scope.actorUserId,
          entity: options.entity,
          entityId,
          action,
          before,
          after,
          note: options.auditNote,
        });
      const lock = async (id: number): Promise<Row> => {
        const [row] = await tx
          .select()
          .from(untyped)
          .where(owned(eq(table.id, id)))
          .for('update')
          .limit(1);
        if (!row) throw notFound();
        return row as Row;
      };
      return await work({
        tx,
        companyId: scope.companyId,
        owned,
        lock,
        async create(values) {
          const [row] = (await tx
            .insert(untyped as never)
            .values({ ...values, ...scope.values } as never)
            .returning()) as Array<Row & { id: number }>;
          if (!row) throw new Error('insert returned no row');
          await audit('create', row.id, undefined, row);
          return row;
        },
        async update(id, values) {
          const before = await lock(id);
          const [after] = (await tx
            .update(untyped as never)
            .set(values as never)
            .where(owned(eq(table.id, id)))
            .returning()) as Row[];
          if (!after) throw notFound();
          await audit('update', id, before, after);
          return { before, after };
        },
        async remove(id) {
          const before = await lock(id);
          await tx.delete(untyped as never).where(owned(eq(table.id, id)));
          await audit('delete', id, before);
          return before;
        },
        async softRemove(id, values) {
          const before = await lock(id);
          await tx
            .update(untyped as never)
            .set(values as never)
            .where(owned(eq(table.id, id)));
          await audit('delete', id, before);
          return before;
        },
      });
    });
  } catch (error) {
    throw options.translate?.(error) ?? error;
  }
}

/**
 * Runs `work` in one transaction with a writer for one company's rows of `table`: creates get the company,
 * updates and removes reach only its rows (another company's id is a 404), and every change is audited.
 */
export function writeRecords<Insert, R>(
  db: Db,
  table: CompanyTable & { $inferInsert: Insert },
  actor: { companyId: number; actorUserId: number | null },
  options: WriteOptions,
  work: (records: RecordWriter<Insert>) => Promise<R>,
): Promise<R> {
  const scope = {
    condition: eq(table.company_id, actor.companyId),
    values: { company_id: actor.companyId },
    companyId: actor.companyId,
    actorUserId: actor.actorUserId,
  };
  return write(db, table, scope, options, work);
}

/** The same for the organisation's core lists (super admin): no company, still audited. */
export function writeOrganisationRecords<Insert, R>(
  db: Db,
  table: OrganisationTable & { $inferInsert: Insert },
  actor: { actorUserId: number },
  options: WriteOptions,
  work: (records: RecordWriter<Insert>) => Promise<R>,
): Promise<R> {
  return write(db, table, { condition: undefined, values: {}, companyId: null, actorUserId: actor.actorUserId }, options, work);
}
