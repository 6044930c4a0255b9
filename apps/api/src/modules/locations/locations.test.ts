import { coreLocationSortFields, locationSortFields } from '@ps/contracts';
import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../../test/crud-suite.ts';
import { coreAirportId, createCoreLocation, createPlace, priceLocation } from '../../../test/factories/places.ts';
import { createAirport } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, createSuperAdmin, createTenant, type Tenant } from '../../../test/kit.ts';
import { locationPrices, locations } from '../../db/schema/index.ts';

const tag = () => Math.random().toString(36).slice(2, 10);

describeCrudResource('locations', {
  base: '/api/location',
  entity: 'location',
  createBody: async (ctx, tenant) => {
    const airport = await createAirport(ctx.db, tenant.company?.id ?? 0);
    return { airport_id: airport.id, name: `Kit Car Park ${tag()}`, type: 'car_park', capacity: 120, address: '1 Kit Road' };
  },
  update: {
    body: { name: 'Renamed Drop-off', type: 'terminal', capacity: 0, latitude: 51.47, longitude: -0.45, status: 0 },
    expect: { name: 'Renamed Drop-off', type: 'terminal', capacity: 0, latitude: 51.47, longitude: -0.45, status: 0 },
  },
  invalid: { body: { name: ' ', type: 'garage', latitude: 91, longitude: 0 }, fields: ['airport_id', 'name', 'type', 'latitude'] },
  sortFields: locationSortFields,
  searchTermOf: (record) => String(record.name),
});

describeCrudResource('core locations', {
  base: '/api/core/location',
  entity: 'core_location',
  scope: 'organisation',
  createBody: async (ctx) => ({
    core_airport_id: await coreAirportId(ctx.db, 'LGW'),
    name: `Core Kit Point ${tag()}`,
    type: 'meeting_point',
  }),
  update: { body: { name: 'Renamed Core Point', capacity: 40 }, expect: { name: 'Renamed Core Point', capacity: 40 } },
  invalid: { body: { name: 'ab', type: 'car_park', latitude: 10, longitude: 200 }, fields: ['core_airport_id', 'name', 'longitude'] },
  sortFields: coreLocationSortFields,
  searchTermOf: (record) => String(record.name),
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Location = Record<string, unknown> & { id: number; name: string };
const names = (body: { data?: unknown }) => (body.data as Location[]).map((row) => row.name);
const detailFields = (body: Record<string, unknown>) => ((body.details as Array<{ field: string }>) ?? []).map((d) => d.field);

describe('POST /api/location/add', () => {
  it('answers the location with its airport code and name, capacity and coordinates', async () => {
    const owner = await createTenant(ctx);
    const airport = await createAirport(ctx.db, owner.company.id, { name: 'London Heathrow' });
    const { status, body } = await call(ctx.app, 'POST', '/api/location/add', owner.headers, {
      airport_id: airport.id,
      name: '  Heathrow Terminal 5 Drop-off ',
      type: 'terminal',
      address: 'Wallis Rd, Hounslow TW6 2GA',
      latitude: 51.4723,
      longitude: -0.4888,
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.data).toEqual({
      id: expect.any(Number),
      company_id: owner.company.id,
      airport_id: airport.id,
      airport_iata_code: airport.iata_code,
      airport_name: 'London Heathrow',
      core_location_id: null,
      name: 'Heathrow Terminal 5 Drop-off',
      type: 'terminal',
      address: 'Wallis Rd, Hounslow TW6 2GA',
      arrival_instructions: null,
      latitude: 51.4723,
      longitude: -0.4888,
      capacity: 0,
      // No limit per 15-minute slot until one is set (issue 24, section 2).
      departure_slot_limit: null,
      arrival_slot_limit: null,
      status: 1,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('refuses a latitude without a longitude, and coordinates out of range, naming the field', async () => {
    const owner = await createTenant(ctx);
    const airport = await createAirport(ctx.db, owner.company.id);
    const half = await call(ctx.app, 'POST', '/api/location/add', owner.headers, {
      airport_id: airport.id,
      name: 'Half a place',
      type: 'other',
      latitude: 51.5,
    });
    expect(half.status).toBe(400);
    expect(detailFields(half.body)).toContain('longitude');
    const far = await call(ctx.app, 'POST', '/api/location/add', owner.headers, {
      airport_id: airport.id,
      name: 'Far away',
      type: 'other',
      latitude: 12,
      longitude: 181,
    });
    expect(far.status).toBe(400);
    expect(detailFields(far.body)).toEqual(['longitude']);
  });

  it("refuses another company's airport (and an unknown one) with a 400 on airport_id, in the caller's language, and writes nothing", async () => {
    const owner = await createTenant(ctx);
    const other = await createTenant(ctx);
    const foreign = await createAirport(ctx.db, other.company.id);
    for (const airportId of [foreign.id, 2_147_483_000]) {
      const { status, body } = await call(ctx.app, 'POST', '/api/location/add', owner.headers, {
        airport_id: airportId,
        name: 'Borrowed airport',
        type: 'car_park',
      });
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: 'validation_failed', details: [{ field: 'airport_id', code: 'validation.invalidValue' }] });
    }
    const tamil = await ctx.app.inject({
      method: 'POST',
      url: '/api/location/add',
      headers: { ...owner.headers, 'accept-language': 'ta' },
      payload: { airport_id: foreign.id, name: 'Borrowed airport', type: 'car_park' },
    });
    expect(tamil.json().details).toEqual([{ field: 'airport_id', code: 'validation.invalidValue', message: ta.validation.invalidValue }]);
    expect(await ctx.db.select().from(locations).where(eq(locations.company_id, owner.company.id))).toEqual([]);
  });

  it('refuses moving a location to another company’s airport (400 on airport_id) and keeps it where it was', async () => {
    const owner = await createTenant(ctx);
    const other = await createTenant(ctx);
    const place = await createPlace(ctx.db, owner.company.id);
    const foreign = await createAirport(ctx.db, other.company.id);
    const { status, body } = await call(ctx.app, 'PATCH', `/api/location/update/${place.id}`, owner.headers, { airport_id: foreign.id });
    expect(status).toBe(400);
    expect(detailFields(body)).toEqual(['airport_id']);
    const [row] = await ctx.db.select().from(locations).where(eq(locations.id, place.id));
    expect(row?.airport_id).toBe(place.airport_id);
  });

  it('links the core location it was picked from; an unknown core location is a 400 on core_location_id', async () => {
    const owner = await createTenant(ctx);
    const airport = await createAirport(ctx.db, owner.company.id);
    const core = await createCoreLocation(ctx.db, { name: 'Core Meet Desk', type: 'meeting_point' });
    const picked = await call(ctx.app, 'POST', '/api/location/add', owner.headers, {
      airport_id: airport.id,
      core_location_id: core.id,
      name: core.name,
      type: core.type,
    });
    expect(picked.status).toBe(201);
    expect(picked.body.data).toMatchObject({ core_location_id: core.id, name: 'Core Meet Desk', type: 'meeting_point' });
    const unknown = await call(ctx.app, 'POST', '/api/location/add', owner.headers, {
      airport_id: airport.id,
      core_location_id: 2_147_483_000,
      name: 'Nowhere point',
      type: 'other',
    });
    expect(unknown.status).toBe(400);
    expect(detailFields(unknown.body)).toEqual(['core_location_id']);
  });
});

describe('GET /api/location/list', () => {
  let owner: Tenant & { company: { id: number } };
  let heathrow: { id: number };
  let gatwick: { id: number };
  const label = tag();
  beforeAll(async () => {
    owner = await createTenant(ctx);
    heathrow = await createAirport(ctx.db, owner.company.id);
    gatwick = await createAirport(ctx.db, owner.company.id);
    const company = owner.company.id;
    await createPlace(ctx.db, company, {
      airport_id: heathrow.id,
      name: `${label} Long Stay`,
      type: 'car_park',
      address: 'Northern Perimeter Rd',
    });
    await createPlace(ctx.db, company, { airport_id: heathrow.id, name: `${label} T5 Drop-off`, type: 'terminal', capacity: 0 });
    await createPlace(ctx.db, company, { airport_id: gatwick.id, name: `${label} South Car Park`, type: 'car_park', status: 0 });
    await createPlace(ctx.db, company, { airport_id: gatwick.id, name: `${label} Meet Desk`, type: 'meeting_point', capacity: 0 });
  });

  it('filters by airport, type and status, together and apart', async () => {
    const get = (query: string) => call(ctx.app, 'GET', `/api/location/list?page_size=1000&${query}`, owner.headers);
    expect(names((await get(`airport_id=${heathrow.id}`)).body).sort()).toEqual([`${label} Long Stay`, `${label} T5 Drop-off`]);
    expect(names((await get('type=car_park')).body).sort()).toEqual([`${label} Long Stay`, `${label} South Car Park`]);
    expect(names((await get('status=0')).body)).toEqual([`${label} South Car Park`]);
    const both = await get(`airport_id=${gatwick.id}&type=car_park&status=1`);
    expect(both.body.data).toEqual([]);
    expect(both.body.pagination).toEqual({ page: 1, page_size: 1000, total: 0 });
    const gatwickAll = await get(`airport_id=${gatwick.id}&sort=-name`);
    expect(names(gatwickAll.body)).toEqual([`${label} South Car Park`, `${label} Meet Desk`]);
    expect((gatwickAll.body.pagination as { total: number }).total).toBe(2);
    expect((await get('type=garage')).status).toBe(400);
  });

  it('searches the address as well as the name, and sorts by the airport code', async () => {
    const byAddress = await call(ctx.app, 'GET', '/api/location/list?search=northern%20perimeter', owner.headers);
    expect(names(byAddress.body)).toEqual([`${label} Long Stay`]);
    const byCode = await call(ctx.app, 'GET', '/api/location/list?sort=airport_iata_code&page_size=1000', owner.headers);
    const codes = (byCode.body.data as Array<{ airport_iata_code: string }>).map((row) => row.airport_iata_code);
    expect(codes).toEqual([...codes].sort());
  });
});

describe('DELETE /api/location/delete/{id}', () => {
  it('refuses to delete a location a price uses (409 location_in_use), and deletes it once the price is gone', async () => {
    const owner = await createTenant(ctx);
    const place = await createPlace(ctx.db, owner.company.id);
    const price = await priceLocation(ctx.db, owner.company.id, place);
    const refused = await call(ctx.app, 'DELETE', `/api/location/delete/${place.id}`, owner.headers);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'location_in_use', message: en.errors.location_in_use });
    const tamil = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/location/delete/${place.id}`,
      headers: { ...owner.headers, 'accept-language': 'ta' },
    });
    expect(tamil.json().message).toBe(ta.errors.location_in_use);
    expect((await call(ctx.app, 'GET', `/api/location/get/${place.id}`, owner.headers)).status).toBe(200);

    await ctx.db.delete(locationPrices).where(eq(locationPrices.id, price.id));
    expect((await call(ctx.app, 'DELETE', `/api/location/delete/${place.id}`, owner.headers)).status).toBe(200);
  });
});

describe('GET /api/location/public/list', () => {
  const basic = (companyId: number, key: string) => ({ authorization: `Basic ${Buffer.from(`${companyId}:${key}`).toString('base64')}` });

  it("answers only the company's active locations at active airports, with public fields only, without a user token", async () => {
    const owner = await createTenant(ctx);
    const other = await createTenant(ctx);
    const company = owner.company.id;
    const open = await createAirport(ctx.db, company, { name: 'Open Airport' });
    const closed = await createAirport(ctx.db, company, { name: 'Closed Airport', status: 0 });
    const shown = await createPlace(ctx.db, company, {
      airport_id: open.id,
      name: 'Shown Car Park',
      address: '1 Public Way',
      latitude: 51.1,
      longitude: -0.2,
      capacity: 300,
    });
    await createPlace(ctx.db, company, { airport_id: open.id, name: 'Closed Car Park', status: 0 });
    await createPlace(ctx.db, company, { airport_id: closed.id, name: 'At Closed Airport' });
    await createPlace(ctx.db, other.company.id, { name: 'Other Company Car Park' });

    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/location/public/list?page_size=1000',
      headers: basic(company, owner.company.client_key),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: en.success.list,
      data: [
        {
          id: shown.id,
          name: 'Shown Car Park',
          type: 'car_park',
          address: '1 Public Way',
          latitude: 51.1,
          longitude: -0.2,
          airport_iata_code: open.iata_code,
          airport_name: 'Open Airport',
        },
      ],
      pagination: { page: 1, page_size: 1000, total: 1 },
    });
  });

  it('filters by airport and type', async () => {
    const owner = await createTenant(ctx);
    const company = owner.company.id;
    const first = await createAirport(ctx.db, company);
    const second = await createAirport(ctx.db, company);
    await createPlace(ctx.db, company, { airport_id: first.id, name: 'First Car Park' });
    await createPlace(ctx.db, company, { airport_id: first.id, name: 'First Terminal', type: 'terminal' });
    await createPlace(ctx.db, company, { airport_id: second.id, name: 'Second Car Park' });
    const headers = basic(company, owner.company.client_key);
    const get = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/location/public/list?${query}`, headers });
    expect((await get(`airport_id=${first.id}`)).json().data.map((l: Location) => l.name)).toEqual(['First Car Park', 'First Terminal']);
    expect((await get('type=car_park')).json().data.map((l: Location) => l.name)).toEqual(['First Car Park', 'Second Car Park']);
    expect((await get(`airport_id=${second.id}&type=terminal`)).json().data).toEqual([]);
  });

  it('answers 401 to a wrong key, another company’s key, no header and a user token alone', async () => {
    const owner = await createTenant(ctx);
    const other = await createTenant(ctx);
    await createPlace(ctx.db, owner.company.id, { name: 'Secret Car Park' });
    for (const headers of [
      basic(owner.company.id, 'wrong-key'),
      basic(owner.company.id, other.company.client_key),
      {},
      owner.headers,
      { authorization: 'Basic not-base64-at-all' },
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/location/public/list', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toMatchObject({ code: 'client_key_invalid' });
      expect(response.body).not.toContain('Secret Car Park');
    }
  });
});

describe('core locations', () => {
  it('a company admin reads the core list (to pick from) but cannot change it; a driver cannot read it', async () => {
    const admin = await createTenant(ctx);
    const core = await createCoreLocation(ctx.db, { name: `Readable core ${tag()}` });
    const list = await call(ctx.app, 'GET', `/api/core/location/list?search=${encodeURIComponent(core.name)}`, admin.headers);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: core.id, name: core.name, core_airport_iata_code: 'LHR', core_airport_name: 'London Heathrow' }),
    ]);
    expect((await call(ctx.app, 'GET', `/api/core/location/get/${core.id}`, admin.headers)).status).toBe(200);
    expect((await call(ctx.app, 'PATCH', `/api/core/location/update/${core.id}`, admin.headers, { name: 'Taken over' })).status).toBe(403);
    const driver = await addUser(ctx, admin.company.id, 'driver');
    expect((await call(ctx.app, 'GET', '/api/core/location/list', driver.headers)).status).toBe(403);
  });

  it('filters by core airport and type', async () => {
    const superAdmin = await createSuperAdmin(ctx);
    const label = tag();
    const man = await coreAirportId(ctx.db, 'MAN');
    await createCoreLocation(ctx.db, { core_airport_id: man, name: `${label} MAN desk`, type: 'meeting_point' });
    await createCoreLocation(ctx.db, { name: `${label} LHR desk`, type: 'meeting_point' });
    await createCoreLocation(ctx.db, { core_airport_id: man, name: `${label} MAN park`, type: 'car_park' });
    const get = (query: string) => call(ctx.app, 'GET', `/api/core/location/list?search=${label}&${query}`, superAdmin.headers);
    expect(names((await get(`core_airport_id=${man}`)).body)).toEqual([`${label} MAN desk`, `${label} MAN park`]);
    expect(names((await get('type=meeting_point')).body)).toEqual([`${label} LHR desk`, `${label} MAN desk`]);
  });

  it("refuses to delete a core location a company's location was picked from (409 location_in_use)", async () => {
    const superAdmin = await createSuperAdmin(ctx);
    const owner = await createTenant(ctx);
    const core = await createCoreLocation(ctx.db);
    await createPlace(ctx.db, owner.company.id, { core_location_id: core.id });
    const refused = await call(ctx.app, 'DELETE', `/api/core/location/delete/${core.id}`, superAdmin.headers);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'location_in_use' });
    expect((await call(ctx.app, 'GET', `/api/core/location/get/${core.id}`, superAdmin.headers)).status).toBe(200);
  });

  it('refuses an unknown core airport with a 400 on core_airport_id', async () => {
    const superAdmin = await createSuperAdmin(ctx);
    const { status, body } = await call(ctx.app, 'POST', '/api/core/location/add', superAdmin.headers, {
      core_airport_id: 2_147_483_000,
      name: 'Nowhere core',
      type: 'other',
    });
    expect(status).toBe(400);
    expect(detailFields(body)).toEqual(['core_airport_id']);
  });
});
