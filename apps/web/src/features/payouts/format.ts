import type { PayrollStatus } from '@ps/contracts';
import type { PayoutStatus } from '@ps/contracts/common/tripStates';
import { useTranslation } from 'react-i18next';
import { useFormatDay } from '../../lib/days';
import { formatNumber } from '../../lib/i18n';
import { intlLocale } from '../../lib/locale';

/** Badge colours of a payout's status: dark shades, so the dot badge's text keeps its contrast. */
export const statusColour: Record<PayoutStatus, string> = { draft: 'orange.9', approved: 'green.9' };
/** The same on the payroll, where a driver may have no payout of the month yet. */
export const payrollStatusColour: Record<PayrollStatus, string> = { none: 'gray.7', ...statusColour };

/** "1 May 2026 – 31 May 2026" in the user's language. */
export function usePeriodText() {
  const day = useFormatDay();
  return (start: string, end: string) => `${day(start)} – ${day(end)}`;
}

/** A month `YYYY-MM` as "May 2026" (Tamil: "மே 2026"), read as that month wherever the browser is. */
export function useFormatMonth() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(intlLocale(i18n.language), { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (month: string) => format.format(new Date(`${month}-01T00:00:00Z`));
}

/** Hours as a number in the user's language ("8.5"); the column or label says they are hours. */
export const hoursText = (hours: number) => formatNumber(hours);
