import { FORECAST_DAYS, MAX_REPORT_DAYS, type Report, type ReportQuery, type RevenueRow } from '@ps/contracts/reports';
import type { DbOrTx } from '../../db/client.ts';
import { daysBetween, todayIn, yearBefore } from '../../lib/dates.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createReportsRepository, type Period } from './reports.repository.ts';

/**
 * Reports a manager reads (issue 24, section 3; the rules are in docs/decisions.md, "Reports a manager reads"):
 * - a booking counts on its departure day on the company's clock; cancelled bookings count only in the
 *   cancellation rate; a no-show counts in revenue (it was sold) but holds no space;
 * - last year is the same days a year earlier (29 February falls back to the 28th);
 * - the forecast scales each future day's stays on hand by last year's pick-up at the same lead time.
 */

/** The last day of the month holding `day`. */
export function monthEnd(day: string): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/**
 * One future day's forecast: the stays on hand scaled by last year's final / on-hand-at-the-same-lead ratio. When
 * nothing was on hand last year at this lead, every stay of last year's final came later: it is added. Never below
 * what is on hand, never above the capacity.
 */
export function forecastOf(row: { on_hand: number; last_year_final: number; last_year_on_hand: number }, capacity: number): number {
  const expected =
    row.last_year_on_hand > 0 ? Math.round((row.on_hand * row.last_year_final) / row.last_year_on_hand) : row.on_hand + row.last_year_final;
  return Math.max(row.on_hand, Math.min(capacity, expected));
}

const STAY_BUCKETS = ['1', '2', '3', '4-7', '8-14', '15+'];
const LEAD_BUCKETS = ['0-1', '2-7', '8-30', '31-90', '91+'];

function bucketsOf(order: string[], rows: Array<{ bucket: string; bookings: number; days: number }>) {
  const found = new Map(rows.map((row) => [row.bucket, row]));
  const bookings = rows.reduce((sum, row) => sum + row.bookings, 0);
  const days = rows.reduce((sum, row) => sum + row.days, 0);
  return {
    bookings,
    average_days: bookings === 0 ? null : Math.round((days / bookings) * 10) / 10,
    buckets: order.map((bucket) => ({ bucket, bookings: found.get(bucket)?.bookings ?? 0 })),
  };
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000);

/** The period asked for: `from`..`to` (default this month), at most MAX_REPORT_DAYS days (else 400 on `to`). */
export function periodOf(query: { from?: string; to?: string }, today: string): { from: string; to: string } {
  const from = query.from ?? (query.to ? `${query.to.slice(0, 7)}-01` : `${today.slice(0, 7)}-01`);
  const to = query.to ?? monthEnd(from);
  if (daysBetween(from, to) + 1 > MAX_REPORT_DAYS) {
    throw new AppError(400, 'validation_failed', { details: [{ field: 'to', code: 'validation.tooLong', message: '' }] });
  }
  return { from, to };
}

/** Every report of one company for a period (`now` is injectable for the tests and the scheduler). */
export async function buildReport(db: DbOrTx, companyId: number, query: ReportQuery, now: Date = new Date()): Promise<Report> {
  const repository = createReportsRepository(db, companyId);
  const company = await repository.company();
  const timeZone = company.time_zone;
  const today = todayIn(timeZone, now);
  const { from, to } = periodOf(query, today);
  const allCarParks = await repository.carParks();
  const carParks = query.car_park_id === undefined ? allCarParks : allCarParks.filter((park) => park.id === query.car_park_id);
  if (query.car_park_id !== undefined && carParks.length === 0) throw notFound();
  const ids = carParks.map((park) => park.id);
  const capacity = carParks.reduce((sum, park) => sum + park.capacity, 0);
  const period: Period = { from, to, timeZone, ...(query.car_park_id === undefined ? {} : { carParkId: query.car_park_id }) };
  const lastYear: Period = { ...period, from: yearBefore(from), to: yearBefore(to) };

  const thisYear = await repository.revenueByCarParkAndMonth(period);
  const before = await repository.revenueByCarParkAndMonth(lastYear);
  const revenue = new Map<string, RevenueRow>();
  const keyOf = (carParkId: number | null, month: string) => `${carParkId ?? ''}|${month}`;
  for (const row of thisYear) {
    revenue.set(keyOf(row.car_park_id, row.month), { ...row, last_year_bookings: 0, last_year_revenue: 0 });
  }
  for (const row of before) {
    const month = `${Number(row.month.slice(0, 4)) + 1}${row.month.slice(4)}`;
    const key = keyOf(row.car_park_id, month);
    const current = revenue.get(key) ?? {
      car_park_id: row.car_park_id,
      car_park_name: row.car_park_name,
      month,
      bookings: 0,
      revenue: 0,
      last_year_bookings: 0,
      last_year_revenue: 0,
    };
    revenue.set(key, { ...current, last_year_bookings: row.bookings, last_year_revenue: row.revenue });
  }
  const revenueRows = [...revenue.values()].sort(
    (a, b) =>
      a.month.localeCompare(b.month) ||
      (a.car_park_name === null ? 1 : 0) - (b.car_park_name === null ? 1 : 0) ||
      (a.car_park_name ?? '').localeCompare(b.car_park_name ?? '') ||
      (a.car_park_id ?? 0) - (b.car_park_id ?? 0),
  );

  const occupancy = (await repository.staysPerDay(from, to, ids)).map((row) => ({ date: row.day, booked: row.booked, capacity }));
  const forecast = (await repository.pickUp(today, FORECAST_DAYS, ids, timeZone)).map((row) => ({
    date: row.day,
    on_hand: row.on_hand,
    last_year_final: row.last_year_final,
    last_year_on_hand: row.last_year_on_hand,
    forecast: forecastOf(row, capacity),
    capacity,
  }));
  const stays = bucketsOf(STAY_BUCKETS, await repository.stayBuckets(period));
  const leadTime = bucketsOf(LEAD_BUCKETS, await repository.leadBuckets(period));
  const outcomes = await repository.outcomes(period);
  const drivers = (await repository.drivers(period)).map((row) => ({
    ...row,
    cost_per_trip: row.trips === 0 ? null : Math.round(row.payouts / row.trips),
  }));

  return {
    from,
    to,
    today,
    time_zone: timeZone,
    currency: company.currency,
    car_park_id: query.car_park_id ?? null,
    car_parks: allCarParks,
    revenue: revenueRows,
    occupancy,
    forecast,
    stays,
    lead_time: leadTime,
    outcomes: {
      bookings: outcomes.bookings,
      cancelled: outcomes.cancelled,
      no_show: outcomes.no_show,
      cancellation_rate: share(outcomes.cancelled, outcomes.bookings),
      no_show_rate: share(outcomes.no_show, outcomes.bookings),
    },
    channels: await repository.channels(period),
    agencies: await repository.agencies(period),
    vouchers: await repository.vouchers(period),
    discount_total: outcomes.discount,
    drivers,
  };
}

/** The company's name, clock and currency (the mail's heading and the files' formats). */
export const companyOfReport = (db: DbOrTx, companyId: number) => createReportsRepository(db, companyId).company();
