import {
  type HeadlineStatistics,
  type InOutBoard,
  type InOutQuery,
  MAX_STATISTICS_PERIODS,
  type Occupancy,
  type OccupancyQuery,
  type SegmentQuery,
  type SegmentStatistics,
  type StatisticsSegment,
} from '@ps/contracts';
import { fromZonedLocal } from '@ps/contracts/common/zonedTime';
import type { Db } from '../../db/client.ts';
import { addDays, todayIn } from '../../lib/dates.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { slotLoads } from '../bookings/bookings.slots.ts';
import { createStatisticsRepository } from './statistics.repository.ts';

/**
 * The daily board and statistics (issue 7, section 2). Days are calendar days in the request's time zone,
 * else the company's. Rules (also in the routes' descriptions):
 * - a booking counts on its departure day (in) and its return day (out); the segment statistics count it on
 *   its departure day;
 * - cancelled bookings never count; a no-show stays on the board (the operator sees it did not come) and in
 *   the counts of bookings and revenue, but holds no space (occupancy, booked today);
 * - "on site now" is a car checked in or parked, whatever its dates.
 */

/** Calendar-day arithmetic on `YYYY-MM-DD` strings (days have no time zone here). */
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);
const addMonths = (day: string, months: number) => {
  const date = toDate(day);
  date.setUTCMonth(date.getUTCMonth() + months);
  return toDay(date);
};

/** The first day of the period holding `day` (weeks start on Monday, as PostgreSQL's date_trunc). */
export function periodStart(segment: StatisticsSegment, day: string): string {
  switch (segment) {
    case 'day':
      return day;
    case 'week': {
      const weekday = (toDate(day).getUTCDay() + 6) % 7;
      return addDays(day, -weekday);
    }
    case 'month':
      return `${day.slice(0, 7)}-01`;
    case 'year':
      return `${day.slice(0, 4)}-01-01`;
  }
}

export function nextPeriod(segment: StatisticsSegment, start: string): string {
  switch (segment) {
    case 'day':
      return addDays(start, 1);
    case 'week':
      return addDays(start, 7);
    case 'month':
      return addMonths(start, 1);
    case 'year':
      return addMonths(start, 12);
  }
}

/** Without `from`, the range ends at `to` (today) and covers 30 days, 12 weeks, 12 months or 5 years. */
const DEFAULT_PERIODS: Record<StatisticsSegment, number> = { day: 30, week: 12, month: 12, year: 5 };

export function defaultFrom(segment: StatisticsSegment, to: string): string {
  let start = periodStart(segment, to);
  for (let i = 1; i < DEFAULT_PERIODS[segment]; i++) {
    start =
      segment === 'day' ? addDays(start, -1) : segment === 'week' ? addDays(start, -7) : addMonths(start, segment === 'month' ? -1 : -12);
  }
  return start;
}

const tooManyPeriods = () =>
  new AppError(400, 'validation_failed', { details: [{ field: 'to', code: 'validation.tooLong', message: '' }] });

export function createStatisticsService(db: Db) {
  async function settings(companyId: number, requested: string | undefined) {
    const repository = createStatisticsRepository(db, companyId);
    const company = await repository.companySettings();
    return { repository, timeZone: requested ?? company.time_zone, currency: company.currency };
  }

  return {
    async board(companyId: number, query: InOutQuery): Promise<InOutBoard> {
      const { repository, timeZone } = await settings(companyId, query.time_zone);
      const bookings = await repository.board(query.type, query.date, timeZone);
      // Each slot's load against its place's limit (issue 24, section 2), over the same day's instants.
      const from = new Date(fromZonedLocal(`${query.date}T00:00`, timeZone) ?? `${query.date}T00:00:00Z`);
      const to = new Date(fromZonedLocal(`${addDays(query.date, 1)}T00:00`, timeZone) ?? `${addDays(query.date, 1)}T00:00:00Z`);
      const slots = await slotLoads(db, companyId, query.type === 'in' ? 'departure' : 'arrival', from, to);
      return { type: query.type, date: query.date, time_zone: timeZone, bookings, slots };
    },

    async bySegment(companyId: number, query: SegmentQuery): Promise<SegmentStatistics> {
      const { repository, timeZone, currency } = await settings(companyId, query.time_zone);
      const today = todayIn(timeZone);
      const to = query.to ?? (query.from !== undefined && query.from > today ? query.from : today);
      const from = periodStart(query.segment, query.from ?? defaultFrom(query.segment, to));
      const starts: string[] = [];
      for (let start = from; start <= to; start = nextPeriod(query.segment, start)) {
        starts.push(start);
        if (starts.length > MAX_STATISTICS_PERIODS) throw tooManyPeriods();
      }
      const counted = new Map((await repository.bySegment(starts, to, timeZone)).map((row) => [row.period_start, row]));
      // Periods with nothing answer 0, so a chart has every period in order.
      const periods = starts.map((start) => ({
        period_start: start,
        bookings: counted.get(start)?.bookings ?? 0,
        revenue: counted.get(start)?.revenue ?? 0,
      }));
      return { segment: query.segment, from, to, time_zone: timeZone, currency, periods };
    },

    async headline(companyId: number, requestedTimeZone: string | undefined): Promise<HeadlineStatistics> {
      const { repository, timeZone, currency } = await settings(companyId, requestedTimeZone);
      const today = todayIn(timeZone);
      const monthFrom = periodStart('month', today);
      const monthTo = addDays(addMonths(monthFrom, 1), -1);
      const [figures, [month], carParks, loads] = await Promise.all([
        repository.headline(today, timeZone),
        // This month's bookings and revenue are the segment statistics' definition: one period, read from the summary.
        repository.bySegment([monthFrom], monthTo, timeZone),
        repository.carParks(),
        repository.carParkLoads(today),
      ]);
      return {
        date: today,
        time_zone: timeZone,
        ...figures,
        month_bookings: month?.bookings ?? 0,
        month_revenue: month?.revenue ?? 0,
        currency,
        car_parks: carParks.map((park) => ({ ...park, booked_today: 0, on_site_now: 0, ...loads.get(park.id) })),
      };
    },

    async occupancy(companyId: number, query: OccupancyQuery): Promise<Occupancy> {
      const { repository, timeZone } = await settings(companyId, query.time_zone);
      const from = query.from ?? todayIn(timeZone);
      const carParks = await repository.carParks(query.car_park_id);
      // Another company's car park, or one that is not an active car park: nothing of it is shown.
      if (query.car_park_id !== undefined && carParks.length === 0) throw notFound();
      const rows = await repository.occupancy(from, query.days, query.car_park_id);
      const byPark = Map.groupBy(rows, (row) => row.id);
      return {
        from,
        days: query.days,
        car_parks: carParks.map((park) => ({
          ...park,
          days: (byPark.get(park.id) ?? []).map((row) => ({ date: row.day, booked: row.booked, full: row.booked >= park.capacity })),
        })),
      };
    },
  };
}
