import { airportSortFields, coreAirportSortFields } from '@ps/contracts/common/sortFields';
import { type ListSearch, parseListSearch, parseStatusFilter } from '../../lib/listSearch';

export type AirportSortField = (typeof airportSortFields)[number];
export type AirportSort = AirportSortField | `-${AirportSortField}`;

/** The airports list's state as kept in the URL: page, page size, sort, search and status filter. */
export interface AirportListSearch extends ListSearch {
  sort?: AirportSort;
  status?: 0 | 1;
}

export function validateAirportSearch(raw: Record<string, unknown>): AirportListSearch {
  return { ...parseListSearch(raw, airportSortFields), status: parseStatusFilter(raw.status) };
}

/** The list is sorted by IATA code unless the URL says otherwise. */
export const DEFAULT_SORT: AirportSortField = 'iata_code';

export type CoreAirportSortField = (typeof coreAirportSortFields)[number];

export interface CoreAirportListSearch extends ListSearch {
  sort?: CoreAirportSortField | `-${CoreAirportSortField}`;
  status?: 0 | 1;
}

export const DEFAULT_CORE_AIRPORT_SORT: CoreAirportSortField = 'iata_code';

export function validateCoreAirportSearch(raw: Record<string, unknown>): CoreAirportListSearch {
  return { ...parseListSearch(raw, coreAirportSortFields), status: parseStatusFilter(raw.status) };
}
