import { useTranslation } from 'react-i18next';
import { useCurrentUser } from './currentUser';
import { intlLocale } from './locale';

/**
 * Money is integer minor units in the API (pence, cents); the screens show it as money in the user's
 * language and the company's currency. Exponent from Intl: GBP has 2 minor digits, JPY 0, BHD 3.
 */
export function minorDigitsOf(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** minorDigitsOf(currency);
}

/** Major units typed by a user (12.5) to minor units (1250), rounded to the nearest minor unit. */
export function toMinor(major: number, currency: string): number {
  return Math.round(major * 10 ** minorDigitsOf(currency));
}

export function formatMoney(minor: number, currency: string, language: string): string {
  const locale = intlLocale(language);
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(toMajor(minor, currency));
}

/** Money in whole units, for a chart's axis: "£120". */
export function formatMoneyWhole(minor: number, currency: string, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(toMajor(minor, currency));
}

/** The company's currency (GBP until the signed-in user's details have arrived) and a formatter for it. */
export function useMoney() {
  const { i18n } = useTranslation();
  const user = useCurrentUser();
  const currency = user.data?.company_currency ?? 'GBP';
  return { currency, format: (minor: number) => formatMoney(minor, currency, i18n.language) };
}
