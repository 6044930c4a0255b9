import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertLocation,
  insertLocationPrice,
  insertPackage,
  insertPricedRoute,
  insertService,
  insertVoucher,
} from '../../../test/factories/quote.ts';
import { createAirport } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, clientKeyHeaders, createTenant, type Tenant } from '../../../test/kit.ts';
import { locations } from '../../db/schema/index.ts';

/**
 * The public booking API's first calls (issue 23, section 1): a company's web site reads its airports and prices a stay
 * with the client key, no user. The quote is the back-office's quote for the same inputs; a key reads only its own
 * company's active records.
 */

let ctx: TestContext;
type Company = Tenant & { company: { id: number; client_key: string } };
let owner: Company;
let other: Company;
let route: Awaited<ReturnType<typeof insertPricedRoute>>;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = (await createTenant(ctx)) as Company;
  other = (await createTenant(ctx)) as Company;
  route = await insertPricedRoute(ctx.db, owner.company.id);
});
afterAll(() => ctx?.close());

const basic = clientKeyHeaders;

const query = (values: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(values).map(([key, value]): [string, string] => [key, String(value)]));

describe('GET /api/public/airport/list', () => {
  it("answers the key's company's active airports with the public fields only", async () => {
    const closed = await createAirport(ctx.db, owner.company.id, { name: 'Closed Field', status: 0 });
    const elsewhere = await createAirport(ctx.db, other.company.id, { name: 'Other Company Airport' });
    const response = await call(ctx.app, 'GET', '/api/public/airport/list?page_size=1000', basic(owner.company));
    expect(response.status).toBe(200);
    const rows = response.body.data as Record<string, unknown>[];
    expect(rows.map((row) => row.id)).toContain(route.airport.id);
    expect(rows.map((row) => row.id)).not.toContain(closed.id);
    expect(rows.map((row) => row.id)).not.toContain(elsewhere.id);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['country_iso_code', 'iata_code', 'id', 'name', 'time_zone']);
  });

  it('refuses a wrong key, another company’s key for this id, and no key (401, nothing listed)', async () => {
    for (const headers of [basic(owner.company, 'not-the-key'), basic({ ...owner.company, client_key: other.company.client_key }), {}]) {
      const refused = await call(ctx.app, 'GET', '/api/public/airport/list', headers);
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('client_key_invalid');
      expect(refused.body).not.toHaveProperty('data');
    }
  });
});

describe('GET /api/public/package/list and /api/public/service/list', () => {
  it("answer the key's company's active packages with the public fields only, never another company's", async () => {
    const standard = await insertPackage(ctx.db, owner.company.id, {
      name: 'Meet and Greet Standard',
      description: 'Your car met at the terminal.',
      type: 'meet_and_greet',
      price: 1500,
    });
    const economy = await insertPackage(ctx.db, owner.company.id, { name: 'Park and Ride Economy', type: 'park_and_ride', price: 0 });
    const retired = await insertPackage(ctx.db, owner.company.id, { name: 'Retired Package', status: 0 });
    const theirs = await insertPackage(ctx.db, other.company.id, { name: 'Other Company Package' });

    const response = await call(ctx.app, 'GET', '/api/public/package/list?page_size=1000', basic(owner.company));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const rows = response.body.data as Record<string, unknown>[];
    expect(rows.map((row) => row.id).sort()).toEqual([standard.id, economy.id].sort());
    expect(rows.find((row) => row.id === standard.id)).toEqual({
      id: standard.id,
      name: 'Meet and Greet Standard',
      description: 'Your car met at the terminal.',
      type: 'meet_and_greet',
      price: 1500,
    });
    expect(response.body.pagination).toEqual({ page: 1, page_size: 1000, total: 2 });
    expect(JSON.stringify(response.body)).not.toContain(retired.name);

    // Sorted and searched as every list; the dearest first.
    const byPrice = await call(ctx.app, 'GET', '/api/public/package/list?sort=-price&search=greet', basic(owner.company));
    expect((byPrice.body.data as { id: number }[]).map((row) => row.id)).toEqual([standard.id]);

    const seen = await call(ctx.app, 'GET', '/api/public/package/list?page_size=1000', basic(other.company));
    expect((seen.body.data as { id: number }[]).map((row) => row.id)).toEqual([theirs.id]);
  });

  it("answer the key's company's active additional services with the public fields only, never another company's", async () => {
    const wash = await insertService(ctx.db, owner.company.id, { name: 'Car wash', description: 'Outside only', price: 1200 });
    const charge = await insertService(ctx.db, owner.company.id, { name: 'EV charging', price: 2500 });
    const retired = await insertService(ctx.db, owner.company.id, { name: 'Retired Service', status: 0 });
    const theirs = await insertService(ctx.db, other.company.id, { name: 'Other Company Service' });

    const response = await call(ctx.app, 'GET', '/api/public/service/list?page_size=1000&sort=-price', basic(owner.company));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const rows = response.body.data as { id: number }[];
    // Every active one, the dearest first.
    expect(rows.map((row) => row.id)).toEqual([charge.id, wash.id]);
    expect(rows.find((row) => row.id === wash.id)).toEqual({ id: wash.id, name: 'Car wash', price: 1200 });
    expect(JSON.stringify(response.body)).not.toContain(retired.name);
    expect(JSON.stringify(response.body)).not.toContain(theirs.name);

    const seen = await call(ctx.app, 'GET', '/api/public/service/list?page_size=1000', basic(other.company));
    expect((seen.body.data as { id: number }[]).map((row) => row.id)).toEqual([theirs.id]);
  });

  it('refuse a wrong key, and a company that switched online booking off', async () => {
    for (const path of ['/api/public/package/list', '/api/public/service/list']) {
      const wrong = await call(ctx.app, 'GET', path, basic(owner.company, 'not-the-key'));
      expect(wrong.status, path).toBe(401);
      expect(wrong.body.code).toBe('client_key_invalid');
    }
    const closed = (await createTenant(ctx)) as Company;
    await insertPackage(ctx.db, closed.company.id);
    await call(ctx.app, 'PATCH', '/api/company/details/update', closed.headers, { public_booking_enabled: false });
    for (const path of ['/api/public/package/list', '/api/public/service/list']) {
      const off = await call(ctx.app, 'GET', path, basic(closed.company));
      expect(off.status, path).toBe(401);
      expect(off.body.code).toBe('public_booking_off');
      expect(off.body).not.toHaveProperty('data');
    }
  });
});

describe('GET /api/public/quote', () => {
  it("answers the back-office's quote for the same inputs, explanation included, in the request's language, and no price list", async () => {
    await insertLocationPrice(ctx.db, owner.company.id, {
      airport_id: route.airport.id,
      departure_id: route.carPark.id,
      arrival_id: route.terminal.id,
      band_id: route.bands.week.id,
      month: 8,
      price: 5400,
    });
    const wash = await insertService(ctx.db, owner.company.id, { name: 'Wash', price: 1200 });
    const voucher = await insertVoucher(ctx.db, owner.company.id, { discount_type: 'percent', discount_value: 10 });
    const inputs = query({
      airport_id: route.airport.id,
      departure_id: route.carPark.id,
      arrival_id: route.terminal.id,
      departure_date: '2026-08-10',
      arrival_date: '2026-08-14',
      service_ids: String(wash.id),
      voucher_code: voucher.code,
    });
    for (const language of ['en', 'ta']) {
      const admin = await call(ctx.app, 'GET', `/api/location-price/admin/list?${inputs}`, {
        ...owner.headers,
        'accept-language': language,
      });
      const site = await call(ctx.app, 'GET', `/api/public/quote?${inputs}`, { ...basic(owner.company), 'accept-language': language });
      expect(site.status, JSON.stringify(site.body)).toBe(200);
      expect(site.body.data).toEqual({ quote: (admin.body.data as { quote: unknown }).quote });
      expect(site.body.data).not.toHaveProperty('prices');
    }
    const site = (await call(ctx.app, 'GET', `/api/public/quote?${inputs}`, basic(owner.company))).body.data as {
      quote: { total: number; explanation: { step: string }[] };
    };
    // 5 days of the 4-7 band in August at the route's price, the wash, 10 % off.
    expect(site.quote.total).toBe(Math.round((5400 + 1200) * 0.9));
    expect(site.quote.explanation.map((step) => step.step)).toContain('voucher');
  });

  it('prices only active records and only the key’s company’s: an inactive location or another company’s airport is 400 on its field', async () => {
    const shut = await insertLocation(ctx.db, owner.company.id, route.airport.id, { name: 'Shut car park' });
    await ctx.db.update(locations).set({ status: 0 }).where(eq(locations.id, shut.id));
    const base = { airport_id: route.airport.id, arrival_id: route.terminal.id, departure_date: '2026-08-10', arrival_date: '2026-08-12' };
    const inactive = await call(ctx.app, 'GET', `/api/public/quote?${query({ ...base, departure_id: shut.id })}`, basic(owner.company));
    expect(inactive.status).toBe(400);
    expect(inactive.body.details).toEqual([expect.objectContaining({ field: 'departure_id' })]);
    // The back office still prices it (an operator may quote a car park being set up).
    const admin = await call(ctx.app, 'GET', `/api/location-price/admin/list?${query({ ...base, departure_id: shut.id })}`, owner.headers);
    expect(admin.status).toBe(200);

    const theirs = await insertPricedRoute(ctx.db, other.company.id);
    const foreign = await call(
      ctx.app,
      'GET',
      `/api/public/quote?${query({ ...base, airport_id: theirs.airport.id, departure_id: theirs.carPark.id, arrival_id: theirs.terminal.id })}`,
      basic(owner.company),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.details).toEqual([expect.objectContaining({ field: 'airport_id' })]);
    expect(JSON.stringify(foreign.body)).not.toContain(theirs.airport.name);

    const wrongKey = await call(
      ctx.app,
      'GET',
      `/api/public/quote?${query({ ...base, departure_id: route.carPark.id })}`,
      basic(owner.company, 'x'),
    );
    expect(wrongKey.status).toBe(401);
  });
});
