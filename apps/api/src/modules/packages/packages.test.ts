import { packageSortFields } from '@ps/contracts';
import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../../test/crud-suite.ts';
import { uniqueTag } from '../../../test/factories/catalogue.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant } from '../../../test/kit.ts';

describeCrudResource('packages', {
  base: '/api/package',
  entity: 'package',
  createBody: () => ({
    name: `Kit package ${uniqueTag()}`,
    description: 'Valet at the terminal',
    type: 'meet_and_greet',
    price: 1500,
    included: ['Meet at the terminal', 'Car returned at arrivals'],
  }),
  update: { body: { price: 0, included: ['Shuttle'], status: 0 }, expect: { price: 0, included: ['Shuttle'], status: 0 } },
  invalid: { body: { name: ' ', type: 'boat', price: -1, included: ['  '] }, fields: ['name', 'type', 'price', 'included.0'] },
  sortFields: packageSortFields,
  searchTermOf: (record) => String(record.name),
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const base = { name: 'Park and Ride Economy', type: 'park_and_ride' };

describe('package fields', () => {
  it('accepts a price of 0, trims included items and description, and defaults to an empty list', async () => {
    const tenant = await createTenant(ctx);
    const added = await call(ctx.app, 'POST', '/api/package/add', tenant.headers, {
      ...base,
      price: 0,
      description: '  Shuttle every 15 minutes  ',
      included: ['  Shuttle bus ', 'Luggage help'],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toMatchObject({ price: 0, description: 'Shuttle every 15 minutes', included: ['Shuttle bus', 'Luggage help'] });
    const bare = await call(ctx.app, 'POST', '/api/package/add', tenant.headers, { ...base, name: 'Bare package', price: 100 });
    expect(bare.body.data).toMatchObject({ included: [], description: null, status: 1 });
  });

  it('refuses more than 20 included items, an item over 100 characters, a fractional price and a missing price', async () => {
    const tenant = await createTenant(ctx);
    const tooMany = await call(ctx.app, 'POST', '/api/package/add', tenant.headers, {
      ...base,
      price: 0,
      included: Array.from({ length: 21 }, (_, index) => `Item ${index}`),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details).toContainEqual({
      field: 'included',
      code: 'validation.tooManyItems',
      message: en.validation.tooManyItems,
    });
    const tooLong = await call(ctx.app, 'POST', '/api/package/add', tenant.headers, { ...base, price: 0, included: ['x'.repeat(101)] });
    expect(tooLong.body.details).toContainEqual({ field: 'included.0', code: 'validation.max100', message: en.validation.max100 });
    const fractional = await call(ctx.app, 'POST', '/api/package/add', tenant.headers, { ...base, price: 12.5 });
    expect(JSON.stringify(fractional.body.details)).toContain('"price"');
    const missing = await call(ctx.app, 'POST', '/api/package/add', tenant.headers, { ...base });
    expect(missing.body.details).toContainEqual({ field: 'price', code: 'validation.required', message: en.validation.required });
  });

  it('filters the list by type and status', async () => {
    const tenant = await createTenant(ctx);
    await call(ctx.app, 'POST', '/api/package/add', tenant.headers, { ...base, price: 0 });
    await call(ctx.app, 'POST', '/api/package/add', tenant.headers, {
      name: 'Meet and Greet Standard',
      type: 'meet_and_greet',
      price: 1500,
    });
    await call(ctx.app, 'POST', '/api/package/add', tenant.headers, { name: 'Old greet', type: 'meet_and_greet', price: 900, status: 0 });
    const greet = await call(ctx.app, 'GET', '/api/package/list?type=meet_and_greet&status=1', tenant.headers);
    expect((greet.body.data as Array<{ name: string }>).map((row) => row.name)).toEqual(['Meet and Greet Standard']);
    const all = await call(ctx.app, 'GET', '/api/package/list?type=meet_and_greet', tenant.headers);
    expect(all.body.pagination).toMatchObject({ total: 2 });
  });
});
