import type { Db, DbOrTx } from '../db/client.ts';
import { notFound } from '../lib/errors.ts';
import {
  type CompanyTable,
  type OrganisationTable,
  type RecordWriter,
  type WriteOptions,
  writeOrganisationRecords,
  writeRecords,
} from './records.ts';
import type { CompanyActor, OrganisationActor } from './routes.ts';

/**
 * The CRUD service most resources are: reads through the resource's repository, writes through the kit's
 * audited writer, and every answer read back through the same repository (so an add or an update answers
 * exactly what a get would). A resource with rules of its own passes `check`, which runs inside the
 * write's transaction with the row as it will be; the rest of its service is its own code beside this.
 */

type Managed = 'id' | 'company_id' | 'created_at' | 'updated_at';

/** What the kit needs from a repository: one page of rows with the total, and one row by id. */
export interface ResourceReader<Row, ListQuery> {
  list(query: ListQuery): Promise<{ rows: Row[]; total: number }>;
  findById(id: number): Promise<Row | undefined>;
}

export interface CrudServiceDefinition<Insert, Row, Out, ListQuery, Create, Update> {
  writes: WriteOptions;
  /** Builds the reader on the database or on the write's transaction. */
  reader(db: DbOrTx, companyId: number): ResourceReader<Row, ListQuery>;
  toRecord(row: Row): Out;
  /** The columns an add or update writes (by default the validated body as it is). */
  toColumns?: (input: Create | Update) => Partial<Omit<Insert, Managed>>;
  /**
   * A rule the database cannot keep alone (bands that must not overlap...): runs in the write's transaction
   * before the change, with the row as it will be (an update's row is locked and merged with the change).
   * `actor` carries the company, for reads of the company's other tables (a location's airport...).
   */
  check?: (
    records: RecordWriter<Insert>,
    candidate: Record<string, unknown>,
    id: number | null,
    actor: { companyId: number | null; actorUserId: number },
  ) => Promise<void>;
}

/** Add, list, get, update, delete over one reader and one audited writer (company or organisation scope). */
function crudService<Insert, Row, Out, ListQuery, Create, Update, Actor extends { companyId: number | null; actorUserId: number }>(
  definition: Omit<CrudServiceDefinition<Insert, Row, Out, ListQuery, Create, Update>, 'reader'>,
  readerFor: (db: DbOrTx | null, actor: Actor) => ResourceReader<Row, ListQuery>,
  write: (actor: Actor, work: (records: RecordWriter<Insert>) => Promise<Out | undefined>) => Promise<Out | undefined>,
) {
  const columnsOf = (input: Create | Update) =>
    definition.toColumns ? definition.toColumns(input) : (input as Partial<Omit<Insert, Managed>>);
  const read = async (reader: ResourceReader<Row, ListQuery>, id: number) => {
    const row = await reader.findById(id);
    if (!row) throw notFound();
    return definition.toRecord(row);
  };
  return {
    async list(actor: Actor, query: ListQuery) {
      const { rows, total } = await readerFor(null, actor).list(query);
      return { items: rows.map(definition.toRecord), total };
    },
    get: (actor: Actor, id: number) => read(readerFor(null, actor), id),
    create: async (actor: Actor, input: Create): Promise<Out> =>
      (await write(actor, async (records) => {
        const columns = columnsOf(input);
        await definition.check?.(records, { ...columns }, null, actor);
        const row = await records.create(columns as Omit<Insert, Managed>);
        return read(readerFor(records.tx, actor), row.id);
      })) as Out,
    update: async (actor: Actor, id: number, input: Update): Promise<Out> =>
      (await write(actor, async (records) => {
        const columns = columnsOf(input);
        if (definition.check) await definition.check(records, { ...(await records.lock(id)), ...columns }, id, actor);
        await records.update(id, columns);
        return read(readerFor(records.tx, actor), id);
      })) as Out,
    delete: async (actor: Actor, id: number): Promise<void> => {
      await write(actor, async (records) => {
        await records.remove(id);
        return undefined;
      });
    },
  };
}

/** A company's resource: every read and write is within the caller's company (another company's id is a 404). */
export function companyCrudService<Insert, Row, Out, ListQuery, Create, Update>(
  db: Db,
  table: CompanyTable & { $inferInsert: Insert },
  definition: CrudServiceDefinition<Insert, Row, Out, ListQuery, Create, Update>,
) {
  return crudService<Insert, Row, Out, ListQuery, Create, Update, CompanyActor>(
    definition,
    (tx, actor) => definition.reader(tx ?? db, actor.companyId),
    (actor, work) => writeRecords(db, table, actor, definition.writes, work),
  );
}

/** An organisation-wide core list: the super admin writes it (audited, no company); companies may read it. */
export function organisationCrudService<Insert, Row, Out, ListQuery, Create, Update>(
  db: Db,
  table: OrganisationTable & { $inferInsert: Insert },
  definition: Omit<CrudServiceDefinition<Insert, Row, Out, ListQuery, Create, Update>, 'reader'> & {
    reader(db: DbOrTx): ResourceReader<Row, ListQuery>;
  },
) {
  return crudService<Insert, Row, Out, ListQuery, Create, Update, CompanyActor | OrganisationActor>(
    definition,
    (tx) => definition.reader(tx ?? db),
    (actor, work) => writeOrganisationRecords(db, table, actor, definition.writes, work),
  );
}

/** A row as the API shows it: timestamps as UTC ISO 8601 strings, `status` as the contract's 0 | 1. */
export function recordOf<Row extends { created_at: Date; updated_at: Date }>(
  row: Row,
): Omit<Row, 'created_at' | 'updated_at' | 'status'> & { created_at: string; updated_at: string } & (Row extends { status: number }
    ? { status: 0 | 1 }
    : unknown) {
  const { created_at, updated_at, ...rest } = row;
  const status = 'status' in rest ? { status: rest.status === 1 ? 1 : 0 } : {};
  return { ...rest, ...status, created_at: created_at.toISOString(), updated_at: updated_at.toISOString() } as never;
}
