import type { AgencyStatement } from '@ps/contracts';
import { describe, expect, it } from 'vitest';
import { CSV_BOM } from '../../lib/csv';
import { balanceDirection, lastMonthOf, statementCsv } from './statement';

describe('lastMonthOf', () => {
  it('is the whole calendar month before today, across a year and in a leap February', () => {
    expect(lastMonthOf('2026-06-15')).toEqual({ from: '2026-05-01', to: '2026-05-31' });
    expect(lastMonthOf('2026-01-01')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(lastMonthOf('2028-03-31')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});

describe('balanceDirection', () => {
  it('says who owes whom', () => {
    expect(balanceDirection(120)).toBe('agencyOwes');
    expect(balanceDirection(-5)).toBe('companyOwes');
    expect(balanceDirection(0)).toBe('settled');
  });
});

const line = {
  booking_id: 1,
  reference: 'PS-AB12-CD',
  customer_name: 'Ada, Countess',
  departure_at: '2026-05-01T08:00:00.000Z',
  arrival_at: '2026-05-04T18:00:00.000Z',
  status: 'completed',
  total: 10050,
  commission_percent: 12.5,
  commission: 1256,
  collected: 10050,
  counted: true,
} as const;

describe('statementCsv', () => {
  it('writes the bookings in major units, then an empty line and the totals with the balance in words', () => {
    const statement: AgencyStatement = {
      // The letterhead is the screen's (and a printout's); the CSV stays the data a spreadsheet sums (decisions.md).
      company: {
        name: 'Harbour Parking Ltd',
        address: 'Harbour House\nPortsmouth',
        contact_phone: '+44 23 9200 0000',
        contact_email: 'office@harbour.example',
        tax_number: 'GB 123 4567 89',
        terms: 'Payable within 30 days.',
      },
      agency: {} as AgencyStatement['agency'],
      from: '2026-05-01',
      to: '2026-05-31',
      time_zone: 'Europe/London',
      currency: 'GBP',
      lines: [line, { ...line, booking_id: 2, reference: 'PS-ZZ99-XY', status: 'cancelled', commission: 0, collected: 0, counted: false }],
      totals: { bookings: 2, cancelled: 1, sales: 10050, commission: 1256, collected: 10050, balance: 8794 },
    };
    const csv = statementCsv(statement, {
      columns: {
        reference: 'Reference',
        customer: 'Customer',
        departure: 'Departure',
        arrival: 'Arrival',
        status: 'Status',
        total: 'Total',
        percent: 'Commission %',
        commission: 'Commission',
        collected: 'Collected',
      },
      totals: {
        bookings: 'Bookings',
        cancelled: 'Cancelled',
        sales: 'Sales',
        commission: 'Commission',
        collected: 'Collected',
        balance: 'Balance',
      },
      status: (row) => row.status,
      time: (instant) => instant.slice(0, 16).replace('T', ' '),
      balanceNote: 'Blue Sky owes you',
    });
    expect(csv.split('\r\n')).toEqual([
      `${CSV_BOM}Reference,Customer,Departure,Arrival,Status,Total (GBP),Commission %,Commission (GBP),Collected (GBP)`,
      'PS-AB12-CD,"Ada, Countess",2026-05-01 08:00,2026-05-04 18:00,completed,100.50,12.50,12.56,100.50',
      'PS-ZZ99-XY,"Ada, Countess",2026-05-01 08:00,2026-05-04 18:00,cancelled,100.50,12.50,0.00,0.00',
      '',
      'Bookings,2,',
      'Cancelled,1,',
      'Sales (GBP),100.50,',
      'Commission (GBP),12.56,',
      'Collected (GBP),100.50,',
      'Balance (GBP),87.94,Blue Sky owes you',
      '',
    ]);
  });
});
