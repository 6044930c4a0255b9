import type { AirportListQuery, CoreAirportListQuery } from '@ps/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { airports, coreAirports, countries } from '../../db/schema/index.ts';
import { preparedList } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

const airportColumns = {
  id: airports.id,
  company_id: airports.company_id,
  core_airport_id: airports.core_airport_id,
  iata_code: airports.iata_code,
  name: airports.name,
  country_id: airports.country_id,
  country_name: countries.name,
  country_iso_code: countries.iso_code,
  time_zone: airports.time_zone,
  status: airports.status,
  created_at: airports.created_at,
  updated_at: airports.updated_at,
};
export type AirportRow = typeof airports.$inferSelect & { country_name: string; country_iso_code: string };

const coreAirportColumns = {
  id: coreAirports.id,
  iata_code: coreAirports.iata_code,
  name: coreAirports.name,
  country_id: coreAirports.country_id,
  country_name: countries.name,
  country_iso_code: countries.iso_code,
  time_zone: coreAirports.time_zone,
  status: coreAirports.status,
  created_at: coreAirports.created_at,
  updated_at: coreAirports.updated_at,
};
export type CoreAirportRow = typeof coreAirports.$inferSelect & { country_name: string; country_iso_code: string };

/**
 * One airport by id, prepared once per database handle: the most frequent read skips building its SQL on
 * every call. The company comes in as a parameter, through the same company scope as every other read.
 */
function prepareAirportById(db: DbOrTx) {
  return db
    .select(airportColumns)
    .from(airports)
    .innerJoin(countries, eq(countries.id, airports.country_id))
    .where(companyScope(db, airports, sql.placeholder('companyId')).owned(eq(airports.id, sql.placeholder('id'))))
    .limit(1)
    .prepare('airport_by_id');
}
const airportById = new WeakMap<DbOrTx, ReturnType<typeof prepareAirportById>>();

/** The company's airports, one page and the count, prepared per shape of query (kit/list.ts). */
const listAirports = preparedList<AirportListQuery, AirportRow>({
  name: 'airport_list',
  select: (db) => db.select(airportColumns).from(airports).innerJoin(countries, eq(countries.id, airports.country_id)),
  table: airports,
  scope: (db, companyId) => companyScope(db, airports, companyId).owned(),
  filters: { status: (status) => eq(airports.status, status) },
  searchColumns: [airports.iata_code, airports.name],
  sortColumns: {
    iata_code: airports.iata_code,
    name: airports.name,
    time_zone: airports.time_zone,
    status: airports.status,
    created_at: airports.created_at,
  },
  defaultSort: 'iata_code',
  tieBreaker: airports.id,
});

/** The organisation's core airports (no company). */
const listCoreAirports = preparedList<CoreAirportListQuery, CoreAirportRow>({
  name: 'core_airport_list',
  select: (db) => db.select(coreAirportColumns).from(coreAirports).innerJoin(countries, eq(countries.id, coreAirports.country_id)),
  table: coreAirports,
  filters: { status: (status) => eq(coreAirports.status, status) },
  searchColumns: [coreAirports.iata_code, coreAirports.name],
  sortColumns: {
    iata_code: coreAirports.iata_code,
    name: coreAirports.name,
    time_zone: coreAirports.time_zone,
    status: coreAirports.status,
  },
  defaultSort: 'iata_code',
  tieBreaker: coreAirports.id,
});

/** Airport reads of one company, with the country joined; writes go through the kit (airports.service.ts). */
export function createAirportsRepository(db: DbOrTx, companyId: number) {
  return {
    list: (query: AirportListQuery) => listAirports(db, companyId, query),

    async findById(id: number): Promise<AirportRow | undefined> {
      let statement = airportById.get(db);
      if (!statement) {
        statement = prepareAirportById(db);
        airportById.set(db, statement);
      }
      const [row] = await statement.execute({ companyId, id });
      return row;
    },
  };
}

/** The organisation's core airports (no company), with the country joined. */
export function createCoreAirportsRepository(db: DbOrTx) {
  const select = () => db.select(coreAirportColumns).from(coreAirports).innerJoin(countries, eq(countries.id, coreAirports.country_id));
  return {
    list: (query: CoreAirportListQuery) => listCoreAirports(db, null, query),

    async findById(id: number): Promise<CoreAirportRow | undefined> {
      const [row] = await select().where(eq(coreAirports.id, id)).limit(1);
      return row;
    },
  };
}
