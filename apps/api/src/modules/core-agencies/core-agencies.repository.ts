import type { CoreAgencyListQuery } from '@ps/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { coreAgencies } from '../../db/schema/index.ts';
import { countRows, listPage, listParts } from '../../kit/list.ts';

export type CoreAgencyRow = typeof coreAgencies.$inferSelect;

/** The organisation's core agencies (no company); writes go through the kit (core-agencies.service.ts). */
export function createCoreAgenciesRepository(db: DbOrTx) {
  return {
    list(query: CoreAgencyListQuery) {
      const parts = listParts(query, {
        filters: [query.status === undefined ? undefined : eq(coreAgencies.status, query.status)],
        searchColumns: [coreAgencies.name, coreAgencies.contact_name, coreAgencies.contact_email],
        sortColumns: {
          name: coreAgencies.name,
          contact_name: coreAgencies.contact_name,
          status: coreAgencies.status,
          created_at: coreAgencies.created_at,
        },
        defaultSort: 'name',
        tieBreaker: coreAgencies.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          db
            .select()
            .from(coreAgencies)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: (where) => countRows(db, coreAgencies, where),
      });
    },

    async findById(id: number): Promise<CoreAgencyRow | undefined> {
      const [row] = await db.select().from(coreAgencies).where(eq(coreAgencies.id, id)).limit(1);
      return row;
    },
  };
}
