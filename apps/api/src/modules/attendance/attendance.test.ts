import { formatDay } from '@ps/contracts/common/format';
import attendanceEn from '@ps/contracts/locales/attendance.en.json' with { type: 'json' };
import attendanceTa from '@ps/contracts/locales/attendance.ta.json' with { type: 'json' };
import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApprovedPayout, insertAttendance } from '../../../test/factories/attendance.ts';
import { insertDriver, insertDriverRate } from '../../../test/factories/drivers.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant, type Headers, mintAccessToken, type Tenant } from '../../../test/kit.ts';
import { attendance, auditLog, companies, drivers, payoutLines } from '../../db/schema/index.ts';
import { dayAt } from '../../lib/dates.ts';
import { workedMinutes } from './attendance.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Day = {
  id: number;
  driver_id: number;
  driver_name: string;
  day: string;
  start_at: string | null;
  end_at: string | null;
  worked_minutes: number;
  hours: number;
  attendance_status: string;
  paid_status: string;
  payout_id: number | null;
  notes: string | null;
};
type Detail = { field: string; code: string; message: string };
type Totals = {
  driver_id: number;
  driver_name: string;
  paid_days: number;
  paid_minutes: number;
  paid_hours: number;
  paid_amount: number;
  unpaid_days: number;
  unpaid_minutes: number;
  unpaid_hours: number;
  unpaid_amount: number;
  days_without_rate: number;
  currency: string;
};

/** A company (Europe/London, so March days are on UTC) with an admin and a driver named Kavin Raj. */
async function setUp() {
  const tenant = await createTenant(ctx);
  const { driver, user } = await insertDriver(ctx.db, tenant.company.id, { first_name: 'Kavin', last_name: 'Raj' });
  return { tenant, driver, driverUser: user };
}

/** The signed-in driver (role driver) of a profile. */
const driverHeaders = async (userId: number, companyId: number): Promise<Headers> => ({
  authorization: `Bearer ${await mintAccessToken(ctx, { id: userId, role: 'driver', company_id: companyId })}`,
});

/** Another driver of the company, signed in. */
async function secondDriver(companyId: number) {
  const { driver, user } = await insertDriver(ctx.db, companyId, { first_name: 'Meena', last_name: 'Kumari' });
  return { driver, headers: await driverHeaders(user.id, companyId) };
}

const add = (headers: Headers, body: object) => call(ctx.app, 'POST', '/api/attendance/add', headers, body);
const get = (headers: Headers, id: number) => call(ctx.app, 'GET', `/api/attendance/get/${id}`, headers);
const update = (headers: Headers, id: number, body: object) => call(ctx.app, 'PATCH', `/api/attendance/update/${id}`, headers, body);
const setAttendance = (headers: Headers, id: number, attendance_status: string) =>
  call(ctx.app, 'PATCH', `/api/attendance/update/attendance_status/${id}`, headers, { attendance_status });
const setPaid = (headers: Headers, id: number, paid_status: string) =>
  call(ctx.app, 'PATCH', `/api/attendance/update/paid_status/${id}`, headers, { paid_status });
const remove = (headers: Headers, id: number) => call(ctx.app, 'DELETE', `/api/attendance/delete/${id}`, headers);
const list = (headers: Headers, query = '') => call(ctx.app, 'GET', `/api/attendance/list${query}`, headers);
const paidDetails = (headers: Headers, query = '') => call(ctx.app, 'GET', `/api/attendance/get/paid_details/list${query}`, headers);
const rowOf = async (id: number) => (await ctx.db.select().from(attendance).where(eq(attendance.id, id)))[0];
const rowsOfDriver = (driverId: number) => ctx.db.select().from(attendance).where(eq(attendance.driver_id, driverId));
const auditOf = (id: number, action: 'create' | 'update' | 'delete') =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'attendance'), eq(auditLog.entity_id, String(id)), eq(auditLog.action, action)));
const fieldsOf = (body: { [key: string]: unknown }) => ((body.details as Detail[] | undefined) ?? []).map((detail) => detail.field);
const codesOf = (body: { [key: string]: unknown }) => ((body.details as Detail[] | undefined) ?? []).map((detail) => detail.code);

const day8to1630 = { day: '2026-03-10', start_at: '2026-03-10T08:00:00Z', end_at: '2026-03-10T16:30:00Z' };

describe('POST /api/attendance/add', () => {
  it("records a driver's present day with its minutes and decimal hours (201, audited)", async () => {
    const { tenant, driver } = await setUp();
    const added = await add(tenant.headers, { driver_id: driver.id, ...day8to1630, notes: '  Airport run  ' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toEqual({
      id: expect.any(Number),
      driver_id: driver.id,
      driver_name: 'Kavin Raj',
      day: '2026-03-10',
      start_at: '2026-03-10T08:00:00.000Z',
      end_at: '2026-03-10T16:30:00.000Z',
      worked_minutes: 510,
      hours: 8.5,
      attendance_status: 'present',
      paid_status: 'unpaid',
      payout_id: null,
      notes: 'Airport run',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = (added.body.data as Day).id;
    const [entry] = await auditOf(id, 'create');
    expect(entry?.actor_user_id).toBe(tenant.user.id);
    expect(entry?.changes).toMatchObject({ worked_minutes: { to: 510 }, day: { to: '2026-03-10' }, driver_id: { to: driver.id } });
    expect((await get(tenant.headers, id)).body.data).toEqual(added.body.data);
  });

  it('keeps seconds out of the minutes and shows hours to two places', async () => {
    const { tenant, driver } = await setUp();
    const added = await add(tenant.headers, {
      driver_id: driver.id,
      day: '2026-03-11',
      start_at: '2026-03-11T08:00:00Z',
      end_at: '2026-03-11T15:20:59Z',
    });
    expect(added.body.data).toMatchObject({ worked_minutes: 440, hours: 7.33 });
  });

  it('takes a start without an end (clocked in, 0 hours until the end is recorded)', async () => {
    const { tenant, driver } = await setUp();
    const added = await add(tenant.headers, { driver_id: driver.id, day: '2026-03-12', start_at: '2026-03-12T07:45:00Z' });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ start_at: '2026-03-12T07:45:00.000Z', end_at: null, worked_minutes: 0, hours: 0 });
    const ended = await update(tenant.headers, (added.body.data as Day).id, { end_at: '2026-03-12T12:15:00Z' });
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ worked_minutes: 270, hours: 4.5 });
  });

  it('records absent and leave days without times, 0 minutes; times on them are refused (400)', async () => {
    const { tenant, driver } = await setUp();
    const absent = await add(tenant.headers, { driver_id: driver.id, day: '2026-03-13', attendance_status: 'absent' });
    expect(absent.status).toBe(201);
    expect(absent.body.data).toMatchObject({ attendance_status: 'absent', start_at: null, end_at: null, worked_minutes: 0 });
    // Leave may be booked ahead: a future day is fine for it.
    const leave = await add(tenant.headers, { driver_id: driver.id, day: '2099-01-02', attendance_status: 'leave' });
    expect(leave.status).toBe(201);
    const timed = await add(tenant.headers, { driver_id: driver.id, ...day8to1630, day: '2026-03-14', attendance_status: 'leave' });
    expect(timed.status).toBe(400);
    expect(timed.body.code).toBe('attendance_no_times');
    expect(fieldsOf(timed.body)).toEqual(['start_at', 'end_at']);
    expect(await rowsOfDriver(driver.id)).toHaveLength(2);
  });

  it('refuses a second row for the driver on the same day: 409 naming driver and day, in English and Tamil', async () => {
    const { tenant, driver } = await setUp();
    expect((await add(tenant.headers, { driver_id: driver.id, ...day8to1630 })).status).toBe(201);
    for (const [language, catalogue] of [
      ['en', attendanceEn],
      ['ta', attendanceTa],
    ] as const) {
      const again = await add({ ...tenant.headers, 'accept-language': language }, { driver_id: driver.id, day: '2026-03-10' });
      expect(again.status).toBe(409);
      const message = catalogue.errors.attendance_day_taken
        .replace('{{name}}', 'Kavin Raj')
        .replace('{{day}}', formatDay(language, '2026-03-10'));
      expect(again.body).toMatchObject({ code: 'attendance_day_taken', message });
      expect(again.body.details).toEqual([{ field: 'day', code: 'errors.attendance_day_taken', message }]);
    }
    expect(await rowsOfDriver(driver.id)).toHaveLength(1);
    // Another driver may work that day.
    const { driver: colleague } = await insertDriver(ctx.db, tenant.company.id);
    expect((await add(tenant.headers, { driver_id: colleague.id, ...day8to1630 })).status).toBe(201);
  });

  it('refuses times that break the rules, each beside its field, in the caller’s language, writing nothing', async () => {
    const { tenant, driver } = await setUp();
    const refused = async (body: object, language = 'en') => {
      const response = await add({ ...tenant.headers, 'accept-language': language }, { driver_id: driver.id, day: '2026-03-10', ...body });
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      return response.body;
    };
    const order = await refused({ start_at: '2026-03-10T16:00:00Z', end_at: '2026-03-10T16:00:00Z' });
    expect([order.code, fieldsOf(order)]).toEqual(['attendance_times_order', ['end_at']]);
    expect(order.message).toBe(attendanceEn.errors.attendance_times_order);
    const long = await refused({ start_at: '2026-03-10T06:00:00Z', end_at: '2026-03-11T06:01:00Z' }, 'ta');
    expect([long.code, fieldsOf(long), long.message]).toEqual(['attendance_too_long', ['end_at'], attendanceTa.errors.attendance_too_long]);
    const noStart = await refused({ end_at: '2026-03-10T16:00:00Z' });
    expect([noStart.code, fieldsOf(noStart)]).toEqual(['attendance_end_needs_start', ['start_at']]);
    const offDay = await refused({ start_at: '2026-03-09T23:00:00Z', end_at: '2026-03-10T06:00:00Z' });
    expect([offDay.code, fieldsOf(offDay)]).toEqual(['attendance_start_off_day', ['start_at']]);
    expect(offDay.message).toBe('The start must fall on 10 Mar 2026 (Europe/London time).');
    const future = await refused({ day: '2099-01-01' });
    expect([future.code, fieldsOf(future)]).toEqual(['attendance_in_future', ['day']]);
    const malformed = await refused({ start_at: '10/03/2026 08:00', day: '2026-02-30' });
    expect(fieldsOf(malformed).sort()).toEqual(['day', 'start_at']);
    expect(await rowsOfDriver(driver.id)).toEqual([]);
  });

  it("counts the day in the company's time zone: a night shift may end the next morning", async () => {
    const { tenant, driver } = await setUp();
    await ctx.db.update(companies).set({ time_zone: 'Asia/Colombo' }).where(eq(companies.id, tenant.company.id));
    // 20:00 UTC on 9 March is 01:30 on 10 March in Colombo (UTC+5:30).
    const night = await add(tenant.headers, {
      driver_id: driver.id,
      day: '2026-03-10',
      start_at: '2026-03-09T20:00:00Z',
      end_at: '2026-03-10T04:30:00Z',
    });
    expect(night.status, JSON.stringify(night.body)).toBe(201);
    expect(night.body.data).toMatchObject({ worked_minutes: 510 });
    const offDay = await add(tenant.headers, { driver_id: driver.id, day: '2026-03-11', start_at: '2026-03-10T18:00:00Z' });
    expect(offDay.body).toMatchObject({
      code: 'attendance_start_off_day',
      message: 'The start must fall on 11 Mar 2026 (Asia/Colombo time).',
    });
    // A shift from 22:00 to 06:00 the next day, Colombo time.
    const late = await add(tenant.headers, {
      driver_id: driver.id,
      day: '2026-03-12',
      start_at: '2026-03-12T16:30:00Z',
      end_at: '2026-03-13T00:30:00Z',
    });
    expect(late.body.data).toMatchObject({ worked_minutes: 480, hours: 8 });
  });

  it('needs the driver from an admin; an unknown, removed or other company’s driver is a 404', async () => {
    const { tenant, driver } = await setUp();
    const none = await add(tenant.headers, { day: '2026-03-10' });
    expect(none.status).toBe(400);
    expect(none.body.details).toEqual([{ field: 'driver_id', code: 'validation.required', message: en.validation.required }]);
    expect((await add(tenant.headers, { driver_id: 2147483000, day: '2026-03-10' })).status).toBe(404);
    const other = await setUp();
    expect((await add(tenant.headers, { driver_id: other.driver.id, day: '2026-03-10' })).status).toBe(404);
    await ctx.db.update(drivers).set({ deleted_at: new Date() }).where(eq(drivers.id, driver.id));
    expect((await add(tenant.headers, { driver_id: driver.id, day: '2026-03-10' })).status).toBe(404);
    const extra = await add(tenant.headers, { driver_id: other.driver.id, day: '2026-03-10', company_id: 1, worked_minutes: 600 });
    expect(fieldsOf(extra.body).sort()).toEqual(['company_id', 'worked_minutes']);
    expect(await rowsOfDriver(other.driver.id)).toEqual([]);
  });
});

describe('a driver records their own days', () => {
  it('adds their own present day without naming themself, changes its times and notes, reads only their own', async () => {
    const { tenant, driver, driverUser } = await setUp();
    const own = await driverHeaders(driverUser.id, tenant.company.id);
    const added = await add(own, { day: '2026-03-10', start_at: '2026-03-10T08:00:00Z' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const id = (added.body.data as Day).id;
    expect(added.body.data).toMatchObject({ driver_id: driver.id, worked_minutes: 0 });
    const ended = await update(own, id, { end_at: '2026-03-10T17:00:00Z', notes: 'Two airport runs' });
    expect(ended.body.data).toMatchObject({ worked_minutes: 540, notes: 'Two airport runs' });
    const [entry] = await auditOf(id, 'update');
    expect(entry?.actor_user_id).toBe(driverUser.id);
    expect(entry?.changes).toMatchObject({ worked_minutes: { from: 0, to: 540 }, notes: { from: null, to: 'Two airport runs' } });

    const { driver: colleague } = await insertDriver(ctx.db, tenant.company.id);
    await insertAttendance(ctx.db, tenant.company.id, colleague.id, '2026-03-10');
    const mine = await list(own);
    expect((mine.body.data as Day[]).map((row) => row.id)).toEqual([id]);
    expect(mine.body.pagination).toEqual({ page: 1, page_size: 20, total: 1 });
  });

  it('may set neither the status nor the day (403 on the field); a paid day is closed to them', async () => {
    const { tenant, driver, driverUser } = await setUp();
    const own = await driverHeaders(driverUser.id, tenant.company.id);
    const status = await add(own, { day: '2026-03-10', attendance_status: 'leave' });
    expect(status.status).toBe(403);
    expect(status.body).toMatchObject({ code: 'attendance_admin_only', message: attendanceEn.errors.attendance_admin_only });
    expect(fieldsOf(status.body)).toEqual(['attendance_status']);
    const row = await insertAttendance(ctx.db, tenant.company.id, driver.id, '2026-03-10');
    const moved = await update(own, row.id, { day: '2026-03-09' });
    expect([moved.status, fieldsOf(moved.body)]).toEqual([403, ['day']]);
    await ctx.db.update(attendance).set({ paid_status: 'paid' }).where(eq(attendance.id, row.id));
    const paid = await update({ ...own, 'accept-language': 'ta' }, row.id, { notes: 'late' });
    expect(paid.status).toBe(409);
    expect(paid.body).toMatchObject({ code: 'attendance_paid', message: attendanceTa.errors.attendance_paid });
    expect((await rowOf(row.id))?.notes).toBeNull();
  });

  it('gets 403 on the admin calls: the statuses and delete', async () => {
    const { tenant, driver, driverUser } = await setUp();
    const own = await driverHeaders(driverUser.id, tenant.company.id);
    const row = await insertAttendance(ctx.db, tenant.company.id, driver.id, '2026-03-10');
    expect((await setAttendance(own, row.id, 'absent')).status).toBe(403);
    expect((await setPaid(own, row.id, 'paid')).status).toBe(403);
    expect((await remove(own, row.id)).status).toBe(403);
    expect(await rowOf(row.id)).toMatchObject({ attendance_status: 'present', paid_status: 'unpaid' });
  });

  it("gives a second driver 404 on every call about the first driver's days, and changes nothing", async () => {
    const { tenant, driver } = await setUp();
    const row = await insertAttendance(ctx.db, tenant.company.id, driver.id, '2026-03-10', { notes: 'kept' });
    const other = await secondDriver(tenant.company.id);
    const attempts = [
      await get(other.headers, row.id),
      await update(other.headers, row.id, { notes: 'taken' }),
      await add(other.headers, { driver_id: driver.id, day: '2026-03-11' }),
      await list(other.headers, `?driver_id=${driver.id}`),
      await paidDetails(other.headers, `?driver_id=${driver.id}`),
    ];
    expect(attempts.map((attempt) => attempt.status)).toEqual([404, 404, 404, 404, 404]);
    expect((await list(other.headers)).body.data).toEqual([]);
    expect(((await paidDetails(other.headers)).body.data as Totals[]).map((row) => row.driver_id)).toEqual([other.driver.id]);
    expect(await rowOf(row.id)).toMatchObject({ notes: 'kept' });
    expect(await rowsOfDriver(driver.id)).toHaveLength(1);
  });

  it('a driver whose profile was removed is refused (403)', async () => {
    const { tenant, driver, driverUser } = await setUp();
    const own = await driverHeaders(driverUser.id, tenant.company.id);
    await ctx.db.update(drivers).set({ deleted_at: new Date() }).where(eq(drivers.id, driver.id));
    expect((await list(own)).status).toBe(403);
    expect((await add(own, { day: '2026-03-10' })).status).toBe(403);
  });
});

describe('GET /api/attendance/list', () => {
  it('filters by driver, days, statuses; searches names and notes; sorts', async () => {
    const { tenant, driver } = await setUp();
    const company = tenant.company.id;
    const { driver: meena } = await insertDriver(ctx.db, company, { first_name: 'Meena', last_name: 'Kumari' });
    await insertAttendance(ctx.db, company, driver.id, '2026-03-02', { worked_minutes: 480, paid_status: 'paid' });
    await insertAttendance(ctx.db, company, driver.id, '2026-03-03', { worked_minutes: 300, notes: 'Heathrow shuttle' });
    await insertAttendance(ctx.db, company, driver.id, '2026-04-01', { attendance_status: 'leave' });
    await insertAttendance(ctx.db, company, meena.id, '2026-03-03', { worked_minutes: 420 });
    const days = async (query: string) => {
      const response = await list(tenant.headers, query);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return (response.body.data as Day[]).map((row) => `${row.driver_name.split(' ')[0]} ${row.day}`);
    };
    expect(await days('')).toEqual(['Kavin 2026-04-01', 'Kavin 2026-03-03', 'Meena 2026-03-03', 'Kavin 2026-03-02']);
    expect(await days(`?driver_id=${driver.id}&from=2026-03-01&to=2026-03-31&sort=day`)).toEqual(['Kavin 2026-03-02', 'Kavin 2026-03-03']);
    expect(await days('?paid_status=paid')).toEqual(['Kavin 2026-03-02']);
    expect(await days('?attendance_status=leave')).toEqual(['Kavin 2026-04-01']);
    expect(await days('?search=heathrow')).toEqual(['Kavin 2026-03-03']);
    expect(await days('?search=kumari')).toEqual(['Meena 2026-03-03']);
    expect(await days('?sort=-worked_minutes&from=2026-03-01&to=2026-03-31')).toEqual([
      'Kavin 2026-03-02',
      'Meena 2026-03-03',
      'Kavin 2026-03-03',
    ]);
    expect(await days('?sort=-driver_name&to=2026-03-03&from=2026-03-03')).toEqual(['Meena 2026-03-03', 'Kavin 2026-03-03']);
    const page = await list(tenant.headers, '?page=2&page_size=3');
    expect(page.body.pagination).toEqual({ page: 2, page_size: 3, total: 4 });
    expect((page.body.data as Day[]).length).toBe(1);
    const reversed = await list(tenant.headers, '?from=2026-04-01&to=2026-03-01');
    expect([reversed.status, fieldsOf(reversed.body), codesOf(reversed.body)]).toEqual([400, ['to'], ['validation.dateOrder']]);
    expect((await list(tenant.headers, '?sort=password')).status).toBe(400);
    expect((await list(tenant.headers, '?from=2026-02-30')).status).toBe(400);
    expect((await list(tenant.headers, '?driver_id=2147483000')).status).toBe(404);
  });
});

describe('PATCH /api/attendance/update/{id}', () => {
  it("changes an admin's day, times and notes, recomputing the minutes (audited before and after)", async () => {
    const { tenant, driver } = await setUp();
    const id = ((await add(tenant.headers, { driver_id: driver.id, ...day8to1630 })).body.data as Day).id;
    const moved = await update(tenant.headers, id, { day: '2026-03-09', start_at: '2026-03-09T09:00:00Z', end_at: '2026-03-09T17:00:00Z' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ day: '2026-03-09', worked_minutes: 480, hours: 8 });
    const [entry] = await auditOf(id, 'update');
    expect(entry?.changes).toMatchObject({ day: { from: '2026-03-10', to: '2026-03-09' }, worked_minutes: { from: 510, to: 480 } });
    // Moving the day alone leaves the start on the old day: refused beside the start.
    const alone = await update(tenant.headers, id, { day: '2026-03-08' });
    expect([alone.status, alone.body.code, fieldsOf(alone.body)]).toEqual([400, 'attendance_start_off_day', ['start_at']]);
    const cleared = await update(tenant.headers, id, { end_at: null });
    expect(cleared.body.data).toMatchObject({ end_at: null, worked_minutes: 0 });
    const empty = await update(tenant.headers, id, {});
    expect(empty.status).toBe(400);
  });

  it('refuses a move onto a day the driver already has (409) and times on an absent day (400)', async () => {
    const { tenant, driver } = await setUp();
    await insertAttendance(ctx.db, tenant.company.id, driver.id, '2026-03-09');
    const row = await insertAttendance(ctx.db, tenant.company.id, driver.id, '2026-03-10', { attendance_status: 'absent' });
    const clash = await update(tenant.headers, row.id, { day: '2026-03-09' });
    expect([clash.status, clash.body.code, fieldsOf(clash.body)]).toEqual([409, 'attendance_day_taken', ['day']]);
    const timed = await update(tenant.headers, row.id, { start_at: '2026-03-10T08:00:00Z' });
    expect([timed.status, timed.body.code]).toEqual([400, 'attendance_no_times']);
    expect(await rowOf(row.id)).toMatchObject({ day: '2026-03-10', start_at: null });
  });
});

describe('attendance and paid status', () => {
  it('absent and leave clear the times; present again has none until recorded (audited)', async () => {
    const { tenant, driver } = await setUp();
    const id = ((await add(tenant.headers, { driver_id: driver.id, ...day8to1630 })).body.data as Day).id;
    const absent = await setAttendance(tenant.headers, id, 'absent');
    expect(absent.status).toBe(200);
    expect(absent.body.message).toBe(attendanceEn.success.attendanceStatus);
    expect(absent.body.data).toMatchObject({ attendance_status: 'absent', start_at: null, end_at: null, worked_minutes: 0 });
    const [entry] = await auditOf(id, 'update');
    expect(entry?.changes).toMatchObject({ attendance_status: { from: 'present', to: 'absent' }, worked_minutes: { from: 510, to: 0 } });
    const present = await setAttendance(tenant.headers, id, 'present');
    expect(present.body.data).toMatchObject({ attendance_status: 'present', worked_minutes: 0 });
    expect((await setAttendance(tenant.headers, id, 'asleep')).status).toBe(400);
  });

  it('marks a day paid (paid outside the system) and back to unpaid; a paid day is closed to edits', async () => {
    const { tenant, driver } = await setUp();
    const id = ((await add(tenant.headers, { driver_id: driver.id, ...day8to1630 })).body.data as Day).id;
    const paid = await setPaid(tenant.headers, id, 'paid');
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ paid_status: 'paid', payout_id: null });
    expect((await auditOf(id, 'update'))[0]?.changes).toMatchObject({ paid_status: { from: 'unpaid', to: 'paid' } });
    const edit = await update(tenant.headers, id, { notes: 'changed' });
    expect([edit.status, edit.body.code]).toEqual([409, 'attendance_paid']);
    expect((await setAttendance(tenant.headers, id, 'absent')).body.code).toBe('attendance_paid');
    expect((await remove(tenant.headers, id)).body.code).toBe('attendance_paid');
    const unpaid = await setPaid(tenant.headers, id, 'unpaid');
    expect(unpaid.body.data).toMatchObject({ paid_status: 'unpaid' });
    expect((await update(tenant.headers, id, { notes: 'changed' })).status).toBe(200);
  });

  it('refuses to pay a day clocked in without an end (409)', async () => {
    const { tenant, driver } = await setUp();
    const row = await insertAttendance(ctx.db, tenant.company.id, driver.id, '2026-03-10', { start_at: new Date('2026-03-10T08:00:00Z') });
    const refused = await setPaid(tenant.headers, row.id, 'paid');
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      409,
      'attendance_open',
      attendanceEn.errors.attendance_open,
    ]);
  });

  it("keeps a payout's day paid and unchanged: no edit, status change, delete or unpaid (409 naming the payout)", async () => {
    const { tenant, driver, driverUser } = await setUp();
    const payout = await insertApprovedPayout(ctx.db, tenant.company.id, driver.id, '2026-03-01', '2026-03-31');
    const row = await insertAttendance(ctx.db, tenant.company.id, driver.id, '2026-03-10', {
      start_at: new Date('2026-03-10T08:00:00Z'),
      end_at: new Date('2026-03-10T16:00:00Z'),
      worked_minutes: 480,
      paid_status: 'paid',
      payout_id: payout.id,
    });
    const message = attendanceEn.errors.attendance_paid_by_payout.replace('{{payout}}', String(payout.id));
    const own = await driverHeaders(driverUser.id, tenant.company.id);
    const attempts = [
      await setPaid(tenant.headers, row.id, 'unpaid'),
      await update(tenant.headers, row.id, { end_at: '2026-03-10T18:00:00Z' }),
      await update(own, row.id, { notes: 'more' }),
      await setAttendance(tenant.headers, row.id, 'leave'),
      await remove(tenant.headers, row.id),
    ];
    for (const attempt of attempts)
      expect([attempt.status, attempt.body.code, attempt.body.message]).toEqual([409, 'attendance_paid_by_payout', message]);
    // Asking for what it already is changes nothing and is no error.
    expect((await setPaid(tenant.headers, row.id, 'paid')).status).toBe(200);
    expect(await rowOf(row.id)).toMatchObject({ paid_status: 'paid', payout_id: payout.id, worked_minutes: 480, notes: null });
    expect(await auditOf(row.id, 'update')).toEqual([]);
  });
});

describe('DELETE /api/attendance/delete/{id}', () => {
  it('deletes an unpaid day (audited); an unknown id is a 404', async () => {
    const { tenant, driver } = await setUp();
    const row = await insertAttendance(ctx.db, tenant.company.id, driver.id, '2026-03-10', { worked_minutes: 60 });
    const removed = await remove(tenant.headers, row.id);
    expect(removed.status).toBe(200);
    expect(await rowOf(row.id)).toBeUndefined();
    expect((await auditOf(row.id, 'delete'))[0]?.changes).toMatchObject({ day: { from: '2026-03-10' }, worked_minutes: { from: 60 } });
    expect((await remove(tenant.headers, row.id)).status).toBe(404);
    expect((await get(tenant.headers, row.id)).status).toBe(404);
  });
});

describe('GET /api/attendance/get/paid_details/list', () => {
  it('sums paid and unpaid present days per driver at the rate in force each day, rounded per day', async () => {
    const { tenant, driver } = await setUp();
    const company = tenant.company.id;
    await insertDriverRate(ctx.db, company, driver.id, 1450, '2026-01-01');
    await insertDriverRate(ctx.db, company, driver.id, 1600, '2026-03-15');
    const day = (date: string, minutes: number, overrides: object = {}) =>
      insertAttendance(ctx.db, company, driver.id, date, { worked_minutes: minutes, ...overrides });
    await day('2026-03-10', 510, { paid_status: 'paid' }); // 510 x 1450 / 60 = 12325
    await day('2026-03-14', 7, {}); // 169.17 -> 169
    await day('2026-03-15', 7, {}); // 186.67 -> 187 (the new rate)
    await day('2026-03-16', 480, { attendance_status: 'leave' }); // not present: not counted
    await day('2026-04-02', 60, {}); // outside the range below
    const { driver: meena } = await insertDriver(ctx.db, company, { first_name: 'Meena', last_name: 'Kumari' });
    await insertAttendance(ctx.db, company, meena.id, '2026-03-11', { worked_minutes: 120 });

    const march = await paidDetails(tenant.headers, '?from=2026-03-01&to=2026-03-31');
    expect(march.status, JSON.stringify(march.body)).toBe(200);
    expect(march.body.data).toEqual([
      {
        driver_id: driver.id,
        driver_name: 'Kavin Raj',
        paid_days: 1,
        paid_minutes: 510,
        paid_hours: 8.5,
        paid_amount: 12325,
        unpaid_days: 2,
        unpaid_minutes: 14,
        unpaid_hours: 0.23,
        unpaid_amount: 169 + 187,
        days_without_rate: 0,
        currency: 'GBP',
      },
      {
        driver_id: meena.id,
        driver_name: 'Meena Kumari',
        paid_days: 0,
        paid_minutes: 0,
        paid_hours: 0,
        paid_amount: 0,
        unpaid_days: 1,
        unpaid_minutes: 120,
        unpaid_hours: 2,
        unpaid_amount: 0,
        days_without_rate: 1,
        currency: 'GBP',
      },
    ]);
    expect(march.body.pagination).toEqual({ page: 1, page_size: 2, total: 2 });
    const all = (await paidDetails(tenant.headers, `?driver_id=${driver.id}`)).body.data as Totals[];
    expect(all.map((row) => [row.unpaid_days, row.unpaid_amount])).toEqual([[3, 169 + 187 + 1600]]);
    const reversed = await paidDetails(tenant.headers, '?from=2026-03-31&to=2026-03-01');
    expect([reversed.status, fieldsOf(reversed.body)]).toEqual([400, ['to']]);
  });

  it('answers a driver asked for with zeros when they have no days, and 404 for an unknown one', async () => {
    const { tenant, driver } = await setUp();
    const none = await paidDetails(tenant.headers, `?driver_id=${driver.id}&from=2026-03-01&to=2026-03-31`);
    expect(none.body.data).toEqual([
      expect.objectContaining({ driver_id: driver.id, paid_minutes: 0, unpaid_minutes: 0, unpaid_amount: 0 }),
    ]);
    expect((await paidDetails(tenant.headers)).body.data).toEqual([]);
    expect((await paidDetails(tenant.headers, '?driver_id=2147483000')).status).toBe(404);
  });

  it('counts what a payout paid for its days, whatever rate was added since', async () => {
    const { tenant, driver } = await setUp();
    const company = tenant.company.id;
    await insertDriverRate(ctx.db, company, driver.id, 1000, '2026-01-01');
    const payout = await insertApprovedPayout(ctx.db, company, driver.id, '2026-03-01', '2026-03-31');
    const row = await insertAttendance(ctx.db, company, driver.id, '2026-03-10', {
      worked_minutes: 60,
      paid_status: 'paid',
      payout_id: payout.id,
    });
    await ctx.db.insert(payoutLines).values({
      company_id: company,
      payout_id: payout.id,
      attendance_id: row.id,
      day: '2026-03-10',
      worked_minutes: 60,
      rate: 1000,
      amount: 1000,
    });
    // A rate backdated after the payout does not change what was paid.
    await insertDriverRate(ctx.db, company, driver.id, 2000, '2026-03-01');
    const [totals] = (await paidDetails(tenant.headers, `?driver_id=${driver.id}`)).body.data as Totals[];
    expect(totals).toMatchObject({ paid_days: 1, paid_minutes: 60, paid_amount: 1000 });
  });

  it('gives a driver their own figures only', async () => {
    const { tenant, driver, driverUser } = await setUp();
    await insertDriverRate(ctx.db, tenant.company.id, driver.id, 1200, '2026-01-01');
    await insertAttendance(ctx.db, tenant.company.id, driver.id, '2026-03-10', { worked_minutes: 90 });
    const other = await secondDriver(tenant.company.id);
    await insertAttendance(ctx.db, tenant.company.id, other.driver.id, '2026-03-10', { worked_minutes: 30 });
    const own = await paidDetails(await driverHeaders(driverUser.id, tenant.company.id));
    expect((own.body.data as Totals[]).map((row) => [row.driver_id, row.unpaid_minutes, row.unpaid_amount])).toEqual([
      [driver.id, 90, 1800],
    ]);
  });
});

describe('another company', () => {
  it("gives a second company's admin 404 on every call, shows them nothing and writes nothing", async () => {
    const { tenant, driver } = await setUp();
    const row = await insertAttendance(ctx.db, tenant.company.id, driver.id, '2026-03-10', { notes: 'kept' });
    const stranger = await createTenant(ctx);
    const attempts = [
      await get(stranger.headers, row.id),
      await update(stranger.headers, row.id, { notes: 'taken' }),
      await setAttendance(stranger.headers, row.id, 'absent'),
      await setPaid(stranger.headers, row.id, 'paid'),
      await remove(stranger.headers, row.id),
      await add(stranger.headers, { driver_id: driver.id, day: '2026-03-11' }),
      await list(stranger.headers, `?driver_id=${driver.id}`),
      await paidDetails(stranger.headers, `?driver_id=${driver.id}`),
    ];
    expect(attempts.map((attempt) => attempt.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    expect((await list(stranger.headers)).body.data).toEqual([]);
    expect((await paidDetails(stranger.headers)).body.data).toEqual([]);
    expect(await rowOf(row.id)).toMatchObject({ notes: 'kept', attendance_status: 'present', paid_status: 'unpaid' });
    expect(await rowsOfDriver(driver.id)).toHaveLength(1);
    expect(
      await ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.company_id, (stranger as Tenant & { company: { id: number } }).company.id)),
    ).toEqual([]);
  });
});

describe('workedMinutes', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  const present = (start: string | null, end: string | null, day = '2026-06-10') => ({
    day,
    start_at: start ? new Date(start) : null,
    end_at: end ? new Date(end) : null,
    attendance_status: 'present' as const,
  });
  const codeOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as { code: string; details: Detail[] }).details.map((detail) => `${detail.field}:${detail.code}`);
    }
    return [];
  };

  it('refuses times in the future, allowing a few minutes of clock difference', () => {
    expect(workedMinutes(present('2026-06-10T08:00:00Z', '2026-06-10T12:04:00Z'), 'UTC', now)).toBe(244);
    expect(codeOf(() => workedMinutes(present('2026-06-10T08:00:00Z', '2026-06-10T12:06:00Z'), 'UTC', now))).toEqual([
      'end_at:errors.attendance_in_future',
    ]);
    expect(codeOf(() => workedMinutes(present('2026-06-10T12:30:00Z', null), 'UTC', now))).toEqual([
      'start_at:errors.attendance_in_future',
    ]);
    expect(workedMinutes(present(null, null, '2026-06-10'), 'UTC', now)).toBe(0);
    expect(codeOf(() => workedMinutes(present(null, null, '2026-06-11'), 'UTC', now))).toEqual(['day:errors.attendance_in_future']);
    // Today in Kiritimati (UTC+14) is already 11 June.
    expect(workedMinutes(present(null, null, '2026-06-11'), 'Pacific/Kiritimati', now)).toBe(0);
  });

  it('takes exactly 24 hours and refuses a minute more', () => {
    expect(workedMinutes(present('2026-06-08T10:00:00Z', '2026-06-09T10:00:00Z', '2026-06-08'), 'UTC', now)).toBe(1440);
    expect(codeOf(() => workedMinutes(present('2026-06-08T10:00:00Z', '2026-06-09T10:01:00Z', '2026-06-08'), 'UTC', now))).toEqual([
      'end_at:errors.attendance_too_long',
    ]);
  });
});

describe('today', () => {
  it("accepts today's present day without times, today being the company's day (its time zone)", async () => {
    const { tenant, driver } = await setUp();
    const today = dayAt(new Date(), 'Europe/London');
    const added = await add(tenant.headers, { driver_id: driver.id, day: today });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toMatchObject({ day: today, start_at: null, worked_minutes: 0 });
  });
});
