/**
 * A small, correct CSV writer (RFC 4180): fields with a comma, quote, or line break are quoted and quotes
 * doubled; lines end with CRLF; a UTF-8 byte order mark first so Excel reads Tamil and accented names right.
 * Cells that a spreadsheet would run as a formula (=, +, -, @ first) are prefixed with a quote (OWASP CSV
 * injection advice).
 */
export interface CsvColumn<Row> {
  /** The header, already translated. */
  title: string;
  value: (row: Row) => string | number | null | undefined;
}

export const CSV_BOM = '\uFEFF';

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const lines = [columns.map((column) => cell(column.title)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => cell(column.value(row))).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** Offers the text as a file download. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
