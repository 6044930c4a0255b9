import type { AttendanceListQuery } from '@ps/contracts';
import { and, asc, eq, getTableColumns, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { attendance, companies, drivers, payoutLines } from '../../db/schema/index.ts';
import { type CrewActor, ownRows } from '../../kit/crew.ts';
import { listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

export type AttendanceRow = typeof attendance.$inferSelect;
export type AttendanceRecordRow = AttendanceRow & { driver_name: string };

/** "First Last", as the lists show a driver. */
const driverName = sql<string>`${drivers.first_name} || ' ' || ${drivers.last_name}`;
/** The row's driver, of the same company (the pair is the foreign key). */
const sameDriver = and(eq(drivers.company_id, attendance.company_id), eq(drivers.id, attendance.driver_id));

/** A day with its driver's name, for the present days the paid details sum. */
export interface PresentDay {
  id: number;
  driver_id: number;
  driver_name: string;
  day: string;
  worked_minutes: number;
  paid_status: AttendanceRow['paid_status'];
  payout_id: number | null;
  /** What the payout's line paid for this day, when a payout paid it. */
  payout_amount: number | null;
}

/**
 * Attendance reads for a crew actor: the company's rows, and for a driver only their own (`ownRows`), so
 * another driver's day is a 404 like another company's. Writes go through the kit (attendance.service.ts).
 */
export function createAttendanceRepository(db: DbOrTx, actor: CrewActor) {
  const scope = companyScope(db, attendance, actor.companyId);
  const mine = (...conditions: Array<SQL | undefined>) => scope.owned(ownRows(attendance.driver_id, actor), ...conditions);
  const selectRecords = () =>
    db
      .select({ ...getTableColumns(attendance), driver_name: driverName })
      .from(attendance)
      .innerJoin(drivers, sameDriver);

  return {
    /** The condition of this actor's rows, with more (the service locks rows with it). */
    mine,

    list(query: AttendanceListQuery) {
      const parts = listParts(query, {
        filters: [
          mine(
            query.driver_id === undefined ? undefined : eq(attendance.driver_id, query.driver_id),
            query.from === undefined ? undefined : gte(attendance.day, query.from),
            query.to === undefined ? undefined : lte(attendance.day, query.to),
            query.attendance_status === undefined ? undefined : eq(attendance.attendance_status, query.attendance_status),
            query.paid_status === undefined ? undefined : eq(attendance.paid_status, query.paid_status),
          ),
        ],
        searchColumns: [drivers.first_name, drivers.last_name, attendance.notes],
        sortColumns: {
          day: attendance.day,
          driver_name: driverName,
          worked_minutes: attendance.worked_minutes,
          attendance_status: attendance.attendance_status,
          paid_status: attendance.paid_status,
          created_at: attendance.created_at,
        },
        defaultSort: '-day',
        tieBreaker: attendance.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }): Promise<AttendanceRecordRow[]> =>
          selectRecords()
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: async (where) => {
          const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(attendance).innerJoin(drivers, sameDriver).where(where);
          return row?.total ?? 0;
        },
      });
    },

    /** One of this actor's days with its driver's name, or undefined. */
    async get(id: number): Promise<AttendanceRecordRow | undefined> {
      const [row] = await selectRecords()
        .where(mine(eq(attendance.id, id)))
        .limit(1);
      return row;
    },

    /**
     * The driver with this id when this actor may reach them (their company's; a driver only themself), with
     * the name; `live` leaves out a removed driver (nothing new is recorded for one).
     */
    async driver(driverId: number, options: { live?: boolean } = {}): Promise<{ id: number; name: string } | undefined> {
      const [row] = await db
        .select({ id: drivers.id, name: driverName })
        .from(drivers)
        .where(
          and(
            eq(drivers.company_id, actor.companyId),
            eq(drivers.id, driverId),
            actor.driverId == null ? undefined : eq(drivers.id, actor.driverId),
            options.live ? isNull(drivers.deleted_at) : undefined,
          ),
        )
        .limit(1);
      return row;
    },

    /** Present days (of one driver, or every driver this actor reaches) from `from` to `to`, by driver and day. */
    presentDays(filter: { driverId?: number | undefined; from?: string | undefined; to?: string | undefined }): Promise<PresentDay[]> {
      return db
        .select({
          id: attendance.id,
          driver_id: attendance.driver_id,
          driver_name: driverName,
          day: attendance.day,
          worked_minutes: attendance.worked_minutes,
          paid_status: attendance.paid_status,
          payout_id: attendance.payout_id,
          payout_amount: payoutLines.amount,
        })
        .from(attendance)
        .innerJoin(drivers, sameDriver)
        .leftJoin(
          payoutLines,
          and(
            eq(payoutLines.company_id, attendance.company_id),
            eq(payoutLines.payout_id, attendance.payout_id),
            eq(payoutLines.attendance_id, attendance.id),
          ),
        )
        .where(
          mine(
            eq(attendance.attendance_status, 'present'),
            filter.driverId === undefined ? undefined : eq(attendance.driver_id, filter.driverId),
            filter.from === undefined ? undefined : gte(attendance.day, filter.from),
            filter.to === undefined ? undefined : lte(attendance.day, filter.to),
          ),
        )
        .orderBy(asc(driverName), asc(attendance.driver_id), asc(attendance.day));
    },

    /** The company's time zone (its days) and currency (its money). */
    async company(): Promise<{ time_zone: string; currency: string }> {
      const [row] = await db
        .select({ time_zone: companies.time_zone, currency: companies.currency })
        .from(companies)
        .where(eq(companies.id, actor.companyId))
        .limit(1);
      return row ?? { time_zone: 'UTC', currency: 'GBP' };
    },
  };
}
