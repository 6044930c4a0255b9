import type { LocationType } from '@ps/contracts';
import { coreLocationSortFields, locationSortFields } from '@ps/contracts/common/sortFields';
import { type ListSearch, parseListSearch, parseStatusFilter } from '../../lib/listSearch';

/**
 * The location types, without zod (like the sort fields): parsing the list's URL needs no schema. `satisfies`
 * keeps this list equal to the contract's.
 */
export const LOCATION_TYPES = ['car_park', 'terminal', 'meeting_point', 'other'] as const satisfies readonly LocationType[];

function parseType(raw: unknown): LocationType | undefined {
  return (LOCATION_TYPES as readonly unknown[]).includes(raw) ? (raw as LocationType) : undefined;
}

function parseId(raw: unknown): number | undefined {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export type LocationSortField = (typeof locationSortFields)[number];

/** The locations list's state as kept in the URL: paging, sort, search, and the airport, type and status filters. */
export interface LocationListSearch extends ListSearch {
  sort?: LocationSortField | `-${LocationSortField}`;
  status?: 0 | 1;
  airport_id?: number;
  type?: LocationType;
}

export const DEFAULT_LOCATION_SORT: LocationSortField = 'name';

export function validateLocationSearch(raw: Record<string, unknown>): LocationListSearch {
  return {
    ...parseListSearch(raw, locationSortFields),
    status: parseStatusFilter(raw.status),
    airport_id: parseId(raw.airport_id),
    type: parseType(raw.type),
  };
}

export type CoreLocationSortField = (typeof coreLocationSortFields)[number];

export interface CoreLocationListSearch extends ListSearch {
  sort?: CoreLocationSortField | `-${CoreLocationSortField}`;
  status?: 0 | 1;
  core_airport_id?: number;
  type?: LocationType;
}

export const DEFAULT_CORE_LOCATION_SORT: CoreLocationSortField = 'name';

export function validateCoreLocationSearch(raw: Record<string, unknown>): CoreLocationListSearch {
  return {
    ...parseListSearch(raw, coreLocationSortFields),
    status: parseStatusFilter(raw.status),
    core_airport_id: parseId(raw.core_airport_id),
    type: parseType(raw.type),
  };
}
