/**
 * Calendar months `YYYY-MM`: a payout's usual period and the payroll's unit (issue 21, section 9). Plain string
 * arithmetic on calendar days, so no time zone can move a day; shared by the API and the web. Zod-free.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM` with a month from 01 to 12. */
export const isMonth = (value: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/** `YYYY-MM` of the month `offset` months from the month of `today` (`YYYY-MM-DD` or `YYYY-MM`); -1 is last month. */
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
