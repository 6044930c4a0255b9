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
import { writeOrganisationRecords, writeRecords } from '../../kit/records.ts';
import type { CompanyActor, OrganisationActor } from '../../kit/routes.ts';
import { AppError, conflict, invalidField, notFound } from '../../lib/errors.ts';
import { constraintOf, PG_FOREIGN_KEY_VIOLATION, PG_RESTRICT_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
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

/**
 * What the database refuses, said in the user's terms: a taken IATA code, an unknown country or core
 * airport, an airport that other records still use.
 */
function translateConstraint(error: unknown): AppError | undefined {
  const code = pgErrorCode(error);
  const constraint = constraintOf(error);
  if (code === PG_UNIQUE_VIOLATION && constraint === 'airports_company_iata_unique') return conflict('airport_iata_taken', 'iata_code');
  if (code === PG_RESTRICT_VIOLATION) return new AppError(409, 'airport_in_use');
  if (code === PG_FOREIGN_KEY_VIOLATION) {
    if (constraint?.includes('country_id')) return invalidField('country_id');
    if (constraint?.startsWith('airports_core_airport_id')) return invalidField('core_airport_id');
    return new AppError(409, 'airport_in_use');
  }
  return undefined;
}

const airportWrites = { entity: 'airport', translate: translateConstraint };
/** A core airport: its code is unique in the organisation; companies' airports that refer to it keep it. */
function translateCoreConstraint(error: unknown): AppError | undefined {
  const code = pgErrorCode(error);
  const constraint = constraintOf(error);
  if (code === PG_UNIQUE_VIOLATION && constraint === 'core_airports_iata_code_unique') return conflict('airport_iata_taken', 'iata_code');
  if (code === PG_FOREIGN_KEY_VIOLATION && constraint?.startsWith('core_airports_country_id')) return invalidField('country_id');
  if (code === PG_FOREIGN_KEY_VIOLATION || code === PG_RESTRICT_VIOLATION) return new AppError(409, 'airport_in_use');
  return undefined;
}

const coreAirportWrites = { entity: 'core_airport', translate: translateCoreConstraint };

/** A company's airports: reads and audited writes, always within the caller's company. */
export function createAirportsService(db: Db) {
  const read = async (actor: CompanyActor, id: number, reader = createAirportsRepository(db, actor.companyId)) => {
    const row = await reader.findById(id);
    if (!row) throw notFound();
    return toAirport(row);
  };
  return {
    async list(actor: CompanyActor, query: AirportListQuery) {
      const { rows, total } = await createAirportsRepository(db, actor.companyId).list(query);
      return { items: rows.map(toAirport), total };
    },
    get: (actor: CompanyActor, id: number) => read(actor, id),
    create: (actor: CompanyActor, input: AirportCreate) =>
      writeRecords(db, airports, actor, airportWrites, async (records) => {
        const row = await records.create(input);
        return read(actor, row.id, createAirportsRepository(records.tx, actor.companyId));
      }),
    update: (actor: CompanyActor, id: number, input: AirportUpdate) =>
      writeRecords(db, airports, actor, airportWrites, async (records) => {
        await records.update(id, input);
        return read(actor, id, createAirportsRepository(records.tx, actor.companyId));
      }),
    delete: (actor: CompanyActor, id: number) =>
      writeRecords(db, airports, actor, airportWrites, async (records) => {
        await records.remove(id);
      }),
  };
}

/** The organisation's core airports, kept by the super admin; companies read them to pick from. */
export function createCoreAirportsService(db: Db) {
  const read = async (id: number, reader = createCoreAirportsRepository(db)) => {
    const row = await reader.findById(id);
    if (!row) throw notFound();
    return toCoreAirport(row);
  };
  return {
    async list(_actor: CompanyActor | OrganisationActor, query: CoreAirportListQuery) {
      const { rows, total } = await createCoreAirportsRepository(db).list(query);
      return { items: rows.map(toCoreAirport), total };
    },
    get: (_actor: CompanyActor | OrganisationActor, id: number) => read(id),
    create: (actor: OrganisationActor, input: CoreAirportCreate) =>
      writeOrganisationRecords(db, coreAirports, actor, coreAirportWrites, async (records) => {
        const row = await records.create(input);
        return read(row.id, createCoreAirportsRepository(records.tx));
      }),
    update: (actor: OrganisationActor, id: number, input: CoreAirportUpdate) =>
      writeOrganisationRecords(db, coreAirports, actor, coreAirportWrites, async (records) => {
        await records.update(id, input);
        return read(id, createCoreAirportsRepository(records.tx));
      }),
    delete: (actor: OrganisationActor, id: number) =>
      writeOrganisationRecords(db, coreAirports, actor, coreAirportWrites, async (records) => {
        await records.remove(id);
      }),
  };
}
