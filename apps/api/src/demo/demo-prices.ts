import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { bandMonths, bands, locationPrices, locations } from '../db/schema/index.ts';

/** A stay's default price (pence) per band, before the season. Other bands get one from their days. */
const BASE_PRICE: Record<string, number> = {
  '1-3 days': 3900,
  '4-7 days': 6500,
  '8-14 days': 9900,
  '15-30 days': 15900,
  // Meet and greet: a driver takes the car at the terminal and brings it back (the demo's trips).
  'M&G 1-7 days': 8900,
  'M&G 8-30 days': 16900,
  // Park and ride: the car park and the shuttle to the terminal, one price for any stay up to 30 days.
  'P&R 1-30 days': 4500,
};
/** Summer holidays and Christmas cost more; January and February less. */
const SEASON: Record<number, number> = { 1: 0.9, 2: 0.9, 7: 1.25, 8: 1.25, 12: 1.2 };

const seasonal = (base: number, month: number) => Math.round((base * (SEASON[month] ?? 1)) / 100) * 100 - 1;

/**
 * Demo prices: band-month defaults for every parking, meet-and-greet and park-and-ride band and month, and Heathrow Long Stay's own
 * prices for two bands (an every-month price, with summer and Christmas months of their own). Bands and locations are
 * the bands' and locations' demo data, found by name; whatever is not there is skipped quietly.
 */
export async function seedDemoPrices(tx: DbOrTx, companyId: number): Promise<void> {
  const pricedBands = await tx
    .select({ id: bands.id, name: bands.name, max_days: bands.max_days })
    .from(bands)
    .where(and(eq(bands.company_id, companyId), inArray(bands.type, ['parking', 'meet_and_greet', 'park_and_ride'])));
  if (pricedBands.length === 0) return;

  const defaults = pricedBands.flatMap((band) => {
    const base = BASE_PRICE[band.name] ?? 2500 + band.max_days * 450;
    return Array.from({ length: 12 }, (_, index) => ({
      company_id: companyId,
      band_id: band.id,
      month: index + 1,
      price: seasonal(base, index + 1),
    }));
  });
  await tx.insert(bandMonths).values(defaults).onConflictDoNothing();

  const [longStay] = await tx
    .select({ id: locations.id, airport_id: locations.airport_id })
    .from(locations)
    .where(and(eq(locations.company_id, companyId), eq(locations.name, 'Heathrow Long Stay Car Park')))
    .limit(1);
  if (!longStay) return;
  const named = new Map(
    (
      await tx
        .select({ id: bands.id, name: bands.name })
        .from(bands)
        .where(and(eq(bands.company_id, companyId), eq(bands.type, 'parking'), inArray(bands.name, ['1-3 days', '4-7 days'])))
    ).map((band) => [band.name, band.id]),
  );
  const route = { company_id: companyId, airport_id: longStay.airport_id, departure_id: longStay.id, arrival_id: longStay.id };
  const own: Array<{ band: string; month: number | null; price: number }> = [
    { band: '1-3 days', month: null, price: 3499 },
    { band: '1-3 days', month: 7, price: 4499 },
    { band: '1-3 days', month: 8, price: 4499 },
    { band: '4-7 days', month: null, price: 5999 },
    { band: '4-7 days', month: 12, price: 6999 },
  ];
  const rows = own.flatMap(({ band, month, price }) => {
    const bandId = named.get(band);
    return bandId === undefined ? [] : [{ ...route, band_id: bandId, month, price }];
  });
  if (rows.length > 0) await tx.insert(locationPrices).values(rows).onConflictDoNothing();
}
