// One Intl formatter per time zone, kept: each formatter holds ICU memory outside the JS heap that is freed
// only when V8 collects it, so making one per request grew the server's memory under load (bench/README.md).
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in a time zone (an IANA name the runtime knows). */
export function dayAt(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** Today's calendar day in a time zone (the request's `time_zone`), UTC when none is given. */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  return dayAt(now, timeZone ?? 'UTC');
}

/** The calendar day `days` after `day` (YYYY-MM-DD; negative goes back). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (calendar days; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The same calendar day a year before (29 February: the 28th). */
export function yearBefore(day: string): string {
  const year = Number(day.slice(0, 4)) - 1;
  const monthDay = day.slice(5);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${year}-${monthDay === '02-29' && !leap ? '02-28' : monthDay}`;
}
