import { describe, expect, it } from 'vitest';
import { type CountryRow, filterAndSort } from './rows';

const rows: CountryRow[] = [
  { id: 826, iso_code: 'GB', name: 'United Kingdom', dialling_code: '44', local_name: 'ஐக்கிய இராச்சியம்' },
  { id: 94, iso_code: 'LK', name: 'Sri Lanka', dialling_code: '94', local_name: 'இலங்கை' },
  { id: 356, iso_code: 'IN', name: 'India', dialling_code: '91', local_name: 'இந்தியா' },
  { id: 40, iso_code: 'AT', name: 'Austria', dialling_code: '43', local_name: 'ஆஸ்திரியா' },
];
const ids = (list: CountryRow[]) => list.map((row) => row.iso_code);

describe('countries: search and sort on the client', () => {
  it('finds by the local name, the English name, the ISO code and the dialling code (with or without +)', () => {
    expect(ids(filterAndSort(rows, 'இலங்கை', 'name', 'ta'))).toEqual(['LK']);
    expect(ids(filterAndSort(rows, 'sri', 'name', 'ta'))).toEqual(['LK']);
    expect(ids(filterAndSort(rows, 'gb', 'name', 'ta'))).toEqual(['GB']);
    expect(ids(filterAndSort(rows, '+9', 'dialling_code', 'ta'))).toEqual(['IN', 'LK']);
    expect(ids(filterAndSort(rows, '44', 'name', 'en'))).toEqual(['GB']);
  });

  it('sorts by the name in the user’s language, by code, and by dialling code, both ways', () => {
    const english = rows.map((row) => ({ ...row, local_name: row.name }));
    expect(ids(filterAndSort(english, '', 'name', 'en'))).toEqual(['AT', 'IN', 'LK', 'GB']);
    expect(ids(filterAndSort(english, '', '-name', 'en'))).toEqual(['GB', 'LK', 'IN', 'AT']);
    expect(ids(filterAndSort(rows, undefined, 'iso_code', 'ta'))).toEqual(['AT', 'GB', 'IN', 'LK']);
    expect(ids(filterAndSort(rows, undefined, '-dialling_code', 'ta'))).toEqual(['LK', 'IN', 'GB', 'AT']);
    const zones = [
      { id: 531, iso_code: 'CW', name: 'Curaçao', dialling_code: '5999', local_name: 'Curaçao' },
      { id: 860, iso_code: 'UZ', name: 'Uzbekistan', dialling_code: '998', local_name: 'Uzbekistan' },
      { id: 840, iso_code: 'US', name: 'United States', dialling_code: '1', local_name: 'United States' },
    ];
    // By zone, digit by digit: +1, +5999, +998 (not by size).
    expect(ids(filterAndSort(zones, undefined, 'dialling_code', 'en'))).toEqual(['US', 'CW', 'UZ']);
  });
});
