import { and, asc, count, desc, ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';

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
