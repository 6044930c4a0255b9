import type { PayoutDetail, PayoutsApproved, Payroll, PayrollRow } from '@ps/contracts';
import { monthOf } from '@ps/contracts/common/months';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDriver, insertDriverRate } from '../../../test/factories/drivers.ts';
import { insertAttendanceDay, insertCompletedTrip } from '../../../test/factories/payouts.ts';
import { createUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, createCompanyThroughApi, createTenant, mintAccessToken, type Tenant } from '../../../test/kit.ts';
import type { Db } from '../../db/client.ts';
import { attendance, auditLog, companies, drivers, payouts, roles, trips } from '../../db/schema/index.ts';
import { todayIn } from '../../lib/dates.ts';
import { createPayoutsService } from './payouts.service.ts';

/**
 * The payroll (issue 21, section 9): a month's payouts across every driver, and approving several at once.
 * Each check here fails if the point it guards comes back: figures that differ from the driver's own payout, a
 * driver missing or listed twice, a partial bulk approval, another company's rows, a role without approval.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const MARCH = '2026-03';
const payroll = (tenant: Tenant, month?: string, headers: Record<string, string> = {}) =>
  call(ctx.app, 'GET', `/api/driver/payouts/payroll${month ? `?month=${month}` : ''}`, { ...tenant.headers, ...headers });
const approveMany = (tenant: Tenant, body: unknown, headers: Record<string, string> = {}) =>
  call(ctx.app, 'PATCH', '/api/driver/payouts/approve-many', { ...tenant.headers, ...headers }, body);
const add = async (tenant: Tenant, driverId: number, start = '2026-03-01', end = '2026-03-31') => {
  const added = await call(ctx.app, 'POST', '/api/driver/payouts/add', tenant.headers, {
    driver_id: driverId,
    period_start: start,
    period_end: end,
  });
  if (added.status !== 201) throw new Error(`payout add: ${added.status} ${JSON.stringify(added.body)}`);
  return added.body.data as PayoutDetail;
};
const get = async (tenant: Tenant, id: number) =>
  (await call(ctx.app, 'GET', `/api/driver/payouts/get/${id}`, tenant.headers)).body.data as PayoutDetail;
const rowOf = (data: Payroll, name: string): PayrollRow => {
  const rows = data.rows.filter((row) => row.driver_name === name);
  if (rows.length !== 1) throw new Error(`${name}: ${rows.length} rows`);
  return rows[0] as PayrollRow;
};

/**
 * A company in Colombo (UTC+5:30) and its March: drivers with a draft, an approved payout, work and no payout,
 * nothing at all, a draft with a day before the first rate, an empty draft, a draft of a period ending in April,
 * and drivers who do not take work (one with unpaid work, one removed with an approved payout, one pending).
 */
async function march() {
  const tenant = await createTenant(ctx);
  const companyId = tenant.company.id;
  await ctx.db.update(companies).set({ time_zone: 'Asia/Colombo' }).where(eq(companies.id, companyId));
  const driver = async (first_name: string, rate: number | null, values: Partial<typeof drivers.$inferInsert> = {}) => {
    const { driver: made } = await insertDriver(ctx.db, companyId, { first_name, last_name: 'Test', ...values });
    if (rate !== null) await insertDriverRate(ctx.db, companyId, made.id, rate, '2026-01-01');
    return made;
  };
  const day = (driverId: number, on: string, minutes: number) =>
    insertAttendanceDay(ctx.db, companyId, driverId, on, { worked_minutes: minutes });

  // A draft for March: 2 March 480 min and 20 March 450 min at 1,000 an hour, and a trip on 15 March.
  const kavin = await driver('Kavin', 1000);
  await day(kavin.id, '2026-03-02', 480);
  await day(kavin.id, '2026-03-20', 450);
  await insertCompletedTrip(ctx.db, companyId, kavin.id, new Date('2026-03-15T04:30:00Z'), { driver_fee: 1500 });
  const kavinDraft = await add(tenant, kavin.id);

  // March approved: 300 min at 2,000 an hour.
  const meena = await driver('Meena', 2000);
  await day(meena.id, '2026-03-05', 300);
  const meenaPaid = await add(tenant, meena.id);
  expect((await call(ctx.app, 'PATCH', `/api/driver/payouts/approve/${meenaPaid.id}`, tenant.headers)).status).toBe(200);

  // Work and no payout: 600 min at 1,200, a trip on 1 March in Colombo (28 Feb in UTC), one on 1 April there.
  const arun = await driver('Arun', 1200);
  await day(arun.id, '2026-03-10', 600);
  await insertCompletedTrip(ctx.db, companyId, arun.id, new Date('2026-02-28T20:00:00Z'), { driver_fee: 900 });
  await insertCompletedTrip(ctx.db, companyId, arun.id, new Date('2026-03-31T20:00:00Z'), { driver_fee: 700 });

  // Takes work, nothing in March.
  const ravi = await driver('Ravi', 1000);

  // A draft computed before the days were recorded; one of them is before the first rate (10 March).
  const nila = await driver('Nila', null);
  await insertDriverRate(ctx.db, companyId, nila.id, 1000, '2026-03-10');
  const nilaDraft = await add(tenant, nila.id);
  await day(nila.id, '2026-03-05', 60);
  await day(nila.id, '2026-03-12', 120);

  // A draft with nothing to pay.
  const kumar = await driver('Kumar', 1000);
  const kumarDraft = await add(tenant, kumar.id);

  // A draft from 16 March to 15 April: April's, and it covers her March day (not owed twice in March).
  const lata = await driver('Lata', 1000);
  await day(lata.id, '2026-03-20', 480);
  const lataDraft = await add(tenant, lata.id, '2026-03-16', '2026-04-15');

  // Does not take work (inactive) but worked in March: listed. Pending with nothing: not listed.
  const selvi = await driver('Selvi', 1000, { status: 0 });
  await day(selvi.id, '2026-03-03', 60);
  await driver('Priya', null, { approve_status: 'pending' });

  // Removed after an approved March payout: listed with it. Removed with nothing in March: not listed.
  const tom = await driver('Tom', 1000);
  await day(tom.id, '2026-03-04', 240);
  const tomPaid = await add(tenant, tom.id);
  await call(ctx.app, 'PATCH', `/api/driver/payouts/approve/${tomPaid.id}`, tenant.headers);
  const gone = await driver('Gone', 1000);
  await ctx.db
    .update(drivers)
    .set({ deleted_at: new Date() })
    .where(inArray(drivers.id, [tom.id, gone.id]));

  return {
    tenant,
    companyId,
    kavin,
    kavinDraft,
    meena,
    meenaPaid,
    arun,
    ravi,
    nila,
    nilaDraft,
    kumar,
    kumarDraft,
    lata,
    lataDraft,
    tomPaid,
  };
}

describe('the payroll: a month across every driver', () => {
  it("lists each driver who takes work once, with figures equal to the driver's own payouts, and totals", async () => {
    const world = await march();
    const answer = await payroll(world.tenant, MARCH);
    expect(answer.status).toBe(200);
    const data = answer.body.data as Payroll;
    expect(data).toMatchObject({ month: MARCH, period_start: '2026-03-01', period_end: '2026-03-31' });
    // In name order; pending and removed-without-pay drivers are not rows.
    expect(data.rows.map((row) => row.driver_name)).toEqual([
      'Arun Test',
      'Kavin Test',
      'Kumar Test',
      'Lata Test',
      'Meena Test',
      'Nila Test',
      'Ravi Test',
      'Selvi Test',
      'Tom Test',
    ]);

    // A draft: the same figures as its own page shows (what approving would pay now).
    const kavinNow = await get(world.tenant, world.kavinDraft.id);
    const kavin = rowOf(data, 'Kavin Test');
    expect(kavin).toMatchObject({
      status: 'draft',
      worked_minutes: kavinNow.worked_minutes,
      hours: kavinNow.hours,
      trip_count: kavinNow.trip_count,
      amount: kavinNow.total,
    });
    expect(kavin.amount).toBe(8000 + 7500 + 1500);
    expect(kavin.payouts).toEqual([
      expect.objectContaining({ id: world.kavinDraft.id, status: 'draft', amount: kavinNow.total, approvable: true, refusal: null }),
    ]);
    expect(kavin.unpaid).toMatchObject({ worked_minutes: 0, trip_count: 0, amount: 0 });

    // Approved: what it paid.
    const meenaPaid = await get(world.tenant, world.meenaPaid.id);
    expect(rowOf(data, 'Meena Test')).toMatchObject({
      status: 'approved',
      hours: meenaPaid.hours,
      trip_count: meenaPaid.trip_count,
      amount: meenaPaid.total,
    });
    expect(meenaPaid.total).toBe(10_000);

    // No payout yet: what a month's draft would pay, counting trips on Colombo's calendar.
    const arun = rowOf(data, 'Arun Test');
    expect(arun).toMatchObject({ status: 'none', worked_minutes: 600, hours: 10, trip_count: 1, amount: 12_000 + 900, payouts: [] });
    expect(arun.unpaid).toMatchObject({ worked_minutes: 600, trip_count: 1, amount: 12_900, missing_rate_days: [] });
    const arunDraft = await add(world.tenant, world.arun.id);
    expect(arunDraft.total).toBe(arun.amount);

    expect(rowOf(data, 'Ravi Test')).toMatchObject({ status: 'none', hours: 0, trip_count: 0, amount: 0 });

    // Drafts that cannot be approved say why, as the approval would.
    const nila = rowOf(data, 'Nila Test');
    expect(nila.payouts[0]).toMatchObject({
      approvable: false,
      refusal: 'payout_rate_missing',
      missing_rate_days: ['2026-03-05'],
      amount: 2000,
    });
    expect(rowOf(data, 'Kumar Test').payouts[0]).toMatchObject({ approvable: false, refusal: 'payout_nothing_to_pay', amount: 0 });

    // A payout is its end's month's: Lata's draft is April's, and it covers her March day, which is owed once.
    expect(rowOf(data, 'Lata Test')).toMatchObject({ status: 'none', amount: 0, payouts: [] });
    const april = (await payroll(world.tenant, '2026-04')).body.data as Payroll;
    expect(rowOf(april, 'Lata Test')).toMatchObject({ status: 'draft', amount: 8000 });
    expect(rowOf(april, 'Lata Test').payouts.map((payout) => payout.id)).toEqual([world.lataDraft.id]);

    // Inactive with work, and removed with an approved payout: listed.
    expect(rowOf(data, 'Selvi Test')).toMatchObject({ status: 'none', amount: 1000 });
    expect(rowOf(data, 'Tom Test')).toMatchObject({ status: 'approved', amount: 4000 });

    // The totals are the rows added up, split by kind.
    const sum = (pick: (row: PayrollRow) => number) => data.rows.reduce((total, row) => total + pick(row), 0);
    expect(data.totals).toMatchObject({
      worked_minutes: sum((row) => row.worked_minutes),
      trip_count: sum((row) => row.trip_count),
      amount: sum((row) => row.amount),
      approved_amount: 10_000 + 4000,
      draft_amount: 17_000 + 2000 + 0,
      unpaid_amount: 12_900 + 1000,
    });
    expect(data.totals.amount).toBe(data.totals.approved_amount + data.totals.draft_amount + data.totals.unpaid_amount);
    expect(data.totals.hours).toBe(Math.round((data.totals.worked_minutes / 60) * 100) / 100);
  });

  it('reads the same few queries whatever the number of drivers (never one per driver)', async () => {
    const tenant = await createTenant(ctx);
    const companyId = tenant.company.id;
    const counted = (db: Db) => {
      const counter = { selects: 0 };
      const proxy = new Proxy(db, {
        get(target, property, receiver) {
          if (property === 'select') counter.selects += 1;
          return Reflect.get(target, property, receiver);
        },
      });
      return { counter, service: createPayoutsService(proxy) };
    };
    const addWorker = async (index: number) => {
      const { driver } = await insertDriver(ctx.db, companyId, { first_name: `Worker${index}` });
      await insertDriverRate(ctx.db, companyId, driver.id, 1000, '2026-01-01');
      await insertAttendanceDay(ctx.db, companyId, driver.id, '2026-03-09');
      await insertCompletedTrip(ctx.db, companyId, driver.id, new Date('2026-03-09T10:00:00Z'));
    };
    const actor = { companyId, actorUserId: tenant.user.id };
    for (let index = 0; index < 2; index++) await addWorker(index);
    const few = counted(ctx.db);
    expect((await few.service.payroll(actor, MARCH)).rows).toHaveLength(2);
    for (let index = 2; index < 14; index++) await addWorker(index);
    const many = counted(ctx.db);
    expect((await many.service.payroll(actor, MARCH)).rows).toHaveLength(14);
    expect(many.counter.selects).toBe(few.counter.selects);
    expect(few.counter.selects).toBeLessThanOrEqual(6);
  });

  it('takes the last complete month on the company’s clock by default, and refuses a month that is not one', async () => {
    const tenant = await createTenant(ctx);
    await ctx.db.update(companies).set({ time_zone: 'Pacific/Kiritimati' }).where(eq(companies.id, tenant.company.id));
    const answer = await payroll(tenant);
    expect(answer.status).toBe(200);
    expect((answer.body.data as Payroll).month).toBe(monthOf(todayIn('Pacific/Kiritimati'), -1));

    for (const month of ['2026-13', '2026-3', 'March', '2026-03-01']) {
      const refused = await payroll(tenant, month);
      expect(refused.status, month).toBe(400);
      expect(refused.body.details).toEqual([
        { field: 'month', code: 'validation.month', message: 'Choose a month as YYYY-MM, e.g. 2026-10' },
      ]);
    }
    const tamil = await payroll(tenant, '2026-00', { 'accept-language': 'ta' });
    expect((tamil.body.details as Array<{ message: string }>)[0]?.message).toBe('மாதத்தை YYYY-MM வடிவில் தேர்ந்தெடுக்கவும், எ.கா. 2026-10');
  });
});

describe('approving several payouts at once', () => {
  it('approves all of them in one go, audited each, and the payroll shows them approved with the same figures', async () => {
    const world = await march();
    const arunDraft = await add(world.tenant, world.arun.id);
    const before = (await payroll(world.tenant, MARCH)).body.data as Payroll;
    const expected = rowOf(before, 'Kavin Test').amount + rowOf(before, 'Arun Test').amount;

    const answer = await approveMany(world.tenant, { ids: [world.kavinDraft.id, arunDraft.id], expected_total: expected });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('Payouts approved: their days and trips are now paid.');
    const approved = answer.body.data as PayoutsApproved;
    expect(approved).toMatchObject({ count: 2, total: expected });
    expect(approved.payouts.map((payout) => [payout.id, payout.status])).toEqual([
      [world.kavinDraft.id, 'approved'],
      [arunDraft.id, 'approved'],
    ]);

    // Each approval is audited as a single approval is: an update of the payout by the caller.
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'payout'),
          eq(auditLog.action, 'update'),
          inArray(auditLog.entity_id, [String(world.kavinDraft.id), String(arunDraft.id)]),
        ),
      );
    expect(entries).toHaveLength(2);
    for (const entry of entries) {
      expect(entry.actor_user_id).toBe(world.tenant.user.id);
      expect(entry.changes.status).toEqual({ from: 'draft', to: 'approved' });
    }
    const paidDays = await ctx.db.select().from(attendance).where(eq(attendance.payout_id, world.kavinDraft.id));
    expect(paidDays.map((row) => row.paid_status)).toEqual(['paid', 'paid']);

    const after = (await payroll(world.tenant, MARCH)).body.data as Payroll;
    for (const name of ['Kavin Test', 'Arun Test']) {
      expect(rowOf(after, name)).toMatchObject({
        status: 'approved',
        amount: rowOf(before, name).amount,
        hours: rowOf(before, name).hours,
      });
    }
    expect(after.totals.amount).toBe(before.totals.amount);
    expect(after.totals.approved_amount).toBe(before.totals.approved_amount + expected);
  });

  it('approves none when one cannot be approved, and names each refusal with its reason, in Tamil too', async () => {
    const world = await march();
    const ids = [world.kavinDraft.id, world.nilaDraft.id, world.kumarDraft.id, world.meenaPaid.id];
    const before = (await payroll(world.tenant, MARCH)).body.data as Payroll;
    const refused = await approveMany(world.tenant, { ids, expected_total: 17_000 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'payouts_not_approvable',
      message:
        'Nothing was approved: 3 of the 4 payouts chosen cannot be approved now (Meena Test, Nila Test, Kumar Test). Leave them out, or open them to see why.',
    });
    expect(refused.body.details).toEqual([
      {
        field: 'ids.3',
        code: 'errors.payout_approved',
        message: 'This payout is approved: it can no longer be changed or deleted.',
      },
      {
        field: 'ids.1',
        code: 'errors.payout_rate_missing',
        message: 'This driver has no hourly rate in force on 5 Mar 2026: add a rate from that day or earlier first.',
      },
      {
        field: 'ids.2',
        code: 'errors.payout_nothing_to_pay',
        message: 'There is nothing unpaid in this period: no worked days or completed trips to pay.',
      },
    ]);
    // Kavin's, which could be approved alone, was not: nothing was written.
    expect((await get(world.tenant, world.kavinDraft.id)).status).toBe('draft');
    const kavinDays = await ctx.db.select().from(attendance).where(eq(attendance.driver_id, world.kavin.id));
    expect(kavinDays.every((row) => row.payout_id === null && row.paid_status === 'unpaid')).toBe(true);
    const kavinTrips = await ctx.db.select().from(trips).where(eq(trips.driver_id, world.kavin.id));
    expect(kavinTrips.every((row) => row.payout_id === null)).toBe(true);
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payout'), eq(auditLog.action, 'update'), eq(auditLog.entity_id, String(world.kavinDraft.id))));
    expect(audited).toEqual([]);
    expect((await payroll(world.tenant, MARCH)).body.data).toEqual(before);

    const one = await approveMany(world.tenant, { ids: [world.kavinDraft.id, world.kumarDraft.id], expected_total: 17_000 });
    expect(one.body.message).toBe(
      'Nothing was approved: one of the payouts chosen cannot be approved now (Kumar Test). Leave it out, or open it to see why.',
    );

    const tamil = await approveMany(world.tenant, { ids, expected_total: 17_000 }, { 'accept-language': 'ta' });
    expect(tamil.status).toBe(409);
    expect(tamil.body.message).toContain('எதுவும் அங்கீகரிக்கப்படவில்லை');
    expect((tamil.body.details as Array<{ message: string }>)[1]?.message).toContain('5 மார்., 2026');
    expect((tamil.body.details as Array<{ message: string }>)[1]?.message).toMatch(/[\u0B80-\u0BFF]/);
  });

  it('approves none when they now pay another total than the one confirmed', async () => {
    const world = await march();
    const confirmed = ((await payroll(world.tenant, MARCH)).body.data as Payroll).rows.find((row) => row.driver_name === 'Kavin Test');
    // A day recorded after the total was read: approving would pay more than was confirmed.
    await insertAttendanceDay(ctx.db, world.companyId, world.kavin.id, '2026-03-25', { worked_minutes: 60 });
    const refused = await approveMany(world.tenant, { ids: [world.kavinDraft.id], expected_total: confirmed?.amount });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('payouts_total_changed');
    expect(refused.body.message).toContain('Nothing was approved');
    expect((await get(world.tenant, world.kavinDraft.id)).status).toBe('draft');
    const now = (await get(world.tenant, world.kavinDraft.id)).total;
    expect(now).toBe((confirmed?.amount ?? 0) + 1000);
    expect((await approveMany(world.tenant, { ids: [world.kavinDraft.id], expected_total: now })).status).toBe(200);
  });

  it('refuses a choice that is empty, repeats a payout or is too long, before anything is read', async () => {
    const world = await march();
    const message = 'Choose from 1 to 200 payouts, each of them once';
    for (const ids of [[], [world.kavinDraft.id, world.kavinDraft.id], Array.from({ length: 201 }, (_, index) => index + 1)]) {
      const refused = await approveMany(world.tenant, { ids, expected_total: 0 });
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual([{ field: 'ids', code: 'validation.payoutChoice', message }]);
    }
    const noTotal = await approveMany(world.tenant, { ids: [world.kavinDraft.id] });
    expect((noTotal.body.details as Array<{ field: string }>)[0]?.field).toBe('expected_total');
    const extra = await approveMany(world.tenant, { ids: [world.kavinDraft.id], expected_total: 17_000, company_id: 1 });
    expect(extra.status).toBe(400);
    expect((await get(world.tenant, world.kavinDraft.id)).status).toBe('draft');
  });
});

describe('the payroll and bulk approval across companies and roles', () => {
  it("gives another company's admin neither rows nor approvals (404), and changes nothing", async () => {
    const world = await march();
    const other = await createCompanyThroughApi(ctx);
    const theirs = await payroll(other, MARCH);
    expect(theirs.status).toBe(200);
    expect((theirs.body.data as Payroll).rows).toEqual([]);
    expect((theirs.body.data as Payroll).totals).toMatchObject({ amount: 0, worked_minutes: 0, trip_count: 0 });

    const refused = await approveMany(other, { ids: [world.kavinDraft.id], expected_total: 17_000 });
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain('Kavin');
    // One of theirs beside one of ours: still 404, and theirs is not approved either.
    const { driver: own } = await insertDriver(ctx.db, other.company.id, { first_name: 'Own' });
    await insertDriverRate(ctx.db, other.company.id, own.id, 1000, '2026-01-01');
    await insertAttendanceDay(ctx.db, other.company.id, own.id, '2026-03-02');
    const ownDraft = await add(other, own.id);
    const mixed = await approveMany(other, { ids: [ownDraft.id, world.kavinDraft.id], expected_total: ownDraft.total + 17_000 });
    expect(mixed.status).toBe(404);
    const [stillDraft] = await ctx.db.select().from(payouts).where(eq(payouts.id, ownDraft.id));
    expect(stillDraft?.status).toBe('draft');
    expect((await get(world.tenant, world.kavinDraft.id)).status).toBe('draft');
  });

  it('lets a role that may view payouts read the payroll but not approve (403); a driver gets neither', async () => {
    const world = await march();
    const [role] = await ctx.db
      .insert(roles)
      .values({
        company_id: world.companyId,
        name: 'Payroll reader',
        permissions: ['drivers.view', 'payouts.view', 'payouts.create', 'finance.view'],
      })
      .returning();
    const user = await createUser(ctx.db, { company_id: world.companyId, role: 'admin', role_id: role?.id ?? null });
    const reader: Tenant = { company: null, user, headers: { authorization: `Bearer ${await mintAccessToken(ctx, user)}` } };
    expect((await payroll(reader, MARCH)).status).toBe(200);
    const refused = await approveMany(reader, { ids: [world.kavinDraft.id], expected_total: 17_000 });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    expect((await get(world.tenant, world.kavinDraft.id)).status).toBe('draft');

    const driver = await addUser(ctx, world.companyId, 'driver');
    expect((await payroll(driver, MARCH)).status).toBe(403);
    expect((await approveMany(driver, { ids: [world.kavinDraft.id], expected_total: 17_000 })).status).toBe(403);
  });
});
