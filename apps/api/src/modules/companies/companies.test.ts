import { randomBytes } from 'node:crypto';
import { companySortFields } from '@ps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../../test/crud-suite.ts';
import { createAirport, loginBody, randomIata } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createSuperAdmin, createTenant, type Tenant } from '../../../test/kit.ts';

const unique = () => randomBytes(4).toString('hex');
const TEMPORARY_PASSWORD = 'Harbour-gate-4417';

function newCompanyBody(overrides: Record<string, unknown> = {}) {
  const tag = unique();
  return {
    name: `Skyline Parking ${tag}`,
    contact_email: `office-${tag}@skyline.example`,
    contact_phone: '+44 20 7946 0000',
    address: '1 Runway Road, Crawley',
    country_id: 826,
    time_zone: 'Europe/London',
    currency: 'gbp',
    admin: { name: 'Priya Nadarajah', email: `admin-${tag}@skyline.example`, temporary_password: TEMPORARY_PASSWORD },
    ...overrides,
  };
}

describeCrudResource('companies', {
  base: '/api/company',
  entity: 'company',
  scope: 'organisation',
  createBody: () => newCompanyBody(),
  update: { body: { name: 'Renamed Company', currency: 'LKR' }, expect: { name: 'Renamed Company', currency: 'LKR' } },
  invalid: {
    body: { name: ' ', contact_email: 'not-an-email', time_zone: 'Mars/Olympus', currency: 'XYZ1', admin: { name: 'A', email: 'x' } },
    fields: ['name', 'contact_email', 'time_zone', 'currency', 'admin.email', 'admin.temporary_password'],
  },
  sortFields: companySortFields,
  searchTermOf: (record) => String(record.name),
});

let ctx: TestContext;
let superAdmin: Tenant;
beforeAll(async () => {
  ctx = await createTestContext();
  superAdmin = await createSuperAdmin(ctx);
});
afterAll(() => ctx?.close());

async function addCompany(overrides: Record<string, unknown> = {}) {
  const body = newCompanyBody(overrides);
  const response = await call(ctx.app, 'POST', '/api/company/add', superAdmin.headers, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { company: response.body.data as { id: number; client_key: string; partner_ids: number[]; currency: string }, body };
}

/** Signs the new admin in through the temporary-password step; returns their bearer header. */
async function firstSignIn(email: string) {
  const step = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: loginBody(email, TEMPORARY_PASSWORD) });
  expect(step.statusCode).toBe(200);
  expect(step.json().data.context).toBe('change-password');
  const changed = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    payload: { step_token: step.json().data.step_token, new_password: 'Lantern-quay-2290', confirm_password: 'Lantern-quay-2290' },
  });
  expect(changed.statusCode, changed.body).toBe(202);
  const data = changed.json().data as { access_token: string; refresh_token: string };
  return { headers: { authorization: `Bearer ${data.access_token}` }, refreshToken: data.refresh_token };
}

describe('adding a company', () => {
  it('makes its first admin, who signs in through the temporary-password step and sees nothing of another company', async () => {
    const first = await createTenant(ctx);
    const firstAirport = await createAirport(ctx.db, first.company.id, { iata_code: randomIata() });
    const { company, body } = await addCompany();
    expect(company.currency).toBe('GBP');
    expect(company.client_key.length).toBeGreaterThanOrEqual(32);

    const admin = await firstSignIn(body.admin.email);
    const details = await call(ctx.app, 'GET', '/api/auth/get-details-by-token', admin.headers);
    expect(details.body.data).toMatchObject({ company_id: company.id, role: 'admin' });

    const airports = await call(ctx.app, 'GET', '/api/airport/list?page_size=1000', admin.headers);
    expect(airports.body.data).toEqual([]);
    expect((await call(ctx.app, 'GET', `/api/airport/get/${firstAirport.id}`, admin.headers)).status).toBe(404);
    expect((await call(ctx.app, 'PATCH', `/api/airport/update/${firstAirport.id}`, admin.headers, { name: 'Taken over' })).status).toBe(
      404,
    );
    expect((await call(ctx.app, 'GET', `/api/company/get/${first.company.id}`, admin.headers)).status).toBe(403);
  });

  it('gives it a client key that opens its public web config', async () => {
    const { company, body } = await addCompany();
    const basic = `Basic ${Buffer.from(`${company.id}:${company.client_key}`).toString('base64')}`;
    const config = await ctx.app.inject({ method: 'GET', url: '/api/web-config', headers: { authorization: basic } });
    expect(config.statusCode).toBe(200);
    expect(config.json().data.name).toBe(body.name);
  });

  it('refuses an admin e-mail already in use (409 on admin.email) and writes nothing', async () => {
    const { body } = await addCompany();
    const again = newCompanyBody({ admin: { ...body.admin } });
    const response = await call(ctx.app, 'POST', '/api/company/add', superAdmin.headers, again);
    expect(response.status).toBe(409);
    expect((response.body.details as Array<{ field: string }>)[0]?.field).toBe('admin.email');
    const search = await call(ctx.app, 'GET', `/api/company/list?search=${encodeURIComponent(again.name)}`, superAdmin.headers);
    expect(search.body.data).toEqual([]);
  });

  it('refuses a common temporary password for the first admin (400 on admin.temporary_password), in EN and TA', async () => {
    const body = newCompanyBody({
      admin: { name: 'Priya Nadarajah', email: `admin-${unique()}@skyline.example`, temporary_password: 'Password1' },
    });
    const response = await call(ctx.app, 'POST', '/api/company/add', superAdmin.headers, body);
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([expect.objectContaining({ field: 'admin.temporary_password', code: 'errors.password_common' })]);
    const search = await call(ctx.app, 'GET', `/api/company/list?search=${encodeURIComponent(body.name)}`, superAdmin.headers);
    expect(search.body.data).toEqual([]);
  });

  it('refuses a company_id, client_key or status text in the body', async () => {
    for (const extra of [{ client_key: 'mine' }, { org_instance_id: 2 }]) {
      expect((await call(ctx.app, 'POST', '/api/company/add', superAdmin.headers, newCompanyBody(extra))).status).toBe(400);
    }
  });
});

describe('partners', () => {
  it('lists the partners a company names, for its own admin; refuses itself and unknown companies', async () => {
    const partner = await addCompany();
    const { company, body } = await addCompany({ partner_ids: [partner.company.id] });
    expect(company.partner_ids).toEqual([partner.company.id]);
    const admin = await firstSignIn(body.admin.email);
    const list = await call(ctx.app, 'GET', '/api/company/partners/list', admin.headers);
    expect(list.body.data).toEqual([{ id: partner.company.id, name: partner.body.name, status: 1 }]);

    const self = await call(ctx.app, 'PATCH', `/api/company/update/${company.id}`, superAdmin.headers, { partner_ids: [company.id] });
    expect(self.status).toBe(409);
    expect(self.body.code).toBe('partner_invalid');
    const unknown = await call(ctx.app, 'PATCH', `/api/company/update/${company.id}`, superAdmin.headers, { partner_ids: [2147483000] });
    expect(unknown.status).toBe(409);
    const still = await call(ctx.app, 'GET', `/api/company/get/${company.id}`, superAdmin.headers);
    expect((still.body.data as { partner_ids: number[] }).partner_ids).toEqual([partner.company.id]);

    const cleared = await call(ctx.app, 'PATCH', `/api/company/update/${company.id}`, superAdmin.headers, { partner_ids: [] });
    expect((cleared.body.data as { partner_ids: number[] }).partner_ids).toEqual([]);
  });
});

describe('deactivating and deleting', () => {
  it('deactivating a company ends its users’ sessions at once; they cannot sign in until it is active again', async () => {
    const { company, body } = await addCompany();
    const admin = await firstSignIn(body.admin.email);
    expect((await call(ctx.app, 'GET', '/api/airport/list', admin.headers)).status).toBe(200);

    await call(ctx.app, 'PATCH', `/api/company/update/${company.id}`, superAdmin.headers, { status: 0 });
    expect((await call(ctx.app, 'GET', '/api/airport/list', admin.headers)).status).toBe(401);
    const refresh = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: admin.refreshToken } });
    expect(refresh.statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: loginBody(body.admin.email, 'Lantern-quay-2290'),
    });
    expect(login.statusCode).toBe(401);

    await call(ctx.app, 'PATCH', `/api/company/update/${company.id}`, superAdmin.headers, { status: 1 });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: loginBody(body.admin.email, 'Lantern-quay-2290'),
    });
    expect(again.statusCode).toBe(202);
  });

  it('refuses to delete a company that has records (409 company_in_use); deletes an empty one with its users', async () => {
    const used = await addCompany();
    await createAirport(ctx.db, used.company.id, { iata_code: randomIata() });
    const refused = await call(ctx.app, 'DELETE', `/api/company/delete/${used.company.id}`, superAdmin.headers);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('company_in_use');
    expect((await call(ctx.app, 'GET', `/api/company/get/${used.company.id}`, superAdmin.headers)).status).toBe(200);

    const empty = await addCompany();
    expect((await call(ctx.app, 'DELETE', `/api/company/delete/${empty.company.id}`, superAdmin.headers)).status).toBe(200);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: loginBody(empty.body.admin.email, TEMPORARY_PASSWORD),
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('GET /api/company/status/list', () => {
  it('labels the statuses in the caller’s language', async () => {
    const en = await call(ctx.app, 'GET', '/api/company/status/list', superAdmin.headers);
    expect(en.body.data).toEqual([
      { value: 1, label: 'Active' },
      { value: 0, label: 'Inactive' },
    ]);
    const ta = await ctx.app.inject({
      method: 'GET',
      url: '/api/company/status/list',
      headers: { ...superAdmin.headers, 'accept-language': 'ta' },
    });
    expect(ta.json().data[0].label).toBe('செயலில்');
  });
});
