import { coreAirportSortFields } from '@ps/contracts';
import { type ListSearch, parseListSearch } from '../../lib/list';

export type CoreAirportSortField = (typeof coreAirportSortFields)[number];

export interface CoreAirportListSearch extends ListSearch {
  sort?: CoreAirportSortField | `-${CoreAirportSortField}`;
}

export const DEFAULT_CORE_AIRPORT_SORT: CoreAirportSortField = 'iata_code';

export function validateCoreAirportSearch(raw: Record<string, unknown>): CoreAirportListSearch {
  return parseListSearch(raw, coreAirportSortFields);
}
