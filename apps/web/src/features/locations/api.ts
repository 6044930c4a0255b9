import { airportEndpoints, coreAirportEndpoints, coreLocationEndpoints, locationEndpoints } from '@ps/contracts';
import type { Scope } from '../../lib/features';
import { type StatusListSearch, statusFilterQuery } from '../../lib/listSearch';
import { createResource } from '../../lib/resource';
import type { CoreLocationListSearch, LocationListSearch } from './search';

/** The company's locations: `/api/location/*`. */
export const locationsResource = createResource({
  key: 'locations',
  endpoints: locationEndpoints,
  defaultSort: 'name',
  filters: (search: LocationListSearch) => ({ status: search.status, airport_id: search.airport_id, type: search.type }),
});

/** The organisation's master locations: `/api/core/location/*` (the super admin keeps them; companies pick). */
export const coreLocationsResource = createResource({
  key: 'core-locations',
  endpoints: coreLocationEndpoints,
  defaultSort: 'name',
  filters: (search: CoreLocationListSearch) => ({ status: search.status, core_airport_id: search.core_airport_id, type: search.type }),
});

/**
 * The airports a location can be at (read only here; the airports feature keeps them). Same query keys as
 * that feature's resources, so an airport added there shows here at once.
 */
const airportChoices = {
  company: createResource({
    key: 'airports',
    endpoints: { list: airportEndpoints.list, get: airportEndpoints.get },
    defaultSort: 'iata_code',
    filters: statusFilterQuery,
  }),
  org: createResource({
    key: 'core-airports',
    endpoints: { list: coreAirportEndpoints.list, get: coreAirportEndpoints.get },
    defaultSort: 'iata_code',
    filters: statusFilterQuery,
  }),
};

/** The company's airports (`company`) or the organisation's core airports (`org`), all of them, sorted by code. */
export const useAirports = (scope: Scope) => airportChoices[scope].useList({ page_size: 1000 } satisfies StatusListSearch);
/** Active core locations to pick from (the company's add form). */
export const useCoreLocationChoices = () => coreLocationsResource.useList({ page_size: 1000, status: 1 });
