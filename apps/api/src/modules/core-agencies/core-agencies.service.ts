import type { CoreAgency, CoreAgencyCreate, CoreAgencyListQuery, CoreAgencyUpdate } from '@ps/contracts';
import type { Db } from '../../db/client.ts';
import { coreAgencies } from '../../db/schema/index.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { organisationCrudService, recordOf } from '../../kit/service.ts';
import { type CoreAgencyRow, createCoreAgenciesRepository } from './core-agencies.repository.ts';

export const toCoreAgency = (row: CoreAgencyRow): CoreAgency => recordOf(row);

const coreAgencyWrites = {
  entity: 'core_agency',
  translate: constraintTranslator({
    table: 'core_agencies',
    unique: { core_agencies_name_unique: { code: 'agency_name_taken', field: 'name' } },
    // A company's agency that refers to it keeps it (deactivate it instead).
    inUse: 'core_agency_in_use',
  }),
};

/** The organisation's core agencies, kept by the super admin; company admins read them to pick from. */
export const createCoreAgenciesService = (db: Db) =>
  organisationCrudService<
    typeof coreAgencies.$inferInsert,
    CoreAgencyRow,
    CoreAgency,
    CoreAgencyListQuery,
    CoreAgencyCreate,
    CoreAgencyUpdate
  >(db, coreAgencies, { writes: coreAgencyWrites, reader: createCoreAgenciesRepository, toRecord: toCoreAgency });
