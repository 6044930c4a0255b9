/**
 * The dashboard's days are the company's days (issue 7: the board of the 2nd in Asia/Colombo holds a car at
 * 23:30 UTC on the 1st), whatever the browser's time zone.
 */

/** Today as `YYYY-MM-DD` in a time zone (the browser's when the company has none). */
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** A UTC instant as the time of day in a time zone, in the user's language ("06:05"). */
export function timeIn(iso: string, timeZone: string | undefined, language: string): string {
  return new Intl.DateTimeFormat(language, { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** A calendar day (`YYYY-MM-DD`) named in the user's language, e.g. "Tue 24 Nov". */
export function dayName(date: string, language: string, style: 'short' | 'long' = 'short'): string {
  const [year, month, day] = date.split('-').map(Number);
  const utc = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  return new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    weekday: style,
    day: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    ...(style === 'long' ? { year: 'numeric' } : {}),
  }).format(utc);
}

/** The label of a chart period from its first day: a day or week by its date, a month by name, a year by number. */
export function periodLabel(periodStart: string, segment: 'day' | 'week' | 'month' | 'year', language: string): string {
  const [year, month, day] = periodStart.split('-').map(Number);
  const utc = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  const options: Intl.DateTimeFormatOptions =
    segment === 'year'
      ? { year: 'numeric' }
      : segment === 'month'
        ? { month: 'short', year: '2-digit' }
        : { day: 'numeric', month: 'short' };
  return new Intl.DateTimeFormat(language, { timeZone: 'UTC', ...options }).format(utc);
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

/** An ISO day of the week named in the user's language: "Mon" / "Monday". */
export function weekdayName(isoDay: number, language: string, style: 'short' | 'long'): string {
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(language, { timeZone: 'UTC', weekday: style }).format(new Date(Date.UTC(2024, 0, isoDay)));
}

/** A month (`YYYY-MM`) named in the user's language: "December 2026". */
export function monthName(month: string, language: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1, 1)),
  );
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
