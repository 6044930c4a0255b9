import type { Agency, CoreAgency } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../lib/locale';

/** A commission percent in the user's language: "12.5 %" (up to two decimals, as kept). */
export function useFormatPercent() {
  const { i18n, t } = useTranslation();
  const number = new Intl.NumberFormat(intlLocale(i18n.language), { maximumFractionDigits: 2 });
  return (percent: number) => t('agencies.percent', { value: number.format(percent) });
}

/** Who to talk to at an agency, on one line: name, e-mail, phone (those given). */
export const contactLine = (agency: Pick<Agency | CoreAgency, 'contact_name' | 'contact_email' | 'contact_phone'>) =>
  [agency.contact_name, agency.contact_email, agency.contact_phone].filter(Boolean).join(' · ');
