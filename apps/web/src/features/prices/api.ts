import type {
  Airport,
  Band,
  BandMonthGrid,
  BandMonthGridSave,
  BandType,
  BandTypeOption,
  GridSaveResult,
  Location,
  LocationPrice,
  LocationPriceCreate,
  LocationPriceUpdate,
  Month,
  PriceCopy,
  PriceCopyResult,
  PriceGrid,
  PriceGridSave,
  PriceListRestorePreview,
  PriceListRestoreResult,
  PriceListVersion,
} from '@ps/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api';
import { intlLocale } from '../../lib/locale';
import { createResource } from '../../lib/resource';
import { DEFAULT_LOCATION_PRICE_SORT, type LocationPriceListSearch } from './search';

/** A route's own prices: `/api/location-price/*`. */
export const locationPricesResource = createResource<LocationPrice, LocationPriceCreate, LocationPriceUpdate, LocationPriceListSearch>({
  key: 'location-prices',
  path: 'location-price',
  defaultSort: DEFAULT_LOCATION_PRICE_SORT,
  filters: (search) => ({
    airport_id: search.airport_id,
    departure_id: search.departure_id,
    arrival_id: search.arrival_id,
    band_id: search.band_id,
    month: search.month,
  }),
});

const ALL = 1000;
const get = <T>(path: string, query: Record<string, string | number | undefined>, signal?: AbortSignal) =>
  apiRequest<T>(path, { query, signal }).then((response) => response.data);

/** The company's active airports, to pick from. */
export function useAirportChoices() {
  return useQuery({
    queryKey: ['airports', 'list', { status: 1, page_size: ALL, sort: 'iata_code' }],
    queryFn: ({ signal }) => get<Airport[]>('/airport/list', { status: 1, page_size: ALL, sort: 'iata_code' }, signal),
    staleTime: 60_000,
  });
}

/** The airport's active locations (departures and arrivals of its routes). */
export function useLocationChoices(airportId: number | undefined) {
  return useQuery({
    queryKey: ['locations', 'list', { airport_id: airportId, status: 1, page_size: ALL }],
    queryFn: ({ signal }) => get<Location[]>('/location/list', { airport_id: airportId, status: 1, page_size: ALL, sort: 'name' }, signal),
    enabled: airportId !== undefined,
    staleTime: 60_000,
  });
}

/** The company's active bands (all types, or one), for filters. */
export function useBandChoices(type?: BandType) {
  return useQuery({
    queryKey: ['bands', 'list', { type, status: 1, page_size: ALL }],
    queryFn: ({ signal }) => get<Band[]>('/band/list', { type, status: 1, page_size: ALL, sort: 'min_days' }, signal),
    staleTime: 60_000,
  });
}

const BAND_TYPES: BandType[] = ['parking', 'meet_and_greet', 'park_and_ride'];

/** The band types labelled by the API in the user's language (`/api/band/type`); our own labels until it answers. */
export function useBandTypes(): BandTypeOption[] {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: ['bands', 'types', i18n.language],
    queryFn: ({ signal }) => get<BandTypeOption[]>('/band/type', {}, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { silent: true },
  });
  return query.data ?? BAND_TYPES.map((value) => ({ value, label: t(`prices.bandTypes.${value}`) }));
}

export interface MonthName {
  id: number;
  /** "January" (the API's name in the user's language). */
  name: string;
  /** "Jan": the grid's column header. */
  short: string;
}

/** The twelve months: names from `/api/month/list` (the user's language), short names from the browser. */
export function useMonths(): MonthName[] {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const query = useQuery({
    queryKey: ['months', i18n.language],
    queryFn: ({ signal }) => get<Month[]>('/month/list', {}, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { silent: true },
  });
  const long = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const short = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(2026, index, 1));
    const named = query.data?.find((month) => month.id === index + 1)?.name;
    return { id: index + 1, name: named ?? long.format(date), short: short.format(date) };
  });
}

export const gridKeys = {
  route: (query: { airport_id: number; departure_id: number; arrival_id: number; type: BandType }) =>
    ['location-prices', 'grid', query] as const,
  defaults: (type: BandType) => ['band-months', 'grid', type] as const,
};

export function useRouteGrid(query: { airport_id: number; departure_id: number; arrival_id: number; type: BandType } | null) {
  return useQuery({
    queryKey: gridKeys.route(query ?? { airport_id: 0, departure_id: 0, arrival_id: 0, type: 'parking' }),
    queryFn: ({ signal }) => get<PriceGrid>('/location-price/grid', { ...(query ?? {}) }, signal),
    enabled: query !== null,
  });
}

export function useDefaultsGrid(type: BandType, enabled: boolean) {
  return useQuery({
    queryKey: gridKeys.defaults(type),
    queryFn: ({ signal }) => get<BandMonthGrid>('/band-month/grid', { type }, signal),
    enabled,
  });
}

/** Saves, then refreshes every grid and list of prices (a default shows in route grids too). */
function useSave<Body, Result>(path: string, method: 'PUT' | 'POST') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiRequest<Result>(path, { method, body }).then((response) => response.data),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['location-prices'] }),
        queryClient.invalidateQueries({ queryKey: ['band-months'] }),
      ]),
    // The screen shows these errors itself (beside the cells, in the dialog).
    meta: { silent: true },
  });
}

export const useSaveRouteGrid = () => useSave<PriceGridSave, GridSaveResult>('/location-price/grid', 'PUT');
export const useSaveDefaultsGrid = () => useSave<BandMonthGridSave, GridSaveResult>('/band-month/grid', 'PUT');
export const useCopySeason = () => useSave<PriceCopy, PriceCopyResult>('/location-price/copy', 'POST');

// ---- a route's price list versions and their restore ----------------------------------------------------------

export interface PriceListRouteKey {
  airport_id: number;
  departure_id: number;
  arrival_id: number;
}

/** GET /api/location-price/versions: the route's own prices after each save, newest first. */
export function usePriceListVersions(route: PriceListRouteKey | null) {
  return useQuery({
    queryKey: ['location-prices', 'versions', route],
    queryFn: ({ signal }) => get<PriceListVersion[]>('/location-price/versions', { ...(route ?? {}) }, signal),
    enabled: route !== null,
  });
}

/** GET /api/location-price/restore/preview: each price the restore changes (the dialog shows its error). */
export function usePriceListRestorePreview(route: PriceListRouteKey, auditId: number) {
  return useQuery({
    queryKey: ['location-prices', 'versions', route, 'preview', auditId],
    queryFn: ({ signal }) => get<PriceListRestorePreview>('/location-price/restore/preview', { ...route, audit_id: auditId }, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
    meta: { silent: true },
  });
}

export const useRestorePriceList = () =>
  useSave<PriceListRouteKey & { audit_id: number }, PriceListRestoreResult>('/location-price/restore', 'POST');
