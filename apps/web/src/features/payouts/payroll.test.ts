import type { Payroll, PayrollPayout, PayrollRow } from '@ps/contracts';
import { describe, expect, it } from 'vitest';
import { approvableDrafts, payrollCsv, sortPayrollRows, validatePayrollSearch } from './payroll';

const payout = (values: Partial<PayrollPayout>): PayrollPayout => ({
  id: 1,
  status: 'draft',
  period_start: '2026-03-01',
  period_end: '2026-03-31',
  worked_minutes: 0,
  hours: 0,
  trip_count: 0,
  amount: 0,
  approvable: true,
  refusal: null,
  missing_rate_days: [],
  ...values,
});
const row = (driver_name: string, values: Partial<PayrollRow> = {}): PayrollRow => ({
  driver_id: driver_name.length,
  driver_name,
  status: 'none',
  worked_minutes: 0,
  hours: 0,
  trip_count: 0,
  amount: 0,
  payouts: [],
  unpaid: { worked_minutes: 0, hours: 0, trip_count: 0, amount: 0, missing_rate_days: [] },
  ...values,
});

describe('the payroll screen', () => {
  const rows = [
    row('Kavin Raj', { driver_id: 1, status: 'draft', hours: 15.5, trip_count: 1, amount: 17_000 }),
    row('Arun Prakash', { driver_id: 2, status: 'approved', hours: 5, trip_count: 3, amount: 10_000 }),
    row('Meena Kumari', { driver_id: 3, status: 'none', hours: 10, trip_count: 0, amount: 12_900 }),
  ];

  it('sorts by name, figures or where the payout stands, either way', () => {
    const names = (sort: Parameters<typeof sortPayrollRows>[1]) => sortPayrollRows(rows, sort).map((one) => one.driver_name);
    expect(names('driver_name')).toEqual(['Arun Prakash', 'Kavin Raj', 'Meena Kumari']);
    expect(names('-driver_name')).toEqual(['Meena Kumari', 'Kavin Raj', 'Arun Prakash']);
    expect(names('-amount')).toEqual(['Kavin Raj', 'Meena Kumari', 'Arun Prakash']);
    expect(names('trip_count')).toEqual(['Meena Kumari', 'Kavin Raj', 'Arun Prakash']);
    expect(names('status')).toEqual(['Meena Kumari', 'Kavin Raj', 'Arun Prakash']);
  });

  it('reads the month and sort from the URL, dropping what is not one', () => {
    expect(validatePayrollSearch({ month: '2026-03', sort: '-amount' })).toEqual({ month: '2026-03', sort: '-amount' });
    expect(validatePayrollSearch({ month: '2026-13', sort: 'password' })).toEqual({ month: undefined, sort: undefined });
    expect(validatePayrollSearch({ month: 202603 })).toEqual({ month: undefined, sort: undefined });
  });

  it('lets a row be chosen only when every draft of it can be approved', () => {
    expect(approvableDrafts(row('A', { payouts: [payout({ id: 5 })] })).map((one) => one.id)).toEqual([5]);
    expect(approvableDrafts(row('B', { payouts: [payout({ id: 6, status: 'approved', approvable: false })] }))).toEqual([]);
    expect(
      approvableDrafts(row('C', { payouts: [payout({ id: 7 }), payout({ id: 8, approvable: false, refusal: 'payout_rate_missing' })] })),
    ).toEqual([]);
    expect(approvableDrafts(row('D'))).toEqual([]);
  });

  it('writes the CSV with the screen’s columns, translated, its rows in order and the totals last', () => {
    const payroll: Payroll = {
      month: '2026-03',
      period_start: '2026-03-01',
      period_end: '2026-03-31',
      rows,
      totals: {
        worked_minutes: 1830,
        hours: 30.5,
        trip_count: 4,
        amount: 39_900,
        approved_amount: 10_000,
        draft_amount: 17_000,
        unpaid_amount: 12_900,
      },
    };
    const csv = payrollCsv(payroll, sortPayrollRows(rows, '-amount'), 'GBP', {
      columns: { driver: 'ஓட்டுநர்', hours: 'மணிநேரம்', trips: 'பயணங்கள்', amount: 'தொகை', status: 'நிலை' },
      totals: 'மொத்தம்',
      status: (one) => ({ none: 'கொடுப்பனவு இல்லை', draft: 'வரைவு', approved: 'அங்கீகரிக்கப்பட்டது' })[one.status],
    });
    expect(csv).toBe(
      '\uFEFFஓட்டுநர்,மணிநேரம்,பயணங்கள்,தொகை (GBP),நிலை\r\n' +
        'Kavin Raj,15.5,1,170.00,வரைவு\r\n' +
        'Meena Kumari,10,0,129.00,கொடுப்பனவு இல்லை\r\n' +
        'Arun Prakash,5,3,100.00,அங்கீகரிக்கப்பட்டது\r\n' +
        'மொத்தம்,30.5,4,399.00,\r\n',
    );
  });
});
