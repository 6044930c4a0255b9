import type { PayrollStatus } from '@ps/contracts';
import type { PayoutStatus } from '@ps/contracts/common/tripStates';
import { formatDay, formatMonth, formatNumber } from '../../lib/format';

/** Badge colours of a payout's status: dark shades, so the dot badge's text keeps its contrast. */
export const statusColour: Record<PayoutStatus, string> = { draft: 'orange.9', approved: 'green.9' };
/** The same on the payroll, where a driver may have no payout of the month yet. */
export const payrollStatusColour: Record<PayrollStatus, string> = { none: 'gray.7', ...statusColour };

/** "1 May 2026 – 31 May 2026" in the user's language. */
export function usePeriodText() {
  return (start: string, end: string) => `${formatDay(start)} – ${formatDay(end)}`;
}

/** A month `YYYY-MM` as "May 2026" (Tamil: "மே 2026"), read as that month wherever the browser is. */
export const useFormatMonth = () => (month: string) => formatMonth(month);

/** Hours as a number in the user's language ("8.5"); the column or label says they are hours. */
export const hoursText = (hours: number) => formatNumber(hours);

/**
 * The last day an approved payout covers. A period may end after today (November's pay approved on the 27th): it is
 * then said to be a period not over yet, never "paid until 30 Nov" as if the days to come were paid ahead.
 */
export function paidUntilText(day: string, today: string, t: (key: string, options: { day: string }) => string): string {
  return day > today ? t('payouts.figures.paidAhead', { day: formatDay(day) }) : formatDay(day);
}
