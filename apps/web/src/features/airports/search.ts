import { airportSortFields } from '@ps/contracts';

export type AirportSortField = (typeof airportSortFields)[number];
export type AirportSort = AirportSortField | `-${AirportSortField}`;

/** The airports list's state as kept in the URL: page, page size, sort, search and status filter. */
export interface AirportListSearch {
  page?: number;
  page_size?: number;
  sort?: AirportSort;
  search?: string;
  status?: 0 | 1;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

function positiveInt(value: unknown): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Reads the list state from the URL, dropping anything malformed instead of failing the page. */
export function parseListSearch<S extends string>(raw: Record<string, unknown>, sortFields: readonly S[]) {
  const sortValue = typeof raw.sort === 'string' ? raw.sort : undefined;
  const sortField = sortValue?.replace(/^-/, '');
  const pageSize = positiveInt(raw.page_size);
  // The router parses `?search=123` as a number; a search is always text.
  const search = raw.search === undefined || raw.search === null ? '' : String(raw.search).trim();
  return {
    page: positiveInt(raw.page),
    page_size: pageSize && (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : undefined,
    sort: sortField && (sortFields as readonly string[]).includes(sortField) ? (sortValue as S | `-${S}`) : undefined,
    search: search || undefined,
  };
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
