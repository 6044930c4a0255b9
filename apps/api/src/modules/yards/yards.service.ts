import type { Yard, YardCreate, YardListQuery, YardUpdate } from '@ps/contracts';
import type { Db } from '../../db/client.ts';
import { yards } from '../../db/schema/index.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { companyCrudService, recordOf } from '../../kit/service.ts';
import { createYardsRepository, type YardRow } from './yards.repository.ts';

export const toYard = (row: YardRow): Yard => recordOf(row);

/** A yard's name is unique in its company whatever its case (409 on `name`); a used yard stays (409). */
const yardWrites = {
  entity: 'yard',
  translate: constraintTranslator({
    table: 'yards',
    unique: { yards_company_name_unique: { code: 'yard_name_taken', field: 'name' } },
    checks: { yards_capacity_not_negative: 'capacity' },
    inUse: 'yard_in_use',
  }),
};

/** A company's yards: reads and audited writes, always within the caller's company. */
export const createYardsService = (db: Db) =>
  companyCrudService<typeof yards.$inferInsert, YardRow, Yard, YardListQuery, YardCreate, YardUpdate>(db, yards, {
    writes: yardWrites,
    reader: createYardsRepository,
    toRecord: toYard,
  });
