import { describe, expect, it } from 'vitest';
import { CSV_BOM, toCsv } from './csv';

interface Row {
  code: string;
  name: string;
  n?: number | null;
}

const columns = [
  { title: 'IATA code', value: (row: Row) => row.code },
  { title: 'Name', value: (row: Row) => row.name },
  { title: 'Count', value: (row: Row) => row.n },
];

describe('toCsv', () => {
  it('starts with a BOM, ends lines with CRLF and writes the headers first', () => {
    expect(toCsv([{ code: 'LHR', name: 'London Heathrow', n: 3 }], columns)).toBe(
      `${CSV_BOM}IATA code,Name,Count\r\nLHR,London Heathrow,3\r\n`,
    );
  });

  it('quotes commas, quotes and line breaks, and leaves empty values empty', () => {
    const csv = toCsv([{ code: 'X"Y', name: 'Colombo, Bandaranaike\nTerminal', n: null }], columns);
    expect(csv.split('\r\n')[1]).toBe('"X""Y","Colombo, Bandaranaike\nTerminal",');
  });

  it('keeps Tamil text as it is and defuses formulas', () => {
    const csv = toCsv([{ code: '=1+1', name: 'சென்னை', n: -4 }], columns);
    expect(csv.split('\r\n')[1]).toBe("'=1+1,சென்னை,-4");
  });
});
