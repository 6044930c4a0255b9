import { describe, expect, it } from 'vitest';
import { calendarMonths, isoWeekday, loadBand, todayIn, weekdayOrder } from './dates';

describe('dashboard days', () => {
  it("takes today in the company's time zone, not the browser's", () => {
    const lateUtc = new Date('2026-11-01T23:30:00Z');
    expect(todayIn('Asia/Colombo', lateUtc)).toBe('2026-11-02');
    expect(todayIn('Europe/London', lateUtc)).toBe('2026-11-01');
  });

  it('bands a day by its load, full when the car park says so or is at capacity', () => {
    expect(loadBand(1, 10, false)).toBe('low');
    expect(loadBand(5, 10, false)).toBe('medium');
    expect(loadBand(8, 10, false)).toBe('high');
    expect(loadBand(10, 10, false)).toBe('full');
    expect(loadBand(3, 10, true)).toBe('full');
    expect(loadBand(0, 0, false)).toBe('low');
  });

  it('lays days out as month calendars whose columns are the weekdays, from the first day of the company week', () => {
    // Friday 27 November to Wednesday 2 December 2026.
    const days = ['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02'].map((date) => ({ date }));
    expect(isoWeekday('2026-11-27')).toBe(5);
    expect(weekdayOrder(1)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(weekdayOrder(7)).toEqual([7, 1, 2, 3, 4, 5, 6]);
    const dates = (week: ({ date: string } | null)[]) => week.map((day) => day?.date ?? null);

    const mondayFirst = calendarMonths(days, 1);
    expect(mondayFirst.map((month) => month.month)).toEqual(['2026-11', '2026-12']);
    expect(mondayFirst[0]?.weeks.map(dates)).toEqual([
      [null, null, null, null, '2026-11-27', '2026-11-28', '2026-11-29'],
      ['2026-11-30', null, null, null, null, null, null],
    ]);
    expect(mondayFirst[1]?.weeks.map(dates)).toEqual([[null, '2026-12-01', '2026-12-02', null, null, null, null]]);

    // A week from Sunday: the Sunday opens a new row.
    const sundayFirst = calendarMonths(days, 7);
    expect(sundayFirst[0]?.weeks.map(dates)).toEqual([
      [null, null, null, null, null, '2026-11-27', '2026-11-28'],
      ['2026-11-29', '2026-11-30', null, null, null, null, null],
    ]);
  });
});
