/**
 * A small, correct CSV writer (RFC 4180), shared by the web's exports and the API's: fields with a comma, quote, or
 * line break are quoted and quotes doubled; lines end with CRLF; a UTF-8 byte order mark first so Excel reads Tamil
 * and accented names right. Cells that a spreadsheet would run as a formula (=, +, -, @, tab or carriage return
 * first) are prefixed with a quote (OWASP CSV injection advice).
 */
export interface CsvColumn<Row> {
  /** The header, already translated. */
  title: string;
  value: (row: Row) => string | number | null | undefined;
}

export const CSV_BOM = '\uFEFF';

/** One cell: empty for nothing, a formula defused, quoted when it must be. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, with its CRLF. */
export function csvLine(values: ReadonlyArray<string | number | null | undefined>): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const lines = [columns.map((column) => csvCell(column.title)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
