import type { BookingChannel } from '@ps/contracts';
import type { BookingSource } from '@ps/contracts/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { addDays, yearBefore } from '../../lib/dates.ts';

/**
 * The reports' SQL (issue 24, section 3). Every bookings query is bounded by `company_id` and a range of
 * `departure_at` (the first instant of `from` to the first instant after `to` on the company's clock), which
 * `bookings_company_departure_idx` answers; occupancy and the forecast count stays per day through
 * `bookings_car_park_days_idx` (company, car park, end_day, start_day), as the capacity check does.
 */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const dayStart = (day: string, timeZone: string) => sql`((${day}::date)::timestamp at time zone ${timeZone})`;
const dayEnd = (day: string, timeZone: string) => sql`(((${day}::date) + 1)::timestamp at time zone ${timeZone})`;

/** Where a booking came from: an agency's sale, the company's web site (no user: the public API or hosted page), or the office. */
const SOURCE = sql`case when b.agency_id is not null then 'agency' when b.created_by is null then 'online' else 'office' end`;

export interface Period {
  from: string;
  to: string;
  timeZone: string;
  carParkId?: number;
}

export interface CarPark {
  id: number;
  name: string;
  capacity: number;
}

export function createReportsRepository(db: DbOrTx, companyId: number) {
  /** The bookings departing in the period (and of the car park, when one is chosen), as SQL conditions on `b`. */
  /**
   * Stays held (not cancelled or no-show) on each day `from`..`to` in the car parks `ids`, in one pass over the stays
   * that overlap the window (the car park's days index): each adds 1 on its first day in the window and takes 1 back
   * the day after it ends; the running sum in day order is the count held (as bookings.stay.ts firstFullDay).
   */
  const heldPerDay = async (from: string, to: string, ids: number[], also: SQL = sql`true`): Promise<Map<string, number>> => {
    const result = await db.execute(sql`
      with moves as (
        select move.day, sum(move.delta) as delta
        from bookings b
        cross join lateral (values (greatest(b.start_day, ${from}::date), 1), (b.end_day + 1, -1)) as move(day, delta)
        where b.company_id = ${companyId} and b.car_park_id in (${idList(ids)})
          and b.status not in ('cancelled', 'no_show') and b.end_day >= ${from}::date and b.start_day <= ${to}::date and ${also}
        group by move.day
      )
      select to_char(d, 'YYYY-MM-DD') as day, coalesce(sum(m.delta) over (order by d), 0)::int as held
      from generate_series(${from}::date::timestamp, ${to}::date::timestamp, interval '1 day') as d
      left join moves m on m.day = d::date
      order by d`);
    return new Map(rowsOf<{ day: string; held: number }>(result).map((row) => [row.day, Number(row.held)]));
  };
  const departing = (period: Period): SQL => sql`b.company_id = ${companyId}
    and b.departure_at >= ${dayStart(period.from, period.timeZone)} and b.departure_at < ${dayEnd(period.to, period.timeZone)}
    ${period.carParkId === undefined ? sql`` : sql`and b.car_park_id = ${period.carParkId}`}`;
  const idList = (ids: number[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );

  return {
    async company(): Promise<{ name: string; time_zone: string; currency: string }> {
      const [row] = rowsOf<{ name: string; time_zone: string; currency: string }>(
        await db.execute(sql`select name, time_zone, currency from companies where id = ${companyId}`),
      );
      return row ?? { name: '', time_zone: 'UTC', currency: 'GBP' };
    },

    /** The company's active car parks (capacity above 0), or the one asked for (empty when it is not one of them). */
    async carParks(carParkId?: number): Promise<CarPark[]> {
      const result = await db.execute(sql`
        select id, name, capacity from locations
        where company_id = ${companyId} and type = 'car_park' and capacity > 0 and status = 1
          ${carParkId === undefined ? sql`` : sql`and id = ${carParkId}`}
        order by name, id`);
      return rowsOf<CarPark>(result).map((row) => ({ id: Number(row.id), name: row.name, capacity: Number(row.capacity) }));
    },

    /** Bookings (not cancelled) and their revenue per car park and month of departure. */
    async revenueByCarParkAndMonth(period: Period) {
      const result = await db.execute(sql`
        select b.car_park_id, l.name as car_park_name,
          to_char(date_trunc('month', b.departure_at at time zone ${period.timeZone}), 'YYYY-MM-DD') as month,
          count(*)::int as bookings, coalesce(sum(b.total), 0)::bigint as revenue
        from bookings b
        left join locations l on l.company_id = b.company_id and l.id = b.car_park_id
        where ${departing(period)} and b.status <> 'cancelled'
        group by 1, 2, 3
        order by 3, 2 nulls last, 1`);
      return rowsOf<{ car_park_id: number | null; car_park_name: string | null; month: string; bookings: number; revenue: string }>(
        result,
      ).map((row) => ({
        car_park_id: row.car_park_id === null ? null : Number(row.car_park_id),
        car_park_name: row.car_park_name,
        month: row.month,
        bookings: Number(row.bookings),
        revenue: Number(row.revenue),
      }));
    },

    /** Per day `from`..`to`: the stays holding it (not cancelled or no-show) in the car parks `ids`. */
    async staysPerDay(from: string, to: string, ids: number[]) {
      if (ids.length === 0) return [];
      const held = await heldPerDay(from, to, ids);
      return [...held].map(([day, booked]) => ({ day, booked }));
    },

    /**
     * Per day `today`..`today + days - 1` in the car parks `ids`: the stays on hand now, and for the same date a year
     * before, the stays in the end (not cancelled or no-show) and those of them already booked a year before today
     * (made before today's first instant, a year back: the same lead time). Three passes over the stays of a window
     * (one per figure), not three counts per day: at 1,000,000 bookings a count per day read most of last year's
     * stays 120 times (11 s; docs/decisions.md, "Reports at scale").
     */
    async pickUp(today: string, days: number, ids: number[], timeZone: string) {
      if (ids.length === 0) return [];
      const last = addDays(today, days - 1);
      const [lastYearFrom, lastYearTo] = [yearBefore(today), yearBefore(last)];
      const onHand = await heldPerDay(today, last, ids);
      const lastYearFinal = await heldPerDay(lastYearFrom, lastYearTo, ids);
      const bookedByThen = sql`b.created_at < (${dayStart(lastYearFrom, timeZone)})`;
      const lastYearOnHand = await heldPerDay(lastYearFrom, lastYearTo, ids, bookedByThen);
      return [...onHand].map(([day, held]) => ({
        day,
        on_hand: held,
        last_year_final: lastYearFinal.get(yearBefore(day)) ?? 0,
        last_year_on_hand: lastYearOnHand.get(yearBefore(day)) ?? 0,
      }));
    },

    /** Lengths of stay (days, first and last counted) of the bookings (not cancelled), by bucket. */
    async stayBuckets(period: Period) {
      const result = await db.execute(sql`
        select case when days <= 1 then '1' when days = 2 then '2' when days = 3 then '3' when days <= 7 then '4-7'
                    when days <= 14 then '8-14' else '15+' end as bucket,
          count(*)::int as bookings, sum(days)::bigint as days
        from (select (b.end_day - b.start_day + 1) as days from bookings b where ${departing(period)} and b.status <> 'cancelled') as s
        group by 1`);
      return rowsOf<{ bucket: string; bookings: number; days: string }>(result).map((row) => ({
        bucket: row.bucket,
        bookings: Number(row.bookings),
        days: Number(row.days),
      }));
    },

    /** Days from the booking being made to its departure (not cancelled), by bucket, with the exact sum of days. */
    async leadBuckets(period: Period) {
      const result = await db.execute(sql`
        select case when days <= 1 then '0-1' when days <= 7 then '2-7' when days <= 30 then '8-30' when days <= 90 then '31-90'
                    else '91+' end as bucket,
          count(*)::int as bookings, sum(days)::float8 as days
        from (select greatest(0, extract(epoch from (b.departure_at - b.created_at)) / 86400) as days
              from bookings b where ${departing(period)} and b.status <> 'cancelled') as s
        group by 1`);
      return rowsOf<{ bucket: string; bookings: number; days: number }>(result).map((row) => ({
        bucket: row.bucket,
        bookings: Number(row.bookings),
        days: Number(row.days),
      }));
    },

    /** Every booking departing in the period, the cancelled and the no-shows among them, and the discounts given. */
    async outcomes(period: Period) {
      const [row] = rowsOf<Record<'bookings' | 'cancelled' | 'no_show' | 'discount', string | number>>(
        await db.execute(sql`
          select count(*)::int as bookings,
            (count(*) filter (where b.status = 'cancelled'))::int as cancelled,
            (count(*) filter (where b.status = 'no_show'))::int as no_show,
            (coalesce(sum(b.discount) filter (where b.status <> 'cancelled'), 0))::bigint as discount
          from bookings b where ${departing(period)}`),
      );
      return {
        bookings: Number(row?.bookings ?? 0),
        cancelled: Number(row?.cancelled ?? 0),
        no_show: Number(row?.no_show ?? 0),
        discount: Number(row?.discount ?? 0),
      };
    },

    /** Bookings (not cancelled) and revenue per source and channel. */
    async channels(period: Period) {
      const result = await db.execute(sql`
        select ${SOURCE} as source, b.channel, count(*)::int as bookings, coalesce(sum(b.total), 0)::bigint as revenue
        from bookings b where ${departing(period)} and b.status <> 'cancelled'
        group by 1, 2 order by 3 desc, 1, 2`);
      return rowsOf<{ source: BookingSource; channel: BookingChannel; bookings: number; revenue: string }>(result).map((row) => ({
        source: row.source,
        channel: row.channel,
        bookings: Number(row.bookings),
        revenue: Number(row.revenue),
      }));
    },

    /** Per agency: its bookings (not cancelled), their revenue and its commission at the rate each was sold at. */
    async agencies(period: Period) {
      const result = await db.execute(sql`
        select b.agency_id, a.name as agency_name, count(*)::int as bookings, coalesce(sum(b.total), 0)::bigint as revenue,
          coalesce(sum(round(b.total * b.agency_commission_percent / 100)), 0)::bigint as commission
        from bookings b
        join agencies a on a.company_id = b.company_id and a.id = b.agency_id
        where ${departing(period)} and b.status <> 'cancelled' and b.agency_id is not null
        group by 1, 2 order by 4 desc, 2`);
      return rowsOf<{ agency_id: number; agency_name: string; bookings: number; revenue: string; commission: string }>(result).map(
        (row) => ({
          agency_id: Number(row.agency_id),
          agency_name: row.agency_name,
          bookings: Number(row.bookings),
          revenue: Number(row.revenue),
          commission: Number(row.commission),
        }),
      );
    },

    /** Per voucher code: the bookings (not cancelled) that used it and the discount they were given. */
    async vouchers(period: Period) {
      const result = await db.execute(sql`
        select b.voucher_code, count(*)::int as bookings, coalesce(sum(b.discount), 0)::bigint as discount
        from bookings b
        where ${departing(period)} and b.status <> 'cancelled' and b.voucher_id is not null
        group by 1 order by 3 desc, 1`);
      return rowsOf<{ voucher_code: string | null; bookings: number; discount: string }>(result).map((row) => ({
        voucher_code: row.voucher_code ?? '',
        bookings: Number(row.bookings),
        discount: Number(row.discount),
      }));
    },

    /**
     * Per driver: completed trips scheduled in the period, and approved payouts whose period starts in it (the car park
     * filter does not apply: a driver's pay is not split by car park).
     */
    async drivers(period: Period) {
      const result = await db.execute(sql`
        with done as (
          select t.driver_id, count(*)::int as trips from trips t
          where t.company_id = ${companyId} and t.status = 'completed' and t.driver_id is not null
            and t.scheduled_at >= ${dayStart(period.from, period.timeZone)} and t.scheduled_at < ${dayEnd(period.to, period.timeZone)}
          group by 1
        ), paid as (
          select p.driver_id, sum(p.total)::bigint as payouts from payouts p
          where p.company_id = ${companyId} and p.status = 'approved' and p.period_start >= ${period.from}::date and p.period_start <= ${period.to}::date
          group by 1
        )
        select d.id as driver_id, trim(d.first_name || ' ' || d.last_name) as driver_name,
          coalesce(done.trips, 0) as trips, coalesce(paid.payouts, 0) as payouts
        from drivers d
        left join done on done.driver_id = d.id
        left join paid on paid.driver_id = d.id
        where d.company_id = ${companyId} and (done.trips is not null or paid.payouts is not null)
        order by 2, 1`);
      return rowsOf<{ driver_id: number; driver_name: string; trips: number; payouts: string }>(result).map((row) => ({
        driver_id: Number(row.driver_id),
        driver_name: row.driver_name,
        trips: Number(row.trips),
        payouts: Number(row.payouts),
      }));
    },
  };
}
