/**
 * The dashboard's days are the company's days (issue 7: the board of the 2nd in Asia/Colombo holds a car at
 * 23:30 UTC on the 1st), whatever the browser's time zone.
 */

import { dayIn } from '@ps/contracts/common/zonedTime';
import { formatDay, formatMonth, formatYear } from '../../lib/format';

/** Today as `YYYY-MM-DD` in a time zone (the browser's when the company has none). */
export const todayIn = (timeZone: string | undefined, now = new Date()): string => dayIn(timeZone, now);

/** The label of a chart period from its first day: a day or week by its date, a month by name, a year by number. */
export function periodLabel(periodStart: string, segment: 'day' | 'week' | 'month' | 'year'): string {
  if (segment === 'year') return formatYear(periodStart);
  if (segment === 'month') return formatMonth(periodStart.slice(0, 7), 'short');
  return formatDay(periodStart, 'dayMonth');
}

/** How full a car park is on a day, in four bands the calendar colours and its legend names. */
export type LoadBand = 'low' | 'medium' | 'high' | 'full';
export function loadBand(booked: number, capacity: number, full: boolean): LoadBand {
  if (full || (capacity > 0 && booked >= capacity)) return 'full';
  const share = capacity > 0 ? booked / capacity : 0;
  if (share >= 0.8) return 'high';
  if (share >= 0.5) return 'medium';
  return 'low';
}

/** ISO day of the week (1 Monday to 7 Sunday) of a calendar day `YYYY-MM-DD`. */
export function isoWeekday(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return ((new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).getUTCDay() + 6) % 7) + 1;
}

/** The seven ISO days of the week in the order the company's week runs, from its first day. */
export function weekdayOrder(firstDayOfWeek: number): number[] {
  return Array.from({ length: 7 }, (_, index) => ((firstDayOfWeek - 1 + index) % 7) + 1);
}

export interface CalendarMonth<Day> {
  /** `YYYY-MM`. */
  month: string;
  /** Weeks of seven, from the company's first day of the week; a day outside the span (or the month) is null. */
  weeks: (Day | null)[][];
}

/** Consecutive days laid out as month calendars, each week starting on the company's first day of the week. */
export function calendarMonths<Day extends { date: string }>(days: readonly Day[], firstDayOfWeek: number): CalendarMonth<Day>[] {
  const months: CalendarMonth<Day>[] = [];
  for (const day of days) {
    const month = day.date.slice(0, 7);
    let current = months.at(-1);
    if (!current || current.month !== month) {
      current = { month, weeks: [] };
      months.push(current);
    }
    const column = (isoWeekday(day.date) - firstDayOfWeek + 7) % 7;
    let week = current.weeks.at(-1);
    if (!week || column === 0) {
      week = Array.from({ length: 7 }, () => null);
      current.weeks.push(week);
    }
    week[column] = day;
  }
  return months;
}
