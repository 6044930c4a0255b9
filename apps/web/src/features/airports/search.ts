import { airportSortFields } from '@ps/contracts';
import { type ListSearch, parseListSearch } from '../../lib/list';

export type AirportSortField = (typeof airportSortFields)[number];
export type AirportSort = AirportSortField | `-${AirportSortField}`;

/** The airports list's state as kept in the URL: page, page size, sort, search and status filter. */
export interface AirportListSearch extends ListSearch {
  sort?: AirportSort;
  status?: 0 | 1;
}

export function validateAirportSearch(raw: Record<string, unknown>): AirportListSearch {
  const status = String(raw.status);
  return {
    ...parseListSearch(raw, airportSortFields),
    status: status === '0' || status === '1' ? (Number(status) as 0 | 1) : undefined,
  };
}

/** The list is sorted by IATA code unless the URL says otherwise. */
export const DEFAULT_SORT: AirportSortField = 'iata_code';
