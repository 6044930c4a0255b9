import type { Position, PositionCreate, PositionListQuery, PositionUpdate } from '@ps/contracts/positions';
import type { Db } from '../../db/client.ts';
import { positions } from '../../db/schema/index.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { companyCrudService, recordOf } from '../../kit/service.ts';
import { createPositionsRepository, type PositionRead } from './positions.repository.ts';

/**
 * A name the place has already (any case) is a 409 on `name`; another company's yard or car park a 400 on its field;
 * a position a car stands in, or one on record in a handover or a move, cannot be deleted (409 `in_use`).
 */
const positionWrites = {
  entity: 'position',
  translate: constraintTranslator({
    table: 'positions',
    references: ['yard_id', 'location_id'],
    unique: { positions_place_name_unique: { code: 'name_taken', field: 'name' } },
    inUse: 'in_use',
  }),
} as const;

/** A company's positions: reads and audited writes, always within the caller's company. */
export const createPositionsService = (db: Db) =>
  companyCrudService<typeof positions.$inferInsert, PositionRead, Position, PositionListQuery, PositionCreate, PositionUpdate>(
    db,
    positions,
    { writes: positionWrites, reader: createPositionsRepository, toRecord: (row) => recordOf(row) },
  );
