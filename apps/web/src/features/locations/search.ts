import type { LocationType } from '@ps/contracts';
import { coreLocationSortFields, locationSortFields } from '@ps/contracts/common/sortFields';
import { parseStatusListSearch, type StatusListSearch } from '../../lib/listSearch';

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

/** The locations list's state as kept in the URL: paging, sort, search, and the airport, type and status filters. */
export interface LocationListSearch extends StatusListSearch {
  airport_id?: number;
  type?: LocationType;
}

export function validateLocationSearch(raw: Record<string, unknown>): LocationListSearch {
  return { ...parseStatusListSearch(raw, locationSortFields), airport_id: parseId(raw.airport_id), type: parseType(raw.type) };
}

/** The core list's: its airport filter is a core airport. */
export interface CoreLocationListSearch extends StatusListSearch {
  core_airport_id?: number;
  type?: LocationType;
}

export function validateCoreLocationSearch(raw: Record<string, unknown>): CoreLocationListSearch {
  return {
    ...parseStatusListSearch(raw, coreLocationSortFields),
    core_airport_id: parseId(raw.core_airport_id),
    type: parseType(raw.type),
  };
}
