import { companyEndpoints } from '@ps/contracts';
import { statusFilterQuery } from '../../lib/listSearch';
import { createResource } from '../../lib/resource';

/** The organisation's companies (super admin): `/api/company/*`. */
export const companiesResource = createResource({
  key: 'companies',
  endpoints: companyEndpoints,
  defaultSort: 'name',
  filters: statusFilterQuery,
});

/** ISO 4217 currencies this browser knows, named in the user's language: "GBP – British Pound". */
export function currencyOptions(language: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([language], { type: 'currency' });
  return Intl.supportedValuesOf('currency').map((code) => ({ value: code, label: `${code} – ${names.of(code) ?? code}` }));
}
