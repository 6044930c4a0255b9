import { type OnSiteFlagFilter, onSiteFlagFilters } from '@ps/contracts/onSite';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../lib/listSearch';

/** The Cars on site screen's URL state: one place (a yard or a car park), the search, the flag, the page. */
export interface OnSiteSearch {
  yard_id?: number;
  location_id?: number;
  search?: string;
  flag?: OnSiteFlagFilter;
  page?: number;
  page_size?: number;
}

const positiveInt = (raw: unknown) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Reads the URL, dropping anything malformed (a yard wins over a car park in a hand-made URL). */
export function validateOnSiteSearch(raw: Record<string, unknown>): OnSiteSearch {
  const yard = positiveInt(raw.yard_id);
  const pageSize = positiveInt(raw.page_size);
  const search = raw.search === undefined || raw.search === null ? '' : String(raw.search).trim();
  return {
    yard_id: yard,
    location_id: yard === undefined ? positiveInt(raw.location_id) : undefined,
    search: search || undefined,
    flag: onSiteFlagFilters.find((flag) => flag === raw.flag),
    page: positiveInt(raw.page),
    page_size: pageSize && (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : undefined,
  };
}

/** The list call's query for the URL state. */
export const onSiteQuery = (search: OnSiteSearch) => ({
  yard_id: search.yard_id,
  location_id: search.location_id,
  search: search.search,
  flag: search.flag,
  page: search.page ?? 1,
  page_size: search.page_size ?? DEFAULT_PAGE_SIZE,
});

/** A place's value in the picker: `yard:3`, `location:7`, or empty for every place. */
export const placeValue = (search: OnSiteSearch): string =>
  search.yard_id ? `yard:${search.yard_id}` : search.location_id ? `location:${search.location_id}` : '';

export function placeFilter(value: string): Pick<OnSiteSearch, 'yard_id' | 'location_id'> {
  const [kind, id] = value.split(':');
  const number = positiveInt(id);
  if (number === undefined) return { yard_id: undefined, location_id: undefined };
  return kind === 'yard' ? { yard_id: number, location_id: undefined } : { yard_id: undefined, location_id: number };
}
