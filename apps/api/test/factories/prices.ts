import { randomBytes } from 'node:crypto';
import type { BandType, LocationType } from '@ps/contracts';
import type { Db } from '../../src/db/client.ts';
import { bandMonths, bands, locationPrices, locations } from '../../src/db/schema/index.ts';
import { createAirport } from '../factories.ts';

/**
 * What prices need, inserted straight into the tables (the bands and locations APIs are other modules'):
 * bands, locations of an airport, band-month defaults and route prices of one company.
 */

const tag = () => randomBytes(3).toString('hex');

let nextDays = 1;
/** A band of its own days (bands of one type must not overlap; each call takes fresh days). */
export async function createBand(
  db: Db,
  companyId: number,
  overrides: Partial<{ name: string; type: BandType; min_days: number; max_days: number; status: number }> = {},
) {
  const min = nextDays;
  nextDays = nextDays >= 360 ? 1 : nextDays + 1;
  const [band] = await db
    .insert(bands)
    .values({ company_id: companyId, name: `Band ${tag()}`, type: 'parking', min_days: min, max_days: min, ...overrides })
    .returning();
  if (!band) throw new Error('no band');
  return band;
}

export async function createCarPark(
  db: Db,
  companyId: number,
  airportId: number,
  overrides: Partial<{ name: string; type: LocationType }> = {},
) {
  const [location] = await db
    .insert(locations)
    .values({ company_id: companyId, airport_id: airportId, name: `Car park ${tag()}`, type: 'car_park', capacity: 200, ...overrides })
    .returning();
  if (!location) throw new Error('no location');
  return location;
}

/** An airport with two car parks and a terminal: the places most price tests need. */
export async function createPricingPlaces(db: Db, companyId: number) {
  const airport = await createAirport(db, companyId);
  const longStay = await createCarPark(db, companyId, airport.id, { name: `Long Stay ${tag()}` });
  const shortStay = await createCarPark(db, companyId, airport.id, { name: `Short Stay ${tag()}` });
  const terminal = await createCarPark(db, companyId, airport.id, { name: `Terminal ${tag()}`, type: 'terminal' });
  return { airport, longStay, shortStay, terminal };
}

export async function createBandMonth(db: Db, companyId: number, bandId: number, month: number, price: number) {
  const [row] = await db.insert(bandMonths).values({ company_id: companyId, band_id: bandId, month, price }).returning();
  if (!row) throw new Error('no band month');
  return row;
}

export async function createLocationPrice(
  db: Db,
  companyId: number,
  values: { airport_id: number; departure_id: number; arrival_id: number; band_id: number; month: number | null; price: number },
) {
  const [row] = await db
    .insert(locationPrices)
    .values({ company_id: companyId, ...values })
    .returning();
  if (!row) throw new Error('no location price');
  return row;
}
