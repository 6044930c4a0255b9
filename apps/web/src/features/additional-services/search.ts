import { additionalServiceSortFields } from '@ps/contracts/common/sortFields';
import { type ListSearch, parseListSearch, parseStatusFilter } from '../../lib/listSearch';

export type AdditionalServiceSortField = (typeof additionalServiceSortFields)[number];

/** The services list's URL state: paging, sort, search and status. */
export interface AdditionalServiceListSearch extends ListSearch {
  sort?: AdditionalServiceSortField | `-${AdditionalServiceSortField}`;
  status?: 0 | 1;
}

export function validateAdditionalServiceSearch(raw: Record<string, unknown>): AdditionalServiceListSearch {
  return { ...parseListSearch(raw, additionalServiceSortFields), status: parseStatusFilter(raw.status) };
}
