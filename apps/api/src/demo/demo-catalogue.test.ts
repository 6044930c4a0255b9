import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { call, createTenant } from '../../test/kit.ts';
import { seedDemoCatalogue } from './demo-catalogue.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('the demo catalogue', () => {
  it('gives the demo company bands, packages, services and vouchers that the API reads and its rules accept', async () => {
    const tenant = await createTenant(ctx);
    await seedDemoCatalogue(ctx.db, tenant.company.id, new Date('2026-11-22T09:00:00Z'));
    const list = async (path: string) =>
      (await call(ctx.app, 'GET', `/api/${path}/list?page_size=100`, tenant.headers)).body.data as Array<Record<string, unknown>>;

    const bands = await list('band');
    expect(bands.map((band) => [band.type, band.name, band.min_days, band.max_days])).toEqual([
      ['parking', '1-3 days', 1, 3],
      ['meet_and_greet', 'M&G 1-7 days', 1, 7],
      ['park_and_ride', 'P&R 1-30 days', 1, 30],
      ['parking', '4-7 days', 4, 7],
      ['parking', '8-14 days', 8, 14],
      ['meet_and_greet', 'M&G 8-30 days', 8, 30],
      ['parking', '15-30 days', 15, 30],
    ]);
    // The seeded bands keep the overlap rule: re-saving each one as it is passes the API's check.
    for (const band of bands) {
      expect((await call(ctx.app, 'PATCH', `/api/band/update/${band.id}`, tenant.headers, { status: 1 })).status).toBe(200);
    }

    expect((await list('package')).map((item) => [item.name, item.type, item.price])).toEqual([
      ['Meet and Greet Standard', 'meet_and_greet', 1500],
      ['Park and Ride Economy', 'park_and_ride', 0],
    ]);
    expect((await list('additional_services')).map((item) => [item.name, item.price])).toEqual([
      ['Car wash', 1500],
      ['EV charging', 2000],
      ['Extra luggage', 500],
    ]);
    const vouchers = await list('voucher');
    expect(vouchers.map((voucher) => voucher.code)).toEqual(['SPRING2025', 'SUMMER10', 'WELCOME5']);
    expect(vouchers.find((voucher) => voucher.code === 'SUMMER10')).toMatchObject({
      discount_type: 'percent',
      discount_value: 10,
      valid_from: '2026-01-01',
      valid_to: '2026-12-31',
    });
    expect(vouchers.find((voucher) => voucher.code === 'WELCOME5')).toMatchObject({ discount_type: 'fixed', discount_value: 500 });
    const validToday = await call(ctx.app, 'GET', '/api/voucher/list?valid_on=2026-11-22', tenant.headers);
    expect((validToday.body.data as Array<{ code: string }>).map((voucher) => voucher.code)).toEqual(['SUMMER10', 'WELCOME5']);
  });
});
