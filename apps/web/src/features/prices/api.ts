import {
  airportEndpoints,
  type BandType,
  type BandTypeOption,
  bandEndpoints,
  bandMonthEndpoints,
  type EndpointBodyInput,
  locationEndpoints,
  locationPriceEndpoints,
} from '@ps/contracts';
import { MAX_PAGE_SIZE } from '@ps/contracts/common/pagination';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../lib/api';
import { formatMonthNumber } from '../../lib/format';
import { createResource } from '../../lib/resource';
import { DEFAULT_LOCATION_PRICE_SORT, type LocationPriceListSearch } from './search';

/** A route's own prices: `/api/location-price/*`. */
export const locationPricesResource = createResource({
  key: 'location-prices',
  endpoints: locationPriceEndpoints,
  defaultSort: DEFAULT_LOCATION_PRICE_SORT,
  filters: (search: LocationPriceListSearch) => ({
    airport_id: search.airport_id,
    departure_id: search.departure_id,
    arrival_id: search.arrival_id,
    band_id: search.band_id,
    month: search.month,
  }),
});

/** The company's active airports, to pick from. */
export function useAirportChoices() {
  return useQuery({
    queryKey: ['airports', 'list', { status: 1, page_size: MAX_PAGE_SIZE, sort: 'iata_code' }],
    queryFn: ({ signal }) =>
      callEndpoint(airportEndpoints.list, { query: { status: '1', page_size: MAX_PAGE_SIZE, sort: 'iata_code' }, signal }).then(
        (r) => r.data,
      ),
    staleTime: 60_000,
  });
}

/** The airport's active locations (departures and arrivals of its routes). */
export function useLocationChoices(airportId: number | undefined) {
  return useQuery({
    queryKey: ['locations', 'list', { airport_id: airportId, status: 1, page_size: MAX_PAGE_SIZE }],
    queryFn: ({ signal }) =>
      callEndpoint(locationEndpoints.list, {
        query: { airport_id: airportId, status: '1', page_size: MAX_PAGE_SIZE, sort: 'name' },
        signal,
      }).then((r) => r.data),
    enabled: airportId !== undefined,
    staleTime: 60_000,
  });
}

/** The company's active bands (all types, or one), for filters. */
export function useBandChoices(type?: BandType) {
  return useQuery({
    queryKey: ['bands', 'list', { type, status: 1, page_size: MAX_PAGE_SIZE }],
    queryFn: ({ signal }) =>
      callEndpoint(bandEndpoints.list, { query: { type, status: '1', page_size: MAX_PAGE_SIZE, sort: 'min_days' }, signal }).then(
        (r) => r.data,
      ),
    staleTime: 60_000,
  });
}

const BAND_TYPES: BandType[] = ['parking', 'meet_and_greet', 'park_and_ride'];

/** The band types labelled by the API in the user's language (`/api/band/type`); our own labels until it answers. */
export function useBandTypes(): BandTypeOption[] {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: ['bands', 'types', i18n.language],
    queryFn: ({ signal }) => callEndpoint(bandEndpoints.types, { signal }).then((r) => r.data),
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
  const query = useQuery({
    queryKey: ['months', i18n.language],
    queryFn: ({ signal }) => callEndpoint(bandEndpoints.months, { signal }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { silent: true },
  });
  return Array.from({ length: 12 }, (_, index) => {
    const named = query.data?.find((month) => month.id === index + 1)?.name;
    return { id: index + 1, name: named ?? formatMonthNumber(index + 1), short: formatMonthNumber(index + 1, 'shortName') };
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
    queryFn: query
      ? ({ signal }) => callEndpoint(locationPriceEndpoints.grid, { query: { ...query }, signal }).then((r) => r.data)
      : skipToken,
    enabled: query !== null,
  });
}

export function useDefaultsGrid(type: BandType, enabled: boolean) {
  return useQuery({
    queryKey: gridKeys.defaults(type),
    queryFn: ({ signal }) => callEndpoint(bandMonthEndpoints.grid, { query: { type }, signal }).then((r) => r.data),
    enabled,
  });
}

/** Saves, then refreshes every grid and list of prices (a default shows in route grids too). */
function useSave<Body, Result>(save: (body: Body) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['location-prices'] }),
        queryClient.invalidateQueries({ queryKey: ['band-months'] }),
      ]),
    // The screen shows these errors itself (beside the cells, in the dialog).
    meta: { silent: true },
  });
}

export const useSaveRouteGrid = () =>
  useSave((body: EndpointBodyInput<typeof locationPriceEndpoints.saveGrid>) =>
    callEndpoint(locationPriceEndpoints.saveGrid, { body }).then((r) => r.data),
  );
export const useSaveDefaultsGrid = () =>
  useSave((body: EndpointBodyInput<typeof bandMonthEndpoints.saveGrid>) =>
    callEndpoint(bandMonthEndpoints.saveGrid, { body }).then((r) => r.data),
  );
export const useCopySeason = () =>
  useSave((body: EndpointBodyInput<typeof locationPriceEndpoints.copy>) =>
    callEndpoint(locationPriceEndpoints.copy, { body }).then((r) => r.data),
  );

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
    queryFn: route
      ? ({ signal }) => callEndpoint(locationPriceEndpoints.versions, { query: { ...route }, signal }).then((r) => r.data)
      : skipToken,
    enabled: route !== null,
  });
}

/** GET /api/location-price/restore/preview: each price the restore changes (the dialog shows its error). */
export function usePriceListRestorePreview(route: PriceListRouteKey, auditId: number) {
  return useQuery({
    queryKey: ['location-prices', 'versions', route, 'preview', auditId],
    queryFn: ({ signal }) =>
      callEndpoint(locationPriceEndpoints.restorePreview, { query: { ...route, audit_id: auditId }, signal }).then((r) => r.data),
    retry: false,
    staleTime: 0,
    gcTime: 0,
    meta: { silent: true },
  });
}

export const useRestorePriceList = () =>
  useSave((body: PriceListRouteKey & { audit_id: number }) => callEndpoint(locationPriceEndpoints.restore, { body }).then((r) => r.data));
