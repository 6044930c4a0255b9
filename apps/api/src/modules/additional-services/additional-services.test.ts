import { additionalServiceSortFields } from '@ps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../../test/crud-suite.ts';
import { uniqueTag } from '../../../test/factories/catalogue.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant } from '../../../test/kit.ts';

describeCrudResource('additional services', {
  base: '/api/additional_services',
  entity: 'additional_service',
  createBody: () => ({ name: `Kit service ${uniqueTag()}`, description: 'Outside and in', price: 1500 }),
  update: { body: { name: 'Hand car wash', price: 1800 }, expect: { name: 'Hand car wash', price: 1800 } },
  invalid: { body: { name: 'ab', price: -5, description: 7 }, fields: ['name', 'price', 'description'] },
  sortFields: additionalServiceSortFields,
  searchTermOf: (record) => String(record.name),
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('additional services', () => {
  it('accepts a free service (price 0) and finds services by description', async () => {
    const tenant = await createTenant(ctx);
    const added = await call(ctx.app, 'POST', '/api/additional_services/add', tenant.headers, {
      name: 'Extra luggage',
      description: 'A second suitcase on the shuttle',
      price: 0,
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ name: 'Extra luggage', price: 0, status: 1 });
    const found = await call(ctx.app, 'GET', '/api/additional_services/list?search=suitcase', tenant.headers);
    expect((found.body.data as Array<{ name: string }>).map((row) => row.name)).toEqual(['Extra luggage']);
  });

  it('filters by status', async () => {
    const tenant = await createTenant(ctx);
    await call(ctx.app, 'POST', '/api/additional_services/add', tenant.headers, { name: 'Car wash', price: 1500 });
    await call(ctx.app, 'POST', '/api/additional_services/add', tenant.headers, { name: 'Valeting', price: 4000, status: 0 });
    const active = await call(ctx.app, 'GET', '/api/additional_services/list?status=1', tenant.headers);
    expect((active.body.data as Array<{ name: string }>).map((row) => row.name)).toEqual(['Car wash']);
    const inactive = await call(ctx.app, 'GET', '/api/additional_services/list?status=0', tenant.headers);
    expect((inactive.body.data as Array<{ name: string }>).map((row) => row.name)).toEqual(['Valeting']);
  });
});
