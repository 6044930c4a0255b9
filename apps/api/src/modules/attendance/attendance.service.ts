import {
  type Attendance,
  type AttendanceCreate,
  type AttendanceListQuery,
  type AttendanceStatus,
  type AttendanceUpdate,
  type ErrorCode,
  type FieldError,
  hoursOf,
  MAX_WORKED_MINUTES,
  type PaidDetails,
  type PaidDetailsQuery,
  type PaidStatus,
  V,
} from '@ps/contracts';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { attendance } from '../../db/schema/index.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import type { CrewActor } from '../../kit/crew.ts';
import { type RecordWriter, writeRecords } from '../../kit/records.ts';
import { dayAt } from '../../lib/dates.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { constraintOf, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import { ratesInForce } from '../driver-rates/driver-rates.repository.ts';
import { type AttendanceRecordRow, type AttendanceRow, createAttendanceRepository } from './attendance.repository.ts';

const DAY_UNIQUE = 'attendance_driver_day_unique';
/** A clock a little ahead of the server's (a phone's) may still clock in "now". */
const CLOCK_SKEW_MS = 5 * 60_000;

const translate = constraintTranslator({
  table: 'attendance',
  references: ['driver_id'],
  checks: { attendance_end_after_start: 'end_at', attendance_minutes_not_negative: 'end_at' },
  inUse: 'conflict',
});

/** The audit entity and what the table's constraints mean; a second row on one day names the driver and the day. */
const attendanceWrites = (taken?: { name: string; day: string }) => ({
  entity: 'attendance',
  translate: (error: unknown) =>
    pgErrorCode(error) === PG_UNIQUE_VIOLATION && constraintOf(error) === DAY_UNIQUE && taken
      ? new AppError(409, 'attendance_day_taken', {
          vars: taken,
          details: [{ field: 'day', code: 'errors.attendance_day_taken', message: '' }],
        })
      : translate(error),
});

function toAttendance(row: AttendanceRecordRow): Attendance {
  return {
    id: row.id,
    driver_id: row.driver_id,
    driver_name: row.driver_name,
    day: row.day,
    start_at: row.start_at?.toISOString() ?? null,
    end_at: row.end_at?.toISOString() ?? null,
    worked_minutes: row.worked_minutes,
    hours: hoursOf(row.worked_minutes),
    attendance_status: row.attendance_status,
    paid_status: row.paid_status,
    payout_id: row.payout_id,
    notes: row.notes,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const detail = (field: string, code: ErrorCode): FieldError => ({ field, code: `errors.${code}`, message: '' });

/** 400 with a detail per field; the first one's code is the answer's. */
function refuseTimes(details: FieldError[], vars: Record<string, string>): never {
  const first = details[0];
  throw new AppError(400, (first?.code.replace(/^errors\./, '') ?? 'validation_failed') as ErrorCode, { vars, details });
}

interface Times {
  day: string;
  start_at: Date | null;
  end_at: Date | null;
  attendance_status: AttendanceStatus;
}

/**
 * The minutes a day's times make, or 400 naming each field that breaks a rule: absent and leave days have no
 * times; an end needs a start and comes after it, at most 24 hours later; the start falls on the row's day in
 * the company's time zone; nothing is in the future (a present day without times is not either). A start
 * without an end is a driver clocked in: 0 minutes until the end is recorded.
 */
export function workedMinutes(times: Times, zone: string, now: Date): number {
  const details: FieldError[] = [];
  const { start_at: start, end_at: end } = times;
  const latest = now.getTime() + CLOCK_SKEW_MS;
  if (times.attendance_status !== 'present') {
    if (start) details.push(detail('start_at', 'attendance_no_times'));
    if (end) details.push(detail('end_at', 'attendance_no_times'));
  } else {
    if (!start && times.day > dayAt(now, zone)) details.push(detail('day', 'attendance_in_future'));
    if (start && dayAt(start, zone) !== times.day) details.push(detail('start_at', 'attendance_start_off_day'));
    else if (start && start.getTime() > latest) details.push(detail('start_at', 'attendance_in_future'));
    if (end && !start) details.push(detail('start_at', 'attendance_end_needs_start'));
    else if (end && start && end <= start) details.push(detail('end_at', 'attendance_times_order'));
    else if (end && start && end.getTime() - start.getTime() > MAX_WORKED_MINUTES * 60_000)
      details.push(detail('end_at', 'attendance_too_long'));
    else if (end && end.getTime() > latest) details.push(detail('end_at', 'attendance_in_future'));
  }
  if (details.length > 0) refuseTimes(details, { day: times.day, zone });
  // Whole minutes worked: seconds are not paid.
  return start && end ? Math.floor((end.getTime() - start.getTime()) / 60_000) : 0;
}

/** A day a payout paid is closed for good; one marked paid by hand must be set back to unpaid first. */
function assertChangeable(row: AttendanceRow): void {
  if (row.payout_id !== null) throw new AppError(409, 'attendance_paid_by_payout', { vars: { payout: row.payout_id } });
  if (row.paid_status === 'paid') throw new AppError(409, 'attendance_paid');
}

/** 403 on a field only an admin (`attendance.manage`) may set. */
const adminOnly = (field: string) => new AppError(403, 'attendance_admin_only', { details: [detail(field, 'attendance_admin_only')] });

const toDate = (value: string | null | undefined): Date | null | undefined =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** What the caller may do beside recording: `manage` is the `attendance.manage` permission (admins). */
export interface AttendanceCaller {
  actor: CrewActor;
  manage: boolean;
}

/**
 * Attendance (issue 8): one row per driver per day. Admins record any driver's days and change their statuses;
 * a driver records their own days' times and notes while unpaid. Every write is audited (`attendance`) in the
 * transaction that makes it, after the row is locked, so a payout approving the same row waits or wins.
 */
export function createAttendanceService(db: Db, clock: () => Date = () => new Date()) {
  async function read(tx: DbOrTx, actor: CrewActor, id: number): Promise<Attendance> {
    const row = await createAttendanceRepository(tx, actor).get(id);
    if (!row) throw notFound();
    return toAttendance(row);
  }

  /** The actor's row, locked for the change: another company's, or another driver's for a driver, is a 404. */
  async function lockOwn(records: RecordWriter<typeof attendance.$inferInsert>, actor: CrewActor, id: number): Promise<AttendanceRow> {
    const mine = createAttendanceRepository(records.tx, actor).mine;
    const [row] = await records.tx
      .select()
      .from(attendance)
      .where(mine(eq(attendance.id, id)))
      .for('update')
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(actor: CrewActor, query: AttendanceListQuery): Promise<{ items: Attendance[]; total: number }> {
      const repository = createAttendanceRepository(db, actor);
      if (query.driver_id !== undefined && !(await repository.driver(query.driver_id))) throw notFound();
      const { rows, total } = await repository.list(query);
      return { items: rows.map(toAttendance), total };
    },

    get: (actor: CrewActor, id: number): Promise<Attendance> => read(db, actor, id),

    async add({ actor, manage }: AttendanceCaller, body: AttendanceCreate): Promise<Attendance> {
      if (!manage && body.attendance_status !== undefined) throw adminOnly('attendance_status');
      const driverId = body.driver_id ?? actor.driverId;
      if (driverId == null) {
        throw new AppError(400, 'validation_failed', { details: [{ field: 'driver_id', code: V.required, message: '' }] });
      }
      const repository = createAttendanceRepository(db, actor);
      const [driver, company] = await Promise.all([repository.driver(driverId, { live: true }), repository.company()]);
      if (!driver) throw notFound();
      const times: Times = {
        day: body.day,
        start_at: toDate(body.start_at) ?? null,
        end_at: toDate(body.end_at) ?? null,
        attendance_status: body.attendance_status ?? 'present',
      };
      const minutes = workedMinutes(times, company.time_zone, clock());
      return writeRecords(db, attendance, actor, attendanceWrites({ name: driver.name, day: body.day }), async (records) => {
        const row = await records.create({ driver_id: driverId, ...times, worked_minutes: minutes, notes: body.notes ?? null });
        return read(records.tx, actor, row.id);
      });
    },

    /** Times and notes (and, for admins, the day) of a day not paid; the minutes follow the times. */
    async update({ actor, manage }: AttendanceCaller, id: number, body: AttendanceUpdate): Promise<Attendance> {
      if (!manage && body.day !== undefined) throw adminOnly('day');
      const repository = createAttendanceRepository(db, actor);
      const company = await repository.company();
      const current = await repository.get(id);
      if (!current) throw notFound();
      return writeRecords(
        db,
        attendance,
        actor,
        attendanceWrites({ name: current.driver_name, day: body.day ?? current.day }),
        async (records) => {
          const before = await lockOwn(records, actor, id);
          assertChangeable(before);
          const times: Times = {
            day: body.day ?? before.day,
            start_at: toDate(body.start_at) === undefined ? before.start_at : (toDate(body.start_at) ?? null),
            end_at: toDate(body.end_at) === undefined ? before.end_at : (toDate(body.end_at) ?? null),
            attendance_status: before.attendance_status,
          };
          const minutes = workedMinutes(times, company.time_zone, clock());
          await records.update(id, {
            ...times,
            worked_minutes: minutes,
            ...(body.notes === undefined ? {} : { notes: body.notes }),
          });
          return read(records.tx, actor, id);
        },
      );
    },

    /** Present, absent or leave (admins); absent and leave clear the times, so the day counts no minutes. */
    setAttendanceStatus: (actor: CrewActor, id: number, status: AttendanceStatus): Promise<Attendance> =>
      writeRecords(db, attendance, actor, attendanceWrites(), async (records) => {
        const before = await lockOwn(records, actor, id);
        if (before.attendance_status !== status) {
          assertChangeable(before);
          await records.update(
            id,
            status === 'present'
              ? { attendance_status: status }
              : { attendance_status: status, start_at: null, end_at: null, worked_minutes: 0 },
          );
        }
        return read(records.tx, actor, id);
      }),

    /**
     * Paid outside the system, or back to unpaid (admins). A payout's day stays paid (409 naming it); a day
     * clocked in and not yet ended cannot be paid (its minutes are not known).
     */
    setPaidStatus: (actor: CrewActor, id: number, status: PaidStatus): Promise<Attendance> =>
      writeRecords(db, attendance, actor, attendanceWrites(), async (records) => {
        const before = await lockOwn(records, actor, id);
        if (before.paid_status !== status) {
          if (before.payout_id !== null) throw new AppError(409, 'attendance_paid_by_payout', { vars: { payout: before.payout_id } });
          if (status === 'paid' && before.attendance_status === 'present' && before.start_at && !before.end_at) {
            throw new AppError(409, 'attendance_open');
          }
          await records.update(id, { paid_status: status });
        }
        return read(records.tx, actor, id);
      }),

    remove: (actor: CrewActor, id: number): Promise<void> =>
      writeRecords(db, attendance, actor, attendanceWrites(), async (records) => {
        assertChangeable(await lockOwn(records, actor, id));
        await records.remove(id);
      }),

    /**
     * Paid and unpaid present days per driver (one driver with `driver_id`; a driver sees their own): minutes,
     * hours and amounts. A day's amount is its minutes x the hourly rate in force that day, rounded to the minor
     * unit per day, or what its payout paid for it; a worked day no rate covers counts 0 and is counted apart.
     */
    async paidDetails(actor: CrewActor, query: PaidDetailsQuery): Promise<PaidDetails[]> {
      const repository = createAttendanceRepository(db, actor);
      const driverId = query.driver_id ?? actor.driverId ?? undefined;
      const driver = driverId === undefined ? undefined : await repository.driver(driverId);
      if (driverId !== undefined && !driver) throw notFound();
      const [days, company] = await Promise.all([
        repository.presentDays({ driverId, from: query.from, to: query.to }),
        repository.company(),
      ]);

      // The rate rule is the rates module's (ratesInForce): one query per distinct day, for that day's drivers.
      const driversByDay = new Map<string, Set<number>>();
      for (const day of days) driversByDay.set(day.day, (driversByDay.get(day.day) ?? new Set()).add(day.driver_id));
      const rateOn = new Map<string, number | null>();
      for (const [day, ids] of driversByDay) {
        const rates = await ratesInForce(db, actor.companyId, [...ids], day);
        for (const [id, rate] of rates) rateOn.set(`${id}|${day}`, rate?.price_per_hour ?? null);
      }

      const totals = new Map<number, PaidDetails>();
      const totalOf = (id: number, name: string) => {
        let total = totals.get(id);
        if (!total) {
          total = {
            driver_id: id,
            driver_name: name,
            paid_days: 0,
            paid_minutes: 0,
            paid_hours: 0,
            paid_amount: 0,
            unpaid_days: 0,
            unpaid_minutes: 0,
            unpaid_hours: 0,
            unpaid_amount: 0,
            days_without_rate: 0,
            currency: company.currency,
          };
          totals.set(id, total);
        }
        return total;
      };
      if (driver) totalOf(driver.id, driver.name);
      for (const day of days) {
        const total = totalOf(day.driver_id, day.driver_name);
        const rate = rateOn.get(`${day.driver_id}|${day.day}`) ?? null;
        const paidByPayout = day.payout_id !== null && day.payout_amount !== null;
        if (!paidByPayout && rate === null && day.worked_minutes > 0) total.days_without_rate++;
        const amount = paidByPayout ? (day.payout_amount ?? 0) : Math.round((day.worked_minutes * (rate ?? 0)) / 60);
        if (day.paid_status === 'paid') {
          total.paid_days++;
          total.paid_minutes += day.worked_minutes;
          total.paid_amount += amount;
        } else {
          total.unpaid_days++;
          total.unpaid_minutes += day.worked_minutes;
          total.unpaid_amount += amount;
        }
      }
      return [...totals.values()].map((total) => ({
        ...total,
        paid_hours: hoursOf(total.paid_minutes),
        unpaid_hours: hoursOf(total.unpaid_minutes),
      }));
    },
  };
}
