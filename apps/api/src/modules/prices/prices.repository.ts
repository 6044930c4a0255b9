import type { BandMonthListQuery, BandType, LocationPriceListQuery } from '@ps/contracts';
import { and, asc, count, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { airports, bandMonths, bands, locationPrices, locations } from '../../db/schema/index.ts';
import { listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

// ---- band-months ---------------------------------------------------------------------------------------

const bandMonthColumns = {
  id: bandMonths.id,
  company_id: bandMonths.company_id,
  band_id: bandMonths.band_id,
  band_name: bands.name,
  band_type: bands.type,
  band_min_days: bands.min_days,
  band_max_days: bands.max_days,
  month: bandMonths.month,
  price: bandMonths.price,
  created_at: bandMonths.created_at,
  updated_at: bandMonths.updated_at,
};
export type BandMonthRow = typeof bandMonths.$inferSelect & {
  band_name: string;
  band_type: BandType;
  band_min_days: number;
  band_max_days: number;
};

/** A company's band-month defaults, each with its band (the band carries the company too: same company). */
export function createBandMonthsRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, bandMonths, companyId);
  const select = () =>
    db
      .select(bandMonthColumns)
      .from(bandMonths)
      .innerJoin(bands, and(eq(bands.company_id, bandMonths.company_id), eq(bands.id, bandMonths.band_id)));
  const total = async (where: SQL | undefined) => {
    const [row] = await db
      .select({ total: count() })
      .from(bandMonths)
      .innerJoin(bands, and(eq(bands.company_id, bandMonths.company_id), eq(bands.id, bandMonths.band_id)))
      .where(where);
    return row?.total ?? 0;
  };

  return {
    list(query: BandMonthListQuery) {
      const parts = listParts(query, {
        filters: [
          scope.owned(),
          query.band_id === undefined ? undefined : eq(bandMonths.band_id, query.band_id),
          query.month === undefined ? undefined : eq(bandMonths.month, query.month),
          query.type === undefined ? undefined : eq(bands.type, query.type),
        ],
        searchColumns: [bands.name],
        sortColumns: { band_name: bands.name, month: bandMonths.month, price: bandMonths.price, created_at: bandMonths.created_at },
        defaultSort: 'band_name',
        tieBreaker: bandMonths.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          select()
            .where(where)
            .orderBy(...orderBy, asc(bandMonths.month))
            .limit(limit)
            .offset(offset),
        count: total,
      });
    },

    async findById(id: number): Promise<BandMonthRow | undefined> {
      const [row] = await select()
        .where(scope.owned(eq(bandMonths.id, id)))
        .limit(1);
      return row;
    },

    /** Every default of the given bands (for a grid). */
    ofBands(bandIds: number[]) {
      if (bandIds.length === 0) return Promise.resolve([]);
      return db
        .select({ id: bandMonths.id, band_id: bandMonths.band_id, month: bandMonths.month, price: bandMonths.price })
        .from(bandMonths)
        .where(scope.owned(inArray(bandMonths.band_id, bandIds)));
    },
  };
}

// ---- location prices -----------------------------------------------------------------------------------

const departure = alias(locations, 'departure');
const arrival = alias(locations, 'arrival');

const locationPriceColumns = {
  id: locationPrices.id,
  company_id: locationPrices.company_id,
  airport_id: locationPrices.airport_id,
  airport_iata_code: airports.iata_code,
  airport_name: airports.name,
  departure_id: locationPrices.departure_id,
  departure_name: departure.name,
  arrival_id: locationPrices.arrival_id,
  arrival_name: arrival.name,
  band_id: locationPrices.band_id,
  band_name: bands.name,
  band_type: bands.type,
  month: locationPrices.month,
  price: locationPrices.price,
  created_at: locationPrices.created_at,
  updated_at: locationPrices.updated_at,
};
export type LocationPriceRow = typeof locationPrices.$inferSelect & {
  airport_iata_code: string;
  airport_name: string;
  departure_name: string;
  arrival_name: string;
  band_name: string;
  band_type: BandType;
};

/** A route of an airport: departure -> arrival (the same car park for parking). */
export interface Route {
  departure_id: number;
  arrival_id: number;
}

/** A company's location prices with the names of their airport, locations and band. */
export function createLocationPricesRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, locationPrices, companyId);
  // Every joined row is of the same company: the references carry the company (db/schema/prices.ts).
  const select = () =>
    db
      .select(locationPriceColumns)
      .from(locationPrices)
      .innerJoin(airports, and(eq(airports.company_id, locationPrices.company_id), eq(airports.id, locationPrices.airport_id)))
      .innerJoin(departure, and(eq(departure.company_id, locationPrices.company_id), eq(departure.id, locationPrices.departure_id)))
      .innerJoin(arrival, and(eq(arrival.company_id, locationPrices.company_id), eq(arrival.id, locationPrices.arrival_id)))
      .innerJoin(bands, and(eq(bands.company_id, locationPrices.company_id), eq(bands.id, locationPrices.band_id)));

  return {
    list(query: LocationPriceListQuery) {
      const month =
        query.month === undefined
          ? undefined
          : query.month === 'every'
            ? isNull(locationPrices.month)
            : eq(locationPrices.month, query.month);
      const parts = listParts(query, {
        filters: [
          scope.owned(),
          query.airport_id === undefined ? undefined : eq(locationPrices.airport_id, query.airport_id),
          query.departure_id === undefined ? undefined : eq(locationPrices.departure_id, query.departure_id),
          query.arrival_id === undefined ? undefined : eq(locationPrices.arrival_id, query.arrival_id),
          query.band_id === undefined ? undefined : eq(locationPrices.band_id, query.band_id),
          month,
        ],
        searchColumns: [bands.name, departure.name, arrival.name],
        sortColumns: {
          departure_name: departure.name,
          arrival_name: arrival.name,
          band_name: bands.name,
          month: locationPrices.month,
          price: locationPrices.price,
          created_at: locationPrices.created_at,
        },
        defaultSort: 'departure_name',
        tieBreaker: locationPrices.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          select()
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: async (where) => {
          const [row] = await db
            .select({ total: count() })
            .from(locationPrices)
            .innerJoin(departure, and(eq(departure.company_id, locationPrices.company_id), eq(departure.id, locationPrices.departure_id)))
            .innerJoin(arrival, and(eq(arrival.company_id, locationPrices.company_id), eq(arrival.id, locationPrices.arrival_id)))
            .innerJoin(bands, and(eq(bands.company_id, locationPrices.company_id), eq(bands.id, locationPrices.band_id)))
            .where(where);
          return row?.total ?? 0;
        },
      });
    },

    async findById(id: number): Promise<LocationPriceRow | undefined> {
      const [row] = await select()
        .where(scope.owned(eq(locationPrices.id, id)))
        .limit(1);
      return row;
    },

    /** Every price of one route (all bands, months and every-month). */
    ofRoute(route: Route) {
      return db
        .select({ id: locationPrices.id, band_id: locationPrices.band_id, month: locationPrices.month, price: locationPrices.price })
        .from(locationPrices)
        .where(scope.owned(eq(locationPrices.departure_id, route.departure_id), eq(locationPrices.arrival_id, route.arrival_id)));
    },
  };
}

/** A company's bands of one type (active only, unless told), in day order: the rows of a grid. */
export function bandsOfType(db: DbOrTx, companyId: number, type: BandType) {
  return db
    .select({ id: bands.id, name: bands.name, type: bands.type, min_days: bands.min_days, max_days: bands.max_days })
    .from(bands)
    .where(companyScope(db, bands, companyId).owned(eq(bands.type, type), eq(bands.status, 1)))
    .orderBy(asc(bands.min_days), asc(bands.id));
}

/** Which of these ids are the company's bands (with their names). */
export function bandsByIds(db: DbOrTx, companyId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: bands.id, name: bands.name })
    .from(bands)
    .where(companyScope(db, bands, companyId).owned(inArray(bands.id, ids)));
}

/** The company's locations among these ids, with their airport. */
export function locationsByIds(db: DbOrTx, companyId: number, ids: number[]) {
  return db
    .select({ id: locations.id, airport_id: locations.airport_id })
    .from(locations)
    .where(companyScope(db, locations, companyId).owned(inArray(locations.id, ids)));
}

/** The company's airport with this id, if any. */
export async function airportExists(db: DbOrTx, companyId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: airports.id })
    .from(airports)
    .where(companyScope(db, airports, companyId).owned(eq(airports.id, id)))
    .limit(1);
  return row !== undefined;
}
