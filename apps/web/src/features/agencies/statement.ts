// The statement screen's logic apart from React: the default period and the CSV (rows, then the totals).
import type { AgencyStatement, AgencyStatementLine } from '@ps/contracts';
import { CSV_BOM, type CsvColumn, toCsv } from '../../lib/csv';
import { minorDigitsOf, toMajor } from '../../lib/format';

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar month before `today` (`YYYY-MM-DD`): the statement's period when the URL names none. */
export function lastMonthOf(today: string): { from: string; to: string } {
  const [year = 1970, month = 1] = today.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  const day = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return { from: day(first), to: day(last) };
}

/** Which way the balance goes: the agency owes the company, the company owes the agency, or nothing. */
export type BalanceDirection = 'agencyOwes' | 'companyOwes' | 'settled';
export const balanceDirection = (balance: number): BalanceDirection =>
  balance > 0 ? 'agencyOwes' : balance < 0 ? 'companyOwes' : 'settled';

export interface StatementCsvText {
  /** Column titles of the booking rows, already translated. */
  columns: Record<'reference' | 'customer' | 'departure' | 'arrival' | 'status' | 'total' | 'percent' | 'commission' | 'collected', string>;
  /** Labels of the totals rows, already translated. */
  totals: Record<'bookings' | 'cancelled' | 'sales' | 'commission' | 'collected' | 'balance', string>;
  status: (line: AgencyStatementLine) => string;
  /** An instant as the company's wall clock, for the CSV. */
  time: (instant: string) => string;
  /** What the balance means, in words ("Blue Sky Travel owes you"). */
  balanceNote: string;
}

/**
 * The statement as CSV: one row per booking (money in major units of the currency, a plain number a spreadsheet
 * sums), an empty line, then the totals with the balance's meaning beside it.
 */
export function statementCsv(statement: AgencyStatement, text: StatementCsvText): string {
  const { currency } = statement;
  const digits = minorDigitsOf(currency);
  const money = (minor: number) => toMajor(minor, currency).toFixed(digits);
  const withCurrency = (title: string) => `${title} (${currency})`;
  const columns: CsvColumn<AgencyStatementLine>[] = [
    { title: text.columns.reference, value: (line) => line.reference },
    { title: text.columns.customer, value: (line) => line.customer_name },
    { title: text.columns.departure, value: (line) => text.time(line.departure_at) },
    { title: text.columns.arrival, value: (line) => text.time(line.arrival_at) },
    { title: text.columns.status, value: (line) => text.status(line) },
    { title: withCurrency(text.columns.total), value: (line) => money(line.total) },
    { title: text.columns.percent, value: (line) => line.commission_percent.toFixed(2) },
    { title: withCurrency(text.columns.commission), value: (line) => money(line.commission) },
    { title: withCurrency(text.columns.collected), value: (line) => money(line.collected) },
  ];
  const { totals } = statement;
  const totalRows: [string, string, string][] = [
    [text.totals.bookings, String(totals.bookings), ''],
    [text.totals.cancelled, String(totals.cancelled), ''],
    [withCurrency(text.totals.sales), money(totals.sales), ''],
    [withCurrency(text.totals.commission), money(totals.commission), ''],
    [withCurrency(text.totals.collected), money(totals.collected), ''],
    [withCurrency(text.totals.balance), money(totals.balance), text.balanceNote],
  ];
  const totalsCsv = toCsv(totalRows.slice(1), [
    { title: totalRows[0]?.[0] ?? '', value: (row) => row[0] },
    { title: totalRows[0]?.[1] ?? '', value: (row) => row[1] },
    { title: '', value: (row) => row[2] },
  ]);
  return `${toCsv(statement.lines, columns)}\r\n${totalsCsv.slice(CSV_BOM.length)}`;
}
