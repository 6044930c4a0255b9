// A list's URL state and its parsing, apart from the list hooks (Mantine, the table): each list page parses its
// URL with these in its own chunk (lib/listPage.ts `usePageSearch`), the routes have no `validateSearch`.

/**
 * What every list keeps in the URL (ENGINEERING.md: lists keep page, sort and filters in the URL). A list's
 * own search type extends this with its filters; defaults are left out of the URL.
 */
export interface ListSearch {
  page?: number;
  page_size?: number;
  sort?: string;
  search?: string;
}

/** Writes part of a list's URL state; a filter change goes back to page 1 unless `resetPage` is false. */
export type SetListSearch<S extends ListSearch> = (patch: Partial<S>, resetPage?: boolean) => unknown;

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

/** `status=1` / `status=0` in the URL; anything else means "all". */
export function parseStatusFilter(raw: unknown): 0 | 1 | undefined {
  const status = String(raw);
  return status === '0' || status === '1' ? (Number(status) as 0 | 1) : undefined;
}

/** The URL state of a list with a status filter (most of the catalogue's lists). */
export interface StatusListSearch extends ListSearch {
  status?: 0 | 1;
}

/** Reads a status-filtered list's URL state: paging, a known sort, search and `status`. */
export function parseStatusListSearch<S extends string>(raw: Record<string, unknown>, sortFields: readonly S[]): StatusListSearch {
  return { ...parseListSearch(raw, sortFields), status: parseStatusFilter(raw.status) };
}

/** The list call's own filter of a status-filtered list. */
export const statusFilterQuery = (search: StatusListSearch) => ({ status: search.status });
