import type { Language } from './languages.ts';

/**
 * The one way a date, a time, a duration, a number and money are written, per language (issue 21, section 2):
 * every screen, chart axis and CSV of the web and every mail, statement and quote explanation of the API writes
 * through these functions, and a test (format.usage.test.ts) fails when a file formats with `Intl` or
 * `toLocale*` itself. English is written as in Britain and Tamil as in India, on a 24-hour clock in both ("14:05",
 * never "2:05 PM" or Tamil with Latin "PM"). Zod-free and dependency-free: the sign-in bundle carries it.
 *
 * Instants are ISO strings or Dates; `zone` is the IANA time zone whose clock they are read on (the company's,
 * an airport's), the runtime's own (the browser's) when it is left out. Calendar days (`YYYY-MM-DD`) and months
 * (`YYYY-MM`) are dates without a clock: they read as that day wherever the reader is.
 */

const INTL_LOCALES: Record<Language, string> = { en: 'en-GB', ta: 'ta-IN' };

/** The Intl locale of a language: Tamil as written in India, English as in Britain. */
export const intlLocaleOf = (language: string): string => INTL_LOCALES[language === 'ta' ? 'ta' : 'en'];

// Formatters are made once per language, zone and style and kept: each holds ICU memory outside the JS heap,
// so making one per call grew the server's memory under load (bench/README.md), and made long lists slow.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function dateFormat(language: string, zone: string | undefined, style: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${zone ?? ''}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocaleOf(language), { ...options, timeZone: zone });
    dateFormats.set(key, format);
  }
  return format;
}

function numberFormat(language: string, style: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${style}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocaleOf(language), options);
    numberFormats.set(key, format);
  }
  return format;
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** The ways a calendar day is written. */
const DAY_STYLES = {
  /** "27 Nov 2026": lists, records, forms. */
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  /** "27 November 2026": letters, mail, statements. */
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  /** "Friday, 27 November 2026": a page about one day (the board, dispatch). */
  full: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** "Fri 27 Nov": a day among its neighbours (the board's days, a week's columns). */
  weekday: { weekday: 'short', day: 'numeric', month: 'short' },
  /** "27 Nov": a chart's axis, a day within a known year. */
  dayMonth: { day: 'numeric', month: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DayStyle = keyof typeof DAY_STYLES;

const asUtcDay = (day: string): Date => new Date(`${day.slice(0, 10)}T00:00:00Z`);
const asInstant = (instant: string | Date): Date => (instant instanceof Date ? instant : new Date(instant));

/** A calendar day `YYYY-MM-DD`: "27 Nov 2026" (or another style). */
export function formatDay(language: string, day: string, style: DayStyle = 'date'): string {
  return dateFormat(language, 'UTC', `day:${style}`, DAY_STYLES[style]).format(asUtcDay(day));
}

/** Two calendar days as one span: "27 Nov – 3 Dec 2026", "27–30 Nov 2026". */
export function formatDayRange(language: string, from: string, to: string): string {
  if (from === to) return formatDay(language, from);
  return dateFormat(language, 'UTC', 'day:date', DAY_STYLES.date).formatRange(asUtcDay(from), asUtcDay(to));
}

/** The day of an instant on a zone's clock: "27 Nov 2026" (or another style). */
export function formatDate(language: string, instant: string | Date, zone?: string, style: DayStyle = 'date'): string {
  return dateFormat(language, zone, `date:${style}`, DAY_STYLES[style]).format(asInstant(instant));
}

/** The time of an instant on a zone's clock, 24-hour: "14:05". */
export function formatTime(language: string, instant: string | Date, zone?: string): string {
  return dateFormat(language, zone, 'time', CLOCK).format(asInstant(instant));
}

const DATE_TIME_DAYS = { medium: DAY_STYLES.date, short: DAY_STYLES.dayMonth, long: DAY_STYLES.full } as const;
export type DateTimeLength = keyof typeof DATE_TIME_DAYS;

/**
 * An instant on a zone's clock: "27 Nov 2026, 14:05"; `short` leaves the year out ("27 Nov, 14:05"), `long` is a
 * letter's ("Friday, 27 November 2026, 14:05").
 */
export function formatDateTime(language: string, instant: string | Date, zone?: string, length: DateTimeLength = 'medium'): string {
  return dateFormat(language, zone, `datetime:${length}`, { ...DATE_TIME_DAYS[length], ...CLOCK }).format(asInstant(instant));
}

/**
 * An instant on a zone's clock as a spreadsheet reads a date and time: "2026-11-27 14:05:00", the same in every
 * language. For CSV cells people sort and compute with; a screen never shows it.
 */
export function formatSpreadsheetDateTime(instant: string | Date, zone?: string): string {
  const parts = Object.fromEntries(
    dateFormat('en', zone, 'spreadsheet', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(asInstant(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Two instants as one span on a zone's clock: "27 Nov 2026, 14:05–18:30", "27 Nov 2026, 14:05 – 3 Dec 2026, 09:00". */
export function formatDateTimeRange(language: string, from: string | Date, to: string | Date, zone?: string): string {
  const start = asInstant(from);
  const end = asInstant(to);
  if (end.getTime() <= start.getTime()) return formatDateTime(language, start, zone);
  return dateFormat(language, zone, 'datetime:medium', { ...DAY_STYLES.date, ...CLOCK }).formatRange(start, end);
}

const MONTH_STYLES = {
  /** "November 2026". */
  long: { month: 'long', year: 'numeric' },
  /** "Nov 26": a chart's axis. */
  short: { month: 'short', year: '2-digit' },
  /** "November": the month alone (a price grid's row, a quote's season). */
  name: { month: 'long' },
  /** "Nov": a grid's column. */
  shortName: { month: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type MonthStyle = keyof typeof MONTH_STYLES;

/** A month `YYYY-MM` (or a day in it): "November 2026", or another style. */
export function formatMonth(language: string, month: string, style: MonthStyle = 'long'): string {
  return dateFormat(language, 'UTC', `month:${style}`, MONTH_STYLES[style]).format(asUtcDay(`${month.slice(0, 7)}-01`));
}

/** A month of any year by its number (1 January to 12 December): "November" (`shortName`: "Nov"). */
export const formatMonthNumber = (language: string, month: number, style: 'name' | 'shortName' = 'name'): string =>
  formatMonth(language, `2000-${String(month).padStart(2, '0')}`, style);

/** A year of a chart's axis from any day in it: "2026". */
export function formatYear(language: string, day: string): string {
  return dateFormat(language, 'UTC', 'year', { year: 'numeric' }).format(asUtcDay(day));
}

/** An ISO day of the week (1 Monday to 7 Sunday): "Mon" / "Monday". */
export function formatWeekday(language: string, isoDay: number, style: 'short' | 'long' = 'short'): string {
  // 1 January 2024 was a Monday.
  return dateFormat(language, 'UTC', `weekday:${style}`, { weekday: style }).format(new Date(Date.UTC(2024, 0, isoDay)));
}

/** How far an instant is from now, in the largest whole unit: "in 3 hours", "5 minutes ago", "yesterday", "now". */
export function formatRelative(language: string, instant: string | Date, now: Date = new Date()): string {
  let format = relativeFormats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(intlLocaleOf(language), { numeric: 'auto' });
    relativeFormats.set(language, format);
  }
  const minutes = Math.round((asInstant(instant).getTime() - now.getTime()) / 60_000);
  const size = Math.abs(minutes);
  if (size < 60) return format.format(minutes, 'minute');
  if (size < 48 * 60) return format.format(Math.round(minutes / 60), 'hour');
  return format.format(Math.round(minutes / (24 * 60)), 'day');
}

/** The unit words of a duration: the same short words in every screen ("3 h 40 min", "2 d 5 h"). */
const DURATION_UNITS: Record<Language, { day: string; hour: string; minute: string }> = {
  en: { day: 'd', hour: 'h', minute: 'min' },
  ta: { day: 'நாள்', hour: 'மணி', minute: 'நிமி' },
};

/**
 * A length of time from minutes: "3 h 40 min", "45 min", "2 d 5 h" (from a day up, minutes are left out: a stay
 * or a delay of days is not read to the minute). The sign is the caller's to say ("late", "early").
 */
export function formatDuration(language: string, minutes: number): string {
  const units = DURATION_UNITS[language === 'ta' ? 'ta' : 'en'];
  const total = Math.round(Math.abs(minutes));
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const rest = total % 60;
  const number = (value: number) => formatNumber(language, value);
  if (days > 0) return hours > 0 ? `${number(days)} ${units.day} ${number(hours)} ${units.hour}` : `${number(days)} ${units.day}`;
  if (hours > 0) return rest > 0 ? `${number(hours)} ${units.hour} ${number(rest)} ${units.minute}` : `${number(hours)} ${units.hour}`;
  return `${number(rest)} ${units.minute}`;
}

/** A number with the language's grouping: "12,345.5". */
export function formatNumber(language: string, value: number, maximumFractionDigits = 2): string {
  return numberFormat(language, `number:${maximumFractionDigits}`, { maximumFractionDigits }).format(value);
}

/** A share (0.4) as a percent: "40%" (whole by default). */
export function formatPercent(language: string, share: number, fractionDigits = 0): string {
  return numberFormat(language, `percent:${fractionDigits}`, {
    style: 'percent',
    maximumFractionDigits: fractionDigits,
  }).format(share);
}

const minorDigits = new Map<string, number>();
/** How many minor digits a currency has, from Intl: GBP 2, JPY 0, BHD 3. */
export function minorDigitsOf(currency: string): number {
  let digits = minorDigits.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    minorDigits.set(currency, digits);
  }
  return digits;
}

/** Minor units (pence: the API's money) as major units (pounds). */
export const toMajorUnits = (minor: number, currency: string): number => minor / 10 ** minorDigitsOf(currency);

/** Major units typed by a user (12.5) as minor units (1250), rounded to the nearest minor unit. */
export const toMinorUnits = (major: number, currency: string): number => Math.round(major * 10 ** minorDigitsOf(currency));

/** Money from minor units: "£1,234.50"; `whole` rounds to whole units for a chart's axis ("£120"). */
export function formatMoney(language: string, minor: number, currency: string, whole = false): string {
  const options: Intl.NumberFormatOptions = whole
    ? { style: 'currency', currency, maximumFractionDigits: 0, minimumFractionDigits: 0 }
    : { style: 'currency', currency };
  return numberFormat(language, `money:${currency}:${whole}`, options).format(toMajorUnits(minor, currency));
}

/**
 * A phone number as the person entered it ("0771 234 567", "+44 7700 900123"): a phone is text, never a number
 * (as a number, "0771234567" lost its leading zero), and its grouping is the writer's. Only the edges are trimmed.
 */
export const formatPhone = (phone: string | null | undefined): string => (phone ?? '').trim();
