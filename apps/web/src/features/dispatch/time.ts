import { dayIn, toZonedLocal } from '@ps/contracts/common/zonedTime';
import { formatDateTime, formatTime } from '../../lib/format';

// The dispatch screen's days and hours are the company's (its time zone), whatever the browser's: a dispatcher
// abroad plans the company's day. Written by lib/format, reckoned by lib/zonedTime.

/** `HH:mm` (24-hour, as a timetable) of an instant on a zone's clock: a time input's value and the hour a trip is listed under. */
export const clockIn = (zone: string, instant: Date | string): string => toZonedLocal(instant, zone).slice(11, 16);

/** The hour (`00` to `23`) of an instant in a time zone: the group a trip is listed under. */
export const hourIn = (zone: string, instant: Date | string): string => clockIn(zone, instant).slice(0, 2);

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** An instant as "24 Nov, 17:45" on the zone's clock when it is not on `day`, else "17:45". */
export function timeOnDay(zone: string, instant: string, day: string): string {
  return dayIn(zone, instant) === day ? formatTime(instant, zone) : formatDateTime(instant, zone, 'short');
}

/** Whether `value` is a real calendar day `YYYY-MM-DD`. */
export function isDay(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;
}
