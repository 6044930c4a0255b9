import { airportEndpoints, coreAirportEndpoints, coreLocationEndpoints, locationEndpoints } from '@ps/contracts';
import type { ListSearch } from '../../lib/listSearch';
import { createResource } from '../../lib/resource';
import { type CoreLocationListSearch, DEFAULT_CORE_LOCATION_SORT, DEFAULT_LOCATION_SORT, type LocationListSearch } from './search';

/** The company's locations: `/api/location/*`. */
export const locationsResource = createResource({
  key: 'locations',
  endpoints: locationEndpoints,
  defaultSort: DEFAULT_LOCATION_SORT,
  filters: (search: LocationListSearch) => ({ status: search.status, airport_id: search.airport_id, type: search.type }),
});

/** The organisation's master locations: `/api/core/location/*` (the super admin keeps them; companies pick). */
export const coreLocationsResource = createResource({
  key: 'core-locations',
  endpoints: coreLocationEndpoints,
  defaultSort: DEFAULT_CORE_LOCATION_SORT,
  filters: (search: CoreLocationListSearch) => ({ status: search.status, core_airport_id: search.core_airport_id, type: search.type }),
});

interface AirportChoiceSearch extends ListSearch {
  status?: 0 | 1;
}

/**
 * The airports a location can be at (read only here; the airports feature keeps them). Same query keys as
 * that feature's resource, so an airport added there shows here at once.
 */
const airportChoices = createResource({
  key: 'airports',
  endpoints: { list: airportEndpoints.list, get: airportEndpoints.get },
  defaultSort: 'iata_code',
  filters: (search: AirportChoiceSearch) => ({ status: search.status }),
});
const coreAirportChoices = createResource({
  key: 'core-airports',
  endpoints: { list: coreAirportEndpoints.list, get: coreAirportEndpoints.get },
  defaultSort: 'iata_code',
  filters: (search: AirportChoiceSearch) => ({ status: search.status }),
});

/** The company's airports (all, or only active ones for a form), sorted by code. */
export const useCompanyAirports = (activeOnly: boolean) => airportChoices.useList({ page_size: 1000, status: activeOnly ? 1 : undefined });
/** The organisation's core airports, sorted by code. */
export const useCoreAirports = (activeOnly: boolean) => coreAirportChoices.useList({ page_size: 1000, status: activeOnly ? 1 : undefined });
/** Active core locations to pick from (enabled on the create form only). */
export const useCoreLocationChoices = (enabled: boolean) => coreLocationsResource.useList({ page_size: 1000, status: 1 }, { enabled });
