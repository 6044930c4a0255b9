import type { BandListQuery } from '@ps/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bands } from '../../db/schema/index.ts';
import { countRows, listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

export type BandRow = typeof bands.$inferSelect;

/** Band reads of one company; writes go through the kit (bands.service.ts). */
export function createBandsRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, bands, companyId);
  return {
    list(query: BandListQuery) {
      const parts = listParts(query, {
        filters: [
          scope.owned(),
          query.status === undefined ? undefined : eq(bands.status, query.status),
          query.type === undefined ? undefined : eq(bands.type, query.type),
        ],
        searchColumns: [bands.name],
        sortColumns: {
          name: bands.name,
          type: bands.type,
          min_days: bands.min_days,
          max_days: bands.max_days,
          status: bands.status,
          created_at: bands.created_at,
        },
        // Bands read best in the order of the stays they cover.
        defaultSort: 'min_days',
        tieBreaker: bands.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          db
            .select()
            .from(bands)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: (where) => countRows(db, bands, where),
      });
    },

    findById: (id: number) => scope.findById<BandRow>(id),
  };
}
