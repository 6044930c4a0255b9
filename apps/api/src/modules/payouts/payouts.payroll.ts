import { hoursOf, type PayoutRefusal, type Payroll, type PayrollPayout, type PayrollRow, type PayrollStatus } from '@ps/contracts';
import { figuresFrom, type PayoutFigures } from './payouts.compute.ts';
import type { PayrollReads } from './payouts.repository.ts';

/**
 * The month's payroll (issue 21, section 9) from the reads of every driver at once: no query per driver. A draft's
 * figures are computed with the same rule as its own page (`figuresFrom`), so the two always agree.
 */

interface Month {
  month: string;
  first: string;
  last: string;
}

type ReadPayout = PayrollReads['payouts'][number];

const within = (day: string, start: string, end: string) => day >= start && day <= end;

/** Rows of a list grouped by driver, in the list's order. */
function byDriver<T extends { driver_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.driver_id);
    if (list) list.push(row);
    else grouped.set(row.driver_id, [row]);
  }
  return grouped;
}

/** Why approving this draft now would be refused, in the order the approval checks (payouts.service.ts). */
function refusalOf(draft: ReadPayout, figures: PayoutFigures, theirs: readonly ReadPayout[]): PayoutRefusal | null {
  const overlaps = theirs.some(
    (other) =>
      other.id !== draft.id &&
      other.status === 'approved' &&
      other.period_start <= draft.period_end &&
      other.period_end >= draft.period_start,
  );
  if (overlaps) return 'payout_overlaps';
  if (figures.missing_rate_days.length > 0) return 'payout_rate_missing';
  if (figures.lines.length === 0) return 'payout_nothing_to_pay';
  return null;
}

export function payrollOf({ month, first, last }: Month, reads: PayrollReads): Payroll {
  const payoutsOf = byDriver(reads.payouts);
  const daysOf = byDriver(reads.days);
  const tripsOf = byDriver(reads.trips);
  const ratesOf = byDriver(reads.rates);
  const rows: PayrollRow[] = [];
  const totals = { worked_minutes: 0, trip_count: 0, amount: 0, approved_amount: 0, draft_amount: 0, unpaid_amount: 0 };

  for (const driver of reads.drivers) {
    const theirs = payoutsOf.get(driver.id) ?? [];
    const days = daysOf.get(driver.id) ?? [];
    const trips = tripsOf.get(driver.id) ?? [];
    const rates = ratesOf.get(driver.id) ?? [];
    const drafts = theirs.filter((payout) => payout.status === 'draft');

    const payouts: PayrollPayout[] = theirs
      .filter((payout) => within(payout.period_end, first, last))
      .map((payout) => {
        if (payout.status === 'approved') {
          // What it paid, as stored when it was approved.
          return {
            id: payout.id,
            status: payout.status,
            period_start: payout.period_start,
            period_end: payout.period_end,
            worked_minutes: payout.worked_minutes,
            hours: hoursOf(payout.worked_minutes),
            trip_count: payout.trip_count,
            amount: payout.total,
            approvable: false,
            refusal: null,
            missing_rate_days: [],
          };
        }
        // A draft: what approving it would pay now.
        const figures = figuresFrom(
          days.filter((row) => within(row.day, payout.period_start, payout.period_end)),
          trips.filter((row) => within(row.day, payout.period_start, payout.period_end)),
          rates,
        );
        const refusal = refusalOf(payout, figures, theirs);
        return {
          id: payout.id,
          status: payout.status,
          period_start: payout.period_start,
          period_end: payout.period_end,
          worked_minutes: figures.worked_minutes,
          hours: hoursOf(figures.worked_minutes),
          trip_count: figures.trip_count,
          amount: figures.total,
          approvable: refusal === null,
          refusal,
          missing_rate_days: figures.missing_rate_days,
        };
      });

    // Owed in the month and under no draft (any draft of theirs, whichever month it ends in, will pay its days).
    const uncovered = (day: string) =>
      within(day, first, last) && !drafts.some((draft) => within(day, draft.period_start, draft.period_end));
    const owed = figuresFrom(
      days.filter((row) => uncovered(row.day)),
      trips.filter((row) => uncovered(row.day)),
      rates,
    );
    const unpaid = {
      worked_minutes: owed.worked_minutes,
      hours: hoursOf(owed.worked_minutes),
      trip_count: owed.trip_count,
      amount: owed.total,
      missing_rate_days: owed.missing_rate_days,
    };

    // Drivers who take work are always listed; others (inactive, pending, removed) when the month has pay of theirs.
    if (!driver.takes_work && payouts.length === 0 && (driver.removed || owed.lines.length === 0)) continue;

    const status: PayrollStatus =
      payouts.length === 0 ? 'none' : payouts.some((payout) => payout.status === 'draft') ? 'draft' : 'approved';
    const worked = payouts.reduce((sum, payout) => sum + payout.worked_minutes, unpaid.worked_minutes);
    const tripCount = payouts.reduce((sum, payout) => sum + payout.trip_count, unpaid.trip_count);
    const amount = payouts.reduce((sum, payout) => sum + payout.amount, unpaid.amount);
    rows.push({
      driver_id: driver.id,
      driver_name: driver.name,
      status,
      worked_minutes: worked,
      hours: hoursOf(worked),
      trip_count: tripCount,
      amount,
      payouts,
      unpaid,
    });

    totals.worked_minutes += worked;
    totals.trip_count += tripCount;
    totals.amount += amount;
    totals.unpaid_amount += unpaid.amount;
    for (const payout of payouts) {
      if (payout.status === 'approved') totals.approved_amount += payout.amount;
      else totals.draft_amount += payout.amount;
    }
  }

  return {
    month,
    period_start: first,
    period_end: last,
    rows,
    totals: { ...totals, hours: hoursOf(totals.worked_minutes) },
  };
}
