import type { PackageListQuery } from '@ps/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { packages } from '../../db/schema/index.ts';
import { countRows, listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

export type PackageRow = typeof packages.$inferSelect;

/** Package reads of one company; writes go through the kit (packages.service.ts). */
export function createPackagesRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, packages, companyId);
  return {
    list(query: PackageListQuery) {
      const parts = listParts(query, {
        filters: [
          scope.owned(),
          query.status === undefined ? undefined : eq(packages.status, query.status),
          query.type === undefined ? undefined : eq(packages.type, query.type),
        ],
        searchColumns: [packages.name, packages.description],
        sortColumns: {
          name: packages.name,
          type: packages.type,
          price: packages.price,
          status: packages.status,
          created_at: packages.created_at,
        },
        defaultSort: 'name',
        tieBreaker: packages.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          db
            .select()
            .from(packages)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: (where) => countRows(db, packages, where),
      });
    },

    findById: (id: number) => scope.findById<PackageRow>(id),
  };
}
