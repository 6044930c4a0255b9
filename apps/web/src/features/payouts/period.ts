/**
 * A payout's period as the compute form picks it: a calendar month (`YYYY-MM`, its first to last day) or two
 * days. Plain string arithmetic on calendar days: no time zone can move a day.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM` of the month `offset` months from the month of `today` (`YYYY-MM-DD`); -1 is last month. */
export function monthOf(today: string, offset = 0): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1 + offset;
  const shifted = new Date(Date.UTC(year, month, 1));
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}`;
}

/** The first and last day of a month `YYYY-MM`. */
export function monthPeriod(month: string): { start: string; end: string } {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7));
  // Day 0 of the next month is this month's last day (28 to 31, leap years included).
  const lastDay = new Date(Date.UTC(year, index, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${pad(lastDay)}` };
}

/** The months the form offers, newest first: this month and the `count - 1` before it. */
export function recentMonths(today: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => monthOf(today, -index));
}

// Hours of worked minutes, rounded as the API rounds a payout's `hours` (one rule, in the contracts).
export { hoursOf } from '@ps/contracts/common/hours';
