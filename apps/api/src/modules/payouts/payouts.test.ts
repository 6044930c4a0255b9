import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDriver, insertDriverRate } from '../../../test/factories/drivers.ts';
import { insertAttendanceDay, insertCompletedTrip } from '../../../test/factories/payouts.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, createCompanyThroughApi, createTenant, mintAccessToken, type Tenant } from '../../../test/kit.ts';
import { attendance, auditLog, companies, drivers, payoutLines, trips } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Line = {
  kind: string;
  attendance_id: number | null;
  trip_id: number | null;
  day: string;
  worked_minutes: number;
  rate: number;
  amount: number;
};
type PayoutDetail = {
  id: number;
  driver_id: number;
  driver_name: string;
  period_start: string;
  period_end: string;
  status: string;
  worked_minutes: number;
  hours: number;
  hours_amount: number;
  trip_count: number;
  trips_amount: number;
  total: number;
  approved_at: string | null;
  approved_by_name: string | null;
  lines: Line[];
  missing_rate_days: string[];
};

const add = (tenant: Tenant, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(ctx.app, 'POST', '/api/driver/payouts/add', { ...tenant.headers, ...headers }, body);
const approve = (tenant: Tenant, id: number, headers: Record<string, string> = {}) =>
  call(ctx.app, 'PATCH', `/api/driver/payouts/approve/${id}`, { ...tenant.headers, ...headers });
const get = (tenant: Tenant, id: number) => call(ctx.app, 'GET', `/api/driver/payouts/get/${id}`, tenant.headers);

/**
 * A company in Colombo (UTC+5:30) with a driver whose rate is 1,000 an hour until 10 March and 1,200 from 11
 * March, and a March to pay: present days, a day off, a day paid by hand, a day clocked in and not ended,
 * trips on either side of the month's edges in Colombo's time, a trip not completed, and a colleague's rows.
 */
async function march() {
  const tenant = await createTenant(ctx);
  await ctx.db.update(companies).set({ time_zone: 'Asia/Colombo' }).where(eq(companies.id, tenant.company.id));
  const companyId = tenant.company.id;
  const { driver } = await insertDriver(ctx.db, companyId, { first_name: 'Kavin', last_name: 'Raj' });
  await insertDriverRate(ctx.db, companyId, driver.id, 1000, '2026-01-01');
  await insertDriverRate(ctx.db, companyId, driver.id, 1200, '2026-03-11');
  const days = {
    early: await insertAttendanceDay(ctx.db, companyId, driver.id, '2026-03-02', { worked_minutes: 480 }),
    late: await insertAttendanceDay(ctx.db, companyId, driver.id, '2026-03-20', { worked_minutes: 450 }),
    short: await insertAttendanceDay(ctx.db, companyId, driver.id, '2026-03-31', { worked_minutes: 125 }),
    absent: await insertAttendanceDay(ctx.db, companyId, driver.id, '2026-03-03', { attendance_status: 'absent', worked_minutes: 0 }),
    paidByHand: await insertAttendanceDay(ctx.db, companyId, driver.id, '2026-03-04', { paid_status: 'paid' }),
    clockedIn: await insertAttendanceDay(ctx.db, companyId, driver.id, '2026-03-05', { worked_minutes: 0 }),
    april: await insertAttendanceDay(ctx.db, companyId, driver.id, '2026-04-01'),
  };
  const tripRows = {
    // 10:00 in Colombo on 15 March.
    done: await insertCompletedTrip(ctx.db, companyId, driver.id, new Date('2026-03-15T04:30:00Z'), { driver_fee: 1500 }),
    // 28 Feb 20:00 UTC is 1 March 01:30 in Colombo: in March there.
    firstOfMarch: await insertCompletedTrip(ctx.db, companyId, driver.id, new Date('2026-02-28T20:00:00Z'), { driver_fee: 900 }),
    // 31 March 20:00 UTC is 1 April in Colombo: not in March.
    aprilThere: await insertCompletedTrip(ctx.db, companyId, driver.id, new Date('2026-03-31T20:00:00Z'), { driver_fee: 700 }),
    started: await insertCompletedTrip(ctx.db, companyId, driver.id, new Date('2026-03-16T04:30:00Z'), { status: 'started' }),
  };
  const { driver: colleague } = await insertDriver(ctx.db, companyId, { first_name: 'Meena', last_name: 'Kumari' });
  await insertDriverRate(ctx.db, companyId, colleague.id, 5000, '2026-01-01');
  await insertAttendanceDay(ctx.db, companyId, colleague.id, '2026-03-02');
  await insertCompletedTrip(ctx.db, companyId, colleague.id, new Date('2026-03-15T04:30:00Z'));
  return { tenant, companyId, driver, colleague, days, trips: tripRows };
}

const marchBody = (driverId: number) => ({ driver_id: driverId, period_start: '2026-03-01', period_end: '2026-03-31' });

describe('driver payouts', () => {
  it("computes a draft from the unpaid present days at each day's rate and the completed unpaid trips of the period", async () => {
    const world = await march();
    const added = await add(world.tenant, { ...marchBody(world.driver.id), notes: 'March' });
    expect(added.status).toBe(201);
    const payout = added.body.data as PayoutDetail;
    // 2 March: 480 min at 1,000 = 8,000; 20 March: 450 min at 1,200 = 9,000; 31 March: 125 min at 1,200 = 2,500.
    expect(payout).toMatchObject({
      driver_id: world.driver.id,
      driver_name: 'Kavin Raj',
      status: 'draft',
      worked_minutes: 1055,
      hours: 17.58,
      hours_amount: 19_500,
      trip_count: 2,
      trips_amount: 2400,
      total: 21_900,
      approved_at: null,
      missing_rate_days: [],
    });
    expect(payout.lines.map((line) => [line.kind, line.day, line.worked_minutes, line.rate, line.amount])).toEqual([
      ['attendance', '2026-03-02', 480, 1000, 8000],
      ['attendance', '2026-03-20', 450, 1200, 9000],
      ['attendance', '2026-03-31', 125, 1200, 2500],
      ['trip', '2026-03-01', 0, 0, 900],
      ['trip', '2026-03-15', 0, 0, 1500],
    ]);
    // A draft pays nothing.
    const [early] = await ctx.db.select().from(attendance).where(eq(attendance.id, world.days.early.id));
    expect(early).toMatchObject({ paid_status: 'unpaid', payout_id: null });
  });

  it('approving marks exactly those days and trips paid, once: the period cannot be paid again', async () => {
    const world = await march();
    const payout = (await add(world.tenant, marchBody(world.driver.id))).body.data as PayoutDetail;
    const approved = await approve(world.tenant, payout.id);
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe('Payout approved: its days and trips are now paid.');
    expect(approved.body.data).toMatchObject({ status: 'approved', total: 21_900, approved_by_name: expect.any(String) });

    const paidDays = await ctx.db.select().from(attendance).where(eq(attendance.payout_id, payout.id));
    expect(paidDays.map((day) => day.id).sort()).toEqual([world.days.early.id, world.days.late.id, world.days.short.id].sort());
    expect(paidDays.every((day) => day.paid_status === 'paid')).toBe(true);
    const paidTrips = await ctx.db.select().from(trips).where(eq(trips.payout_id, payout.id));
    expect(paidTrips.map((trip) => trip.id).sort()).toEqual([world.trips.done.id, world.trips.firstOfMarch.id].sort());
    // The rest is untouched: the day off, the day paid by hand, April, the colleague's.
    const [april] = await ctx.db.select().from(attendance).where(eq(attendance.id, world.days.april.id));
    expect(april?.payout_id).toBeNull();
    expect(await ctx.db.select().from(payoutLines).where(eq(payoutLines.payout_id, payout.id))).toHaveLength(5);

    // Its lines are now the stored ones, and what they paid no longer shows on a new draft.
    expect(((await get(world.tenant, payout.id)).body.data as PayoutDetail).lines).toHaveLength(5);
    const overlapping = await add(world.tenant, { driver_id: world.driver.id, period_start: '2026-03-31', period_end: '2026-04-30' });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body).toMatchObject({ code: 'payout_overlaps' });
    expect(overlapping.body.message).toBe(
      'This driver already has an approved payout for 1 Mar 2026 to 31 Mar 2026: a day cannot be paid twice.',
    );
    expect((await approve(world.tenant, payout.id)).body.code).toBe('payout_approved');
    expect((await call(ctx.app, 'DELETE', `/api/driver/payouts/delete/${payout.id}`, world.tenant.headers)).body.code).toBe(
      'payout_approved',
    );
    const changed = await call(ctx.app, 'PATCH', `/api/driver/payouts/update/${payout.id}`, world.tenant.headers, { notes: 'x' });
    expect(changed.status).toBe(409);

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payout'), eq(auditLog.entity_id, String(payout.id)), eq(auditLog.action, 'update')));
    expect(entry?.actor_user_id).toBe(world.tenant.user.id);
  });

  it('lets only one of two overlapping drafts be approved', async () => {
    const world = await march();
    const first = (await add(world.tenant, { driver_id: world.driver.id, period_start: '2026-03-01', period_end: '2026-03-15' })).body
      .data as PayoutDetail;
    const second = (await add(world.tenant, marchBody(world.driver.id))).body.data as PayoutDetail;
    expect((await approve(world.tenant, first.id)).status).toBe(200);
    const refused = await approve(world.tenant, second.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('payout_overlaps');
    // The second is still a draft; moved to after the first, it pays the rest.
    const moved = await call(ctx.app, 'PATCH', `/api/driver/payouts/update/${second.id}`, world.tenant.headers, {
      period_start: '2026-03-16',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ worked_minutes: 575, total: 11_500 });
    expect((await approve(world.tenant, second.id)).status).toBe(200);
  });

  it("shows a draft's figures as they are now, and refuses what cannot be paid with the reason, in the caller's language", async () => {
    const world = await march();
    const draft = (await add(world.tenant, marchBody(world.driver.id))).body.data as PayoutDetail;
    await insertAttendanceDay(ctx.db, world.companyId, world.driver.id, '2026-03-25', { worked_minutes: 60 });
    expect(((await get(world.tenant, draft.id)).body.data as PayoutDetail).total).toBe(21_900 + 1200);

    // A day before any rate: named, and approval refused until a rate covers it.
    const { driver: newcomer } = await insertDriver(ctx.db, world.companyId);
    await insertDriverRate(ctx.db, world.companyId, newcomer.id, 1000, '2026-03-10');
    await insertAttendanceDay(ctx.db, world.companyId, newcomer.id, '2026-03-09');
    const noRate = await add(world.tenant, marchBody(newcomer.id), { 'accept-language': 'ta' });
    expect(noRate.status).toBe(409);
    expect(noRate.body.code).toBe('payout_rate_missing');
    expect(noRate.body.message).toContain('9 மார்., 2026');
    expect(noRate.body.message).toMatch(/[\u0B80-\u0BFF]/);

    const tooLong = await add(world.tenant, { driver_id: world.driver.id, period_start: '2026-01-01', period_end: '2026-06-30' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('A payout covers at most 92 days: this period has 181.');
    const backwards = await add(world.tenant, { driver_id: world.driver.id, period_start: '2026-03-31', period_end: '2026-03-01' });
    expect(backwards.status).toBe(400);
    expect((backwards.body.details as Array<{ field: string }>)[0]?.field).toBe('period_end');

    const empty = (await add(world.tenant, { driver_id: world.driver.id, period_start: '2025-06-01', period_end: '2025-06-30' })).body
      .data as PayoutDetail;
    expect(empty.total).toBe(0);
    expect((await approve(world.tenant, empty.id)).body.code).toBe('payout_nothing_to_pay');
    expect((await call(ctx.app, 'DELETE', `/api/driver/payouts/delete/${empty.id}`, world.tenant.headers)).status).toBe(200);
    expect((await get(world.tenant, empty.id)).status).toBe(404);
  });

  it('lists payouts with filters and sums them per driver in the statistics', async () => {
    const world = await march();
    const paid = (await add(world.tenant, { driver_id: world.driver.id, period_start: '2026-03-01', period_end: '2026-03-15' })).body
      .data as PayoutDetail;
    await approve(world.tenant, paid.id);
    const draft = (await add(world.tenant, { driver_id: world.driver.id, period_start: '2026-03-16', period_end: '2026-03-31' })).body
      .data as PayoutDetail;
    await add(world.tenant, marchBody(world.colleague.id));

    const listed = await call(ctx.app, 'GET', `/api/driver/payouts/list?driver_id=${world.driver.id}`, world.tenant.headers);
    expect((listed.body.data as PayoutDetail[]).map((payout) => payout.id)).toEqual([draft.id, paid.id]);
    expect(listed.body.pagination).toEqual({ page: 1, page_size: 20, total: 2 });
    const approvedOnly = await call(ctx.app, 'GET', '/api/driver/payouts/list?status=approved', world.tenant.headers);
    expect((approvedOnly.body.data as PayoutDetail[]).map((payout) => payout.id)).toEqual([paid.id]);
    const searched = await call(ctx.app, 'GET', '/api/driver/payouts/list?search=meena', world.tenant.headers);
    expect(searched.body.pagination).toMatchObject({ total: 1 });

    const stats = await call(ctx.app, 'GET', `/api/driver-payout/statistics/list?driver_id=${world.driver.id}`, world.tenant.headers);
    expect(stats.status).toBe(200);
    expect(stats.body.data).toEqual([
      {
        driver_id: world.driver.id,
        driver_name: 'Kavin Raj',
        approved_count: 1,
        approved_total: paid.total,
        draft_count: 1,
        draft_total: draft.total,
        paid_until: '2026-03-15',
        // 20 and 31 March, and 1 April; the trips of 1 April (Colombo) and none started.
        unpaid_minutes: 450 + 125 + 480,
        unpaid_trip_count: 1,
      },
    ]);
    const all = await call(ctx.app, 'GET', '/api/driver-payout/statistics/list', world.tenant.headers);
    expect((all.body.data as Array<{ driver_name: string }>).map((row) => row.driver_name)).toEqual(['Kavin Raj', 'Meena Kumari']);
  });

  it("answers another company's admin 404 on every call and a driver 403", async () => {
    const world = await march();
    const payout = (await add(world.tenant, marchBody(world.driver.id))).body.data as PayoutDetail;
    const other = await createCompanyThroughApi(ctx);
    expect((await get(other, payout.id)).status).toBe(404);
    expect((await approve(other, payout.id)).status).toBe(404);
    expect((await call(ctx.app, 'PATCH', `/api/driver/payouts/update/${payout.id}`, other.headers, { notes: 'x' })).status).toBe(404);
    expect((await call(ctx.app, 'DELETE', `/api/driver/payouts/delete/${payout.id}`, other.headers)).status).toBe(404);
    expect((await add(other, marchBody(world.driver.id))).status).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/driver-payout/statistics/list?driver_id=${world.driver.id}`, other.headers)).status).toBe(404);
    const otherList = await call(ctx.app, 'GET', '/api/driver/payouts/list', other.headers);
    expect(otherList.body.data).toEqual([]);
    const [stillDraft] = await ctx.db.select().from(attendance).where(eq(attendance.id, world.days.early.id));
    expect(stillDraft?.payout_id).toBeNull();

    const driver = await addUser(ctx, world.companyId, 'driver');
    expect((await get(driver, payout.id)).status).toBe(403);
    expect((await approve(driver, payout.id)).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/driver/payouts/list', driver.headers)).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/driver-payout/statistics/list', driver.headers)).status).toBe(403);
  });
});

describe("a driver's own payouts", () => {
  it('lists their approved payouts only, read only: no draft, no colleague, no office list', async () => {
    const world = await march();
    const approved = (await add(world.tenant, marchBody(world.driver.id))).body.data as PayoutDetail;
    expect((await approve(world.tenant, approved.id)).status).toBe(200);
    await add(world.tenant, { driver_id: world.driver.id, period_start: '2026-04-01', period_end: '2026-04-30' });
    const theirs = (await add(world.tenant, marchBody(world.colleague.id))).body.data as PayoutDetail;
    await approve(world.tenant, theirs.id);

    const [profile] = await ctx.db.select().from(drivers).where(eq(drivers.id, world.driver.id));
    const headers = {
      authorization: `Bearer ${await mintAccessToken(ctx, { id: profile?.user_id ?? 0, role: 'driver', company_id: world.companyId })}`,
    };
    const mine = await call(ctx.app, 'GET', '/api/driver/payouts/mine', headers);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect((mine.body.data as PayoutDetail[]).map((payout) => [payout.id, payout.status, payout.total])).toEqual([
      [approved.id, 'approved', 21_900],
    ]);
    // The office has its own list; this one is a driver's.
    expect((await call(ctx.app, 'GET', '/api/driver/payouts/mine', world.tenant.headers)).status).toBe(403);
    expect((await call(ctx.app, 'GET', `/api/driver/payouts/get/${approved.id}`, headers)).status).toBe(403);
  });
});
