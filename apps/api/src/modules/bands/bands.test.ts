import { bandSortFields } from '@ps/contracts';
import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../../test/crud-suite.ts';
import { freshDays, insertBand, insertBandMonth, uniqueTag } from '../../../test/factories/catalogue.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, createTenant, type Tenant } from '../../../test/kit.ts';

describeCrudResource('bands', {
  base: '/api/band',
  entity: 'band',
  createBody: () => ({ name: `Kit band ${uniqueTag()}`, type: 'parking', ...freshDays() }),
  update: { body: { name: 'Renamed band', status: 0 }, expect: { name: 'Renamed band', status: 0 } },
  invalid: { body: { name: ' ', type: 'boat', min_days: 0, max_days: 400 }, fields: ['name', 'type', 'min_days', 'max_days'] },
  sortFields: bandSortFields,
  searchTermOf: (record) => String(record.name),
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Detail = { field: string; code: string; message: string };
type BandBody = { name?: string; type?: string; min_days?: number; max_days?: number; status?: number };

const bandBody = (body: BandBody) => ({ name: `Band ${uniqueTag()}`, type: 'parking', ...body });
const addBand = (tenant: Tenant, body: BandBody) => call(ctx.app, 'POST', '/api/band/add', tenant.headers, bandBody(body));
async function band(tenant: Tenant, body: BandBody) {
  const response = await addBand(tenant, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as { id: number; min_days: number; max_days: number };
}
const update = (tenant: Tenant, id: number, body: BandBody) => call(ctx.app, 'PATCH', `/api/band/update/${id}`, tenant.headers, body);

function expectOverlap(response: Awaited<ReturnType<typeof call>>, field: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(409);
  expect(response.body).toMatchObject({ code: 'band_overlap', message: en.errors.band_overlap });
  expect((response.body.details as Detail[]).map((detail) => detail.field)).toEqual([field]);
}

describe('bands of one type do not overlap while active', () => {
  it('refuses an add that overlaps, naming the end that falls inside the other band', async () => {
    const tenant = await createTenant(ctx);
    await band(tenant, { min_days: 4, max_days: 7 });
    expectOverlap(await addBand(tenant, { min_days: 7, max_days: 10 }), 'min_days');
    expectOverlap(await addBand(tenant, { min_days: 1, max_days: 4 }), 'max_days');
    // A band that encloses another names its first day.
    expectOverlap(await addBand(tenant, { min_days: 2, max_days: 12 }), 'min_days');
    // Touching ranges are fine: both ends are inclusive, 1-3 and 8-14 meet 4-7 without sharing a day.
    await band(tenant, { min_days: 1, max_days: 3 });
    await band(tenant, { min_days: 8, max_days: 14 });
  });

  it('allows the same days for another type, for an inactive band, and in another company', async () => {
    const tenant = await createTenant(ctx);
    const other = await createTenant(ctx);
    await band(tenant, { min_days: 1, max_days: 7 });
    await band(tenant, { type: 'meet_and_greet', min_days: 1, max_days: 7 });
    await band(tenant, { type: 'park_and_ride', min_days: 1, max_days: 30 });
    await band(tenant, { min_days: 1, max_days: 7, status: 0 });
    await band(other, { min_days: 1, max_days: 7 });
  });

  it('refuses an update whose new days overlap, and one that changes the type into an overlap', async () => {
    const tenant = await createTenant(ctx);
    await band(tenant, { min_days: 1, max_days: 3 });
    const second = await band(tenant, { min_days: 4, max_days: 7 });
    expectOverlap(await update(tenant, second.id, { min_days: 3 }), 'min_days');
    const greet = await band(tenant, { type: 'meet_and_greet', min_days: 2, max_days: 5 });
    expectOverlap(await update(tenant, greet.id, { type: 'parking' }), 'type');
    // Nothing changed on the refused updates.
    const fetched = await call(ctx.app, 'GET', `/api/band/get/${greet.id}`, tenant.headers);
    expect(fetched.body.data).toMatchObject({ type: 'meet_and_greet', min_days: 2, max_days: 5 });
    // An update that keeps its own range is not an overlap with itself.
    expect((await update(tenant, second.id, { name: 'Four to seven days', max_days: 7 })).status).toBe(200);
  });

  it('refuses reactivating a band that overlaps an active one, naming status', async () => {
    const tenant = await createTenant(ctx);
    await band(tenant, { min_days: 1, max_days: 7 });
    const dormant = await band(tenant, { min_days: 5, max_days: 10, status: 0 });
    expectOverlap(await update(tenant, dormant.id, { status: 1 }), 'status');
    // Moved clear of the active band, it can be reactivated in the same call.
    expect((await update(tenant, dormant.id, { min_days: 8, status: 1 })).status).toBe(200);
  });

  it('lets only one of several concurrent overlapping adds win', async () => {
    const tenant = await createTenant(ctx);
    const responses = await Promise.all(
      [
        [1, 5],
        [3, 8],
        [5, 9],
        [2, 6],
        [4, 4],
      ].map(([min_days, max_days]) => addBand(tenant, { min_days, max_days })),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    for (const response of responses.filter((response) => response.status !== 201)) {
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('band_overlap');
    }
    const list = await call(ctx.app, 'GET', '/api/band/list?type=parking', tenant.headers);
    expect(list.body.pagination).toMatchObject({ total: 1 });
  });

  it('lets concurrent reactivations of overlapping bands leave one active', async () => {
    const tenant = await createTenant(ctx);
    const a = await band(tenant, { min_days: 1, max_days: 5, status: 0 });
    const b = await band(tenant, { min_days: 3, max_days: 9, status: 0 });
    const responses = await Promise.all([update(tenant, a.id, { status: 1 }), update(tenant, b.id, { status: 1 })]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const list = await call(ctx.app, 'GET', '/api/band/list?status=1', tenant.headers);
    expect(list.body.pagination).toMatchObject({ total: 1 });
  });
});

describe('band days', () => {
  it('refuses min_days above max_days on add, with the detail on max_days', async () => {
    const tenant = await createTenant(ctx);
    const response = await addBand(tenant, { min_days: 8, max_days: 3 });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ field: 'max_days', code: 'validation.daysOrder', message: en.validation.daysOrder }]);
  });

  it('checks min <= max on the band as an update leaves it (one field sent), in the caller’s language', async () => {
    const tenant = await createTenant(ctx);
    const created = await band(tenant, { min_days: 5, max_days: 7 });
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/band/update/${created.id}`,
      headers: { ...tenant.headers, 'accept-language': 'ta' },
      payload: { min_days: 9 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'max_days', code: 'validation.daysOrder', message: ta.validation.daysOrder }]);
  });

  it('accepts 1 to 365 and refuses 366', async () => {
    const tenant = await createTenant(ctx);
    await band(tenant, { min_days: 1, max_days: 365 });
    const response = await addBand(tenant, { type: 'park_and_ride', min_days: 1, max_days: 366 });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body.details)).toContain('max_days');
  });
});

describe('bands in use', () => {
  it('refuses deleting a band that a band-month uses (409 band_in_use), and deletes it once unused', async () => {
    const tenant = await createTenant(ctx);
    const created = await band(tenant, { min_days: 1, max_days: 3 });
    await insertBandMonth(ctx.db, tenant.company.id, created.id, 6);
    const refused = await call(ctx.app, 'DELETE', `/api/band/delete/${created.id}`, tenant.headers);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'band_in_use', message: en.errors.band_in_use });
    expect((await call(ctx.app, 'GET', `/api/band/get/${created.id}`, tenant.headers)).status).toBe(200);
  });
});

describe('band list filters', () => {
  it('filters by type and by status', async () => {
    const tenant = await createTenant(ctx);
    await insertBand(ctx.db, tenant.company.id, { type: 'parking', min_days: 1, max_days: 3 });
    await insertBand(ctx.db, tenant.company.id, { type: 'parking', min_days: 4, max_days: 7, status: 0 });
    await insertBand(ctx.db, tenant.company.id, { type: 'meet_and_greet', min_days: 1, max_days: 7 });
    const parking = await call(ctx.app, 'GET', '/api/band/list?type=parking', tenant.headers);
    expect((parking.body.data as Array<{ type: string }>).map((row) => row.type)).toEqual(['parking', 'parking']);
    const active = await call(ctx.app, 'GET', '/api/band/list?type=parking&status=1', tenant.headers);
    expect(active.body.data).toMatchObject([{ min_days: 1, max_days: 3 }]);
    expect((await call(ctx.app, 'GET', '/api/band/list?type=boat', tenant.headers)).status).toBe(400);
  });

  it('lists bands in the order of the stays they cover unless told', async () => {
    const tenant = await createTenant(ctx);
    await insertBand(ctx.db, tenant.company.id, { min_days: 8, max_days: 14 });
    await insertBand(ctx.db, tenant.company.id, { min_days: 1, max_days: 3 });
    await insertBand(ctx.db, tenant.company.id, { min_days: 4, max_days: 7 });
    const list = await call(ctx.app, 'GET', '/api/band/list', tenant.headers);
    expect((list.body.data as Array<{ min_days: number }>).map((row) => row.min_days)).toEqual([1, 4, 8]);
  });
});

describe('band types and months', () => {
  it('labels the band types in the caller’s language', async () => {
    const tenant = await createTenant(ctx);
    const english = await call(ctx.app, 'GET', '/api/band/type', tenant.headers);
    expect(english.status).toBe(200);
    expect(english.body.data).toEqual([
      { value: 'parking', label: en.labels.bandTypes.parking },
      { value: 'meet_and_greet', label: en.labels.bandTypes.meet_and_greet },
      { value: 'park_and_ride', label: en.labels.bandTypes.park_and_ride },
    ]);
    const tamil = await ctx.app.inject({ method: 'GET', url: '/api/band/type', headers: { ...tenant.headers, 'accept-language': 'ta' } });
    expect(tamil.json().data[1]).toEqual({ value: 'meet_and_greet', label: ta.labels.bandTypes.meet_and_greet });
  });

  it('lists the twelve months numbered 1 to 12, named in English or Tamil', async () => {
    const tenant = await createTenant(ctx);
    const english = await call(ctx.app, 'GET', '/api/month/list', tenant.headers);
    expect(english.status).toBe(200);
    const months = english.body.data as Array<{ id: number; name: string }>;
    expect(months.map((month) => month.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(months[0]).toEqual({ id: 1, name: 'January' });
    expect(months[11]).toEqual({ id: 12, name: 'December' });
    const tamil = await ctx.app.inject({ method: 'GET', url: '/api/month/list', headers: { ...tenant.headers, 'accept-language': 'ta' } });
    const tamilMonths = tamil.json().data as Array<{ id: number; name: string }>;
    expect(tamilMonths[0]).toEqual({ id: 1, name: 'ஜனவரி' });
    expect(tamilMonths[3]?.name).toBe('ஏப்ரல்');
  });

  it('answers months and band types to a signed-in admin only (a driver gets 403, no token 401)', async () => {
    const tenant = await createTenant(ctx);
    const driver = await addUser(ctx, tenant.company.id, 'driver');
    expect((await call(ctx.app, 'GET', '/api/month/list', driver.headers)).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/band/type', {})).status).toBe(401);
  });
});
