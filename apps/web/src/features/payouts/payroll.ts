// The payroll screen's logic apart from React: its URL state, the rows' order, what a row's choice approves, the CSV.
import type { Payroll, PayrollPayout, PayrollRow, PayrollStatus } from '@ps/contracts';
import { isMonth } from '@ps/contracts/common/months';
import { type CsvColumn, csvLine, toCsv } from '../../lib/csv';
import { minorDigitsOf, toMajor } from '../../lib/format';

export const payrollSortFields = ['driver_name', 'hours', 'trip_count', 'amount', 'status'] as const;
export type PayrollSortField = (typeof payrollSortFields)[number];
export type PayrollSort = PayrollSortField | `-${PayrollSortField}`;
export const DEFAULT_PAYROLL_SORT: PayrollSortField = 'driver_name';

/** The payroll's state in the URL: the month (`YYYY-MM`; the default month when missing or malformed) and the sort. */
export interface PayrollSearch {
  month?: string;
  sort?: PayrollSort;
}

export function validatePayrollSearch(raw: Record<string, unknown>): PayrollSearch {
  const month = typeof raw.month === 'string' && isMonth(raw.month) ? raw.month : undefined;
  const sort =
    typeof raw.sort === 'string' && (payrollSortFields as readonly string[]).includes(raw.sort.replace(/^-/, ''))
      ? (raw.sort as PayrollSort)
      : undefined;
  return { month, sort };
}

/** Status in the order of the work: nothing computed, drafts to check, approved. */
const statusOrder: Record<PayrollStatus, number> = { none: 0, draft: 1, approved: 2 };

/** The rows in the chosen order; equal ones by name, as the API lists them. */
export function sortPayrollRows(rows: readonly PayrollRow[], sort: PayrollSort): PayrollRow[] {
  const field = sort.replace(/^-/, '') as PayrollSortField;
  const direction = sort.startsWith('-') ? -1 : 1;
  const key = (row: PayrollRow) => (field === 'status' ? statusOrder[row.status] : field === 'driver_name' ? 0 : row[field]);
  return [...rows].sort(
    (a, b) =>
      direction * (key(a) - key(b)) ||
      (field === 'driver_name' ? direction : 1) * a.driver_name.localeCompare(b.driver_name) ||
      a.driver_id - b.driver_id,
  );
}

/**
 * The drafts choosing a row approves: all its drafts of the month, when every one of them can be approved now
 * (a row whose draft would be refused cannot be chosen: approving is all or none).
 */
export function approvableDrafts(row: PayrollRow): PayrollPayout[] {
  const drafts = row.payouts.filter((payout) => payout.status === 'draft');
  return drafts.length > 0 && drafts.every((payout) => payout.approvable) ? drafts : [];
}

export interface PayrollCsvText {
  /** Column titles, already translated. */
  columns: Record<'driver' | 'hours' | 'trips' | 'amount' | 'status', string>;
  /** The totals row's label. */
  totals: string;
  status: (row: PayrollRow) => string;
}

/**
 * The payroll as CSV: the screen's columns and rows (in its order), then the totals in the same columns. Hours
 * and money are plain numbers a spreadsheet sums (money in major units, its currency in the column's title).
 */
export function payrollCsv(payroll: Payroll, rows: readonly PayrollRow[], currency: string, text: PayrollCsvText): string {
  const digits = minorDigitsOf(currency);
  const money = (minor: number) => toMajor(minor, currency).toFixed(digits);
  const columns: CsvColumn<PayrollRow>[] = [
    { title: text.columns.driver, value: (row) => row.driver_name },
    { title: text.columns.hours, value: (row) => row.hours },
    { title: text.columns.trips, value: (row) => row.trip_count },
    { title: `${text.columns.amount} (${currency})`, value: (row) => money(row.amount) },
    { title: text.columns.status, value: text.status },
  ];
  const { totals } = payroll;
  return `${toCsv(rows, columns)}${csvLine([text.totals, totals.hours, totals.trip_count, money(totals.amount), ''])}`;
}
