import { yardSortFields } from '@ps/contracts/common/sortFields';
import { type ListSearch, parseListSearch, parseStatusFilter } from '../../lib/listSearch';

export type YardSortField = (typeof yardSortFields)[number];

/** The yards list's state as kept in the URL: paging, sort, search and the status filter. */
export interface YardListSearch extends ListSearch {
  sort?: YardSortField | `-${YardSortField}`;
  status?: 0 | 1;
}

export const DEFAULT_YARD_SORT: YardSortField = 'name';

export function validateYardSearch(raw: Record<string, unknown>): YardListSearch {
  return { ...parseListSearch(raw, yardSortFields), status: parseStatusFilter(raw.status) };
}
