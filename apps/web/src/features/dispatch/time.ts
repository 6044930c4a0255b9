import { intlLocale } from '../../lib/locale';

// The dispatch screen's days and hours are the company's (its time zone), whatever the browser's: a dispatcher
// abroad plans the company's day. Intl only, no date library.

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (`YYYY-MM-DD`) of an instant in a time zone. */
export function dayIn(zone: string, instant: Date | string = new Date()): string {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(zone, format);
  }
  return format.format(new Date(instant));
}

/** `HH:mm` (24-hour, as a timetable) of an instant in a time zone. */
export function clockIn(zone: string, instant: Date | string): string {
  let format = clockFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormats.set(zone, format);
  }
  return format.format(new Date(instant));
}

/** The hour (`00` to `23`) of an instant in a time zone: the group a trip is listed under. */
export const hourIn = (zone: string, instant: Date | string): string => clockIn(zone, instant).slice(0, 2);

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** A calendar day named in the user's language: "Tuesday, 24 November 2026". */
export function longDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** An instant as "24 Nov, 17:45" on the zone's clock when it is not on `day`, else "17:45". */
export function timeOnDay(zone: string, instant: string, day: string, language: string): string {
  if (dayIn(zone, instant) === day) return clockIn(zone, instant);
  const date = new Intl.DateTimeFormat(intlLocale(language), { timeZone: zone, day: 'numeric', month: 'short' }).format(new Date(instant));
  return `${date}, ${clockIn(zone, instant)}`;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
/** An instant as "25 Nov 2026, 19:00" on the zone's clock, in the user's language (24-hour, as the rest of the screen). */
export function dateTimeIn(zone: string, instant: string, language: string): string {
  const key = `${language}|${zone}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), {
      timeZone: zone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(key, format);
  }
  return format.format(new Date(instant));
}

/** Whether `value` is a real calendar day `YYYY-MM-DD`. */
export function isDay(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;
}
