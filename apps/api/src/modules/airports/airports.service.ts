import type {
  Airport,
  AirportCreate,
  AirportListQuery,
  AirportUpdate,
  CoreAirport,
  CoreAirportCreate,
  CoreAirportListQuery,
  CoreAirportUpdate,
} from '@ps/contracts';
import type { Db } from '../../db/client.ts';
import { airports, coreAirports } from '../../db/schema/index.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { companyCrudService, organisationCrudService } from '../../kit/service.ts';
import { type AirportRow, type CoreAirportRow, createAirportsRepository, createCoreAirportsRepository } from './airports.repository.ts';

const timestampsOf = (row: { created_at: Date; updated_at: Date }) => ({
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export function toAirport(row: AirportRow): Airport {
  return { ...row, status: row.status === 1 ? 1 : 0, ...timestampsOf(row) };
}

export function toCoreAirport(row: CoreAirportRow): CoreAirport {
  return { ...row, status: row.status === 1 ? 1 : 0, ...timestampsOf(row) };
}

/** What the database refuses, said in the user's terms (kit/constraints.ts). */
const airportWrites = {
  entity: 'airport',
  translate: constraintTranslator({
    table: 'airports',
    unique: { airports_company_iata_unique: { code: 'airport_iata_taken', field: 'iata_code' } },
    references: ['country_id', 'core_airport_id'],
    inUse: 'airport_in_use',
  }),
};
const coreAirportWrites = {
  entity: 'core_airport',
  translate: constraintTranslator({
    table: 'core_airports',
    unique: { core_airports_iata_code_unique: { code: 'airport_iata_taken', field: 'iata_code' } },
    references: ['country_id'],
    inUse: 'airport_in_use',
  }),
};

/** A company's airports: reads and audited writes, always within the caller's company. */
export const createAirportsService = (db: Db) =>
  companyCrudService<typeof airports.$inferInsert, AirportRow, Airport, AirportListQuery, AirportCreate, AirportUpdate>(db, airports, {
    writes: airportWrites,
    reader: createAirportsRepository,
    toRecord: toAirport,
  });

/** The organisation's core airports, kept by the super admin; companies read them to pick from. */
export const createCoreAirportsService = (db: Db) =>
  organisationCrudService<
    typeof coreAirports.$inferInsert,
    CoreAirportRow,
    CoreAirport,
    CoreAirportListQuery,
    CoreAirportCreate,
    CoreAirportUpdate
  >(db, coreAirports, { writes: coreAirportWrites, reader: createCoreAirportsRepository, toRecord: toCoreAirport });
