import { airportEndpoints, coreAirportEndpoints } from '@ps/contracts';
import { createResource } from '../../lib/resource';
import { type AirportListSearch, type CoreAirportListSearch, DEFAULT_CORE_AIRPORT_SORT, DEFAULT_SORT } from './search';

/** The company's airports. */
export const airportsResource = createResource({
  key: 'airports',
  endpoints: airportEndpoints,
  defaultSort: DEFAULT_SORT,
  filters: (search: AirportListSearch) => ({ status: search.status }),
});

/** The organisation's master list (the super admin keeps it; companies pick from it). */
export const coreAirportsResource = createResource({
  key: 'core-airports',
  endpoints: coreAirportEndpoints,
  defaultSort: DEFAULT_CORE_AIRPORT_SORT,
  filters: (search: CoreAirportListSearch) => ({ status: search.status }),
});
