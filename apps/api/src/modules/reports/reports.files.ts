import { PassThrough, type Writable } from 'node:stream';
import { CSV_BOM, csvLine } from '@ps/contracts/common/csv';
import { minorDigitsOf, toMajorUnits } from '@ps/contracts/common/format';
import type { Report, ReportKind } from '@ps/contracts/reports';
import ExcelJS from 'exceljs';
import type { Translate } from '../../lib/i18n.ts';

/**
 * The reports as tables (one per report), written as CSV or as an XLSX workbook (one sheet per report) by exceljs's
 * streaming writer: each row is committed to the output as it is added, so the answer starts before the file is
 * finished and the rows written are not kept. Numbers are numbers, days are dates, money is major units formatted
 * in the company's currency, and the headers are in the reader's language.
 */

type CellType = 'text' | 'integer' | 'decimal' | 'money' | 'date' | 'month' | 'percent';
type Cell = string | number | null;

export interface ReportTable {
  kind: ReportKind;
  title: string;
  columns: Array<{ header: string; type: CellType }>;
  rows: Cell[][];
}

/** Every report of `report` as a table, its words in `t`'s language (`only`: one report). */
export function reportTables(report: Report, t: Translate, only?: ReportKind): ReportTable[] {
  const c = (key: string) => t(`reports.columns.${key}`);
  const table = (kind: ReportKind, columns: Array<[string, CellType]>, rows: Cell[][]): ReportTable => ({
    kind,
    title: t(`reports.sheets.${kind}`),
    columns: columns.map(([key, type]) => ({ header: c(key), type })),
    rows,
  });
  const tables: Record<ReportKind, () => ReportTable> = {
    revenue: () =>
      table(
        'revenue',
        [
          ['car_park', 'text'],
          ['month', 'month'],
          ['bookings', 'integer'],
          ['revenue', 'money'],
          ['last_year_bookings', 'integer'],
          ['last_year_revenue', 'money'],
        ],
        report.revenue.map((row) => [
          row.car_park_name ?? c('no_car_park'),
          row.month,
          row.bookings,
          row.revenue,
          row.last_year_bookings,
          row.last_year_revenue,
        ]),
      ),
    occupancy: () =>
      table(
        'occupancy',
        [
          ['date', 'date'],
          ['booked', 'integer'],
          ['capacity', 'integer'],
          ['occupancy', 'percent'],
        ],
        report.occupancy.map((row) => [row.date, row.booked, row.capacity, row.capacity === 0 ? null : row.booked / row.capacity]),
      ),
    forecast: () =>
      table(
        'forecast',
        [
          ['date', 'date'],
          ['on_hand', 'integer'],
          ['last_year_final', 'integer'],
          ['last_year_on_hand', 'integer'],
          ['forecast', 'integer'],
          ['capacity', 'integer'],
          ['occupancy', 'percent'],
        ],
        report.forecast.map((row) => [
          row.date,
          row.on_hand,
          row.last_year_final,
          row.last_year_on_hand,
          row.forecast,
          row.capacity,
          row.capacity === 0 ? null : row.forecast / row.capacity,
        ]),
      ),
    stays: () =>
      table(
        'stays',
        [
          ['days', 'text'],
          ['bookings', 'integer'],
        ],
        [...report.stays.buckets.map((row): Cell[] => [row.bucket, row.bookings]), [c('average_days'), report.stays.average_days]],
      ),
    lead_time: () =>
      table(
        'lead_time',
        [
          ['days', 'text'],
          ['bookings', 'integer'],
        ],
        [...report.lead_time.buckets.map((row): Cell[] => [row.bucket, row.bookings]), [c('average_days'), report.lead_time.average_days]],
      ),
    outcomes: () =>
      table(
        'outcomes',
        [
          ['bookings', 'integer'],
          ['cancelled', 'integer'],
          ['no_show', 'integer'],
          ['cancellation_rate', 'percent'],
          ['no_show_rate', 'percent'],
        ],
        [
          [
            report.outcomes.bookings,
            report.outcomes.cancelled,
            report.outcomes.no_show,
            report.outcomes.cancellation_rate,
            report.outcomes.no_show_rate,
          ],
        ],
      ),
    channels: () =>
      table(
        'channels',
        [
          ['source', 'text'],
          ['channel', 'text'],
          ['bookings', 'integer'],
          ['revenue', 'money'],
        ],
        report.channels.map((row) => [t(`reports.sources.${row.source}`), t(`reports.channels.${row.channel}`), row.bookings, row.revenue]),
      ),
    agencies: () =>
      table(
        'agencies',
        [
          ['agency', 'text'],
          ['bookings', 'integer'],
          ['revenue', 'money'],
          ['commission', 'money'],
        ],
        report.agencies.map((row) => [row.agency_name, row.bookings, row.revenue, row.commission]),
      ),
    vouchers: () =>
      table(
        'vouchers',
        [
          ['voucher', 'text'],
          ['bookings', 'integer'],
          ['discount', 'money'],
        ],
        [
          ...report.vouchers.map((row): Cell[] => [row.voucher_code, row.bookings, row.discount]),
          [c('discount_total'), null, report.discount_total],
        ],
      ),
    drivers: () =>
      table(
        'drivers',
        [
          ['driver', 'text'],
          ['trips', 'integer'],
          ['payouts', 'money'],
          ['cost_per_trip', 'money'],
        ],
        report.drivers.map((row) => [row.driver_name, row.trips, row.payouts, row.cost_per_trip]),
      ),
  };
  const kinds = only ? [only] : (Object.keys(tables) as ReportKind[]);
  return kinds.map((kind) => tables[kind]());
}

/** One report as CSV lines: a byte order mark, the headers, then each row (money in major units, days YYYY-MM-DD). */
export function* reportCsv(table: ReportTable, currency: string): Generator<string> {
  yield CSV_BOM + csvLine(table.columns.map((column) => column.header));
  for (const row of table.rows) {
    yield csvLine(
      row.map((value, index) => {
        if (value === null) return null;
        const type = table.columns[index]?.type;
        if (type === 'money' && typeof value === 'number') return toMajorUnits(value, currency).toFixed(minorDigitsOf(currency));
        if (type === 'month' && typeof value === 'string') return value.slice(0, 7);
        if (type === 'percent' && typeof value === 'number') return Math.round(value * 10_000) / 10_000;
        return value;
      }),
    );
  }
}

/** The spreadsheet's number format of money in `currency`: its minor digits and its code (`#,##0.00 "GBP"`). */
export const moneyFormat = (currency: string) => {
  const digits = minorDigitsOf(currency);
  return `#,##0${digits > 0 ? `.${'0'.repeat(digits)}` : ''} "${currency.replace(/[^A-Z]/g, '')}"`;
};

const FORMATS: Record<Exclude<CellType, 'money' | 'text'>, string> = {
  integer: '#,##0',
  decimal: '0.0',
  date: 'yyyy-mm-dd',
  month: 'mmm yyyy',
  percent: '0.0%',
};

/** A day `YYYY-MM-DD` as the spreadsheet's date (midnight UTC, which exceljs writes as that day's serial). */
const dayAsDate = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);

/** Waits for the next turn of the event loop, and while `output`'s buffer is full, for it to drain. */
async function drained(output: Writable): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  if (output.writableNeedDrain) await new Promise((resolve) => output.once('drain', resolve));
}

/** Writes the tables as one XLSX workbook into `output` (one sheet per table), row by row; resolves when it is complete. */
export async function writeReportXlsx(output: Writable, tables: ReportTable[], currency: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const money = moneyFormat(currency);
  let written = 0;
  for (const table of tables) {
    // A sheet's name is at most 31 characters, without : \ / ? * [ ].
    const sheet = workbook.addWorksheet(table.title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));
    sheet.columns = table.columns.map((column) => ({
      header: column.header,
      width: Math.max(12, Math.min(40, column.header.length + 4)),
      style: column.type === 'text' ? {} : { numFmt: column.type === 'money' ? money : FORMATS[column.type] },
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const row of table.rows) {
      const values = row.map((value, index) => {
        const type = table.columns[index]?.type;
        if (value === null) return null;
        if (type === 'money' && typeof value === 'number') return toMajorUnits(value, currency);
        if ((type === 'date' || type === 'month') && typeof value === 'string') return dayAsDate(value);
        return value;
      });
      sheet.addRow(values).commit();
      // Let the zip writer pass what it has on (and a slow reader hold us back) every few hundred rows: memory stays flat.
      written += 1;
      if (written % 500 === 0) await drained(output);
    }
    sheet.commit();
  }
  await workbook.commit();
}

/** The workbook as a stream that starts at once (the route's answer); an error ends the stream with it. */
export function reportXlsxStream(tables: ReportTable[], currency: string): PassThrough {
  const output = new PassThrough();
  writeReportXlsx(output, tables, currency).catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return output;
}

/** The workbook in memory (a mail's attachment: a summary's few hundred rows). */
export async function reportXlsxBuffer(tables: ReportTable[], currency: string): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  await writeReportXlsx(output, tables, currency);
  await ended;
  return Buffer.concat(chunks);
}
