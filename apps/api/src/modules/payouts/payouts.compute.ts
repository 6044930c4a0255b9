import type { PayoutLine } from '@ps/contracts';
import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '../../db/client.ts';
import { attendance, companies, driverRates, trips } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

export interface PayoutFigures {
  lines: PayoutLine[];
  /** Days worked with no hourly rate in force yet (their lines are at 0): adding or approving is refused. */
  missing_rate_days: string[];
  worked_minutes: number;
  hours_amount: number;
  trip_count: number;
  trips_amount: number;
  total: number;
}

export interface PayoutPeriod {
  companyId: number;
  driverId: number;
  start: string;
  end: string;
}

/** Pay for `minutes` at `ratePerHour` (minor units), rounded per day to the nearest minor unit. */
export const amountFor = (minutes: number, ratePerHour: number): number => Math.round((minutes * ratePerHour) / 60);

/** The rate in force on `day` from a driver's rates sorted by `effective_from` (the latest on or before it). */
function rateOn(rates: readonly RateFrom[], day: string): number | null {
  let found: number | null = null;
  for (const rate of rates) {
    if (rate.effective_from > day) break;
    found = rate.price_per_hour;
  }
  return found;
}

/** A trip belongs to the calendar day of its `scheduled_at` in the company's time zone. */
export const tripDay = (timeZone: string) => sql<string>`to_char((${trips.scheduled_at} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;

/**
 * What a driver is owed for a period, now: each unpaid present day with worked minutes (not on a payout, not
 * marked paid by hand) at the rate in force that day, and each completed trip not yet paid, at its fee.
 * With `lock`, the rows are locked for the rest of the transaction (approval marks exactly these). A day
 * with no rate in force yet is named in `missing_rate_days` (see `requireRates`).
 */
export async function computePayout(db: DbOrTx, period: PayoutPeriod, options: { lock?: boolean } = {}): Promise<PayoutFigures> {
  const { companyId, driverId, start, end } = period;
  const [company] = await db.select({ time_zone: companies.time_zone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  const timeZone = company?.time_zone ?? 'UTC';

  const daysQuery = db
    .select({ id: attendance.id, day: attendance.day, worked_minutes: attendance.worked_minutes })
    .from(attendance)
    .where(
      and(
        eq(attendance.company_id, companyId),
        eq(attendance.driver_id, driverId),
        sql`${attendance.day} between ${start} and ${end}`,
        eq(attendance.attendance_status, 'present'),
        eq(attendance.paid_status, 'unpaid'),
        isNull(attendance.payout_id),
        gt(attendance.worked_minutes, 0),
      ),
    )
    .orderBy(asc(attendance.day));
  const day = tripDay(timeZone);
  const tripsQuery = db
    .select({ id: trips.id, day, driver_fee: trips.driver_fee })
    .from(trips)
    .where(
      and(
        eq(trips.company_id, companyId),
        eq(trips.driver_id, driverId),
        eq(trips.status, 'completed'),
        isNull(trips.payout_id),
        // The index's range first (a day either side covers every zone), then the exact local day.
        sql`${trips.scheduled_at} >= (${start}::date - 1) and ${trips.scheduled_at} < (${end}::date + 2)`,
        sql`${day} between ${start} and ${end}`,
      ),
    )
    .orderBy(asc(trips.scheduled_at), asc(trips.id));
  const [days, paidTrips, rates] = await readTogether(db, [
    () => (options.lock ? daysQuery.for('update') : daysQuery),
    () => (options.lock ? tripsQuery.for('update') : tripsQuery),
    () =>
      db
        .select({ effective_from: driverRates.effective_from, price_per_hour: driverRates.price_per_hour })
        .from(driverRates)
        .where(and(eq(driverRates.company_id, companyId), eq(driverRates.driver_id, driverId), lte(driverRates.effective_from, end)))
        .orderBy(asc(driverRates.effective_from)),
  ]);

  return figuresFrom(days, paidTrips, rates);
}

/** A day worked that a payout would pay: present, unpaid, on no payout, with minutes. */
export interface UnpaidDay {
  id: number;
  day: string;
  worked_minutes: number;
}
/** A completed trip on no payout yet, on its day in the company's time zone. */
export interface UnpaidTrip {
  id: number;
  day: string;
  driver_fee: number;
}
/** One of a driver's hourly rates; a driver's list is sorted by `effective_from`. */
export interface RateFrom {
  effective_from: string;
  price_per_hour: number;
}

/**
 * The figures of a payout from the rows it would pay: each day at the rate in force that day (a day with none
 * is named in `missing_rate_days` and pays 0), each trip at its fee. One rule for a single payout and for the
 * month's view of every driver (payouts.payroll.ts), which reads the rows of all drivers at once.
 */
export function figuresFrom(days: readonly UnpaidDay[], unpaidTrips: readonly UnpaidTrip[], rates: readonly RateFrom[]): PayoutFigures {
  const lines: PayoutLine[] = [];
  const missingRateDays: string[] = [];
  let workedMinutes = 0;
  let hoursAmount = 0;
  for (const row of days) {
    const inForce = rateOn(rates, row.day);
    if (inForce === null) missingRateDays.push(row.day);
    const rate = inForce ?? 0;
    const amount = amountFor(row.worked_minutes, rate);
    lines.push({
      kind: 'attendance',
      attendance_id: row.id,
      trip_id: null,
      day: row.day,
      worked_minutes: row.worked_minutes,
      rate,
      amount,
    });
    workedMinutes += row.worked_minutes;
    hoursAmount += amount;
  }
  let tripsAmount = 0;
  for (const trip of unpaidTrips) {
    lines.push({ kind: 'trip', attendance_id: null, trip_id: trip.id, day: trip.day, worked_minutes: 0, rate: 0, amount: trip.driver_fee });
    tripsAmount += trip.driver_fee;
  }
  return {
    lines,
    missing_rate_days: missingRateDays,
    worked_minutes: workedMinutes,
    hours_amount: hoursAmount,
    trip_count: unpaidTrips.length,
    trips_amount: tripsAmount,
    total: hoursAmount + tripsAmount,
  };
}

/** Refuses figures with a day worked and no rate in force (409 naming the first day): paying it at 0 would underpay. */
export function requireRates(figures: PayoutFigures): PayoutFigures {
  const [day] = figures.missing_rate_days;
  if (day) throw new AppError(409, 'payout_rate_missing', { vars: { date: day } });
  return figures;
}
