import { parseListSearch } from '../airports/search';

export const coreAirportSortFields = ['iata_code', 'name'] as const;
export type CoreAirportSortField = (typeof coreAirportSortFields)[number];

export interface CoreAirportListSearch {
  page?: number;
  page_size?: number;
  sort?: CoreAirportSortField | `-${CoreAirportSortField}`;
  search?: string;
}

export function validateCoreAirportSearch(raw: Record<string, unknown>): CoreAirportListSearch {
  return parseListSearch(raw, coreAirportSortFields);
}
