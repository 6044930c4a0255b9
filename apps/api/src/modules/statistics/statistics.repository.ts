import type { BoardBooking, BoardDirection, BookingStatus } from '@ps/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { isoText } from '../../db/sql-text.ts';
import { carRequestOf, latestCarRequestColumns } from '../public-booking/public-booking.repository.ts';

/**
 * The statistics' SQL. Every query is bounded by `company_id` first (the leading column of the indexes it
 * uses) and turns days into instants in the caller's time zone inside PostgreSQL:
 * `('2026-11-02'::date)::timestamp at time zone 'Asia/Colombo'` is that day's first instant there, so a range
 * of days is a range of `departure_at` / `arrival_at` the indexes answer directly.
 */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The first instant of `day` in `timeZone`, as SQL. */
const dayStart = (day: string, timeZone: string) => sql`((${day}::date)::timestamp at time zone ${timeZone})`;
/** The first instant of the day after `day` in `timeZone`. */
const dayEnd = (day: string, timeZone: string) => sql`(((${day}::date) + 1)::timestamp at time zone ${timeZone})`;

/** Statuses of a car on site. */
const ON_SITE: readonly BookingStatus[] = ['checked_in', 'parked'];

export interface CompanySettings {
  time_zone: string;
  currency: string;
}

export function createStatisticsRepository(db: DbOrTx, companyId: number) {
  return {
    async companySettings(): Promise<CompanySettings> {
      const [row] = rowsOf<CompanySettings>(await db.execute(sql`select time_zone, currency from companies where id = ${companyId}`));
      return row ?? { time_zone: 'UTC', currency: 'GBP' };
    },

    /** The cars coming in (departure on `day`) or going out (return on `day`), cancelled left out, by time. */
    async board(direction: BoardDirection, day: string, timeZone: string): Promise<BoardBooking[]> {
      const at = direction === 'in' ? sql`b.departure_at` : sql`b.arrival_at`;
      const flight = direction === 'in' ? sql`b.outbound_flight` : sql`b.return_flight`;
      // A car going out shows the customer's "bring my car".
      const request = latestCarRequestColumns(sql`b.company_id`, sql`b.id`, direction === 'out' ? sql`true` : sql`false`);
      const result = await db.execute(sql`
        select b.id, b.reference, b.status, b.type, b.customer_name, b.customer_phone,
               b.vehicle_reg, b.vehicle_make, b.vehicle_model, b.vehicle_colour,
               ${isoText(at)} as time, ${flight} as flight,
               b.departure_id, dep.name as departure_name, b.arrival_id, arr.name as arrival_name,
               b.car_park_id, park.name as car_park_name, b.passengers,
               ${request.car_requested_at} as car_requested_at, ${request.car_wanted_at} as car_wanted_at
        from bookings b
        join locations dep on dep.company_id = b.company_id and dep.id = b.departure_id
        join locations arr on arr.company_id = b.company_id and arr.id = b.arrival_id
        left join locations park on park.company_id = b.company_id and park.id = b.car_park_id
        where b.company_id = ${companyId}
          and ${at} >= ${dayStart(day, timeZone)} and ${at} < ${dayEnd(day, timeZone)}
          and b.status <> 'cancelled'
        order by ${at}, b.id`);
      type Row = Omit<BoardBooking, 'car_request'> & { car_requested_at: string | null; car_wanted_at: string | null };
      return rowsOf<Row>(result).map(({ car_requested_at, car_wanted_at, ...row }) => ({
        ...row,
        passengers: Number(row.passengers),
        car_request: carRequestOf({ car_requested_at, car_wanted_at }),
      }));
    },

    /**
     * Bookings (not cancelled) and their revenue per period of their departure day, for the periods starting on
     * `starts` (in order), the last one counted up to `to` included. Read from the summary the database keeps
     * (booking_departure_slots, one row per company and quarter hour: about 35,000 a year) instead of the
     * bookings (1,000,000 rows took 0.3-1.9 s). Each slot falls in the period holding its first instant
     * (width_bucket over the periods' first instants); a day that starts on a quarter hour, as every zone's does
     * today, is a whole number of slots, so that is exactly the bookings' own count.
     */
    async bySegment(starts: string[], to: string, timeZone: string) {
      const first = starts[0] ?? to;
      const periods = starts.length;
      const result = await db.execute(sql`
        with edges as (
          select n, (day::date)::timestamp at time zone ${timeZone} as instant
          from (
            select day::date as day, n from jsonb_array_elements_text(${JSON.stringify(starts)}::jsonb) with ordinality as listed(day, n)
            union all
            select ${to}::date + 1, ${periods + 1}::int
          ) as days
        ),
        bounds as (select array_agg(instant order by n) as instants from edges)
        select width_bucket(s.slot, bounds.instants) as bucket, sum(s.bookings)::int as bookings, sum(s.revenue)::bigint as revenue,
          null::text as inside_slot
        from booking_departure_slots s, bounds
        where s.company_id = ${companyId}
          and s.slot >= booking_departure_slot(${dayStart(first, timeZone)}) and s.slot < ${dayEnd(to, timeZone)}
        group by 1
        union all
        select n::int, 0, 0, ${isoText(sql`instant`)} from edges where instant <> booking_departure_slot(instant)`);
      const rows = rowsOf<{ bucket: number; bookings: number; revenue: string | number | bigint; inside_slot: string | null }>(result);
      const counted = new Map<number, { bookings: number; revenue: number }>();
      const add = (bucket: number, bookings: number, revenue: number) => {
        const sums = counted.get(bucket) ?? { bookings: 0, revenue: 0 };
        counted.set(bucket, { bookings: sums.bookings + bookings, revenue: sums.revenue + revenue });
      };
      for (const row of rows) if (row.inside_slot === null) add(Number(row.bucket), Number(row.bookings), Number(row.revenue));
      // A day that starts inside a slot (local mean time, before the zone's standard offsets): that slot went to the
      // period before; the bookings from the day's first instant to the slot's end are read from the bookings and
      // moved to theirs. A second statement, only then: its index range is known only per instant, and planned
      // together with the summary's it would be costed as if it read all of the company's bookings.
      const inside = rows.filter((row) => row.inside_slot !== null);
      if (inside.length > 0) {
        const edges = sql.join(
          inside.map((row) => sql`(${Number(row.bucket)}::int, ${row.inside_slot}::timestamptz)`),
          sql`, `,
        );
        const moved = await db.execute(sql`
          select edge.n as bucket, count(*)::int as bookings, sum(b.total)::bigint as revenue
          from (values ${edges}) as edge(n, instant)
          join bookings b on b.company_id = ${companyId} and b.status <> 'cancelled'
            and b.departure_at >= edge.instant and b.departure_at < booking_departure_slot(edge.instant) + interval '15 minutes'
          group by edge.n`);
        for (const row of rowsOf<{ bucket: number; bookings: number; revenue: string | number | bigint }>(moved)) {
          add(Number(row.bucket) - 1, -Number(row.bookings), -Number(row.revenue));
          add(Number(row.bucket), Number(row.bookings), Number(row.revenue));
        }
      }
      return [...counted]
        .filter(([bucket]) => bucket >= 1 && bucket <= periods)
        .map(([bucket, sums]) => ({ period_start: starts[bucket - 1] ?? '', ...sums }));
    },

    /** Today's in and out and the cars on site (this month's bookings and revenue are `bySegment`'s). */
    async headline(today: string, timeZone: string) {
      const [row] = rowsOf<Record<'today_in' | 'today_out' | 'on_site_now', number | string>>(
        await db.execute(sql`
          select
            (select count(*)::int from bookings where company_id = ${companyId} and status <> 'cancelled'
              and departure_at >= ${dayStart(today, timeZone)} and departure_at < ${dayEnd(today, timeZone)}) as today_in,
            (select count(*)::int from bookings where company_id = ${companyId} and status <> 'cancelled'
              and arrival_at >= ${dayStart(today, timeZone)} and arrival_at < ${dayEnd(today, timeZone)}) as today_out,
            (select count(*)::int from bookings where company_id = ${companyId}
              and status in (${sql.join(
                ON_SITE.map((status) => sql`${status}`),
                sql`, `,
              )})) as on_site_now`),
      );
      return {
        today_in: Number(row?.today_in ?? 0),
        today_out: Number(row?.today_out ?? 0),
        on_site_now: Number(row?.on_site_now ?? 0),
      };
    },

    /** The company's active car parks (type car_park, capacity > 0), by name; one of them with `carParkId`. */
    async carParks(carParkId?: number) {
      const result = await db.execute(sql`
        select id, name, capacity from locations
        where company_id = ${companyId} and type = 'car_park' and capacity > 0 and status = 1
          ${carParkId === undefined ? sql`` : sql`and id = ${carParkId}`}
        order by name, id`);
      return rowsOf<{ id: number; name: string; capacity: number }>(result).map((row) => ({
        id: Number(row.id),
        name: row.name,
        capacity: Number(row.capacity),
      }));
    },

    /** Per active car park: stays holding `today` (not cancelled or no-show) and cars on site now. */
    async carParkLoads(today: string) {
      // Cars on site are counted once for the company, grouped by car park: a count per car park walked every
      // car on site of the company each time (130 ms with 10 car parks and 1,000,000 bookings).
      const result = await db.execute(sql`
        select l.id,
          (select count(*)::int from bookings b where b.company_id = l.company_id and b.car_park_id = l.id
             and b.status not in ('cancelled', 'no_show') and b.start_day <= ${today}::date and b.end_day >= ${today}::date) as booked_today,
          coalesce(on_site.cars, 0) as on_site_now
        from locations l
        left join (
          select car_park_id, count(*)::int as cars from bookings
          where company_id = ${companyId} and status in (${sql.join(
            ON_SITE.map((status) => sql`${status}`),
            sql`, `,
          )})
          group by car_park_id
        ) as on_site on on_site.car_park_id = l.id
        where l.company_id = ${companyId} and l.type = 'car_park' and l.capacity > 0 and l.status = 1`);
      return new Map(
        rowsOf<{ id: number; booked_today: number; on_site_now: number }>(result).map((row) => [
          Number(row.id),
          { booked_today: Number(row.booked_today), on_site_now: Number(row.on_site_now) },
        ]),
      );
    },

    /** Stays holding each day `from`..`from + days - 1` per active car park (a stay holds start_day..end_day). */
    async occupancy(from: string, days: number, carParkId?: number) {
      const result = await db.execute(sql`
        select l.id, to_char(d, 'YYYY-MM-DD') as day, count(b.id)::int as booked
        from locations l
        cross join generate_series(${from}::date::timestamp, (${from}::date + ${days - 1}::int)::timestamp, interval '1 day') as d
        left join bookings b on b.company_id = l.company_id and b.car_park_id = l.id
          and b.status not in ('cancelled', 'no_show') and b.start_day <= d::date and b.end_day >= d::date
        where l.company_id = ${companyId} and l.type = 'car_park' and l.capacity > 0 and l.status = 1
          ${carParkId === undefined ? sql`` : sql`and l.id = ${carParkId}`}
        group by l.id, d
        order by l.id, d`);
      return rowsOf<{ id: number; day: string; booked: number }>(result).map((row) => ({
        id: Number(row.id),
        day: row.day,
        booked: Number(row.booked),
      }));
    },
  };
}
