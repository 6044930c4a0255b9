import { companySortFields } from '@ps/contracts/common/sortFields';
import { type ListSearch, parseListSearch, parseStatusFilter } from '../../lib/listSearch';

export type CompanySortField = (typeof companySortFields)[number];

/** The companies list's state as kept in the URL: page, page size, sort, search and status filter. */
export interface CompanyListSearch extends ListSearch {
  sort?: CompanySortField | `-${CompanySortField}`;
  status?: 0 | 1;
}

export const DEFAULT_SORT: CompanySortField = 'name';

export function validateCompanySearch(raw: Record<string, unknown>): CompanyListSearch {
  return { ...parseListSearch(raw, companySortFields), status: parseStatusFilter(raw.status) };
}
