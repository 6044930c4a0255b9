import type { CoreLocationListQuery, LocationListQuery, PublicLocationListQuery } from '@ps/contracts';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { airports, coreAirports, coreLocations, locations } from '../../db/schema/index.ts';
import { countRows, listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

const locationColumns = {
  id: locations.id,
  company_id: locations.company_id,
  airport_id: locations.airport_id,
  airport_iata_code: airports.iata_code,
  airport_name: airports.name,
  core_location_id: locations.core_location_id,
  name: locations.name,
  type: locations.type,
  address: locations.address,
  arrival_instructions: locations.arrival_instructions,
  latitude: locations.latitude,
  longitude: locations.longitude,
  capacity: locations.capacity,
  departure_slot_limit: locations.departure_slot_limit,
  arrival_slot_limit: locations.arrival_slot_limit,
  status: locations.status,
  created_at: locations.created_at,
  updated_at: locations.updated_at,
};
export type LocationRow = typeof locations.$inferSelect & { airport_iata_code: string; airport_name: string };

/** The airport of a location is the company's own (the foreign key carries the company). */
const airportOfLocation = and(eq(airports.company_id, locations.company_id), eq(airports.id, locations.airport_id));

/** The count of a joined list (the filters may name the airport's columns). */
async function countJoined(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(locations).innerJoin(airports, airportOfLocation).where(where);
  return row?.total ?? 0;
}

/** Location reads of one company, with the airport's code and name; writes go through the kit. */
export function createLocationsRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, locations, companyId);
  const select = () => db.select(locationColumns).from(locations).innerJoin(airports, airportOfLocation);

  return {
    list(query: LocationListQuery) {
      const parts = listParts(query, {
        filters: [
          scope.owned(),
          query.status === undefined ? undefined : eq(locations.status, query.status),
          query.airport_id === undefined ? undefined : eq(locations.airport_id, query.airport_id),
          query.type === undefined ? undefined : eq(locations.type, query.type),
        ],
        searchColumns: [locations.name, locations.address],
        sortColumns: {
          name: locations.name,
          type: locations.type,
          capacity: locations.capacity,
          airport_iata_code: airports.iata_code,
          status: locations.status,
          created_at: locations.created_at,
        },
        defaultSort: 'name',
        tieBreaker: locations.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          select()
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: (where) => countJoined(db, where),
      });
    },

    async findById(id: number): Promise<LocationRow | undefined> {
      const [row] = await select()
        .where(scope.owned(eq(locations.id, id)))
        .limit(1);
      return row;
    },
  };
}

const publicColumns = {
  id: locations.id,
  name: locations.name,
  type: locations.type,
  address: locations.address,
  latitude: locations.latitude,
  longitude: locations.longitude,
  airport_iata_code: airports.iata_code,
  airport_name: airports.name,
};

/** The company's public site: active locations at active airports, public fields only. */
export function listPublicLocations(db: DbOrTx, companyId: number, query: PublicLocationListQuery) {
  const scope = companyScope(db, locations, companyId);
  const parts = listParts(query, {
    filters: [
      scope.owned(eq(locations.status, 1), eq(airports.status, 1)),
      query.airport_id === undefined ? undefined : eq(locations.airport_id, query.airport_id),
      query.type === undefined ? undefined : eq(locations.type, query.type),
    ],
    searchColumns: [locations.name, locations.address],
    sortColumns: { name: locations.name, type: locations.type, airport_iata_code: airports.iata_code },
    defaultSort: 'name',
    tieBreaker: locations.id,
  });
  return listPage(parts, {
    rows: ({ where, orderBy, limit, offset }) =>
      db
        .select(publicColumns)
        .from(locations)
        .innerJoin(airports, airportOfLocation)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    count: (where) => countJoined(db, where),
  });
}

const coreLocationColumns = {
  id: coreLocations.id,
  core_airport_id: coreLocations.core_airport_id,
  core_airport_iata_code: coreAirports.iata_code,
  core_airport_name: coreAirports.name,
  name: coreLocations.name,
  type: coreLocations.type,
  address: coreLocations.address,
  latitude: coreLocations.latitude,
  longitude: coreLocations.longitude,
  capacity: coreLocations.capacity,
  status: coreLocations.status,
  created_at: coreLocations.created_at,
  updated_at: coreLocations.updated_at,
};
export type CoreLocationRow = typeof coreLocations.$inferSelect & { core_airport_iata_code: string; core_airport_name: string };

/** The organisation's core locations (no company), with the core airport's code and name. */
export function createCoreLocationsRepository(db: DbOrTx) {
  const select = () =>
    db.select(coreLocationColumns).from(coreLocations).innerJoin(coreAirports, eq(coreAirports.id, coreLocations.core_airport_id));
  return {
    list(query: CoreLocationListQuery) {
      const parts = listParts(query, {
        filters: [
          query.status === undefined ? undefined : eq(coreLocations.status, query.status),
          query.core_airport_id === undefined ? undefined : eq(coreLocations.core_airport_id, query.core_airport_id),
          query.type === undefined ? undefined : eq(coreLocations.type, query.type),
        ],
        searchColumns: [coreLocations.name, coreLocations.address],
        sortColumns: {
          name: coreLocations.name,
          type: coreLocations.type,
          capacity: coreLocations.capacity,
          core_airport_iata_code: coreAirports.iata_code,
          status: coreLocations.status,
        },
        defaultSort: 'name',
        tieBreaker: coreLocations.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          select()
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: (where) => countRows(db, coreLocations, where),
      });
    },

    async findById(id: number): Promise<CoreLocationRow | undefined> {
      const [row] = await select().where(eq(coreLocations.id, id)).limit(1);
      return row;
    },
  };
}
