import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBookingRow, insertSite, type Site } from '../../../test/factories/statistics-rows.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant, type Tenant } from '../../../test/kit.ts';
import { companies } from '../../db/schema/index.ts';
import { todayIn } from '../../lib/dates.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const at = (iso: string) => new Date(iso);
const DAY = 86_400_000;

async function tenantWithSite(capacities = [10], companyTimeZone = 'Europe/London'): Promise<{ tenant: Tenant; site: Site }> {
  const tenant = await createTenant(ctx);
  const site = await insertSite(ctx.db, { companyId: tenant.company.id, capacities });
  if (companyTimeZone !== 'Europe/London') {
    await ctx.db.update(companies).set({ time_zone: companyTimeZone }).where(eq(companies.id, tenant.company.id));
  }
  return { tenant, site };
}

const board = async (tenant: Tenant, query: string) => {
  const { status, body } = await call(ctx.app, 'GET', `/api/booking/statistics/in-out/list?${query}`, tenant.headers);
  expect(status).toBe(200);
  return body.data as { time_zone: string; bookings: Record<string, unknown>[] };
};

describe('GET /api/booking/statistics/in-out/list', () => {
  it('puts a booking on the day of its time in the requested time zone (23:30 UTC on the 1st is the 2nd in Colombo)', async () => {
    const { tenant, site } = await tenantWithSite();
    const late = await insertBookingRow(ctx.db, site, { departure_at: at('2026-03-01T23:30:00Z'), arrival_at: at('2026-03-08T18:40:00Z') });

    const inUtc1 = await board(tenant, 'type=in&date=2026-03-01&time_zone=UTC');
    expect(inUtc1.bookings.map((row) => row.id)).toEqual([late.id]);
    expect(inUtc1.time_zone).toBe('UTC');
    expect((await board(tenant, 'type=in&date=2026-03-02&time_zone=UTC')).bookings).toEqual([]);

    expect((await board(tenant, 'type=in&date=2026-03-01&time_zone=Asia/Colombo')).bookings).toEqual([]);
    expect((await board(tenant, 'type=in&date=2026-03-02&time_zone=Asia/Colombo')).bookings.map((row) => row.id)).toEqual([late.id]);

    // Out: 18:40 UTC on the 8th is 00:10 on the 9th in Colombo (+05:30).
    expect((await board(tenant, 'type=out&date=2026-03-08&time_zone=UTC')).bookings.map((row) => row.id)).toEqual([late.id]);
    expect((await board(tenant, 'type=out&date=2026-03-08&time_zone=Asia/Colombo')).bookings).toEqual([]);
    expect((await board(tenant, 'type=out&date=2026-03-09&time_zone=Asia/Colombo')).bookings.map((row) => row.id)).toEqual([late.id]);
  });

  it("counts in the company's time zone when the request names none", async () => {
    const { tenant, site } = await tenantWithSite([10], 'Asia/Colombo');
    const late = await insertBookingRow(ctx.db, site, { departure_at: at('2026-04-01T23:30:00Z'), arrival_at: at('2026-04-05T10:00:00Z') });
    const second = await board(tenant, 'type=in&date=2026-04-02');
    expect(second.time_zone).toBe('Asia/Colombo');
    expect(second.bookings.map((row) => row.id)).toEqual([late.id]);
    expect((await board(tenant, 'type=in&date=2026-04-01')).bookings).toEqual([]);
  });

  it('lists the cars by time with what the operator needs, leaves cancelled ones out and keeps no-shows', async () => {
    const { tenant, site } = await tenantWithSite();
    const day = '2026-05-10';
    const later = await insertBookingRow(ctx.db, site, { departure_at: at(`${day}T15:00:00Z`), arrival_at: at('2026-05-12T09:00:00Z') });
    const earlier = await insertBookingRow(ctx.db, site, {
      departure_at: at(`${day}T06:15:00Z`),
      arrival_at: at('2026-05-14T21:05:00Z'),
      status: 'no_show',
      outbound_flight: 'BA 117',
      return_flight: 'BA 118',
      passengers: 4,
    });
    await insertBookingRow(ctx.db, site, {
      departure_at: at(`${day}T09:00:00Z`),
      arrival_at: at('2026-05-12T09:00:00Z'),
      status: 'cancelled',
    });

    const rows = (await board(tenant, `type=in&date=${day}&time_zone=UTC`)).bookings;
    expect(rows.map((row) => row.id)).toEqual([earlier.id, later.id]);
    expect(rows[0]).toEqual({
      id: earlier.id,
      reference: earlier.reference,
      status: 'no_show',
      type: 'parking',
      customer_name: 'Kavya Raman',
      customer_phone: '+447700900123',
      vehicle_reg: 'AB12 CDE',
      vehicle_make: 'Toyota',
      vehicle_model: 'Corolla',
      vehicle_colour: 'Blue',
      time: '2026-05-10T06:15:00.000Z',
      flight: 'BA 117',
      departure_id: site.carParks[0]?.id,
      departure_name: site.carParks[0]?.name,
      arrival_id: site.terminal.id,
      arrival_name: site.terminal.name,
      car_park_id: site.carParks[0]?.id,
      car_park_name: site.carParks[0]?.name,
      passengers: 4,
      car_request: null,
    });
    const out = (await board(tenant, 'type=out&date=2026-05-14&time_zone=UTC')).bookings;
    expect(out.map((row) => [row.id, row.time, row.flight])).toEqual([[earlier.id, '2026-05-14T21:05:00.000Z', 'BA 118']]);
  });

  it('refuses an unknown time zone, a wrong type or a date that does not exist, naming the field', async () => {
    const { tenant } = await tenantWithSite();
    for (const [query, field] of [
      ['type=in&date=2026-03-01&time_zone=Mars/Olympus', 'time_zone'],
      ['type=sideways&date=2026-03-01', 'type'],
      ['type=in&date=2026-02-30', 'date'],
    ] as const) {
      const { status, body } = await call(ctx.app, 'GET', `/api/booking/statistics/in-out/list?${query}`, tenant.headers);
      expect(status).toBe(400);
      expect((body.details as { field: string }[]).map((detail) => detail.field)).toEqual([field]);
    }
  });

  it("never shows another company's bookings", async () => {
    const { site } = await tenantWithSite();
    await insertBookingRow(ctx.db, site, { departure_at: at('2026-06-01T10:00:00Z'), arrival_at: at('2026-06-03T10:00:00Z') });
    const other = await createTenant(ctx);
    expect((await board(other, 'type=in&date=2026-06-01&time_zone=UTC')).bookings).toEqual([]);
    expect((await board(other, 'type=out&date=2026-06-03&time_zone=UTC')).bookings).toEqual([]);
  });
});

describe('GET /api/booking/statistics-by-segment', () => {
  const segment = async (tenant: Tenant, query: string) => {
    const { status, body } = await call(ctx.app, 'GET', `/api/booking/statistics-by-segment?${query}`, tenant.headers);
    expect(status).toBe(200);
    return body.data as {
      from: string;
      to: string;
      currency: string;
      periods: { period_start: string; bookings: number; revenue: number }[];
    };
  };

  it('counts bookings and revenue (not cancelled) per month of their departure day, every month in order', async () => {
    const { tenant, site } = await tenantWithSite();
    const stay = (departure: string, total: number, status: 'confirmed' | 'cancelled' | 'no_show' = 'confirmed') =>
      insertBookingRow(ctx.db, site, {
        departure_at: at(departure),
        arrival_at: new Date(at(departure).getTime() + 3 * DAY),
        total,
        status,
      });
    await stay('2026-01-10T10:00:00Z', 1000);
    await stay('2026-01-31T20:00:00Z', 2000); // 01:30 on 1 February in Colombo
    await stay('2026-03-05T10:00:00Z', 4000);
    await stay('2026-03-06T10:00:00Z', 8000, 'cancelled');
    await stay('2026-03-07T10:00:00Z', 500, 'no_show');

    const utc = await segment(tenant, 'segment=month&from=2026-01-01&to=2026-04-30&time_zone=UTC');
    expect(utc.currency).toBe('GBP');
    expect(utc.periods).toEqual([
      { period_start: '2026-01-01', bookings: 2, revenue: 3000 },
      { period_start: '2026-02-01', bookings: 0, revenue: 0 },
      { period_start: '2026-03-01', bookings: 2, revenue: 4500 },
      { period_start: '2026-04-01', bookings: 0, revenue: 0 },
    ]);
    // `to` is the last day counted, also inside its period.
    const partMarch = await segment(tenant, 'segment=month&from=2026-03-01&to=2026-03-06&time_zone=UTC');
    expect(partMarch.periods).toEqual([{ period_start: '2026-03-01', bookings: 1, revenue: 4000 }]);
    const colombo = await segment(tenant, 'segment=month&from=2026-01-01&to=2026-04-30&time_zone=Asia/Colombo');
    expect(colombo.periods.slice(0, 2)).toEqual([
      { period_start: '2026-01-01', bookings: 1, revenue: 1000 },
      { period_start: '2026-02-01', bookings: 1, revenue: 2000 },
    ]);
  });

  it('answers days, Monday weeks and years, and moves `from` to the start of its period', async () => {
    const { tenant, site } = await tenantWithSite();
    await insertBookingRow(ctx.db, site, { departure_at: at('2026-07-01T23:30:00Z'), arrival_at: at('2026-07-04T10:00:00Z'), total: 700 });

    const days = await segment(tenant, 'segment=day&from=2026-07-01&to=2026-07-03&time_zone=Asia/Colombo');
    expect(days.periods).toEqual([
      { period_start: '2026-07-01', bookings: 0, revenue: 0 },
      { period_start: '2026-07-02', bookings: 1, revenue: 700 },
      { period_start: '2026-07-03', bookings: 0, revenue: 0 },
    ]);
    // A whole month of days (many periods are counted another way: the same answer).
    const month = await segment(tenant, 'segment=day&from=2026-07-01&to=2026-07-31&time_zone=Asia/Colombo');
    expect(month.periods).toHaveLength(31);
    expect(month.periods.filter((period) => period.bookings > 0)).toEqual([{ period_start: '2026-07-02', bookings: 1, revenue: 700 }]);
    expect((await segment(tenant, 'segment=day&from=2026-07-01&to=2026-07-31&time_zone=UTC')).periods[0]).toEqual({
      period_start: '2026-07-01',
      bookings: 1,
      revenue: 700,
    });
    // 1 July 2026 is a Wednesday: its week starts on Monday 29 June.
    const weeks = await segment(tenant, 'segment=week&from=2026-07-01&to=2026-07-12&time_zone=UTC');
    expect(weeks.from).toBe('2026-06-29');
    expect(weeks.periods).toEqual([
      { period_start: '2026-06-29', bookings: 1, revenue: 700 },
      { period_start: '2026-07-06', bookings: 0, revenue: 0 },
    ]);
    const years = await segment(tenant, 'segment=year&from=2025-05-05&to=2026-12-31&time_zone=UTC');
    expect(years.periods).toEqual([
      { period_start: '2025-01-01', bookings: 0, revenue: 0 },
      { period_start: '2026-01-01', bookings: 1, revenue: 700 },
    ]);
  });

  it('defaults to 30 days, 12 weeks, 12 months or 5 years up to today', async () => {
    const { tenant } = await tenantWithSite();
    const today = todayIn('UTC');
    for (const [name, count] of [
      ['day', 30],
      ['week', 12],
      ['month', 12],
      ['year', 5],
    ] as const) {
      const answer = await segment(tenant, `segment=${name}&time_zone=UTC`);
      expect(answer.periods).toHaveLength(count);
      expect(answer.to).toBe(today);
      expect((answer.periods.at(-1)?.period_start ?? '') <= today).toBe(true);
    }
  });

  it('refuses a range of more than 400 periods on `to`, and `to` before `from`', async () => {
    const { tenant } = await tenantWithSite();
    for (const query of ['segment=day&from=2024-01-01&to=2026-01-01', 'segment=month&from=2026-05-01&to=2026-04-01']) {
      const { status, body } = await call(ctx.app, 'GET', `/api/booking/statistics-by-segment?${query}`, tenant.headers);
      expect(status).toBe(400);
      expect((body.details as { field: string }[]).map((detail) => detail.field)).toEqual(['to']);
    }
  });

  // The figures come from the departure slots (15 minutes, UTC): a day's first instant must split them exactly.
  it('splits days at their first instant in Colombo (+5:30), Kathmandu (+5:45), London (summer) and UTC', async () => {
    const { tenant, site } = await tenantWithSite();
    // Totals are powers of two, so a period's revenue names the bookings it counted.
    const departures = [
      '2026-09-09T18:14:59.999Z',
      '2026-09-09T18:15:00.000Z', // Kathmandu's 10th begins
      '2026-09-09T18:29:59.999Z',
      '2026-09-09T18:30:00.000Z', // Colombo's 10th begins
      '2026-09-09T22:59:59.999Z',
      '2026-09-09T23:00:00.000Z', // London's 10th begins
      '2026-09-10T23:59:59.999Z', // UTC's 10th ends; the 11th elsewhere
    ];
    for (const [index, departure] of departures.entries()) {
      await insertBookingRow(ctx.db, site, {
        departure_at: at(departure),
        arrival_at: new Date(at(departure).getTime() + DAY),
        total: 2 ** index,
      });
    }
    const days = async (timeZone: string) =>
      (await segment(tenant, `segment=day&from=2026-09-09&to=2026-09-10&time_zone=${timeZone}`)).periods.map((period) => [
        period.bookings,
        period.revenue,
      ]);
    expect(await days('Asia/Colombo')).toEqual([
      [3, 1 + 2 + 4],
      [3, 8 + 16 + 32],
    ]);
    expect(await days('Asia/Kathmandu')).toEqual([
      [1, 1],
      [5, 2 + 4 + 8 + 16 + 32],
    ]);
    expect(await days('Europe/London')).toEqual([
      [5, 1 + 2 + 4 + 8 + 16],
      [1, 32],
    ]);
    expect(await days('UTC')).toEqual([
      [6, 63],
      [1, 64],
    ]);
  });

  it('splits days that began inside a quarter hour (Monrovia in 1971, 44 minutes 30 seconds behind UTC) exactly', async () => {
    const { tenant, site } = await tenantWithSite();
    const departures = [
      '1971-05-31T00:44:29.000Z', // 30 May there
      '1971-05-31T00:44:45.000Z', // 31 May, in the same UTC quarter hour as the one before
      '1971-06-01T00:30:00.000Z',
      '1971-06-01T00:44:29.999Z', // the last instant of 31 May
      '1971-06-01T00:44:30.000Z', // 1 June begins
      '1971-06-01T00:59:59.999Z',
      '1971-06-02T00:44:29.000Z',
      '1971-06-02T00:44:30.000Z', // 2 June: after `to`
    ];
    for (const [index, departure] of departures.entries()) {
      await insertBookingRow(ctx.db, site, {
        departure_at: at(departure),
        arrival_at: new Date(at(departure).getTime() + DAY),
        total: 2 ** index,
      });
    }
    const answer = await segment(tenant, 'segment=day&from=1971-05-31&to=1971-06-01&time_zone=Africa/Monrovia');
    expect(answer.periods).toEqual([
      { period_start: '1971-05-31', bookings: 3, revenue: 2 + 4 + 8 },
      { period_start: '1971-06-01', bookings: 3, revenue: 16 + 32 + 64 },
    ]);
    const june = await segment(tenant, 'segment=month&from=1971-06-01&to=1971-06-30&time_zone=Africa/Monrovia');
    expect(june.periods).toEqual([{ period_start: '1971-06-01', bookings: 4, revenue: 16 + 32 + 64 + 128 }]);
  });

  it('answers what counting the bookings themselves answers, in several time zones and segments', async () => {
    const { tenant, site } = await tenantWithSite();
    // A seeded spread of departures over ten days (minutes, seconds and milliseconds), some cancelled.
    let state = 42;
    const next = (range: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state % range;
    };
    const start = at('2026-10-20T00:00:00Z').getTime();
    for (let index = 0; index < 120; index++) {
      const departure = new Date(start + next(10 * 24 * 60) * 60_000 + (next(4) === 0 ? 0 : next(60_000)));
      await insertBookingRow(ctx.db, site, {
        departure_at: departure,
        arrival_at: new Date(departure.getTime() + DAY),
        total: 100 + next(5000),
        status: next(5) === 0 ? 'cancelled' : 'confirmed',
      });
    }
    // London's clock goes back on 25 October 2026 (a 25-hour day); St John's is 3:30 behind.
    for (const timeZone of ['Europe/London', 'Asia/Colombo', 'Asia/Kathmandu', 'America/St_Johns']) {
      const counted = (await ctx.db.execute(sql`
        select to_char((departure_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, count(*)::int as bookings, sum(total)::int as revenue
        from bookings where company_id = ${site.companyId} and status <> 'cancelled'
          and departure_at >= ('2026-10-19'::date)::timestamp at time zone ${timeZone}
          and departure_at < ('2026-10-29'::date)::timestamp at time zone ${timeZone}
        group by 1 order by 1`)) as unknown as { rows: { day: string; bookings: number; revenue: number }[] };
      const byDay = new Map(counted.rows.map((row) => [row.day, row]));
      const days = await segment(tenant, `segment=day&from=2026-10-21&to=2026-10-28&time_zone=${timeZone}`);
      const eightDays = Array.from({ length: 8 }, (_, index) => `2026-10-${21 + index}`);
      expect(days.periods).toEqual(
        eightDays.map((day) => ({ period_start: day, bookings: byDay.get(day)?.bookings ?? 0, revenue: byDay.get(day)?.revenue ?? 0 })),
      );
      expect(days.periods.reduce((sum, period) => sum + period.bookings, 0)).toBeGreaterThan(60);
      // Weeks: `from` moves back to Monday 19 October; the second week ends with `to` (Wednesday 28 October).
      const weeks = await segment(tenant, `segment=week&from=2026-10-21&to=2026-10-28&time_zone=${timeZone}`);
      const inWeek = (from: string, to: string) =>
        counted.rows
          .filter((row) => row.day >= from && row.day <= to)
          .reduce<[number, number]>((sum, row) => [sum[0] + row.bookings, sum[1] + row.revenue], [0, 0]);
      expect(weeks.periods.map((period) => [period.period_start, period.bookings, period.revenue])).toEqual([
        ['2026-10-19', ...inWeek('2026-10-19', '2026-10-25')],
        ['2026-10-26', ...inWeek('2026-10-26', '2026-10-28')],
      ]);
    }
  });

  it("never counts another company's bookings", async () => {
    const { site } = await tenantWithSite();
    await insertBookingRow(ctx.db, site, { departure_at: at('2026-08-10T10:00:00Z'), arrival_at: at('2026-08-12T10:00:00Z') });
    const other = await createTenant(ctx);
    const answer = await segment(other, 'segment=month&from=2026-08-01&to=2026-08-31&time_zone=UTC');
    expect(answer.periods).toEqual([{ period_start: '2026-08-01', bookings: 0, revenue: 0 }]);
  });
});

describe('GET /api/booking/statistics/list', () => {
  const headline = async (tenant: Tenant, query = 'time_zone=UTC') => {
    const { status, body } = await call(ctx.app, 'GET', `/api/booking/statistics/list?${query}`, tenant.headers);
    expect(status).toBe(200);
    return body.data as Record<string, unknown> & { car_parks: Record<string, unknown>[] };
  };

  it("gives today's in and out, the cars on site, this month's figures and each car park's load", async () => {
    const { tenant, site } = await tenantWithSite([5, 3]);
    const today = todayIn('UTC');
    const noon = at(`${today}T12:00:00Z`);
    const [big, small] = site.carParks;
    if (!big || !small) throw new Error('two car parks expected');
    // In today and holding today (booked at the big car park).
    await insertBookingRow(ctx.db, site, {
      departure_at: noon,
      arrival_at: new Date(noon.getTime() + 2 * DAY),
      total: 1200,
      start_day: today,
      end_day: today,
    });
    // Checked in yesterday, out today: on site, holding today.
    await insertBookingRow(ctx.db, site, {
      departure_at: new Date(noon.getTime() - DAY),
      arrival_at: new Date(noon.getTime() + 60_000),
      status: 'checked_in',
      car_park_id: small.id,
      departure_id: small.id,
      start_day: today,
      end_day: today,
    });
    // Parked at the big car park for weeks: on site, holding today.
    await insertBookingRow(ctx.db, site, {
      departure_at: new Date(noon.getTime() - 40 * DAY),
      arrival_at: new Date(noon.getTime() + 40 * DAY),
      status: 'parked',
      start_day: '2000-01-01',
      end_day: '2999-12-31',
    });
    // Cancelled and no-show today: no space held; the cancelled one counts nowhere.
    await insertBookingRow(ctx.db, site, {
      departure_at: noon,
      arrival_at: new Date(noon.getTime() + DAY),
      status: 'cancelled',
      start_day: today,
      end_day: today,
    });
    await insertBookingRow(ctx.db, site, {
      departure_at: noon,
      arrival_at: new Date(noon.getTime() + DAY),
      status: 'no_show',
      start_day: today,
      end_day: today,
      total: 300,
    });

    const figures = await headline(tenant);
    expect(figures).toMatchObject({ date: today, time_zone: 'UTC', today_in: 2, today_out: 1, on_site_now: 2, currency: 'GBP' });
    // This month's bookings: those departing this month (noon today, and yesterday's unless today is the 1st).
    const yesterdayInMonth = new Date(noon.getTime() - DAY).toISOString().slice(0, 7) === today.slice(0, 7);
    expect(figures.month_bookings).toBe(yesterdayInMonth ? 3 : 2);
    expect(figures.month_revenue).toBe(1200 + 300 + (yesterdayInMonth ? 5000 : 0));
    expect(figures.car_parks).toEqual(
      expect.arrayContaining([
        { id: big.id, name: big.name, capacity: 5, booked_today: 2, on_site_now: 1 },
        { id: small.id, name: small.name, capacity: 3, booked_today: 1, on_site_now: 1 },
      ]),
    );
    expect(figures.car_parks).toHaveLength(2);

    const other = await createTenant(ctx);
    expect(await headline(other)).toMatchObject({
      today_in: 0,
      today_out: 0,
      on_site_now: 0,
      month_bookings: 0,
      month_revenue: 0,
      car_parks: [],
    });
  });

  it('refuses an unknown time zone', async () => {
    const { tenant } = await tenantWithSite();
    const { status, body } = await call(ctx.app, 'GET', '/api/booking/statistics/list?time_zone=Nowhere/Atlantis', tenant.headers);
    expect(status).toBe(400);
    expect((body.details as { field: string }[])[0]?.field).toBe('time_zone');
  });
});

describe('GET /api/booking/statistics/occupancy/list', () => {
  it('counts the stays holding each day per car park against capacity, and marks full days', async () => {
    const { tenant, site } = await tenantWithSite([2, 4]);
    const [small, big] = site.carParks;
    if (!small || !big) throw new Error('two car parks expected');
    const stay = (
      start_day: string,
      end_day: string,
      status: 'confirmed' | 'cancelled' | 'no_show' = 'confirmed',
      car_park_id = small.id,
    ) =>
      insertBookingRow(ctx.db, site, {
        departure_at: at(`${start_day}T08:00:00Z`),
        arrival_at: at(`${end_day}T20:00:00Z`),
        start_day,
        end_day,
        status,
        car_park_id,
      });
    await stay('2026-09-01', '2026-09-03');
    await stay('2026-09-03', '2026-09-04');
    await stay('2026-09-02', '2026-09-05', 'cancelled');
    await stay('2026-09-02', '2026-09-05', 'no_show');
    await stay('2026-09-02', '2026-09-02', 'confirmed', big.id);

    const { status, body } = await call(ctx.app, 'GET', '/api/booking/statistics/occupancy/list?from=2026-09-01&days=5', tenant.headers);
    expect(status).toBe(200);
    const data = body.data as { from: string; days: number; car_parks: { id: number; capacity: number; days: unknown[] }[] };
    expect(data.from).toBe('2026-09-01');
    const smallDays = data.car_parks.find((park) => park.id === small.id);
    expect(smallDays?.days).toEqual([
      { date: '2026-09-01', booked: 1, full: false },
      { date: '2026-09-02', booked: 1, full: false },
      { date: '2026-09-03', booked: 2, full: true },
      { date: '2026-09-04', booked: 1, full: false },
      { date: '2026-09-05', booked: 0, full: false },
    ]);
    const bigDays = data.car_parks.find((park) => park.id === big.id);
    expect(bigDays?.days.map((day) => (day as { booked: number }).booked)).toEqual([0, 1, 0, 0, 0]);

    const one = await call(
      ctx.app,
      'GET',
      `/api/booking/statistics/occupancy/list?from=2026-09-01&days=3&car_park_id=${big.id}`,
      tenant.headers,
    );
    expect((one.body.data as { car_parks: { id: number }[] }).car_parks.map((park) => park.id)).toEqual([big.id]);
  });

  it('defaults to 60 days from today', async () => {
    const { tenant } = await tenantWithSite([3]);
    const { body } = await call(ctx.app, 'GET', '/api/booking/statistics/occupancy/list?time_zone=UTC', tenant.headers);
    const data = body.data as { from: string; days: number; car_parks: { days: { date: string }[] }[] };
    expect(data.from).toBe(todayIn('UTC'));
    expect(data.days).toBe(60);
    expect(data.car_parks[0]?.days).toHaveLength(60);
  });

  it("is a 404 for another company's car park and shows nothing of another company", async () => {
    const { site } = await tenantWithSite([2]);
    await insertBookingRow(ctx.db, site, { departure_at: at('2026-09-01T08:00:00Z'), arrival_at: at('2026-09-02T08:00:00Z') });
    const other = await createTenant(ctx);
    const foreign = await call(ctx.app, 'GET', `/api/booking/statistics/occupancy/list?car_park_id=${site.carParks[0]?.id}`, other.headers);
    expect(foreign.status).toBe(404);
    expect(foreign.body.data).toBeUndefined();
    const own = await call(ctx.app, 'GET', '/api/booking/statistics/occupancy/list?from=2026-09-01&days=2', other.headers);
    expect(own.body.data).toEqual({ from: '2026-09-01', days: 2, car_parks: [] });
  });

  it('refuses more than 366 days', async () => {
    const { tenant } = await tenantWithSite();
    const { status, body } = await call(ctx.app, 'GET', '/api/booking/statistics/occupancy/list?days=367', tenant.headers);
    expect(status).toBe(400);
    expect((body.details as { field: string }[])[0]?.field).toBe('days');
  });
});
