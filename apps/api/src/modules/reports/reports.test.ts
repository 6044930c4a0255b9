import { PassThrough } from 'node:stream';
import type { Report } from '@ps/contracts/reports';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApprovedPayout } from '../../../test/factories/attendance.ts';
import { type BookingPlace, insertBooking, insertBookingPlace } from '../../../test/factories/booking-rows.ts';
import { insertVoucher } from '../../../test/factories/catalogue.ts';
import { insertDriver } from '../../../test/factories/drivers.ts';
import { insertCompletedTrip } from '../../../test/factories/payouts.ts';
import { createUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createTenant, type Tenant } from '../../../test/kit.ts';
import { agencies, locations, payouts } from '../../db/schema/index.ts';
import { yearBefore } from '../../lib/dates.ts';
import { reportTables, writeReportXlsx } from './reports.files.ts';
import { buildReport, forecastOf } from './reports.service.ts';

/**
 * The reports on a small known data set (issue 24, section 3): a June with four bookings departing (one cancelled, one a
 * no-show sold by an agency, one online with a voucher), one booking the June before, two completed trips and a payout.
 */

let ctx: TestContext;
let tenant: Tenant & { company: { id: number } };
let place: BookingPlace;
let agencyId: number;
const JUNE = { from: '2026-06-01', to: '2026-06-30' };
const NOW = new Date('2026-06-01T12:00:00Z');

async function viewReport(query = JUNE, headers = tenant.headers) {
  const params = new URLSearchParams(query as Record<string, string>);
  return ctx.app.inject({ method: 'GET', url: `/api/reports/view?${params}`, headers });
}

beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx);
  const companyId = tenant.company.id;
  place = await insertBookingPlace(ctx.db, companyId);
  await ctx.db.update(locations).set({ capacity: 10 }).where(eq(locations.id, place.carPark.id));
  const [agency] = await ctx.db
    .insert(agencies)
    .values({ company_id: companyId, name: 'Sun Travel', commission_percent: '10' })
    .returning();
  agencyId = agency?.id ?? 0;
  const voucher = await insertVoucher(ctx.db, companyId, { code: 'SUMMER', discount_type: 'fixed', discount_value: 500 });
  // Office, phone: 10-13 June (4 days), made 40 days ahead.
  await insertBooking(ctx.db, companyId, place, {
    departure_at: new Date('2026-06-10T08:00:00Z'),
    arrival_at: new Date('2026-06-13T08:00:00Z'),
    base_price: 4500,
    created_by: tenant.user.id,
    created_at: new Date('2026-05-01T08:00:00Z'),
  });
  // Online (no user), web, with the voucher: 12-13 June (2 days), made a day ahead.
  await insertBooking(ctx.db, companyId, place, {
    departure_at: new Date('2026-06-12T08:00:00Z'),
    arrival_at: new Date('2026-06-13T08:00:00Z'),
    base_price: 3000,
    discount: 500,
    voucher_id: voucher.id,
    voucher_code: 'SUMMER',
    channel: 'web',
    created_by: null,
    created_at: new Date('2026-06-11T08:00:00Z'),
  });
  // Cancelled: only in the cancellation rate.
  await insertBooking(ctx.db, companyId, place, {
    departure_at: new Date('2026-06-20T08:00:00Z'),
    base_price: 2000,
    status: 'cancelled',
    created_by: tenant.user.id,
  });
  // A no-show sold by the agency at 10 %: revenue, no space held; 21-24 June, made 20 days ahead.
  await insertBooking(ctx.db, companyId, place, {
    departure_at: new Date('2026-06-21T08:00:00Z'),
    base_price: 1000,
    status: 'no_show',
    channel: 'agency',
    agency_id: agencyId,
    agency_commission_percent: '10',
    created_by: tenant.user.id,
    created_at: new Date('2026-06-01T08:00:00Z'),
  });
  // Last June: 15-18 June 2025, made after 1 June 2025 (not on hand a year before the forecast's today).
  await insertBooking(ctx.db, companyId, place, {
    departure_at: new Date('2025-06-15T08:00:00Z'),
    base_price: 7000,
    created_by: tenant.user.id,
    created_at: new Date('2025-06-10T08:00:00Z'),
  });
  // The pick-up curve of 10 June 2025: one stay on hand on 1 June 2025, two more booked later.
  for (const created of ['2025-05-01T08:00:00Z', '2025-06-05T08:00:00Z', '2025-06-06T08:00:00Z']) {
    await insertBooking(ctx.db, companyId, place, {
      departure_at: new Date('2025-06-09T08:00:00Z'),
      arrival_at: new Date('2025-06-11T08:00:00Z'),
      base_price: 0,
      created_by: tenant.user.id,
      created_at: new Date(created),
    });
  }
  const { driver } = await insertDriver(ctx.db, companyId, { first_name: 'Ravi', last_name: 'Kumar' });
  await insertCompletedTrip(ctx.db, companyId, driver.id, new Date('2026-06-05T09:00:00Z'));
  await insertCompletedTrip(ctx.db, companyId, driver.id, new Date('2026-06-06T09:00:00Z'));
  const payout = await insertApprovedPayout(ctx.db, companyId, driver.id, '2026-06-01', '2026-06-15');
  await ctx.db.update(payouts).set({ total: 5000, trips_amount: 5000, trip_count: 2 }).where(eq(payouts.id, payout.id));
});

afterAll(async () => {
  await ctx?.close();
});

describe('reports on a known data set', () => {
  let report: Report;
  beforeAll(async () => {
    const response = await viewReport();
    expect(response.statusCode).toBe(200);
    report = response.json().data;
  });

  it('revenue by car park and month against the same month last year', () => {
    expect(report.currency).toBe('GBP');
    expect(report.revenue).toEqual([
      {
        car_park_id: place.carPark.id,
        car_park_name: 'Long Stay South',
        month: '2026-06-01',
        bookings: 3,
        revenue: 4500 + 2500 + 1000,
        // 15 June 2025 and the three free stays of the pick-up curve (9-11 June 2025).
        last_year_bookings: 4,
        last_year_revenue: 7000,
      },
    ]);
  });

  it('occupancy per day: stays holding the day, not cancelled or no-show', () => {
    expect(report.occupancy).toHaveLength(30);
    const day = (date: string) => report.occupancy.find((row) => row.date === date);
    expect(day('2026-06-09')).toEqual({ date: '2026-06-09', booked: 0, capacity: 10 });
    expect(day('2026-06-10')?.booked).toBe(1);
    expect(day('2026-06-12')?.booked).toBe(2);
    expect(day('2026-06-13')?.booked).toBe(2);
    expect(day('2026-06-14')?.booked).toBe(0);
    // The no-show of 21-24 June and the cancelled stay hold nothing.
    expect(day('2026-06-21')?.booked).toBe(0);
    expect(day('2026-06-20')?.booked).toBe(0);
  });

  it('length of stay and lead time, averages and buckets', () => {
    expect(report.stays).toEqual({
      bookings: 3,
      average_days: 3.3,
      buckets: [
        { bucket: '1', bookings: 0 },
        { bucket: '2', bookings: 1 },
        { bucket: '3', bookings: 0 },
        { bucket: '4-7', bookings: 2 },
        { bucket: '8-14', bookings: 0 },
        { bucket: '15+', bookings: 0 },
      ],
    });
    expect(report.lead_time.bookings).toBe(3);
    expect(report.lead_time.average_days).toBe(20.3);
    expect(report.lead_time.buckets).toEqual([
      { bucket: '0-1', bookings: 1 },
      { bucket: '2-7', bookings: 0 },
      { bucket: '8-30', bookings: 1 },
      { bucket: '31-90', bookings: 1 },
      { bucket: '91+', bookings: 0 },
    ]);
  });

  it('cancellation and no-show rates of every booking departing', () => {
    expect(report.outcomes).toEqual({ bookings: 4, cancelled: 1, no_show: 1, cancellation_rate: 0.25, no_show_rate: 0.25 });
  });

  it('channel and agency mix, voucher cost, drivers’ cost per trip', () => {
    expect(report.channels).toEqual([
      { source: 'agency', channel: 'agency', bookings: 1, revenue: 1000 },
      { source: 'office', channel: 'phone', bookings: 1, revenue: 4500 },
      { source: 'online', channel: 'web', bookings: 1, revenue: 2500 },
    ]);
    expect(report.agencies).toEqual([{ agency_id: agencyId, agency_name: 'Sun Travel', bookings: 1, revenue: 1000, commission: 100 }]);
    expect(report.vouchers).toEqual([{ voucher_code: 'SUMMER', bookings: 1, discount: 500 }]);
    expect(report.discount_total).toBe(500);
    expect(report.drivers).toEqual([expect.objectContaining({ driver_name: 'Ravi Kumar', trips: 2, payouts: 5000, cost_per_trip: 2500 })]);
  });

  it('a car park filter; another company’s car park is a 404', async () => {
    const other = await createTenant(ctx);
    const otherPlace = await insertBookingPlace(ctx.db, other.company.id);
    const mine = await viewReport({ ...JUNE, car_park_id: String(place.carPark.id) } as typeof JUNE);
    expect(mine.json().data.revenue[0].revenue).toBe(8000);
    const theirs = await viewReport({ ...JUNE, car_park_id: String(otherPlace.carPark.id) } as typeof JUNE);
    expect(theirs.statusCode).toBe(404);
  });

  it('a period over 366 days or backwards is a 400 on `to`', async () => {
    const long = await viewReport({ from: '2025-01-01', to: '2026-06-30' });
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0].field).toBe('to');
    const backwards = await viewReport({ from: '2026-06-30', to: '2026-06-01' });
    expect(backwards.statusCode).toBe(400);
  });
});

describe('the forecast', () => {
  it('scales the stays on hand by last year’s pick-up at the same lead time', async () => {
    const report = await buildReport(ctx.db, tenant.company.id, JUNE, NOW);
    expect(report.today).toBe('2026-06-01');
    expect(report.forecast).toHaveLength(60);
    const day = (date: string) => report.forecast.find((row) => row.date === date);
    // 10 June: 1 on hand; 10 June 2025: 3 in the end, 1 of them on hand on 1 June 2025 -> 1 x 3 / 1.
    expect(day('2026-06-10')).toEqual({
      date: '2026-06-10',
      on_hand: 1,
      last_year_final: 3,
      last_year_on_hand: 1,
      forecast: 3,
      capacity: 10,
    });
    // 15 June: nothing on hand, last year's one stay came later (none on hand then): it is added.
    expect(day('2026-06-15')).toMatchObject({ on_hand: 0, last_year_final: 1, last_year_on_hand: 0, forecast: 1 });
    expect(day('2026-07-01')).toMatchObject({ on_hand: 0, last_year_final: 0, forecast: 0 });
  });

  it('never below what is on hand, never above the capacity', () => {
    expect(forecastOf({ on_hand: 4, last_year_final: 30, last_year_on_hand: 2 }, 10)).toBe(10);
    expect(forecastOf({ on_hand: 4, last_year_final: 1, last_year_on_hand: 2 }, 10)).toBe(4);
    expect(forecastOf({ on_hand: 2, last_year_final: 9, last_year_on_hand: 6 }, 10)).toBe(3);
    expect(yearBefore('2028-02-29')).toBe('2027-02-28');
  });
});

describe('downloads', () => {
  it('an XLSX with a sheet per report: numbers, dates and money in the company currency, headers in Tamil', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/export?from=${JUNE.from}&to=${JUNE.to}`,
      headers: { ...tenant.headers, 'accept-language': 'ta' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('report-all-2026-06-01-2026-06-30.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'வருவாய்',
      'நிரம்பல்',
      'முன்கணிப்பு',
      'தங்கும் காலம்',
      'முன்கூட்டிய காலம்',
      'ரத்துகளும் வராதவையும்',
      'விற்பனை வழிகள்',
      'முகவர்கள்',
      'வவுச்சர்கள்',
      'ஓட்டுநர்கள்',
    ]);
    const revenue = workbook.getWorksheet('வருவாய்');
    expect(revenue?.getRow(1).getCell(1).value).toBe('வாகன நிறுத்துமிடம்');
    expect(revenue?.getRow(1).getCell(4).value).toBe('வருவாய்');
    const row = revenue?.getRow(2);
    expect(row?.getCell(1).value).toBe('Long Stay South');
    expect(row?.getCell(2).value).toEqual(new Date('2026-06-01T00:00:00Z'));
    expect(row?.getCell(2).type).toBe(ExcelJS.ValueType.Date);
    expect(row?.getCell(3).value).toBe(3);
    expect(row?.getCell(4).value).toBe(80);
    expect(row?.getCell(4).type).toBe(ExcelJS.ValueType.Number);
    expect(row?.getCell(4).numFmt).toBe('#,##0.00 "GBP"');
    expect(row?.getCell(6).value).toBe(70);
    const occupancy = workbook.getWorksheet('நிரம்பல்');
    const june12 = occupancy?.getRow(13);
    expect(june12?.getCell(1).value).toEqual(new Date('2026-06-12T00:00:00Z'));
    expect(june12?.getCell(2).value).toBe(2);
    expect(june12?.getCell(4).value).toBe(0.2);
    expect(june12?.getCell(4).numFmt).toBe('0.0%');
  });

  it('a CSV of one report, headers in English, money in major units', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/export?from=${JUNE.from}&to=${JUNE.to}&format=csv&report=channels`,
      headers: tenant.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body).toBe(
      '\uFEFFSource,Channel,Bookings,Revenue\r\nAgency,Agency,1,10.00\r\nOffice,Phone,1,45.00\r\nOnline,Web,1,25.00\r\n',
    );
  });

  it('a CSV of all reports at once is refused (one report per CSV)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/reports/export?format=csv', headers: tenant.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('report');
  });

  it('the workbook is written row by row into the stream (it starts before it is finished)', async () => {
    const report = await buildReport(ctx.db, tenant.company.id, JUNE, NOW);
    const output = new PassThrough();
    let firstChunkAt = -1;
    let rowsAdded = 0;
    const tables = reportTables(report, (key) => key);
    // A long table: each row is committed as it is added, so bytes flow before the last row is written.
    const big = { ...tables[0], rows: [] as Array<Array<string | number | null>> } as (typeof tables)[number];
    const rows = {
      *[Symbol.iterator]() {
        for (let i = 0; i < 20_000; i += 1) {
          rowsAdded += 1;
          yield ['Car park', '2026-06-01', i, i * 100, 0, 0];
        }
      },
    };
    big.rows = rows as unknown as typeof big.rows;
    output.on('data', () => {
      if (firstChunkAt < 0) firstChunkAt = rowsAdded;
    });
    const done = new Promise((resolve) => output.on('end', resolve));
    await writeReportXlsx(output, [big], 'GBP');
    await done;
    expect(firstChunkAt).toBeGreaterThan(0);
    expect(firstChunkAt).toBeLessThan(20_000);
  });
});

describe('tenancy and permissions', () => {
  it('another company’s admin sees none of these figures', async () => {
    const other = await createTenant(ctx);
    const response = await viewReport(JUNE, other.headers);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as Report;
    expect(data.revenue).toEqual([]);
    expect(data.outcomes.bookings).toBe(0);
    expect(data.drivers).toEqual([]);
    // Its XLSX: every sheet holds only its headers (the vouchers' sheet its total line, of nothing).
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/export?from=${JUNE.from}&to=${JUNE.to}`,
      headers: other.headers,
    });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    for (const name of ['Revenue', 'Channels', 'Agencies', 'Drivers']) expect(workbook.getWorksheet(name)?.rowCount).toBe(1);
    expect(workbook.getWorksheet('Vouchers')?.getRow(2).getCell(3).value).toBe(0);
  });

  it('a driver may not read reports', async () => {
    const driver = await createTenant(ctx, 'driver');
    expect((await viewReport(JUNE, driver.headers)).statusCode).toBe(403);
  });
});

describe('subscriptions', () => {
  it('subscribes an office user; another company’s user is a 400; another company’s admin gets 404', async () => {
    const manager = await createUser(ctx.db, { company_id: tenant.company.id, role: 'admin', name: 'Mira Manager' });
    const add = await ctx.app.inject({
      method: 'POST',
      url: '/api/report-subscription/add',
      headers: tenant.headers,
      payload: { user_id: manager.id, frequency: 'weekly', language: 'ta' },
    });
    expect(add.statusCode).toBe(201);
    const created = add.json().data;
    expect(created).toMatchObject({ user_id: manager.id, user_name: 'Mira Manager', frequency: 'weekly', language: 'ta', status: 1 });

    const other = await createTenant(ctx);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/report-subscription/add',
      headers: tenant.headers,
      payload: { user_id: other.user.id, frequency: 'monthly' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].field).toBe('user_id');

    const driver = await insertDriver(ctx.db, tenant.company.id);
    const toDriver = await ctx.app.inject({
      method: 'POST',
      url: '/api/report-subscription/add',
      headers: tenant.headers,
      payload: { user_id: driver.user.id, frequency: 'monthly' },
    });
    expect(toDriver.statusCode).toBe(400);

    for (const [method, url] of [
      ['GET', `/api/report-subscription/get/${created.id}`],
      ['PATCH', `/api/report-subscription/update/${created.id}`],
      ['DELETE', `/api/report-subscription/delete/${created.id}`],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url,
        headers: other.headers,
        ...(method === 'PATCH' ? { payload: { status: 0 } } : {}),
      });
      expect(response.statusCode).toBe(404);
    }
    const list = await ctx.app.inject({ method: 'GET', url: '/api/report-subscription/list', headers: other.headers });
    expect(list.json().data).toEqual([]);
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/report-subscription/list', headers: tenant.headers });
    expect(mine.json().data.map((row: { id: number }) => row.id)).toContain(created.id);
  });
});
