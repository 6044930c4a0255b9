import type { CompanySetup, SetupStep } from '@ps/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, randomIata } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import {
  addUser,
  builtInRoleId,
  call,
  createCompanyThroughApi,
  createSuperAdmin,
  mintAccessToken,
  type Tenant,
} from '../../../test/kit.ts';
import { roles, users } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const URL = '/api/company/setup/list';

async function setup(tenant: Tenant): Promise<CompanySetup> {
  const { status, body } = await call(ctx.app, 'GET', URL, tenant.headers);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as CompanySetup;
}

/** `{ airport: [done, count], ... }`: the whole checklist in one line of a test. */
async function states(tenant: Tenant): Promise<Record<SetupStep, [boolean, number]>> {
  const answer = await setup(tenant);
  expect(answer.total).toBe(6);
  expect(answer.done).toBe(answer.steps.filter((step) => step.done).length);
  return Object.fromEntries(answer.steps.map((step) => [step.step, [step.done, step.count]])) as Record<SetupStep, [boolean, number]>;
}

async function created(tenant: Tenant, url: string, payload: unknown): Promise<{ id: number }> {
  const { status, body } = await call(ctx.app, 'POST', url, tenant.headers, payload);
  expect(status, JSON.stringify(body)).toBe(201);
  return body.data as { id: number };
}

describe('GET /api/company/setup/list', () => {
  it('opens every step for a company the super admin just made, then ticks each as its records appear', async () => {
    const tenant = await createCompanyThroughApi(ctx);
    const answer = await setup(tenant);
    expect(answer.steps.map((step) => step.step)).toEqual(['airport', 'car_park', 'bands', 'prices', 'users', 'web_config']);
    expect(answer).toMatchObject({ done: 0, total: 6 });
    expect(await states(tenant)).toEqual({
      airport: [false, 0],
      car_park: [false, 0],
      bands: [false, 0],
      prices: [false, 0],
      users: [false, 0],
      web_config: [false, 0],
    });

    // An inactive airport is not one to take bookings at; the active one is.
    await created(tenant, '/api/airport/add', {
      iata_code: randomIata(),
      name: 'Closed Field',
      country_id: 826,
      time_zone: 'Europe/London',
      status: 0,
    });
    expect((await states(tenant)).airport).toEqual([false, 0]);
    const airport = await created(tenant, '/api/airport/add', {
      iata_code: randomIata(),
      name: 'Harbour Airport',
      country_id: 826,
      time_zone: 'Europe/London',
    });
    expect((await states(tenant)).airport).toEqual([true, 1]);

    // A meeting point, and a car park without spaces, are no car park; one with spaces is.
    await created(tenant, '/api/location/add', { airport_id: airport.id, name: 'Arrivals hall', type: 'meeting_point' });
    await created(tenant, '/api/location/add', { airport_id: airport.id, name: 'Overflow', type: 'car_park', capacity: 0 });
    expect((await states(tenant)).car_park).toEqual([false, 0]);
    await created(tenant, '/api/location/add', { airport_id: airport.id, name: 'Long stay', type: 'car_park', capacity: 120 });
    expect((await states(tenant)).car_park).toEqual([true, 1]);

    const band = await created(tenant, '/api/band/add', { name: 'Short stay', type: 'parking', min_days: 1, max_days: 3 });
    expect(await states(tenant)).toMatchObject({ bands: [true, 1], prices: [false, 0] });

    await created(tenant, '/api/band-month/add', { band_id: band.id, month: 1, price: 4500 });
    await created(tenant, '/api/band-month/add', { band_id: band.id, month: 2, price: 4500 });
    expect((await states(tenant)).prices).toEqual([true, 2]);
    // The prices of a band taken out of use price nothing.
    expect((await call(ctx.app, 'PATCH', `/api/band/update/${band.id}`, tenant.headers, { status: 0 })).status).toBe(200);
    expect(await states(tenant)).toMatchObject({ bands: [false, 0], prices: [false, 0] });
    expect((await call(ctx.app, 'PATCH', `/api/band/update/${band.id}`, tenant.headers, { status: 1 })).status).toBe(200);

    const colleague = await created(tenant, '/api/auth/admin/add', {
      name: 'Meena Sivakumar',
      email: `meena-${randomIata().toLowerCase()}-${Date.now()}@harbour.example`,
      temporary_password: 'Lantern-quay-2290',
      role_id: await builtInRoleId(ctx, 'admin'),
    });
    expect((await states(tenant)).users).toEqual([true, 1]);

    expect((await call(ctx.app, 'PATCH', '/api/web-config/update', tenant.headers, { name: 'Harbour Parking' })).status).toBe(200);
    const all = await setup(tenant);
    expect(all).toMatchObject({ done: 6, total: 6 });
    expect(await states(tenant)).toMatchObject({ web_config: [true, 1] });

    // A step whose records go opens again: the colleague removed, only the first admin is left.
    expect((await call(ctx.app, 'DELETE', `/api/auth/admin/delete/${colleague.id}`, tenant.headers)).status).toBe(200);
    expect((await setup(tenant)).done).toBe(5);
    expect((await states(tenant)).users).toEqual([false, 0]);
  });

  it('counts anyone besides the first admin, a driver too; the first admin is never counted, also by another admin', async () => {
    const tenant = await createCompanyThroughApi(ctx);
    const companyId = tenant.company.id;
    const other = await addUser(ctx, companyId, 'admin');
    expect((await states(other)).users).toEqual([true, 1]);
    await addUser(ctx, companyId, 'driver');
    expect((await states(tenant)).users).toEqual([true, 2]);
    // A removed person no longer counts.
    await ctx.db.update(users).set({ deleted_at: new Date() }).where(eq(users.id, other.user.id));
    expect((await states(tenant)).users).toEqual([true, 1]);
  });

  it('ticks the look when the company has one of its own, also without a save in the audit log (the demo, the first start)', async () => {
    const tenant = await createCompanyThroughApi(ctx);
    expect((await states(tenant)).web_config).toEqual([false, 0]);
    expect((await call(ctx.app, 'PATCH', '/api/web-config/update', tenant.headers, { primary_color: '#0b5cab' })).status).toBe(200);
    expect((await call(ctx.app, 'PATCH', '/api/web-config/update', tenant.headers, { primary_color: '#0a4f94' })).status).toBe(200);
    expect((await states(tenant)).web_config).toEqual([true, 2]);

    // The super admin renaming the company renames its sign-in page too: that is not the company setting its look.
    const renamed = await createCompanyThroughApi(ctx);
    const superAdmin = await createSuperAdmin(ctx);
    const rename = await call(ctx.app, 'PATCH', `/api/company/update/${renamed.company.id}`, superAdmin.headers, {
      name: 'Renamed Harbour',
    });
    expect(rename.status).toBe(200);
    expect((await states(renamed)).web_config).toEqual([false, 0]);
  });

  it("answers a second company's admin with their own company's checklist only", async () => {
    const first = await createCompanyThroughApi(ctx);
    const second = await createCompanyThroughApi(ctx);
    await created(first, '/api/airport/add', { iata_code: randomIata(), name: 'First Field', country_id: 826, time_zone: 'Europe/London' });
    await created(first, '/api/band/add', { name: 'Week', type: 'parking', min_days: 4, max_days: 8 });
    expect(await states(first)).toMatchObject({ airport: [true, 1], bands: [true, 1] });
    expect((await setup(second)).done).toBe(0);
    // A company id in the query widens nothing: the caller's company is the only one read.
    const widened = await call(ctx.app, 'GET', `${URL}?company_id=${first.company.id}`, second.headers);
    expect(widened.status).toBe(200);
    expect((widened.body.data as CompanySetup).done).toBe(0);
  });

  it('is for those who see the dashboard: 403 to a driver, to a role without statistics, and to the super admin; 401 without a token', async () => {
    const tenant = await createCompanyThroughApi(ctx);
    const driver = await addUser(ctx, tenant.company.id, 'driver');
    expect((await call(ctx.app, 'GET', URL, driver.headers)).status).toBe(403);

    const [role] = await ctx.db
      .insert(roles)
      .values({
        company_id: tenant.company.id,
        name: 'Price keeper',
        permissions: ['bands.view', 'band_months.view', 'band_months.update'],
      })
      .returning();
    const user = await createUser(ctx.db, { company_id: tenant.company.id, role: 'admin', role_id: role?.id ?? null });
    const keeper: Tenant = { company: null, user, headers: { authorization: `Bearer ${await mintAccessToken(ctx, user)}` } };
    const refused = await call(ctx.app, 'GET', URL, keeper.headers);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');

    const [reader] = await ctx.db
      .insert(roles)
      .values({ company_id: tenant.company.id, name: 'Desk', permissions: ['statistics.view'] })
      .returning();
    const deskUser = await createUser(ctx.db, { company_id: tenant.company.id, role: 'admin', role_id: reader?.id ?? null });
    const desk: Tenant = { company: null, user: deskUser, headers: { authorization: `Bearer ${await mintAccessToken(ctx, deskUser)}` } };
    expect((await call(ctx.app, 'GET', URL, desk.headers)).status).toBe(200);

    expect((await call(ctx.app, 'GET', URL, (await createSuperAdmin(ctx)).headers)).status).toBe(403);
    expect((await call(ctx.app, 'GET', URL, {})).status).toBe(401);
  });
});
