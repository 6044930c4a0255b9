import { yardSortFields } from '@ps/contracts';
import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../../test/crud-suite.ts';
import { createYard } from '../../../test/factories/places.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, createTenant } from '../../../test/kit.ts';
import { yards } from '../../db/schema/index.ts';

const tag = () => Math.random().toString(36).slice(2, 10);

describeCrudResource('yards', {
  base: '/api/yards',
  entity: 'yard',
  createBody: () => ({ name: `Kit Yard ${tag()}`, address: '2 Kit Lane', capacity: 80 }),
  update: { body: { name: `Renamed Yard ${tag()}`, capacity: 120, status: 0 }, expect: { capacity: 120, status: 0 } },
  invalid: { body: { name: '  ', capacity: -1, status: 3 }, fields: ['name', 'capacity', 'status'] },
  sortFields: yardSortFields,
  searchTermOf: (record) => String(record.name),
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('yard rules', () => {
  it('answers a new yard with its defaults (capacity 0, active)', async () => {
    const owner = await createTenant(ctx);
    const { status, body } = await call(ctx.app, 'POST', '/api/yards/add', owner.headers, { name: 'North Yard', address: '' });
    expect(status).toBe(201);
    expect(body.data).toEqual({
      id: expect.any(Number),
      company_id: owner.company.id,
      name: 'North Yard',
      address: null,
      capacity: 0,
      status: 1,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('refuses a name the company already has, whatever its case (409 yard_name_taken on name), on add and update', async () => {
    const owner = await createTenant(ctx);
    await createYard(ctx.db, owner.company.id, { name: 'Perimeter Yard' });
    const second = await createYard(ctx.db, owner.company.id, { name: 'Second Yard' });
    const added = await call(ctx.app, 'POST', '/api/yards/add', owner.headers, { name: '  PERIMETER yard ' });
    expect(added.status).toBe(409);
    expect(added.body).toMatchObject({
      error: 'yard_name_taken',
      message: en.errors.yard_name_taken,
      details: [{ field: 'name', message: en.errors.yard_name_taken }],
    });
    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/yards/update/${second.id}`,
      headers: { ...owner.headers, 'accept-language': 'ta' },
      payload: { name: 'perimeter yard' },
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({ error: 'yard_name_taken', message: ta.errors.yard_name_taken });
    const [row] = await ctx.db.select().from(yards).where(eq(yards.id, second.id));
    expect(row?.name).toBe('Second Yard');
    expect(await ctx.db.select().from(yards).where(eq(yards.company_id, owner.company.id))).toHaveLength(2);
  });

  it('lets another company use the same name, and a yard keep its own name in another case', async () => {
    const owner = await createTenant(ctx);
    const other = await createTenant(ctx);
    const mine = await createYard(ctx.db, owner.company.id, { name: 'Shared Name Yard' });
    expect((await call(ctx.app, 'POST', '/api/yards/add', other.headers, { name: 'Shared Name Yard' })).status).toBe(201);
    const recased = await call(ctx.app, 'PATCH', `/api/yards/update/${mine.id}`, owner.headers, { name: 'SHARED NAME YARD' });
    expect(recased.status).toBe(200);
    expect(recased.body.data).toMatchObject({ name: 'SHARED NAME YARD' });
  });

  it('filters active yards with status=1', async () => {
    const owner = await createTenant(ctx);
    await createYard(ctx.db, owner.company.id, { name: 'Active Yard' });
    await createYard(ctx.db, owner.company.id, { name: 'Closed Yard', status: 0 });
    const active = await call(ctx.app, 'GET', '/api/yards/list?status=1', owner.headers);
    expect((active.body.data as Array<{ name: string }>).map((yard) => yard.name)).toEqual(['Active Yard']);
    const inactive = await call(ctx.app, 'GET', '/api/yards/list?status=0', owner.headers);
    expect((inactive.body.data as Array<{ name: string }>).map((yard) => yard.name)).toEqual(['Closed Yard']);
  });

  it('is for admins: a driver gets 403', async () => {
    const owner = await createTenant(ctx);
    const driver = await addUser(ctx, owner.company.id, 'driver');
    expect((await call(ctx.app, 'GET', '/api/yards/list', driver.headers)).status).toBe(403);
    expect((await call(ctx.app, 'POST', '/api/yards/add', driver.headers, { name: 'Driver Yard' })).status).toBe(403);
  });
});
