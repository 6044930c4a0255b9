import type { YardListQuery } from '@ps/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { yards } from '../../db/schema/index.ts';
import { countRows, listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

export type YardRow = typeof yards.$inferSelect;

/** Yard reads of one company; writes go through the kit (yards.service.ts). */
export function createYardsRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, yards, companyId);
  return {
    list(query: YardListQuery) {
      const parts = listParts(query, {
        filters: [scope.owned(), query.status === undefined ? undefined : eq(yards.status, query.status)],
        searchColumns: [yards.name, yards.address],
        sortColumns: { name: yards.name, capacity: yards.capacity, status: yards.status, created_at: yards.created_at },
        defaultSort: 'name',
        tieBreaker: yards.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          db
            .select()
            .from(yards)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: (where) => countRows(db, yards, where),
      });
    },
    findById: (id: number) => scope.findById<YardRow>(id),
  };
}
