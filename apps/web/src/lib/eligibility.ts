import type { Ineligibility } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import { formatDay } from './format';

/**
 * Each reason a driver gets no trips, as a sentence: "Insurance certificate expired on 31 May 2026". The drivers
 * screens and the dispatch screen say it alike; the words are the shell's (`eligibility.reasons.*`), loaded with it.
 */
export function useReasonText() {
  const { t } = useTranslation();
  return (reason: Ineligibility) =>
    t(`eligibility.reasons.${reason.code}`, { name: reason.document_type_name ?? '', date: reason.date ? formatDay(reason.date) : '' });
}
