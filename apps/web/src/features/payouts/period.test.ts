import { describe, expect, it } from 'vitest';
import { hoursOf, monthOf, monthPeriod, recentMonths } from './period';

describe('payout periods', () => {
  it('finds last month, across a year end too', () => {
    expect(monthOf('2026-06-15', -1)).toBe('2026-05');
    expect(monthOf('2026-01-31', -1)).toBe('2025-12');
    expect(monthOf('2026-03-31', 0)).toBe('2026-03');
  });

  it("runs a month from its first to its last day, February's in a leap year included", () => {
    expect(monthPeriod('2026-05')).toEqual({ start: '2026-05-01', end: '2026-05-31' });
    expect(monthPeriod('2026-04')).toEqual({ start: '2026-04-01', end: '2026-04-30' });
    expect(monthPeriod('2026-02')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(monthPeriod('2028-02')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(monthPeriod('2025-12')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
  });

  it('offers this month and the ones before it, newest first', () => {
    expect(recentMonths('2026-02-10', 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
  });

  it('shows worked minutes as hours to two decimals', () => {
    expect(hoursOf(480)).toBe(8);
    expect(hoursOf(500)).toBe(8.33);
    expect(hoursOf(0)).toBe(0);
  });
});
