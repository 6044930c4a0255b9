import type { PositionListQuery } from '@ps/contracts/positions';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { locations, positions, yards } from '../../db/schema/index.ts';
import { preparedList } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

export type PositionRow = typeof positions.$inferSelect;
export type PositionRead = PositionRow & { place_name: string };

/** A position with the name of its place (the yard's or the car park's). */
const selectPositions = (db: DbOrTx) =>
  db
    .select({
      id: positions.id,
      company_id: positions.company_id,
      yard_id: positions.yard_id,
      location_id: positions.location_id,
      kind: positions.kind,
      name: positions.name,
      notes: positions.notes,
      status: positions.status,
      created_at: positions.created_at,
      updated_at: positions.updated_at,
      place_name: sql<string>`coalesce(${yards.name}, ${locations.name}, '')`,
    })
    .from(positions)
    .leftJoin(yards, and(eq(yards.company_id, positions.company_id), eq(yards.id, positions.yard_id)))
    .leftJoin(locations, and(eq(locations.company_id, positions.company_id), eq(locations.id, positions.location_id)));

/** The company's positions: one page and the count, prepared per shape of query. */
const listPositions = preparedList<PositionListQuery, PositionRead>({
  name: 'position_list',
  select: (db) => selectPositions(db),
  table: positions,
  scope: (db, companyId) => companyScope(db, positions, companyId).owned(),
  filters: {
    status: (status) => eq(positions.status, status),
    yard_id: (yardId) => eq(positions.yard_id, yardId),
    location_id: (locationId) => eq(positions.location_id, locationId),
    kind: (kind) => eq(positions.kind, kind),
  },
  searchColumns: [positions.name, positions.notes],
  sortColumns: { name: positions.name, kind: positions.kind, status: positions.status, created_at: positions.created_at },
  defaultSort: 'name',
  tieBreaker: positions.id,
});

/** Reads of one company's positions; writes go through the kit (positions.service.ts). */
export function createPositionsRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, positions, companyId);
  return {
    list: (query: PositionListQuery) => listPositions(db, companyId, query),
    findById: async (id: number): Promise<PositionRead | undefined> => {
      const [row] = await selectPositions(db)
        .where(scope.owned(eq(positions.id, id)))
        .limit(1);
      return row;
    },
  };
}
