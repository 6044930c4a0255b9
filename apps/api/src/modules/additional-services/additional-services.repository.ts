import type { AdditionalServiceListQuery } from '@ps/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { additionalServices } from '../../db/schema/index.ts';
import { countRows, listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

export type AdditionalServiceRow = typeof additionalServices.$inferSelect;

/** Additional-service reads of one company; writes go through the kit. */
export function createAdditionalServicesRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, additionalServices, companyId);
  return {
    list(query: AdditionalServiceListQuery) {
      const parts = listParts(query, {
        filters: [scope.owned(), query.status === undefined ? undefined : eq(additionalServices.status, query.status)],
        searchColumns: [additionalServices.name, additionalServices.description],
        sortColumns: {
          name: additionalServices.name,
          price: additionalServices.price,
          status: additionalServices.status,
          created_at: additionalServices.created_at,
        },
        defaultSort: 'name',
        tieBreaker: additionalServices.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          db
            .select()
            .from(additionalServices)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: (where) => countRows(db, additionalServices, where),
      });
    },

    findById: (id: number) => scope.findById<AdditionalServiceRow>(id),
  };
}
