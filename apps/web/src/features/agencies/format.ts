import type { Agency, CoreAgency } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';

/** A commission percent in the user's language: "12.5 %" (up to two decimals, as kept). */
export function useFormatPercent() {
  const { t } = useTranslation();
  return (percent: number) => t('agencies.percent', { value: formatNumber(percent, 2) });
}

/** Who to talk to at an agency, on one line: name, e-mail, phone (those given). */
export const contactLine = (agency: Pick<Agency | CoreAgency, 'contact_name' | 'contact_email' | 'contact_phone'>) =>
  [agency.contact_name, agency.contact_email, agency.contact_phone].filter(Boolean).join(' · ');
