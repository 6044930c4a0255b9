import { voucherSortFields } from '@ps/contracts';
import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../../test/crud-suite.ts';
import { insertVoucher, voucherCode } from '../../../test/factories/catalogue.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant, type Tenant } from '../../../test/kit.ts';
import { vouchers } from '../../db/schema/index.ts';

describeCrudResource('vouchers', {
  base: '/api/voucher',
  entity: 'voucher',
  createBody: () => ({
    code: voucherCode('KIT'),
    discount_type: 'percent',
    discount_value: 10,
    valid_from: '2026-01-01',
    valid_to: '2026-12-31',
    usage_limit: 100,
  }),
  update: {
    body: { discount_type: 'fixed', discount_value: 500, usage_limit: null },
    expect: { discount_type: 'fixed', usage_limit: null },
  },
  invalid: {
    body: { code: 'a b', discount_type: 'half', discount_value: 0, valid_from: '2026-02-30', valid_to: 'tomorrow', usage_limit: 0 },
    fields: ['code', 'discount_type', 'discount_value', 'valid_from', 'valid_to', 'usage_limit'],
  },
  sortFields: voucherSortFields,
  searchTermOf: (record) => String(record.code),
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Detail = { field: string; code: string; message: string };
const body = (overrides: Record<string, unknown> = {}) => ({
  code: voucherCode(),
  discount_type: 'percent',
  discount_value: 10,
  valid_from: '2026-06-01',
  valid_to: '2026-08-31',
  ...overrides,
});
const add = (tenant: Tenant, overrides: Record<string, unknown> = {}) =>
  call(ctx.app, 'POST', '/api/voucher/add', tenant.headers, body(overrides));
const detail = (response: Awaited<ReturnType<typeof call>>, field: string) =>
  (response.body.details as Detail[] | undefined)?.find((item) => item.field === field);

describe('voucher codes', () => {
  it('stores the code as typed (trimmed) and refuses the same code in any case (409 on code)', async () => {
    const tenant = await createTenant(ctx);
    const added = await add(tenant, { code: '  Summer10 ' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toMatchObject({ code: 'Summer10', times_used: 0, usage_limit: null, status: 1 });
    const again = await add(tenant, { code: 'SUMMER10' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'voucher_code_taken', message: en.errors.voucher_code_taken });
    expect((again.body.details as Detail[]).map((item) => item.field)).toEqual(['code']);
    // Renaming another voucher onto it is refused too.
    const other = await add(tenant, { code: 'WELCOME5' });
    const renamed = await call(ctx.app, 'PATCH', `/api/voucher/update/${(other.body.data as { id: number }).id}`, tenant.headers, {
      code: 'summer10',
    });
    expect(renamed.status).toBe(409);
    // Another company may use the same code.
    expect((await add(await createTenant(ctx), { code: 'summer10' })).status).toBe(201);
  });

  it('accepts letters, digits, - and _ from 3 to 30 characters only', async () => {
    const tenant = await createTenant(ctx);
    expect((await add(tenant, { code: 'A-1_b' })).status).toBe(201);
    for (const code of ['AB', 'x'.repeat(31), 'TEN %', 'ÉTÉ10', 'a.b.c']) {
      const response = await add(tenant, { code });
      expect(response.status, code).toBe(400);
      expect(detail(response, 'code')?.code).toBe('validation.voucherCode');
    }
  });

  it('searches by code, case-insensitively', async () => {
    const tenant = await createTenant(ctx);
    await add(tenant, { code: 'SPRING2025' });
    await add(tenant, { code: 'WELCOME5' });
    const found = await call(ctx.app, 'GET', '/api/voucher/list?search=spring', tenant.headers);
    expect((found.body.data as Array<{ code: string }>).map((row) => row.code)).toEqual(['SPRING2025']);
  });
});

describe('voucher discounts and dates', () => {
  it('takes a percent as a whole number 1 to 100, and a fixed amount as minor units above 0', async () => {
    const tenant = await createTenant(ctx);
    expect((await add(tenant, { discount_value: 100 })).status).toBe(201);
    const over = await add(tenant, { discount_value: 101 });
    expect(over.status).toBe(400);
    expect(detail(over, 'discount_value')).toEqual({ field: 'discount_value', code: 'validation.percent', message: en.validation.percent });
    expect(detail(await add(tenant, { discount_value: 12.5 }), 'discount_value')).toBeDefined();
    expect((await add(tenant, { discount_type: 'fixed', discount_value: 50_000 })).status).toBe(201);
    expect(detail(await add(tenant, { discount_type: 'fixed', discount_value: 0 }), 'discount_value')?.code).toBe(
      'validation.positiveAmount',
    );
  });

  it('checks the percent rule on the voucher as an update leaves it', async () => {
    const tenant = await createTenant(ctx);
    const fixed = await add(tenant, { discount_type: 'fixed', discount_value: 500 });
    const id = (fixed.body.data as { id: number }).id;
    const toPercent = await call(ctx.app, 'PATCH', `/api/voucher/update/${id}`, tenant.headers, { discount_type: 'percent' });
    expect(toPercent.status).toBe(400);
    expect(detail(toPercent, 'discount_value')?.code).toBe('validation.percent');
    expect(
      (await call(ctx.app, 'PATCH', `/api/voucher/update/${id}`, tenant.headers, { discount_type: 'percent', discount_value: 15 })).status,
    ).toBe(200);
  });

  it('refuses valid_to before valid_from (400 on valid_to), on add and on an update of one date; one day is fine', async () => {
    const tenant = await createTenant(ctx);
    const backwards = await add(tenant, { valid_from: '2026-08-01', valid_to: '2026-07-31' });
    expect(backwards.status).toBe(400);
    expect(detail(backwards, 'valid_to')).toEqual({ field: 'valid_to', code: 'validation.dateOrder', message: en.validation.dateOrder });
    const oneDay = await add(tenant, { valid_from: '2026-08-01', valid_to: '2026-08-01' });
    expect(oneDay.status).toBe(201);
    const id = (oneDay.body.data as { id: number }).id;
    const moved = await call(ctx.app, 'PATCH', `/api/voucher/update/${id}`, tenant.headers, { valid_from: '2026-09-01' });
    expect(moved.status).toBe(400);
    expect(detail(moved, 'valid_to')?.code).toBe('validation.dateOrder');
  });

  it('refuses dates that are not YYYY-MM-DD calendar days', async () => {
    const tenant = await createTenant(ctx);
    for (const value of ['2026-02-29', '01/06/2026', '2026-6-1', '2026-06-01T00:00:00Z']) {
      const response = await add(tenant, { valid_from: value });
      expect(response.status, value).toBe(400);
      expect(detail(response, 'valid_from')?.code).toBe('validation.date');
    }
  });

  it('filters by valid_on (both ends inclusive), status and discount type', async () => {
    const tenant = await createTenant(ctx);
    await add(tenant, { code: 'SUMMER', valid_from: '2026-06-01', valid_to: '2026-08-31' });
    await add(tenant, { code: 'SPRING', valid_from: '2026-03-01', valid_to: '2026-05-31', discount_type: 'fixed', discount_value: 500 });
    await add(tenant, { code: 'OLDSUMMER', valid_from: '2026-06-01', valid_to: '2026-08-31', status: 0 });
    const codes = async (query: string) =>
      ((await call(ctx.app, 'GET', `/api/voucher/list?${query}`, tenant.headers)).body.data as Array<{ code: string }>).map(
        (row) => row.code,
      );
    expect(await codes('valid_on=2026-08-31&status=1')).toEqual(['SUMMER']);
    expect(await codes('valid_on=2026-06-01')).toEqual(['OLDSUMMER', 'SUMMER']);
    expect(await codes('valid_on=2026-05-31')).toEqual(['SPRING']);
    expect(await codes('discount_type=fixed')).toEqual(['SPRING']);
    expect((await call(ctx.app, 'GET', '/api/voucher/list?valid_on=2026-13-01', tenant.headers)).status).toBe(400);
  });
});

describe('voucher usage', () => {
  it('refuses times_used in a body: it moves only with bookings', async () => {
    const tenant = await createTenant(ctx);
    const added = await add(tenant, { times_used: 5 });
    expect(added.status).toBe(400);
    expect(detail(added, 'times_used')?.code).toBe('validation.unknownField');
    const row = await insertVoucher(ctx.db, tenant.company.id);
    const changed = await call(ctx.app, 'PATCH', `/api/voucher/update/${row.id}`, tenant.headers, { times_used: 0 });
    expect(changed.status).toBe(400);
  });

  it('takes null as unlimited, refuses a limit below 1, and an update below times used (400 on usage_limit)', async () => {
    const tenant = await createTenant(ctx);
    expect(detail(await add(tenant, { usage_limit: 0 }), 'usage_limit')).toBeDefined();
    const row = await insertVoucher(ctx.db, tenant.company.id, { usage_limit: 100, times_used: 3 });
    const fetched = await call(ctx.app, 'GET', `/api/voucher/get/${row.id}`, tenant.headers);
    expect(fetched.body.data).toMatchObject({ usage_limit: 100, times_used: 3 });
    const below = await call(ctx.app, 'PATCH', `/api/voucher/update/${row.id}`, tenant.headers, { usage_limit: 2 });
    expect(below.status).toBe(400);
    expect(detail(below, 'usage_limit')).toEqual({
      field: 'usage_limit',
      code: 'validation.usageBelowUsed',
      message: en.validation.usageBelowUsed,
    });
    expect((await call(ctx.app, 'PATCH', `/api/voucher/update/${row.id}`, tenant.headers, { usage_limit: 3 })).status).toBe(200);
    const unlimited = await call(ctx.app, 'PATCH', `/api/voucher/update/${row.id}`, tenant.headers, { usage_limit: null });
    expect(unlimited.body.data).toMatchObject({ usage_limit: null, times_used: 3 });
  });

  it('refuses deleting a used voucher (409 voucher_in_use) and keeps it; an unused one is deleted', async () => {
    const tenant = await createTenant(ctx);
    const used = await insertVoucher(ctx.db, tenant.company.id, { times_used: 1 });
    const refused = await call(ctx.app, 'DELETE', `/api/voucher/delete/${used.id}`, tenant.headers);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'voucher_in_use', message: en.errors.voucher_in_use });
    expect(await ctx.db.select().from(vouchers).where(eq(vouchers.id, used.id))).toHaveLength(1);
    const unused = await insertVoucher(ctx.db, tenant.company.id);
    expect((await call(ctx.app, 'DELETE', `/api/voucher/delete/${unused.id}`, tenant.headers)).status).toBe(200);
  });

  it("answers 404 when deleting another company's voucher, and keeps it", async () => {
    const owner = await createTenant(ctx);
    const stranger = await createTenant(ctx);
    const row = await insertVoucher(ctx.db, owner.company.id, { times_used: 2 });
    expect((await call(ctx.app, 'DELETE', `/api/voucher/delete/${row.id}`, stranger.headers)).status).toBe(404);
  });
});
