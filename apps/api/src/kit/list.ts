import { and, asc, count, desc, ilike, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, readTogether } from '../db/client.ts';

/** What every list call takes (contracts' `listQuerySchema`): paging, one sort field, a free-text search. */
export interface ListQuery {
  page: number;
  page_size: number;
  sort?: string | undefined;
  search?: string | undefined;
}

export interface ListSpec {
  /** The conditions every row must meet: the company scope first, then the list's own filters. */
  filters: Array<SQL | undefined>;
  /** Columns the free-text search looks in (case-insensitive, the user's `%` and `_` taken literally). */
  searchColumns: AnyPgColumn[];
  /** The only columns a caller may sort by, by API field name; anything else never reaches SQL. */
  sortColumns: Record<string, AnyPgColumn | SQL>;
  defaultSort: string;
  /** A unique column that keeps the order stable between pages when sort values tie. */
  tieBreaker: AnyPgColumn;
}

/** The parts of a list's SQL: where, order by, limit and offset. */
export interface ListParts {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/** `%term%` for ILIKE with the user's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

/** Turns a list query into SQL parts; the repository puts them on its own select (with its joins). */
export function listParts(query: ListQuery, spec: ListSpec): ListParts {
  const conditions = [...spec.filters];
  if (query.search && spec.searchColumns.length > 0) {
    const pattern = containsPattern(query.search);
    conditions.push(or(...spec.searchColumns.map((column) => ilike(column, pattern))));
  }
  const sort = query.sort ?? spec.defaultSort;
  const field = sort.replace(/^-/, '');
  const column = spec.sortColumns[field] ?? spec.sortColumns[spec.defaultSort.replace(/^-/, '')];
  if (!column) throw new Error(`list: no sort column for ${field}`);
  const direction = sort.startsWith('-') ? desc : asc;
  return {
    where: and(...conditions),
    orderBy: [direction(column), asc(spec.tieBreaker)],
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  };
}

/**
 * Runs a list: the page of rows and the total count of rows matching the filters, side by side. The
 * callbacks receive the parts, so the SQL stays in the repository and readable there.
 */
export async function listPage<Row>(
  parts: ListParts,
  queries: { rows: (parts: ListParts) => Promise<Row[]>; count: (where: SQL | undefined) => Promise<number> },
): Promise<{ rows: Row[]; total: number }> {
  const [rows, total] = await Promise.all([queries.rows(parts), queries.count(parts.where)]);
  return { rows, total };
}

/** How many rows of `table` meet `where` (the list's total). */
export async function countRows(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(table as Parameters<ReturnType<DbOrTx['select']>['from']>[0])
    .where(where);
  return row?.total ?? 0;
}

/** A prepared statement's run, as a list needs it. */
interface Prepared<Row> {
  execute(params: Record<string, unknown>): Promise<Row[]>;
}
/** The select of a list's rows with its joins (drizzle's builder, typed as far as a list uses it). */
interface ListSelect<Row> {
  where(where: SQL | undefined): {
    orderBy(...orderBy: SQL[]): { limit(limit: Placeholder): { offset(offset: Placeholder): { prepare(name: string): Prepared<Row> } } };
  };
}

export interface PreparedListDefinition<Query extends ListQuery, Row> {
  /** The statements' name: `airport_list` makes `airport_list_1`, `airport_list_1_count`... one per shape. */
  name: string;
  /** The rows' select, with its joins. */
  select(db: DbOrTx): ListSelect<Row>;
  /** The table the count reads (every filter is on it, so the count needs no join). */
  table: PgTable;
  /** The rows a caller may see at all: the company scope (`companyId` is a placeholder), or nothing for the organisation's. */
  scope?(db: DbOrTx, companyId: Placeholder): SQL;
  /** Each filter of the query, applied when the query gives it, its value a placeholder. */
  filters: { [Field in keyof Query]?: (value: Placeholder) => SQL };
  searchColumns: AnyPgColumn[];
  sortColumns: Record<string, AnyPgColumn | SQL>;
  defaultSort: string;
  tieBreaker: AnyPgColumn;
}

/** At most this many shapes per list and database handle (the oldest goes first); a list has a few dozen. */
const MAX_SHAPES = 100;

/**
 * A list prepared once per shape of query (which filters it gives, whether it searches, its sort) and database handle,
 * with every value a parameter: a list skips building its SQL, and PostgreSQL planning it, on every call (the bookings
 * and trips lists had this since issue 7; now every list of the kit). A transaction (one connection) runs them like
 * the pool.
 */
export function preparedList<Query extends ListQuery, Row>(definition: PreparedListDefinition<Query, Row>) {
  const byDb = new WeakMap<DbOrTx, Map<string, { rows: Prepared<Row>; count: Prepared<{ total: number }> }>>();
  const names = new Map<string, string>();
  const filterFields = Object.keys(definition.filters) as Array<keyof Query & string>;

  function prepare(db: DbOrTx, query: Query, key: string) {
    let name = names.get(key);
    if (!name) {
      name = `${definition.name}_${names.size + 1}`;
      names.set(key, name);
    }
    const placeholder = (field: string) => sql.placeholder(field);
    const parts = listParts(
      { page: 1, page_size: 1, sort: query.sort, search: query.search },
      {
        filters: [
          definition.scope?.(db, placeholder('companyId')),
          ...filterFields.filter((field) => query[field] !== undefined).map((field) => definition.filters[field]?.(placeholder(field))),
        ],
        // The search's pattern is a parameter too.
        searchColumns: [],
        sortColumns: definition.sortColumns,
        defaultSort: definition.defaultSort,
        tieBreaker: definition.tieBreaker,
      },
    );
    const search = query.search ? or(...definition.searchColumns.map((column) => ilike(column, placeholder('pattern')))) : undefined;
    const where = and(parts.where, search);
    return {
      rows: definition
        .select(db)
        .where(where)
        .orderBy(...parts.orderBy)
        .limit(placeholder('limit'))
        .offset(placeholder('offset'))
        .prepare(name),
      count: db
        .select({ total: count() })
        .from(definition.table as Parameters<ReturnType<DbOrTx['select']>['from']>[0])
        .where(where)
        .prepare(`${name}_count`),
    };
  }

  /** One page of the list and the count of every row that matches. */
  return async function run(db: DbOrTx, companyId: number | null, query: Query): Promise<{ rows: Row[]; total: number }> {
    const sort = query.sort && query.sort.replace(/^-/, '') in definition.sortColumns ? query.sort : definition.defaultSort;
    const given = filterFields.filter((field) => query[field] !== undefined);
    const key = JSON.stringify([given, Boolean(query.search), sort]);
    let statements = byDb.get(db);
    if (!statements) {
      statements = new Map();
      byDb.set(db, statements);
    }
    let prepared = statements.get(key);
    if (!prepared) {
      prepared = prepare(db, { ...query, sort }, key);
      if (statements.size >= MAX_SHAPES) statements.delete(statements.keys().next().value as string);
      statements.set(key, prepared);
    }
    const params: Record<string, unknown> = {
      companyId,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
      ...(query.search ? { pattern: containsPattern(query.search) } : {}),
    };
    for (const field of given) params[field] = query[field];
    const [rows, [counted]] = await readTogether(db, [() => prepared.rows.execute(params), () => prepared.count.execute(params)]);
    return { rows, total: counted?.total ?? 0 };
  };
}
