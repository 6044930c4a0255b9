import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLocation, insertLocationPrice, insertPricedRoute, insertService, insertVoucher } from '../../../test/factories/quote.ts';
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
