import { coreAgencySortFields } from '@ps/contracts';
import agenciesEn from '@ps/contracts/locales/agencies.en.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../../test/crud-suite.ts';
import { uniqueTag } from '../../../test/factories/catalogue.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createSuperAdmin, createTenant, type Tenant } from '../../../test/kit.ts';

describeCrudResource('core agencies', {
  base: '/api/coreagency',
  entity: 'core_agency',
  scope: 'organisation',
  createBody: () => ({ name: `Core Travel ${uniqueTag()}`, contact_email: 'desk@core.example' }),
  update: { body: { contact_name: 'Mira Das', status: 0 }, expect: { contact_name: 'Mira Das', status: 0 } },
  invalid: {
    body: { name: 'ab', contact_email: 'not-an-email', contact_phone: 'call me' },
    fields: ['name', 'contact_email', 'contact_phone'],
  },
  sortFields: coreAgencySortFields,
  searchTermOf: (record) => String(record.name),
});

let ctx: TestContext;
let superAdmin: Tenant;
beforeAll(async () => {
  ctx = await createTestContext();
  superAdmin = await createSuperAdmin(ctx);
});
afterAll(() => ctx?.close());

describe('core agencies', () => {
  it('refuses a second core agency of the same name in any case (409 on name)', async () => {
    const name = `Sunway Tours ${uniqueTag()}`;
    expect((await call(ctx.app, 'POST', '/api/coreagency/add', superAdmin.headers, { name })).status).toBe(201);
    const again = await call(ctx.app, 'POST', '/api/coreagency/add', superAdmin.headers, { name: name.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'agency_name_taken', message: agenciesEn.errors.agency_name_taken });
  });

  it("lets a company admin read the list to pick from, but not change it; a company's agency keeps its core agency", async () => {
    const added = await call(ctx.app, 'POST', '/api/coreagency/add', superAdmin.headers, { name: `Pick Me ${uniqueTag()}` });
    const core = added.body.data as { id: number; name: string };
    const admin = await createTenant(ctx);
    const list = await call(ctx.app, 'GET', `/api/coreagency/list?search=${encodeURIComponent(core.name)}`, admin.headers);
    expect(list.status).toBe(200);
    expect((list.body.data as Array<{ id: number }>).map((row) => row.id)).toEqual([core.id]);
    expect((await call(ctx.app, 'POST', '/api/coreagency/add', admin.headers, { name: `Nope ${uniqueTag()}` })).status).toBe(403);
    expect((await call(ctx.app, 'PATCH', `/api/coreagency/update/${core.id}`, admin.headers, { status: 0 })).status).toBe(403);

    const agency = await call(ctx.app, 'POST', '/api/agency/add', admin.headers, {
      name: 'Local desk',
      core_agency_id: core.id,
      commission_percent: 10,
    });
    expect(agency.status, JSON.stringify(agency.body)).toBe(201);
    expect(agency.body.data).toMatchObject({ core_agency_id: core.id, core_agency_name: core.name });
    const removed = await call(ctx.app, 'DELETE', `/api/coreagency/delete/${core.id}`, superAdmin.headers);
    expect(removed.status).toBe(409);
    expect(removed.body).toMatchObject({ code: 'core_agency_in_use', message: agenciesEn.errors.core_agency_in_use });
  });
});
