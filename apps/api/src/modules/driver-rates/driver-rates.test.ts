import { formatDay } from '@ps/contracts/common/format';
import driversEn from '@ps/contracts/locales/drivers.en.json' with { type: 'json' };
import driversTa from '@ps/contracts/locales/drivers.ta.json' with { type: 'json' };
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDriver, insertDriverRate } from '../../../test/factories/drivers.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, createTenant, type Tenant } from '../../../test/kit.ts';
import { auditLog, companies, driverRates, drivers } from '../../db/schema/index.ts';
import { dayAt } from '../../lib/dates.ts';
import { rateInForce, ratesInForce } from './driver-rates.repository.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type RateRecord = { id: number; driver_id: number; price_per_hour: number; effective_from: string; current: boolean; created_at: string };
type Detail = { field: string; code: string; message: string };

/** A calendar day `days` after `day`. */
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const today = () => dayAt(new Date(), 'UTC');

async function setUp() {
  const tenant = await createTenant(ctx);
  const { driver } = await insertDriver(ctx.db, tenant.company.id);
  return { tenant, driver };
}

const list = (tenant: Tenant, driverId: number, query = '') =>
  call(ctx.app, 'GET', `/api/driver/price_per_hour/list?driver_id=${driverId}${query}`, tenant.headers);
const add = (tenant: Tenant, body: Record<string, unknown>, headers: Record<string, string> = {}, query = '') =>
  call(ctx.app, 'POST', `/api/driver/price_per_hour/add${query}`, { ...tenant.headers, ...headers }, body);
const rowsOf = (driverId: number) => ctx.db.select().from(driverRates).where(eq(driverRates.driver_id, driverId));

describe('GET /api/driver/price_per_hour/list', () => {
  it('lists the rates newest effective_from first and marks the one in force today as current', async () => {
    const { tenant, driver } = await setUp();
    const day = today();
    await insertDriverRate(ctx.db, tenant.company.id, driver.id, 1000, addDays(day, -30));
    await insertDriverRate(ctx.db, tenant.company.id, driver.id, 1500, addDays(day, 10));
    await insertDriverRate(ctx.db, tenant.company.id, driver.id, 1200, addDays(day, -1));
    const { driver: colleague } = await insertDriver(ctx.db, tenant.company.id);
    await insertDriverRate(ctx.db, tenant.company.id, colleague.id, 9999, addDays(day, -5));

    const listed = await list(tenant, driver.id);
    expect(listed.status).toBe(200);
    const rates = listed.body.data as RateRecord[];
    expect(rates.map((rate) => [rate.price_per_hour, rate.effective_from, rate.current])).toEqual([
      [1500, addDays(day, 10), false],
      [1200, addDays(day, -1), true],
      [1000, addDays(day, -30), false],
    ]);
    expect(listed.body.pagination).toEqual({ page: 1, page_size: 3, total: 3 });
    expect(rates[0]).toEqual({
      id: expect.any(Number),
      driver_id: driver.id,
      price_per_hour: 1500,
      effective_from: addDays(day, 10),
      current: false,
      created_at: expect.any(String),
    });
  });

  it("counts the request's day in its time zone, else in the company's", async () => {
    const { tenant, driver } = await setUp();
    // Kiritimati (UTC+14) is always a day or two ahead of Pago Pago (UTC-11).
    const kiritimati = dayAt(new Date(), 'Pacific/Kiritimati');
    await insertDriverRate(ctx.db, tenant.company.id, driver.id, 1000, addDays(kiritimati, -10));
    await insertDriverRate(ctx.db, tenant.company.id, driver.id, 2000, kiritimati);
    const currentIn = async (zone: string) =>
      ((await list(tenant, driver.id, `&time_zone=${zone}`)).body.data as RateRecord[]).find((rate) => rate.current)?.price_per_hour;
    expect(await currentIn('Pacific/Kiritimati')).toBe(2000);
    expect(await currentIn('Pacific/Pago_Pago')).toBe(1000);
    expect((await list(tenant, driver.id, '&time_zone=Nowhere/Town')).status).toBe(400);
    await ctx.db.update(companies).set({ time_zone: 'Pacific/Kiritimati' }).where(eq(companies.id, tenant.company.id));
    expect(((await list(tenant, driver.id)).body.data as RateRecord[]).find((rate) => rate.current)?.price_per_hour).toBe(2000);
    await ctx.db.update(companies).set({ time_zone: 'Pacific/Pago_Pago' }).where(eq(companies.id, tenant.company.id));
    expect(((await list(tenant, driver.id)).body.data as RateRecord[]).find((rate) => rate.current)?.price_per_hour).toBe(1000);
  });

  it('has no current rate before the first one starts, and an empty list without rates', async () => {
    const { tenant, driver } = await setUp();
    expect((await list(tenant, driver.id)).body).toMatchObject({ data: [], pagination: { page: 1, page_size: 0, total: 0 } });
    await insertDriverRate(ctx.db, tenant.company.id, driver.id, 1000, addDays(today(), 3));
    expect(((await list(tenant, driver.id)).body.data as RateRecord[]).map((rate) => rate.current)).toEqual([false]);
  });
});

describe('POST /api/driver/price_per_hour/add', () => {
  it('adds a rate from a day on (201, audited as driver_rate), current when it has started', async () => {
    const { tenant, driver } = await setUp();
    const day = today();
    const added = await add(tenant, { driver_id: driver.id, price_per_hour: 1750, effective_from: day });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toEqual({
      id: expect.any(Number),
      driver_id: driver.id,
      price_per_hour: 1750,
      effective_from: day,
      current: true,
      created_at: expect.any(String),
    });
    const future = await add(tenant, { driver_id: driver.id, price_per_hour: 1900, effective_from: addDays(day, 7) });
    expect(future.body.data).toMatchObject({ current: false });
    const [row] = await rowsOf(driver.id).then((rows) => rows.filter((rate) => rate.price_per_hour === 1750));
    expect(row?.created_by).toBe(tenant.user.id);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'driver_rate'), eq(auditLog.entity_id, String(row?.id)), eq(auditLog.action, 'create')));
    expect(entry?.changes).toMatchObject({ price_per_hour: { to: 1750 }, effective_from: { to: day }, driver_id: { to: driver.id } });
  });

  it('refuses a second rate on the same day: 409 driver_rate_taken naming the day, on effective_from (EN and TA)', async () => {
    const { tenant, driver } = await setUp();
    expect((await add(tenant, { driver_id: driver.id, price_per_hour: 1000, effective_from: '2026-03-01' })).status).toBe(201);
    for (const [language, catalogue] of [
      ['en', driversEn],
      ['ta', driversTa],
    ] as const) {
      const taken = await add(
        tenant,
        { driver_id: driver.id, price_per_hour: 1100, effective_from: '2026-03-01' },
        { 'accept-language': language },
      );
      expect(taken.status).toBe(409);
      const message = catalogue.errors.driver_rate_taken.replace('{{date}}', formatDay(language, '2026-03-01'));
      expect(taken.body).toMatchObject({ code: 'driver_rate_taken', message });
      expect(taken.body.details).toEqual([{ field: 'effective_from', code: 'errors.driver_rate_taken', message }]);
    }
    expect(await rowsOf(driver.id)).toHaveLength(1);
    // Another driver may start on that day.
    const { driver: colleague } = await insertDriver(ctx.db, tenant.company.id);
    expect((await add(tenant, { driver_id: colleague.id, price_per_hour: 1100, effective_from: '2026-03-01' })).status).toBe(201);
  });

  it('refuses a rate of 0, a day that does not exist and fields a caller may not set (400, nothing written)', async () => {
    const { tenant, driver } = await setUp();
    const fields = async (body: Record<string, unknown>) =>
      ((await add(tenant, body)).body.details as Detail[] | undefined)?.map((detail) => detail.field);
    expect(await fields({ driver_id: driver.id, price_per_hour: 0, effective_from: '2026-01-01' })).toEqual(['price_per_hour']);
    expect(await fields({ driver_id: driver.id, price_per_hour: 10.5, effective_from: '2026-01-01' })).toEqual(['price_per_hour']);
    expect(await fields({ driver_id: driver.id, price_per_hour: 100, effective_from: '2026-02-30' })).toEqual(['effective_from']);
    expect(await fields({ driver_id: driver.id, price_per_hour: 100, effective_from: '2026-01-01', company_id: 1 })).toEqual([
      'company_id',
    ]);
    expect(await rowsOf(driver.id)).toEqual([]);
  });

  it('refuses a removed driver (404)', async () => {
    const { tenant, driver } = await setUp();
    await ctx.db.update(drivers).set({ deleted_at: new Date() }).where(eq(drivers.id, driver.id));
    expect((await add(tenant, { driver_id: driver.id, price_per_hour: 100, effective_from: '2026-01-01' })).status).toBe(404);
  });
});

describe('another company and other roles', () => {
  it("gives a second company's admin 404 on the list and the add, and writes nothing", async () => {
    const { tenant, driver } = await setUp();
    await insertDriverRate(ctx.db, tenant.company.id, driver.id, 1000, '2026-01-01');
    const before = (await list(tenant, driver.id)).body;
    const intruder = await setUp();
    expect((await list(intruder.tenant, driver.id)).status).toBe(404);
    const added = await add(intruder.tenant, { driver_id: driver.id, price_per_hour: 1, effective_from: '2026-02-01' });
    expect(added.status).toBe(404);
    expect((await list(tenant, driver.id)).body).toEqual(before);
    expect(await rowsOf(driver.id)).toHaveLength(1);
  });

  it('gives a driver (role driver) 403', async () => {
    const { tenant, driver } = await setUp();
    const driverUser = await addUser(ctx, tenant.company.id, 'driver');
    expect((await list(driverUser, driver.id)).status).toBe(403);
    expect((await add(driverUser, { driver_id: driver.id, price_per_hour: 100, effective_from: '2026-01-01' })).status).toBe(403);
    expect(await rowsOf(driver.id)).toEqual([]);
  });
});

describe('rateInForce and ratesInForce', () => {
  it('pick the rate whose effective_from is the latest on or before the day, null before the first', async () => {
    const { tenant, driver } = await setUp();
    const company = tenant.company.id;
    const march = await insertDriverRate(ctx.db, company, driver.id, 1000, '2026-03-01');
    const june = await insertDriverRate(ctx.db, company, driver.id, 1200, '2026-06-15');
    const price = async (day: string) => (await rateInForce(ctx.db, company, driver.id, day))?.price_per_hour ?? null;
    expect(await price('2026-02-28')).toBeNull();
    expect(await price('2026-03-01')).toBe(1000);
    expect(await price('2026-06-14')).toBe(1000);
    expect(await price('2026-06-15')).toBe(1200);
    expect(await price('2030-01-01')).toBe(1200);
    expect((await rateInForce(ctx.db, company, driver.id, '2026-04-01'))?.id).toBe(march.id);

    const { driver: colleague } = await insertDriver(ctx.db, company);
    const { driver: newcomer } = await insertDriver(ctx.db, company);
    await insertDriverRate(ctx.db, company, colleague.id, 800, '2026-01-01');
    await insertDriverRate(ctx.db, company, colleague.id, 900, '2026-05-01');
    const other = await setUp();
    await insertDriverRate(ctx.db, other.tenant.company.id, other.driver.id, 5000, '2026-01-01');

    const ids = [driver.id, colleague.id, newcomer.id, other.driver.id];
    const inForce = async (day: string) =>
      Object.fromEntries([...(await ratesInForce(ctx.db, company, ids, day))].map(([id, rate]) => [id, rate?.price_per_hour ?? null]));
    expect(await inForce('2026-02-01')).toEqual({ [driver.id]: null, [colleague.id]: 800, [newcomer.id]: null, [other.driver.id]: null });
    expect(await inForce('2026-05-20')).toEqual({ [driver.id]: 1000, [colleague.id]: 900, [newcomer.id]: null, [other.driver.id]: null });
    expect(await inForce('2026-06-15')).toEqual({ [driver.id]: 1200, [colleague.id]: 900, [newcomer.id]: null, [other.driver.id]: null });
    expect((await ratesInForce(ctx.db, company, [driver.id], '2026-07-01')).get(driver.id)?.id).toBe(june.id);
    expect((await ratesInForce(ctx.db, company, [], '2026-07-01')).size).toBe(0);
  });
});
