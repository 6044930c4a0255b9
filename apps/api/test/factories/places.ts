import { randomBytes } from 'node:crypto';
import type { LocationType } from '@ps/contracts';
import type { Db } from '../../src/db/client.ts';
import { bands, coreAirports, coreLocations, locationPrices, locations, yards } from '../../src/db/schema/index.ts';
import { createAirport } from '../factories.ts';

const tag = () => randomBytes(4).toString('hex');

/** A location of the company (at a new airport unless one is given). */
export async function createPlace(
  db: Db,
  companyId: number,
  overrides: Partial<typeof locations.$inferInsert> & { type?: LocationType } = {},
) {
  const airportId = overrides.airport_id ?? (await createAirport(db, companyId)).id;
  const [row] = await db
    .insert(locations)
    .values({ name: `Car park ${tag()}`, type: 'car_park', capacity: 100, ...overrides, company_id: companyId, airport_id: airportId })
    .returning();
  if (!row) throw new Error('no location');
  return row;
}

/** A location price on the route `departure -> arrival` (a band is made for it): the location is then in use. */
export async function priceLocation(db: Db, companyId: number, location: { id: number; airport_id: number }) {
  const [band] = await db
    .insert(bands)
    .values({ company_id: companyId, name: `Band ${tag()}`, type: 'parking', min_days: 1, max_days: 3 })
    .returning();
  if (!band) throw new Error('no band');
  const [price] = await db
    .insert(locationPrices)
    .values({
      company_id: companyId,
      airport_id: location.airport_id,
      departure_id: location.id,
      arrival_id: location.id,
      band_id: band.id,
      month: null,
      price: 4500,
    })
    .returning();
  if (!price) throw new Error('no price');
  return price;
}

/** The id of a core airport by IATA code (reference data). */
export async function coreAirportId(db: Db, iata = 'LHR'): Promise<number> {
  const rows = await db.select({ id: coreAirports.id, iata: coreAirports.iata_code }).from(coreAirports);
  const found = rows.find((row) => row.iata === iata);
  if (!found) throw new Error(`no core airport ${iata}`);
  return found.id;
}

export async function createCoreLocation(db: Db, overrides: Partial<typeof coreLocations.$inferInsert> = {}) {
  const [row] = await db
    .insert(coreLocations)
    .values({
      core_airport_id: overrides.core_airport_id ?? (await coreAirportId(db)),
      name: `Core point ${tag()}`,
      type: 'terminal',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no core location');
  return row;
}

export async function createYard(db: Db, companyId: number, overrides: Partial<typeof yards.$inferInsert> = {}) {
  const [row] = await db
    .insert(yards)
    .values({ name: `Yard ${tag()}`, capacity: 50, ...overrides, company_id: companyId })
    .returning();
  if (!row) throw new Error('no yard');
  return row;
}
