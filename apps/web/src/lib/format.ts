import * as shared from '@ps/contracts/common/format';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from './currentUser';
import { i18n } from './i18n';

/**
 * The web's formatters: the contracts' (packages/contracts/src/common/format.ts, which the API's mail and CSVs use
 * too) in the language of the page. A language change reloads the page (spec 2), so the language read at the call
 * is the page's. Every screen, chart axis and CSV writes dates, times, durations, numbers and money through these;
 * lib/format.usage.test.ts fails when a component formats with `Intl` or `toLocale*` itself.
 *
 * `zone` is the clock an instant is read on (the company's, an airport's); left out, the browser's.
 */

const language = (): string => i18n.language;

export type { DateTimeLength, DayStyle, MonthStyle } from '@ps/contracts/common/format';
export { formatPhone, formatSpreadsheetDateTime, minorDigitsOf } from '@ps/contracts/common/format';

/** A calendar day `YYYY-MM-DD`: "27 Nov 2026"; `full` "Friday, 27 November 2026", `weekday` "Fri 27 Nov", `dayMonth` "27 Nov". */
export const formatDay = (day: string, style?: shared.DayStyle): string => shared.formatDay(language(), day, style);
export const formatDayRange = (from: string, to: string): string => shared.formatDayRange(language(), from, to);
/** The day of an instant on a zone's clock: "27 Nov 2026". */
export const formatDate = (instant: string | Date, zone?: string, style?: shared.DayStyle): string =>
  shared.formatDate(language(), instant, zone, style);
/** "14:05" on a zone's clock. */
export const formatTime = (instant: string | Date, zone?: string): string => shared.formatTime(language(), instant, zone);
/** "27 Nov 2026, 14:05" on a zone's clock; `short`: "27 Nov, 14:05"; `long`: "Friday, 27 November 2026, 14:05". */
export const formatDateTime = (instant: string | Date, zone?: string, length?: shared.DateTimeLength): string =>
  shared.formatDateTime(language(), instant, zone, length);
export const formatDateTimeRange = (from: string | Date, to: string | Date, zone?: string): string =>
  shared.formatDateTimeRange(language(), from, to, zone);
/** A month `YYYY-MM`: "November 2026" (`short`: "Nov 26", `name`: "November", `shortName`: "Nov"). */
export const formatMonth = (month: string, style?: shared.MonthStyle): string => shared.formatMonth(language(), month, style);
/** A month by its number (1 January): "November" (`shortName`: "Nov"). */
export const formatMonthNumber = (month: number, style?: 'name' | 'shortName'): string =>
  shared.formatMonthNumber(language(), month, style);
export const formatYear = (day: string): string => shared.formatYear(language(), day);
/** An ISO day of the week (1 Monday): "Mon" / "Monday". */
export const formatWeekday = (isoDay: number, style?: 'short' | 'long'): string => shared.formatWeekday(language(), isoDay, style);
/** "in 3 hours", "5 minutes ago". */
export const formatRelative = (instant: string | Date, now?: Date): string => shared.formatRelative(language(), instant, now);
/** Minutes as "3 h 40 min". */
export const formatDuration = (minutes: number): string => shared.formatDuration(language(), minutes);
export const formatNumber = (value: number, maximumFractionDigits?: number): string =>
  shared.formatNumber(language(), value, maximumFractionDigits);
/** A share (0.4) as "40%". */
export const formatPercent = (share: number, fractionDigits?: number): string => shared.formatPercent(language(), share, fractionDigits);
/** Money from minor units in a currency: "£1,234.50"; `whole` for a chart's axis: "£120". */
export const formatMoney = (minor: number, currency: string, whole?: boolean): string =>
  shared.formatMoney(language(), minor, currency, whole);

/** Minor units (the API's money) as the major units a money input shows. */
export const toMajor = shared.toMajorUnits;
/** Major units a user typed as the minor units the API keeps. */
export const toMinor = shared.toMinorUnits;

/** The company's currency (GBP until the signed-in user's details have arrived) and a formatter for it. */
export function useMoney() {
  // Subscribed to the language so a screen re-renders with the page's messages once they are in.
  useTranslation();
  const user = useCurrentUser();
  const currency = user.data?.company_currency ?? 'GBP';
  return { currency, format: (minor: number) => formatMoney(minor, currency) };
}
