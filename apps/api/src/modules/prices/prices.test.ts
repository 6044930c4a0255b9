import { bandMonthSortFields, locationPriceSortFields } from '@ps/contracts';
import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../../test/crud-suite.ts';
import { createBand, createBandMonth, createCarPark, createLocationPrice, createPricingPlaces } from '../../../test/factories/prices.ts';
import { createAirport } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createTenant, type Headers } from '../../../test/kit.ts';
import { auditLog, bandMonths, locationPrices } from '../../db/schema/index.ts';
import { seedDemoPrices } from '../../demo/demo-prices.ts';

const companyOf = (tenant: { company: { id: number } | null }) => {
  if (!tenant.company) throw new Error('a company tenant is needed');
  return tenant.company.id;
};

describeCrudResource('band months', {
  base: '/api/band-month',
  entity: 'band_month',
  createBody: async (ctx, tenant) => {
    const band = await createBand(ctx.db, companyOf(tenant), { name: `Kit band ${Math.random().toString(36).slice(2, 8)}` });
    return { band_id: band.id, month: 7, price: 4599 };
  },
  update: { body: { price: 5250, month: 8 }, expect: { price: 5250, month: 8 } },
  invalid: { body: { band_id: 'x', month: 13, price: -1 }, fields: ['band_id', 'month', 'price'] },
  sortFields: bandMonthSortFields,
  searchTermOf: (record) => String(record.band_name),
});

describeCrudResource('location prices', {
  base: '/api/location-price',
  entity: 'location_price',
  createBody: async (ctx, tenant) => {
    const companyId = companyOf(tenant);
    const places = await createPricingPlaces(ctx.db, companyId);
    const band = await createBand(ctx.db, companyId, { name: `Route band ${Math.random().toString(36).slice(2, 8)}` });
    return {
      airport_id: places.airport.id,
      departure_id: places.longStay.id,
      arrival_id: places.longStay.id,
      band_id: band.id,
      month: null,
      price: 3999,
    };
  },
  update: { body: { price: 4100, month: 12 }, expect: { price: 4100, month: 12 } },
  invalid: {
    body: { airport_id: 0, month: 0, price: -5 },
    fields: ['airport_id', 'departure_id', 'arrival_id', 'band_id', 'month', 'price'],
  },
  sortFields: locationPriceSortFields,
  searchTermOf: (record) => String(record.band_name),
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Detail {
  field: string;
  code: string;
  message: string;
}

async function send(method: Method, url: string, headers: Headers, payload?: unknown) {
  const response = await ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = response.json() as { message: string; code?: string; data?: never; details?: Detail[]; pagination?: { total: number } };
  return { status: response.statusCode, body };
}
const fieldsOf = (body: { details?: Detail[] }) => (body.details ?? []).map((detail) => detail.field);

/** A company with an admin, an airport with car parks, and parking bands 1-3, 4-7 (and an inactive one). */
async function pricingTenant() {
  const tenant = await createTenant(ctx);
  const companyId = tenant.company.id;
  const places = await createPricingPlaces(ctx.db, companyId);
  const short = await createBand(ctx.db, companyId, { name: '1-3 days', min_days: 1, max_days: 3 });
  const week = await createBand(ctx.db, companyId, { name: '4-7 days', min_days: 4, max_days: 7 });
  const inactive = await createBand(ctx.db, companyId, { name: 'Old band', min_days: 8, max_days: 14, status: 0 });
  const valet = await createBand(ctx.db, companyId, { name: 'Valet 1-3', type: 'meet_and_greet', min_days: 1, max_days: 3 });
  return { ...tenant, companyId, ...places, short, week, inactive, valet };
}

const routeOf = (t: { airport: { id: number }; longStay: { id: number } }) => ({
  airport_id: t.airport.id,
  departure_id: t.longStay.id,
  arrival_id: t.longStay.id,
});

const pricesOf = (companyId: number) => ctx.db.select().from(locationPrices).where(eq(locationPrices.company_id, companyId));
const auditsOf = (companyId: number, entity: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.company_id, companyId), eq(auditLog.entity, entity)));

describe('band-months: their own rules', () => {
  it('answers the band name, type and days with the default', async () => {
    const t = await pricingTenant();
    const { status, body } = await send('POST', '/api/band-month/add', t.headers, { band_id: t.week.id, month: 12, price: 6500 });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      band_id: t.week.id,
      band_name: '4-7 days',
      band_type: 'parking',
      band_min_days: 4,
      band_max_days: 7,
      month: 12,
      price: 6500,
      company_id: t.companyId,
    });
  });

  it('refuses a second price of the same band and month: 409 band_month_taken on month (in Tamil too)', async () => {
    const t = await pricingTenant();
    await createBandMonth(ctx.db, t.companyId, t.short.id, 3, 2000);
    const { status, body } = await send('POST', '/api/band-month/add', t.headers, { band_id: t.short.id, month: 3, price: 2100 });
    expect(status).toBe(409);
    expect(body.code).toBe('band_month_taken');
    expect(body.message).toBe(en.errors.band_month_taken);
    expect(fieldsOf(body)).toEqual(['month']);
    const tamil = await send(
      'POST',
      '/api/band-month/add',
      { ...t.headers, 'accept-language': 'ta' },
      { band_id: t.short.id, month: 3, price: 1 },
    );
    expect(tamil.body.message).toBe(ta.errors.band_month_taken);
    // Moving another default onto a taken month is the same conflict.
    const other = await createBandMonth(ctx.db, t.companyId, t.short.id, 4, 2000);
    const moved = await send('PATCH', `/api/band-month/update/${other.id}`, t.headers, { month: 3 });
    expect(moved.status).toBe(409);
    expect(fieldsOf(moved.body)).toEqual(['month']);
  });

  it("refuses another company's band with a 400 on band_id, and writes nothing", async () => {
    const t = await pricingTenant();
    const stranger = await pricingTenant();
    const { status, body } = await send('POST', '/api/band-month/add', t.headers, { band_id: stranger.short.id, month: 1, price: 100 });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(['band_id']);
    expect(await ctx.db.select().from(bandMonths).where(eq(bandMonths.company_id, t.companyId))).toHaveLength(0);
  });

  it('filters the list by band, month and band type', async () => {
    const t = await pricingTenant();
    await createBandMonth(ctx.db, t.companyId, t.short.id, 1, 1000);
    await createBandMonth(ctx.db, t.companyId, t.short.id, 2, 1100);
    await createBandMonth(ctx.db, t.companyId, t.week.id, 1, 2000);
    await createBandMonth(ctx.db, t.companyId, t.valet.id, 1, 5000);
    const byBand = await send('GET', `/api/band-month/list?band_id=${t.short.id}`, t.headers);
    expect((byBand.body.data as unknown as Array<{ month: number }>).map((row) => row.month)).toEqual([1, 2]);
    const byMonth = await send('GET', '/api/band-month/list?month=1&sort=price', t.headers);
    expect((byMonth.body.data as unknown as Array<{ price: number }>).map((row) => row.price)).toEqual([1000, 2000, 5000]);
    const byType = await send('GET', '/api/band-month/list?month=1&type=meet_and_greet', t.headers);
    expect((byType.body.data as unknown as Array<{ band_name: string }>).map((row) => row.band_name)).toEqual(['Valet 1-3']);
    expect((await send('GET', '/api/band-month/list?month=13', t.headers)).status).toBe(400);
  });
});

describe('location prices: their own rules', () => {
  it('shows the route names, airport and band with the price; month null is every month', async () => {
    const t = await pricingTenant();
    const { status, body } = await send('POST', '/api/location-price/add', t.headers, {
      airport_id: t.airport.id,
      departure_id: t.terminal.id,
      arrival_id: t.longStay.id,
      band_id: t.week.id,
      price: 5999,
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      airport_id: t.airport.id,
      airport_iata_code: t.airport.iata_code,
      departure_id: t.terminal.id,
      departure_name: t.terminal.name,
      arrival_id: t.longStay.id,
      arrival_name: t.longStay.name,
      band_id: t.week.id,
      band_name: '4-7 days',
      band_type: 'parking',
      month: null,
      price: 5999,
    });
  });

  it('refuses a second price for the same route, band and month (null counts as one value): 409 on month', async () => {
    const t = await pricingTenant();
    const body = { ...routeOf(t), band_id: t.short.id, month: null, price: 1000 };
    expect((await send('POST', '/api/location-price/add', t.headers, body)).status).toBe(201);
    const again = await send('POST', '/api/location-price/add', t.headers, { ...body, price: 1200 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('location_price_taken');
    expect(fieldsOf(again.body)).toEqual(['month']);
    // A month of its own beside the every-month price is fine; twice is not.
    expect((await send('POST', '/api/location-price/add', t.headers, { ...body, month: 8 })).status).toBe(201);
    expect((await send('POST', '/api/location-price/add', t.headers, { ...body, month: 8 })).status).toBe(409);
    // The same band and month on another route is another price.
    const other = { ...body, departure_id: t.shortStay.id, arrival_id: t.shortStay.id };
    expect((await send('POST', '/api/location-price/add', t.headers, other)).status).toBe(201);
  });

  it('refuses a departure or arrival that is not a location of the airport: 400 on each field, nothing written', async () => {
    const t = await pricingTenant();
    const otherAirport = await createAirport(ctx.db, t.companyId);
    const elsewhere = await createCarPark(ctx.db, t.companyId, otherAirport.id);
    const stranger = await pricingTenant();
    const response = await send('POST', '/api/location-price/add', t.headers, {
      airport_id: t.airport.id,
      departure_id: elsewhere.id,
      arrival_id: stranger.longStay.id,
      band_id: t.short.id,
      month: 1,
      price: 100,
    });
    expect(response.status).toBe(400);
    expect(fieldsOf(response.body).sort()).toEqual(['arrival_id', 'departure_id']);
    expect(response.body.details?.[0]?.message).toBe(en.validation.locationOfAirport);
    expect(await pricesOf(t.companyId)).toHaveLength(0);

    // An update that moves the price to another airport without its locations is refused the same way.
    const created = await send('POST', '/api/location-price/add', t.headers, { ...routeOf(t), band_id: t.short.id, month: 1, price: 100 });
    const moved = await send('PATCH', `/api/location-price/update/${(created.body.data as unknown as { id: number }).id}`, t.headers, {
      airport_id: otherAirport.id,
    });
    expect(moved.status).toBe(400);
    expect(fieldsOf(moved.body).sort()).toEqual(['arrival_id', 'departure_id']);
  });

  it("refuses another company's airport and band with a 400 on the field", async () => {
    const t = await pricingTenant();
    const stranger = await pricingTenant();
    const airport = await send('POST', '/api/location-price/add', t.headers, {
      ...routeOf(t),
      airport_id: stranger.airport.id,
      band_id: t.short.id,
      price: 1,
    });
    expect(airport.status).toBe(400);
    expect(fieldsOf(airport.body)).toContain('airport_id');
    const band = await send('POST', '/api/location-price/add', t.headers, { ...routeOf(t), band_id: stranger.short.id, price: 1 });
    expect(band.status).toBe(400);
    expect(fieldsOf(band.body)).toEqual(['band_id']);
    expect(await pricesOf(t.companyId)).toHaveLength(0);
  });

  it('filters the list by airport, departure, arrival, band and month (every = month null)', async () => {
    const t = await pricingTenant();
    const base = { airport_id: t.airport.id, band_id: t.short.id };
    await createLocationPrice(ctx.db, t.companyId, {
      ...base,
      departure_id: t.longStay.id,
      arrival_id: t.longStay.id,
      month: null,
      price: 100,
    });
    await createLocationPrice(ctx.db, t.companyId, {
      ...base,
      departure_id: t.longStay.id,
      arrival_id: t.longStay.id,
      month: 7,
      price: 200,
    });
    await createLocationPrice(ctx.db, t.companyId, {
      ...base,
      departure_id: t.terminal.id,
      arrival_id: t.shortStay.id,
      month: 7,
      price: 300,
    });
    await createLocationPrice(ctx.db, t.companyId, {
      ...base,
      band_id: t.week.id,
      departure_id: t.longStay.id,
      arrival_id: t.longStay.id,
      month: 7,
      price: 400,
    });
    const prices = async (query: string) =>
      ((await send('GET', `/api/location-price/list?sort=price&${query}`, t.headers)).body.data as unknown as Array<{ price: number }>).map(
        (row) => row.price,
      );
    expect(await prices(`airport_id=${t.airport.id}`)).toEqual([100, 200, 300, 400]);
    expect(await prices(`departure_id=${t.longStay.id}`)).toEqual([100, 200, 400]);
    expect(await prices(`arrival_id=${t.shortStay.id}`)).toEqual([300]);
    expect(await prices(`band_id=${t.week.id}`)).toEqual([400]);
    expect(await prices('month=7')).toEqual([200, 300, 400]);
    expect(await prices('month=every')).toEqual([100]);
    expect(await prices(`search=${encodeURIComponent(t.shortStay.name)}`)).toEqual([300]);
    expect((await send('GET', '/api/location-price/list?month=0', t.headers)).status).toBe(400);
  });
});

describe('GET /api/location-price/grid', () => {
  it('gives the active bands of the type by days x 12 months, with own prices beside the defaults and which applies', async () => {
    const t = await pricingTenant();
    const base = { ...routeOf(t), band_id: t.short.id };
    await createBandMonth(ctx.db, t.companyId, t.short.id, 1, 1000);
    await createBandMonth(ctx.db, t.companyId, t.short.id, 2, 1100);
    await createBandMonth(ctx.db, t.companyId, t.short.id, 3, 1200);
    await createBandMonth(ctx.db, t.companyId, t.week.id, 3, 2200);
    await createLocationPrice(ctx.db, t.companyId, { ...base, month: 2, price: 1500 });
    await createLocationPrice(ctx.db, t.companyId, { ...base, band_id: t.week.id, month: null, price: 2500 });
    await createLocationPrice(ctx.db, t.companyId, { ...base, band_id: t.week.id, month: 4, price: 2600 });
    // Another route's price does not show.
    await createLocationPrice(ctx.db, t.companyId, {
      ...base,
      departure_id: t.shortStay.id,
      arrival_id: t.shortStay.id,
      month: 1,
      price: 9,
    });

    const query = `airport_id=${t.airport.id}&departure_id=${t.longStay.id}&arrival_id=${t.longStay.id}&type=parking`;
    const { status, body } = await send('GET', `/api/location-price/grid?${query}`, t.headers);
    expect(status).toBe(200);
    const grid = body.data as unknown as {
      type: string;
      rows: Array<{ band: { name: string }; every_month_price: number | null; cells: Array<Record<string, unknown>> }>;
    };
    expect(grid.type).toBe('parking');
    expect(grid.rows.map((row) => row.band.name)).toEqual(['1-3 days', '4-7 days']);
    const [short, week] = grid.rows;
    expect(short?.cells.map((cell) => cell.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(short?.every_month_price).toBeNull();
    expect(short?.cells[0]).toEqual({ month: 1, month_price: null, own_price: null, default_price: 1000, price: 1000, source: 'default' });
    expect(short?.cells[1]).toEqual({ month: 2, month_price: 1500, own_price: 1500, default_price: 1100, price: 1500, source: 'month' });
    expect(short?.cells[4]).toEqual({ month: 5, month_price: null, own_price: null, default_price: null, price: null, source: null });
    expect(week?.every_month_price).toBe(2500);
    expect(week?.cells[2]).toEqual({
      month: 3,
      month_price: null,
      own_price: 2500,
      default_price: 2200,
      price: 2500,
      source: 'every_month',
    });
    expect(week?.cells[3]).toEqual({ month: 4, month_price: 2600, own_price: 2600, default_price: null, price: 2600, source: 'month' });

    const valet = await send('GET', `/api/location-price/grid?${query.replace('parking', 'meet_and_greet')}`, t.headers);
    expect((valet.body.data as unknown as typeof grid).rows.map((row) => row.band.name)).toEqual(['Valet 1-3']);
  });

  it("answers 404 for another company's route and 400 for a location of another airport", async () => {
    const t = await pricingTenant();
    const stranger = await pricingTenant();
    const foreign = await send(
      'GET',
      `/api/location-price/grid?airport_id=${stranger.airport.id}&departure_id=${stranger.longStay.id}&arrival_id=${stranger.longStay.id}`,
      t.headers,
    );
    expect(foreign.status).toBe(404);
    const mixed = await send(
      'GET',
      `/api/location-price/grid?airport_id=${t.airport.id}&departure_id=${t.longStay.id}&arrival_id=${stranger.longStay.id}`,
      t.headers,
    );
    expect(mixed.status).toBe(404);
    const otherAirport = await createAirport(ctx.db, t.companyId);
    const wrong = await send(
      'GET',
      `/api/location-price/grid?airport_id=${otherAirport.id}&departure_id=${t.longStay.id}&arrival_id=${t.longStay.id}`,
      t.headers,
    );
    expect(wrong.status).toBe(400);
    expect(fieldsOf(wrong.body).sort()).toEqual(['arrival_id', 'departure_id']);
  });
});

describe('PUT /api/location-price/grid', () => {
  it('creates, changes and removes cells in one save, each change audited; an equal price changes nothing', async () => {
    const t = await pricingTenant();
    const base = { ...routeOf(t), band_id: t.short.id };
    const changed = await createLocationPrice(ctx.db, t.companyId, { ...base, month: 1, price: 1000 });
    const removed = await createLocationPrice(ctx.db, t.companyId, { ...base, month: 2, price: 1100 });
    await createLocationPrice(ctx.db, t.companyId, { ...base, month: 3, price: 1200 });
    const { status, body } = await send('PUT', '/api/location-price/grid', t.headers, {
      ...routeOf(t),
      cells: [
        { band_id: t.short.id, month: 1, price: 1050 },
        { band_id: t.short.id, month: 2, price: null },
        { band_id: t.short.id, month: 3, price: 1200 },
        { band_id: t.week.id, month: null, price: 2500 },
        { band_id: t.week.id, month: 5, price: null },
      ],
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toEqual({ created: 1, updated: 1, removed: 1 });
    const rows = await pricesOf(t.companyId);
    expect(rows.map((row) => [row.band_id, row.month, row.price]).sort()).toEqual(
      [
        [t.short.id, 1, 1050],
        [t.short.id, 3, 1200],
        [t.week.id, null, 2500],
      ].sort(),
    );
    const audits = await auditsOf(t.companyId, 'location_price');
    expect(audits.map((entry) => entry.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(audits.find((entry) => entry.action === 'update')?.entity_id).toBe(String(changed.id));
    expect(audits.find((entry) => entry.action === 'delete')?.entity_id).toBe(String(removed.id));
    expect(audits.every((entry) => entry.actor_user_id === t.user.id)).toBe(true);
  });

  it('writes nothing when one cell is bad: a negative price, a band of another company, a cell named twice', async () => {
    const t = await pricingTenant();
    const stranger = await pricingTenant();
    await createLocationPrice(ctx.db, t.companyId, { ...routeOf(t), band_id: t.short.id, month: 1, price: 1000 });
    const good = [
      { band_id: t.short.id, month: 1, price: 5 },
      { band_id: t.week.id, month: 2, price: 6 },
    ];
    const negative = await send('PUT', '/api/location-price/grid', t.headers, {
      ...routeOf(t),
      cells: [...good, { band_id: t.week.id, month: 3, price: -1 }],
    });
    expect(negative.status).toBe(400);
    expect(fieldsOf(negative.body)).toEqual(['cells.2.price']);

    const foreign = await send('PUT', '/api/location-price/grid', t.headers, {
      ...routeOf(t),
      cells: [...good, { band_id: stranger.short.id, month: 3, price: 7 }],
    });
    expect(foreign.status).toBe(400);
    expect(fieldsOf(foreign.body)).toEqual(['cells.2.band_id']);

    const twice = await send('PUT', '/api/location-price/grid', t.headers, { ...routeOf(t), cells: [...good, { ...good[1], price: 8 }] });
    expect(twice.status).toBe(400);
    expect(fieldsOf(twice.body)).toEqual(['cells.2.month']);
    expect(twice.body.details?.[0]?.message).toBe(en.validation.duplicateCell);

    const rows = await pricesOf(t.companyId);
    expect(rows.map((row) => [row.band_id, row.month, row.price])).toEqual([[t.short.id, 1, 1000]]);
    expect(await auditsOf(t.companyId, 'location_price')).toHaveLength(0);
  });

  it("answers 404 for another company's route and writes nothing", async () => {
    const t = await pricingTenant();
    const stranger = await pricingTenant();
    const response = await send('PUT', '/api/location-price/grid', t.headers, {
      ...routeOf(stranger),
      cells: [{ band_id: t.short.id, month: 1, price: 5 }],
    });
    expect(response.status).toBe(404);
    expect(await pricesOf(stranger.companyId)).toHaveLength(0);
    expect(await pricesOf(t.companyId)).toHaveLength(0);
  });
});

describe('POST /api/location-price/copy', () => {
  async function seasonTenant() {
    const t = await pricingTenant();
    const from = { departure_id: t.longStay.id, arrival_id: t.longStay.id };
    const to = { departure_id: t.shortStay.id, arrival_id: t.shortStay.id };
    const base = { airport_id: t.airport.id, ...from };
    await createLocationPrice(ctx.db, t.companyId, { ...base, band_id: t.short.id, month: null, price: 1000 });
    await createLocationPrice(ctx.db, t.companyId, { ...base, band_id: t.short.id, month: 8, price: 1800 });
    await createLocationPrice(ctx.db, t.companyId, { ...base, band_id: t.week.id, month: 12, price: 2900 });
    return { t, from, to };
  }
  const seasonOf = async (companyId: number, route: { departure_id: number }) =>
    (await pricesOf(companyId))
      .filter((row) => row.departure_id === route.departure_id)
      .map((row) => [row.band_id, row.month, row.price])
      .sort();

  it('copies every price of the route to the other route in one action, audited', async () => {
    const { t, from, to } = await seasonTenant();
    const { status, body } = await send('POST', '/api/location-price/copy', t.headers, {
      airport_id: t.airport.id,
      from,
      to,
      replace: false,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toEqual({ copied: 3, replaced: 0 });
    expect(await seasonOf(t.companyId, to)).toEqual(await seasonOf(t.companyId, from));
    const created = (await auditsOf(t.companyId, 'location_price')).filter((entry) => entry.action === 'create');
    expect(created).toHaveLength(3);
  });

  it('with replace false, a target price of the same band and month is a 409 naming it, and nothing is copied', async () => {
    const { t, from, to } = await seasonTenant();
    const target = { airport_id: t.airport.id, ...to };
    await createLocationPrice(ctx.db, t.companyId, { ...target, band_id: t.short.id, month: 8, price: 1 });
    await createLocationPrice(ctx.db, t.companyId, { ...target, band_id: t.valet.id, month: 1, price: 2 });
    const { status, body } = await send('POST', '/api/location-price/copy', t.headers, {
      airport_id: t.airport.id,
      from,
      to,
      replace: false,
    });
    expect(status).toBe(409);
    expect(body.code).toBe('location_price_copy_conflict');
    expect(body.message).toBe(
      en.errors.location_price_copy_conflict_one.replace('{{count}}', '1').replace('{{band}}', '1-3 days').replace('{{month}}', '8'),
    );
    expect(fieldsOf(body)).toEqual(['to']);
    expect(await seasonOf(t.companyId, to)).toEqual(
      [
        [t.short.id, 8, 1],
        [t.valet.id, 1, 2],
      ].sort(),
    );
  });

  it("with replace true, overwrites the target's prices of the same band and month and keeps its others", async () => {
    const { t, from, to } = await seasonTenant();
    const target = { airport_id: t.airport.id, ...to };
    await createLocationPrice(ctx.db, t.companyId, { ...target, band_id: t.short.id, month: 8, price: 1 });
    await createLocationPrice(ctx.db, t.companyId, { ...target, band_id: t.valet.id, month: 1, price: 2 });
    const { status, body } = await send('POST', '/api/location-price/copy', t.headers, {
      airport_id: t.airport.id,
      from,
      to,
      replace: true,
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({ copied: 3, replaced: 1 });
    expect(await seasonOf(t.companyId, to)).toEqual(
      [
        [t.short.id, null, 1000],
        [t.short.id, 8, 1800],
        [t.week.id, 12, 2900],
        [t.valet.id, 1, 2],
      ].sort(),
    );
  });

  it('refuses the same route (400 on to), locations of another airport (400 on the field), and another company (404)', async () => {
    const { t, from, to } = await seasonTenant();
    const same = await send('POST', '/api/location-price/copy', t.headers, { airport_id: t.airport.id, from, to: from, replace: true });
    expect(same.status).toBe(400);
    expect(fieldsOf(same.body)).toEqual(['to']);
    const otherAirport = await createAirport(ctx.db, t.companyId);
    const elsewhere = await createCarPark(ctx.db, t.companyId, otherAirport.id);
    const wrong = await send('POST', '/api/location-price/copy', t.headers, {
      airport_id: t.airport.id,
      from,
      to: { departure_id: elsewhere.id, arrival_id: t.shortStay.id },
      replace: true,
    });
    expect(wrong.status).toBe(400);
    expect(fieldsOf(wrong.body)).toEqual(['to.departure_id']);
    const stranger = await pricingTenant();
    const foreign = await send('POST', '/api/location-price/copy', stranger.headers, { airport_id: t.airport.id, from, to, replace: true });
    expect(foreign.status).toBe(404);
    const foreignTarget = await send('POST', '/api/location-price/copy', t.headers, {
      airport_id: t.airport.id,
      from,
      to: { departure_id: stranger.longStay.id, arrival_id: stranger.longStay.id },
      replace: true,
    });
    expect(foreignTarget.status).toBe(404);
    expect(await seasonOf(t.companyId, to)).toEqual([]);
    expect(await pricesOf(stranger.companyId)).toHaveLength(0);
  });
});

describe('the band-month defaults grid', () => {
  it('reads active bands of the type x months and saves every cell at once, audited', async () => {
    const t = await pricingTenant();
    await createBandMonth(ctx.db, t.companyId, t.short.id, 1, 1000);
    const removed = await createBandMonth(ctx.db, t.companyId, t.short.id, 2, 1100);
    const saved = await send('PUT', '/api/band-month/grid', t.headers, {
      cells: [
        { band_id: t.short.id, month: 1, price: 1050 },
        { band_id: t.short.id, month: 2, price: null },
        { band_id: t.week.id, month: 12, price: 3000 },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({ created: 1, updated: 1, removed: 1 });
    const { status, body } = await send('GET', '/api/band-month/grid?type=parking', t.headers);
    expect(status).toBe(200);
    const grid = body.data as unknown as { rows: Array<{ band: { id: number }; cells: Array<{ month: number; price: number | null }> }> };
    expect(grid.rows.map((row) => row.band.id)).toEqual([t.short.id, t.week.id]);
    expect(grid.rows[0]?.cells.slice(0, 3)).toEqual([
      { month: 1, price: 1050 },
      { month: 2, price: null },
      { month: 3, price: null },
    ]);
    expect(grid.rows[1]?.cells[11]).toEqual({ month: 12, price: 3000 });
    const audits = await auditsOf(t.companyId, 'band_month');
    expect(audits.map((entry) => entry.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(audits.find((entry) => entry.action === 'delete')?.entity_id).toBe(String(removed.id));
  });

  it('writes nothing when one cell is bad', async () => {
    const t = await pricingTenant();
    const stranger = await pricingTenant();
    await createBandMonth(ctx.db, t.companyId, t.short.id, 1, 1000);
    for (const [bad, field] of [
      [{ band_id: t.week.id, month: 13, price: 1 }, 'cells.1.month'],
      [{ band_id: stranger.short.id, month: 3, price: 1 }, 'cells.1.band_id'],
      [{ band_id: t.week.id, month: 3, price: 1.5 }, 'cells.1.price'],
    ] as const) {
      const response = await send('PUT', '/api/band-month/grid', t.headers, { cells: [{ band_id: t.short.id, month: 1, price: 5 }, bad] });
      expect(response.status).toBe(400);
      expect(fieldsOf(response.body)).toEqual([field]);
    }
    const rows = await ctx.db.select().from(bandMonths).where(eq(bandMonths.company_id, t.companyId));
    expect(rows.map((row) => [row.month, row.price])).toEqual([[1, 1000]]);
    expect(await auditsOf(t.companyId, 'band_month')).toHaveLength(0);
  });
});

describe('demo prices', () => {
  it('skips quietly when the demo bands and locations are not there', async () => {
    const t = await createTenant(ctx);
    await seedDemoPrices(ctx.db, t.company.id);
    expect(await ctx.db.select().from(bandMonths).where(eq(bandMonths.company_id, t.company.id))).toHaveLength(0);
  });

  it('gives every parking, meet-and-greet and park-and-ride band a default in every month (dearer in summer and December) and Heathrow Long Stay its own prices', async () => {
    const t = await createTenant(ctx);
    const companyId = t.company.id;
    const airport = await createAirport(ctx.db, companyId);
    await createCarPark(ctx.db, companyId, airport.id, { name: 'Heathrow Long Stay Car Park' });
    const short = await createBand(ctx.db, companyId, { name: '1-3 days', min_days: 1, max_days: 3 });
    await createBand(ctx.db, companyId, { name: '4-7 days', min_days: 4, max_days: 7 });
    await createBand(ctx.db, companyId, { name: '8-14 days', min_days: 8, max_days: 14 });
    const valet = await createBand(ctx.db, companyId, { name: 'Valet', type: 'meet_and_greet', min_days: 1, max_days: 3 });
    // Park and ride is priced too, or the demo's park-and-ride form could not quote a stay.
    const shuttle = await createBand(ctx.db, companyId, { name: 'Shuttle', type: 'park_and_ride', min_days: 1, max_days: 3 });
    await seedDemoPrices(ctx.db, companyId);
    const defaults = await ctx.db.select().from(bandMonths).where(eq(bandMonths.company_id, companyId));
    expect(defaults).toHaveLength(60);
    expect(defaults.filter((row) => row.band_id === valet.id)).toHaveLength(12);
    expect(defaults.filter((row) => row.band_id === shuttle.id)).toHaveLength(12);
    const of = (month: number) => defaults.find((row) => row.band_id === short.id && row.month === month)?.price ?? 0;
    expect(of(7)).toBeGreaterThan(of(3));
    expect(of(12)).toBeGreaterThan(of(3));
    const own = await pricesOf(companyId);
    expect(own.map((row) => [row.month, row.price]).sort()).toEqual(
      [
        [null, 3499],
        [7, 4499],
        [8, 4499],
        [null, 5999],
        [12, 6999],
      ].sort(),
    );
  });
});
