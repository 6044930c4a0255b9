import type { PayoutLine, PayoutListQuery, PayoutStatistics, PayoutStatus } from '@ps/contracts';
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, readTogether } from '../../db/client.ts';
import { attendance, companies, driverRates, drivers, payoutLines, payouts, trips, users } from '../../db/schema/index.ts';
import { countRows, listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';
import { type RateFrom, tripDay, type UnpaidDay, type UnpaidTrip } from './payouts.compute.ts';

const approver = alias(users, 'approver');

const payoutColumns = {
  id: payouts.id,
  driver_id: payouts.driver_id,
  driver_name: sql<string>`${drivers.first_name} || ' ' || ${drivers.last_name}`,
  period_start: payouts.period_start,
  period_end: payouts.period_end,
  status: payouts.status,
  worked_minutes: payouts.worked_minutes,
  hours_amount: payouts.hours_amount,
  trip_count: payouts.trip_count,
  trips_amount: payouts.trips_amount,
  total: payouts.total,
  notes: payouts.notes,
  approved_at: payouts.approved_at,
  approved_by_name: approver.name,
  created_at: payouts.created_at,
  updated_at: payouts.updated_at,
};

export interface PayoutRow {
  id: number;
  driver_id: number;
  driver_name: string;
  period_start: string;
  period_end: string;
  status: 'draft' | 'approved';
  worked_minutes: number;
  hours_amount: number;
  trip_count: number;
  trips_amount: number;
  total: number;
  notes: string | null;
  approved_at: Date | null;
  approved_by_name: string | null;
  created_at: Date;
  updated_at: Date;
}

/** What the month's payroll is made of, for every driver at once (payouts.payroll.ts puts it together). */
export interface PayrollReads {
  drivers: Array<{ id: number; name: string; takes_work: boolean; removed: boolean }>;
  payouts: Array<{
    id: number;
    driver_id: number;
    status: PayoutStatus;
    period_start: string;
    period_end: string;
    worked_minutes: number;
    trip_count: number;
    total: number;
  }>;
  days: Array<UnpaidDay & { driver_id: number }>;
  trips: Array<UnpaidTrip & { driver_id: number }>;
  rates: Array<RateFrom & { driver_id: number }>;
}

/** Payouts' reads: one company's payouts with their driver's and approver's names, lines, overlaps, statistics. */
export function createPayoutsRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, payouts, companyId);
  const select = () =>
    db
      .select(payoutColumns)
      .from(payouts)
      .innerJoin(drivers, and(eq(drivers.company_id, payouts.company_id), eq(drivers.id, payouts.driver_id)))
      .leftJoin(approver, eq(approver.id, payouts.approved_by));

  return {
    list(query: PayoutListQuery) {
      const parts = listParts(query, {
        filters: [
          scope.owned(
            query.driver_id === undefined ? undefined : eq(payouts.driver_id, query.driver_id),
            query.status === undefined ? undefined : eq(payouts.status, query.status),
            query.to === undefined ? undefined : lte(payouts.period_start, query.to),
            query.from === undefined ? undefined : sql`${payouts.period_end} >= ${query.from}`,
          ),
        ],
        searchColumns: [drivers.first_name, drivers.last_name],
        sortColumns: {
          period_start: payouts.period_start,
          period_end: payouts.period_end,
          total: payouts.total,
          status: payouts.status,
          created_at: payouts.created_at,
        },
        defaultSort: '-period_start',
        tieBreaker: payouts.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          select()
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset) as Promise<PayoutRow[]>,
        count: (where) =>
          query.search
            ? db
                .select({ total: sql<number>`count(*)::int` })
                .from(payouts)
                .innerJoin(drivers, and(eq(drivers.company_id, payouts.company_id), eq(drivers.id, payouts.driver_id)))
                .where(where)
                .then(([row]) => row?.total ?? 0)
            : countRows(db, payouts, where),
      });
    },

    async findById(id: number): Promise<PayoutRow | undefined> {
      const [row] = await select()
        .where(scope.owned(eq(payouts.id, id)))
        .limit(1);
      return row as PayoutRow | undefined;
    },

    /** What an approved payout paid, in day order. */
    async linesOf(payoutId: number): Promise<PayoutLine[]> {
      const rows = await db
        .select()
        .from(payoutLines)
        .where(and(eq(payoutLines.company_id, companyId), eq(payoutLines.payout_id, payoutId)))
        .orderBy(asc(payoutLines.day), asc(payoutLines.id));
      return rows.map((row) => ({
        kind: row.attendance_id === null ? 'trip' : 'attendance',
        attendance_id: row.attendance_id,
        trip_id: row.trip_id,
        day: row.day,
        worked_minutes: row.worked_minutes,
        rate: row.rate,
        amount: row.amount,
      }));
    },

    /** The driver's approved payout whose period shares a day with this one (another than `exceptId`), if any. */
    async approvedOverlap(driverId: number, start: string, end: string, exceptId?: number) {
      const [row] = await db
        .select({ id: payouts.id, period_start: payouts.period_start, period_end: payouts.period_end })
        .from(payouts)
        .where(
          scope.owned(
            eq(payouts.driver_id, driverId),
            eq(payouts.status, 'approved'),
            lte(payouts.period_start, end),
            sql`${payouts.period_end} >= ${start}`,
            exceptId === undefined ? undefined : ne(payouts.id, exceptId),
          ),
        )
        .limit(1);
      return row;
    },

    /** The company's time zone: its calendar decides a trip's day and which month is the last complete one. */
    async timeZone(): Promise<string> {
      const [company] = await db.select({ time_zone: companies.time_zone }).from(companies).where(eq(companies.id, companyId)).limit(1);
      return company?.time_zone ?? 'UTC';
    },

    /** These payouts (of the company only), by id. */
    async findByIds(ids: readonly number[]): Promise<PayoutRow[]> {
      if (ids.length === 0) return [];
      return (await select().where(scope.owned(inArray(payouts.id, [...ids])))) as PayoutRow[];
    },

    /**
     * The payroll of the month `first`..`last`, in five reads whatever the number of drivers: the drivers (those
     * not removed, and removed ones with a payout of the month), the payouts whose period touches `from`..`last`
     * (the month's own, which start at most a quarter earlier, and approved ones that overlap them), and from
     * `from` to `last` what is still unpaid (present days with minutes, completed trips on their day in
     * `timeZone`) and the rates in force.
     */
    async payrollReads(range: { from: string; first: string; last: string }, timeZone: string): Promise<PayrollReads> {
      const { from, first, last } = range;
      const day = tripDay(timeZone);
      const [people, touching, days, unpaidTrips, rates] = await readTogether(db, [
        () =>
          db
            .select({
              id: drivers.id,
              name: sql<string>`${drivers.first_name} || ' ' || ${drivers.last_name}`,
              takes_work: sql<boolean>`${drivers.status} = 1 and ${drivers.approve_status} = 'approved'`,
              removed: sql<boolean>`${drivers.deleted_at} is not null`,
            })
            .from(drivers)
            .where(
              and(
                eq(drivers.company_id, companyId),
                or(
                  isNull(drivers.deleted_at),
                  sql`exists (select 1 from ${payouts} where ${payouts.company_id} = ${drivers.company_id}
                    and ${payouts.driver_id} = ${drivers.id} and ${payouts.period_end} between ${first} and ${last})`,
                ),
              ),
            )
            .orderBy(asc(drivers.first_name), asc(drivers.last_name), asc(drivers.id)),
        () =>
          db
            .select({
              id: payouts.id,
              driver_id: payouts.driver_id,
              status: payouts.status,
              period_start: payouts.period_start,
              period_end: payouts.period_end,
              worked_minutes: payouts.worked_minutes,
              trip_count: payouts.trip_count,
              total: payouts.total,
            })
            .from(payouts)
            .where(scope.owned(lte(payouts.period_start, last), gte(payouts.period_end, from)))
            .orderBy(asc(payouts.period_start), asc(payouts.id)),
        () =>
          db
            .select({ driver_id: attendance.driver_id, id: attendance.id, day: attendance.day, worked_minutes: attendance.worked_minutes })
            .from(attendance)
            .where(
              and(
                eq(attendance.company_id, companyId),
                sql`${attendance.day} between ${from} and ${last}`,
                eq(attendance.attendance_status, 'present'),
                eq(attendance.paid_status, 'unpaid'),
                isNull(attendance.payout_id),
                gt(attendance.worked_minutes, 0),
              ),
            )
            .orderBy(asc(attendance.day), asc(attendance.id)),
        () =>
          db
            .select({ driver_id: sql<number>`${trips.driver_id}`, id: trips.id, day, driver_fee: trips.driver_fee })
            .from(trips)
            .where(
              and(
                eq(trips.company_id, companyId),
                isNotNull(trips.driver_id),
                eq(trips.status, 'completed'),
                isNull(trips.payout_id),
                // The index's range first (a day either side covers every zone), then the exact local day.
                sql`${trips.scheduled_at} >= (${from}::date - 1) and ${trips.scheduled_at} < (${last}::date + 2)`,
                sql`${day} between ${from} and ${last}`,
              ),
            )
            .orderBy(asc(trips.scheduled_at), asc(trips.id)),
        () =>
          db
            .select({
              driver_id: driverRates.driver_id,
              effective_from: driverRates.effective_from,
              price_per_hour: driverRates.price_per_hour,
            })
            .from(driverRates)
            .where(and(eq(driverRates.company_id, companyId), lte(driverRates.effective_from, last)))
            .orderBy(asc(driverRates.driver_id), asc(driverRates.effective_from)),
      ]);
      return { drivers: people, payouts: touching as PayrollReads['payouts'], days, trips: unpaidTrips, rates };
    },

    /**
     * Per live driver (or the one asked for): approved and draft payouts (count and total), the last day paid,
     * and what is owed and on no payout yet (present minutes, completed trips). Four grouped reads, merged.
     */
    async statistics(driverId: number | undefined): Promise<PayoutStatistics[]> {
      const driverFilter = <C extends typeof payouts.driver_id | typeof attendance.driver_id | typeof trips.driver_id>(column: C) =>
        driverId === undefined ? undefined : eq(column, driverId);
      const [people, payoutSums, unpaidDays, unpaidTrips] = await readTogether(db, [
        () =>
          db
            .select({ id: drivers.id, name: sql<string>`${drivers.first_name} || ' ' || ${drivers.last_name}` })
            .from(drivers)
            .where(and(eq(drivers.company_id, companyId), driverId === undefined ? isNull(drivers.deleted_at) : eq(drivers.id, driverId)))
            .orderBy(asc(drivers.first_name), asc(drivers.last_name), asc(drivers.id)),
        () =>
          db
            .select({
              driver_id: payouts.driver_id,
              status: payouts.status,
              count: sql<number>`count(*)::int`,
              total: sql<number>`coalesce(sum(${payouts.total}), 0)::int`,
              until: sql<string | null>`to_char(max(${payouts.period_end}), 'YYYY-MM-DD')`,
            })
            .from(payouts)
            .where(scope.owned(driverFilter(payouts.driver_id)))
            .groupBy(payouts.driver_id, payouts.status),
        () =>
          db
            .select({ driver_id: attendance.driver_id, minutes: sql<number>`coalesce(sum(${attendance.worked_minutes}), 0)::int` })
            .from(attendance)
            .where(
              and(
                eq(attendance.company_id, companyId),
                driverFilter(attendance.driver_id),
                eq(attendance.attendance_status, 'present'),
                eq(attendance.paid_status, 'unpaid'),
                isNull(attendance.payout_id),
              ),
            )
            .groupBy(attendance.driver_id),
        () =>
          db
            .select({ driver_id: trips.driver_id, count: sql<number>`count(*)::int` })
            .from(trips)
            .where(
              and(eq(trips.company_id, companyId), driverFilter(trips.driver_id), eq(trips.status, 'completed'), isNull(trips.payout_id)),
            )
            .groupBy(trips.driver_id),
      ]);
      return people.map((person) => {
        const approved = payoutSums.find((row) => row.driver_id === person.id && row.status === 'approved');
        const draft = payoutSums.find((row) => row.driver_id === person.id && row.status === 'draft');
        return {
          driver_id: person.id,
          driver_name: person.name,
          approved_count: approved?.count ?? 0,
          approved_total: approved?.total ?? 0,
          draft_count: draft?.count ?? 0,
          draft_total: draft?.total ?? 0,
          paid_until: approved?.until ?? null,
          unpaid_minutes: unpaidDays.find((row) => row.driver_id === person.id)?.minutes ?? 0,
          unpaid_trip_count: unpaidTrips.find((row) => row.driver_id === person.id)?.count ?? 0,
        };
      });
    },
  };
}
