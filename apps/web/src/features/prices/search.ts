import { locationPriceSortFields } from '@ps/contracts/common/sortFields';
import { type ListSearch, parseListSearch } from '../../lib/listSearch';

// Zod-free, like every page's URL parser: the pages parse their URL in their own chunk (lib/listPage.ts `usePageSearch`).

const BAND_TYPES = ['parking', 'meet_and_greet', 'park_and_ride'] as const;
export type GridBandType = (typeof BAND_TYPES)[number];

function id(raw: unknown): number | undefined {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
}

/** The price grid's state in the URL: which airport, route and band type, and which tab. */
export interface PriceGridSearch {
  airport_id?: number;
  departure_id?: number;
  arrival_id?: number;
  type?: GridBandType;
  tab?: 'route' | 'defaults';
}

export function validatePriceGridSearch(raw: Record<string, unknown>): PriceGridSearch {
  const type = BAND_TYPES.find((value) => value === raw.type);
  return {
    airport_id: id(raw.airport_id),
    departure_id: id(raw.departure_id),
    arrival_id: id(raw.arrival_id),
    type: type === 'parking' ? undefined : type,
    tab: raw.tab === 'defaults' ? 'defaults' : undefined,
  };
}

export type LocationPriceSortField = (typeof locationPriceSortFields)[number];

/** The location prices list's state in the URL: paging, sort, search and its filters. */
export interface LocationPriceListSearch extends ListSearch {
  sort?: LocationPriceSortField | `-${LocationPriceSortField}`;
  airport_id?: number;
  departure_id?: number;
  arrival_id?: number;
  band_id?: number;
  /** 1-12, or `every` for the every-month prices. */
  month?: number | 'every';
}

export function validateLocationPriceSearch(raw: Record<string, unknown>): LocationPriceListSearch {
  const month = raw.month === 'every' ? 'every' : id(raw.month);
  return {
    ...parseListSearch(raw, locationPriceSortFields),
    airport_id: id(raw.airport_id),
    departure_id: id(raw.departure_id),
    arrival_id: id(raw.arrival_id),
    band_id: id(raw.band_id),
    month: month === 'every' || (month !== undefined && month <= 12) ? month : undefined,
  };
}

export const DEFAULT_LOCATION_PRICE_SORT: LocationPriceSortField = 'departure_name';
