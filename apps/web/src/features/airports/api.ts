import type { Airport, AirportCreate, AirportUpdate, CoreAirport, CoreAirportCreate, CoreAirportUpdate } from '@ps/contracts';
import { createResource } from '../../lib/resource';
import { type AirportListSearch, type CoreAirportListSearch, DEFAULT_CORE_AIRPORT_SORT, DEFAULT_SORT } from './search';

/** The company's airports: `/api/airport/*`. */
export const airportsResource = createResource<Airport, AirportCreate, AirportUpdate, AirportListSearch>({
  key: 'airports',
  path: 'airport',
  defaultSort: DEFAULT_SORT,
  filters: (search) => ({ status: search.status }),
});

/** The organisation's master list: `/api/core/airport/*` (the super admin keeps it; companies pick from it). */
export const coreAirportsResource = createResource<CoreAirport, CoreAirportCreate, CoreAirportUpdate, CoreAirportListSearch>({
  key: 'core-airports',
  path: 'core/airport',
  defaultSort: DEFAULT_CORE_AIRPORT_SORT,
  filters: (search) => ({ status: search.status }),
});
