import { type ListSearch, parseListSearch } from '../../lib/listSearch';

/** The countries screen sorts on the client (names are shown in the user's language), by these fields. */
export const COUNTRY_SORT_FIELDS = ['name', 'iso_code', 'dialling_code'] as const;
export type CountrySortField = (typeof COUNTRY_SORT_FIELDS)[number];

export interface CountryListSearch extends ListSearch {
  sort?: CountrySortField | `-${CountrySortField}`;
}

export const DEFAULT_COUNTRY_SORT: CountrySortField = 'name';

export function validateCountrySearch(raw: Record<string, unknown>): CountryListSearch {
  return parseListSearch(raw, COUNTRY_SORT_FIELDS);
}
