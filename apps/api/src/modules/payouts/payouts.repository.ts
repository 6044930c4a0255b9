import type { PayoutLine, PayoutListQuery, PayoutStatistics } from '@ps/contracts';
import { and, asc, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, readTogether } from '../../db/client.ts';
import { attendance, drivers, payoutLines, payouts, trips, users } from '../../db/schema/index.ts';
import { countRows, listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

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
