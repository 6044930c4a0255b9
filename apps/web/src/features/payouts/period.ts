/**
 * A payout's period as the compute form picks it: a calendar month (`YYYY-MM`, its first to last day) or two
 * days. The month arithmetic is shared with the API (the payroll's month): @ps/contracts/common/months.
 */
import { monthOf } from '@ps/contracts/common/months';

export { monthOf, monthPeriod } from '@ps/contracts/common/months';

/** The months the form offers, newest first: this month and the `count - 1` before it. */
export function recentMonths(today: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => monthOf(today, -index));
}

// Hours of worked minutes, rounded as the API rounds a payout's `hours` (one rule, in the contracts).
export { hoursOf } from '@ps/contracts/common/hours';
