import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/client.ts';
import { additionalServices, bandMonths, bands, locationPrices, locations, packages, vouchers } from '../../src/db/schema/index.ts';
import { createAirport } from '../factories.ts';

/**
 * Rows the quote reads, inserted straight into the tables (the CRUD calls that make them are other
 * branches' work). Each takes the company first; references carry it, as the tables demand.
 */

const unique = () => randomBytes(3).toString('hex');

function one<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('nothing inserted');
  return row;
}

export async function insertLocation(db: Db, companyId: number, airportId: number, overrides: Partial<typeof locations.$inferInsert> = {}) {
  return one(
    await db
      .insert(locations)
      .values({ company_id: companyId, airport_id: airportId, name: `Car park ${unique()}`, type: 'car_park', capacity: 100, ...overrides })
      .returning(),
  );
}

export async function insertBand(
  db: Db,
  companyId: number,
  values: Pick<typeof bands.$inferInsert, 'min_days' | 'max_days'> & Partial<typeof bands.$inferInsert>,
) {
  return one(
    await db
      .insert(bands)
      .values({ company_id: companyId, name: `${values.min_days}-${values.max_days} days`, type: 'parking', ...values })
      .returning(),
  );
}

export async function insertBandMonth(db: Db, companyId: number, bandId: number, month: number, price: number) {
  return one(await db.insert(bandMonths).values({ company_id: companyId, band_id: bandId, month, price }).returning());
}

export async function insertLocationPrice(
  db: Db,
  companyId: number,
  values: { airport_id: number; departure_id: number; arrival_id: number; band_id: number; month: number | null; price: number },
) {
  return one(
    await db
      .insert(locationPrices)
      .values({ company_id: companyId, ...values })
      .returning(),
  );
}

export async function insertPackage(db: Db, companyId: number, overrides: Partial<typeof packages.$inferInsert> = {}) {
  return one(
    await db
      .insert(packages)
      .values({ company_id: companyId, name: `Package ${unique()}`, type: 'meet_and_greet', price: 0, ...overrides })
      .returning(),
  );
}

export async function insertService(db: Db, companyId: number, overrides: Partial<typeof additionalServices.$inferInsert> = {}) {
  return one(
    await db
      .insert(additionalServices)
      .values({ company_id: companyId, name: `Service ${unique()}`, price: 1000, ...overrides })
      .returning(),
  );
}

export async function insertVoucher(
  db: Db,
  companyId: number,
  values: Pick<typeof vouchers.$inferInsert, 'discount_type' | 'discount_value'> & Partial<typeof vouchers.$inferInsert>,
) {
  return one(
    await db
      .insert(vouchers)
      .values({ company_id: companyId, code: `V${unique().toUpperCase()}`, valid_from: '2026-01-01', valid_to: '2026-12-31', ...values })
      .returning(),
  );
}

/**
 * A company's priced route: an airport (in `timeZone`), a car park and a terminal, parking bands 1-3, 4-7 and
 * 8-14 days and a meet-and-greet band 1-7, with band-month defaults for every month (parking 1-3: 1000 +
 * month, 4-7: 2000 + month, 8-14: 3000 + month; meet and greet 5000 + month). No route prices: each test
 * adds the ones it is about.
 */
export async function insertPricedRoute(db: Db, companyId: number, timeZone = 'Europe/London') {
  const airport = await createAirport(db, companyId, { time_zone: timeZone });
  const carPark = await insertLocation(db, companyId, airport.id, { name: `Car park ${unique()}` });
  const terminal = await insertLocation(db, companyId, airport.id, { name: `Terminal ${unique()}`, type: 'terminal', capacity: 0 });
  const short = await insertBand(db, companyId, { name: 'Short stay', min_days: 1, max_days: 3 });
  const week = await insertBand(db, companyId, { name: 'Week', min_days: 4, max_days: 7 });
  const fortnight = await insertBand(db, companyId, { name: 'Fortnight', min_days: 8, max_days: 14 });
  const valet = await insertBand(db, companyId, { name: 'Valet week', type: 'meet_and_greet', min_days: 1, max_days: 7 });
  const defaults = [
    ...[short, week, fortnight].flatMap((band, index) =>
      Array.from({ length: 12 }, (_, m) => ({ company_id: companyId, band_id: band.id, month: m + 1, price: (index + 1) * 1000 + m + 1 })),
    ),
    ...Array.from({ length: 12 }, (_, m) => ({ company_id: companyId, band_id: valet.id, month: m + 1, price: 5000 + m + 1 })),
  ];
  await db.insert(bandMonths).values(defaults);
  return { airport, carPark, terminal, bands: { short, week, fortnight, valet } };
}
