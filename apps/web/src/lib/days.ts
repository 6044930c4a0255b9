import { useTranslation } from 'react-i18next';
import { intlLocale } from './locale';

/** A calendar day `YYYY-MM-DD` in the user's language ("1 Jun 2026"), read as that day wherever the browser is. */
export function useFormatDay() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeZone: 'UTC' });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
}

/** Today in the browser's time zone, as `YYYY-MM-DD` (the value of a date input). */
export const todayInBrowser = () => new Date().toLocaleDateString('en-CA');
