// The quote scenario of `npm run bench` (issue 6, section 5): a company of its own (so the demo data's bands
// cannot overlap ours) with one airport, 50 car parks, 10 parking bands, band-month defaults for 12 months and
// each car park's own prices for every band and month (6,000 location prices), a package, two services and a
// voucher. The quote asked for uses all of them: a route price of the month, a package, services, a voucher.
import { openDatabase } from '../apps/api/src/db/client.ts';
import {
  additionalServices,
  airports,
  bandMonths,
  bands,
  companies,
  companyWebConfigs,
  locationPrices,
  locations,
  packages,
  users,
  vouchers,
} from '../apps/api/src/db/schema/index.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';

/** `Authorization: Basic` of a company's id and client key, as a company's web site sends it. */
export const basicOf = (companyId: number, clientKey: string) => `Basic ${Buffer.from(`${companyId}:${clientKey}`).toString('base64')}`;

export const QUOTE_BENCH_ADMIN = { email: 'bench-quote@example.com', password: 'Bench-quote-2026' } as const;

const BAND_DAYS: [number, number][] = [
  [1, 3],
  [4, 7],
  [8, 14],
  [15, 21],
  [22, 30],
  [31, 45],
  [46, 60],
  [61, 90],
  [91, 180],
  [181, 365],
];

export interface QuoteBench {
  companyId: number;
  /** The query string of the quote asked for (the product's and the plain handler's). */
  query: string;
  /** `Basic` of the company's id and client key: the public quote's (issue 23). */
  clientKeyAuthorization: string;
}

export async function seedQuoteBench(databaseUrl: string | undefined, dataDir: string): Promise<QuoteBench> {
  const database = await openDatabase({ databaseUrl, dataDir, connectTimeoutMs: 3000 });
  const db = database.db;
  try {
    const [company] = await db
      .insert(companies)
      .values({ name: 'Bench Quote Parking', client_key: `bench-quote-${Date.now()}`, currency: 'GBP', time_zone: 'Europe/London' })
      .returning();
    if (!company) throw new Error('no bench company');
    await db.insert(companyWebConfigs).values({ company_id: company.id, name: company.name });
    await db.insert(users).values({
      company_id: company.id,
      role: 'admin',
      name: 'Bench Quote Admin',
      email: QUOTE_BENCH_ADMIN.email,
      password_hash: await hashPassword(QUOTE_BENCH_ADMIN.password),
    });
    const [airport] = await db
      .insert(airports)
      .values({ company_id: company.id, iata_code: 'LHR', name: 'London Heathrow', country_id: 826, time_zone: 'Europe/London' })
      .returning();
    if (!airport) throw new Error('no bench airport');
    const carParks = await db
      .insert(locations)
      .values(
        Array.from({ length: 50 }, (_, index) => ({
          company_id: company.id,
          airport_id: airport.id,
          name: `Car park ${String(index + 1).padStart(2, '0')}`,
          type: 'car_park' as const,
          capacity: 200 + index,
        })),
      )
      .returning();
    const bandRows = await db
      .insert(bands)
      .values(
        BAND_DAYS.map(([min, max]) => ({
          company_id: company.id,
          name: `${min}-${max} days`,
          type: 'parking' as const,
          min_days: min,
          max_days: max,
        })),
      )
      .returning();
    await db.insert(bandMonths).values(
      bandRows.flatMap((band, b) =>
        Array.from({ length: 12 }, (_, m) => ({
          company_id: company.id,
          band_id: band.id,
          month: m + 1,
          price: 2000 + b * 1500 + m * 100,
        })),
      ),
    );
    const prices = carParks.flatMap((carPark, c) =>
      bandRows.flatMap((band, b) =>
        Array.from({ length: 12 }, (_, m) => ({
          company_id: company.id,
          airport_id: airport.id,
          departure_id: carPark.id,
          arrival_id: carPark.id,
          band_id: band.id,
          month: m + 1,
          price: 2500 + c * 10 + b * 1500 + m * 100,
        })),
      ),
    );
    for (let start = 0; start < prices.length; start += 1000) await db.insert(locationPrices).values(prices.slice(start, start + 1000));
    const [pkg] = await db
      .insert(packages)
      .values({ company_id: company.id, name: 'Parking Plus', type: 'parking', price: 500, included: ['Covered space'] })
      .returning();
    const services = await db
      .insert(additionalServices)
      .values([
        { company_id: company.id, name: 'Car wash', price: 1200 },
        { company_id: company.id, name: 'EV charging', price: 2500 },
      ])
      .returning();
    await db.insert(vouchers).values({
      company_id: company.id,
      code: 'BENCH10',
      discount_type: 'percent',
      discount_value: 10,
      valid_from: '2026-01-01',
      valid_to: '2027-12-31',
    });
    const route = carParks[24];
    if (!route || !pkg) throw new Error('no bench route');
    const query = new URLSearchParams({
      airport_id: String(airport.id),
      departure_id: String(route.id),
      arrival_id: String(route.id),
      departure_date: '2026-07-10',
      arrival_date: '2026-07-16',
      package_id: String(pkg.id),
      service_ids: services.map((service) => service.id).join(','),
      voucher_code: 'bench10',
    }).toString();
    return { companyId: company.id, query, clientKeyAuthorization: basicOf(company.id, company.client_key) };
  } finally {
    await database.close();
  }
}
