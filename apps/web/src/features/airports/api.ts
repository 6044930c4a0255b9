import type { Airport, AirportCreate, AirportUpdate, CoreAirport } from '@ps/contracts';
import { createResource } from '../../lib/resource';
import { type AirportListSearch, type CoreAirportListSearch, DEFAULT_CORE_AIRPORT_SORT, DEFAULT_SORT } from './search';

/** The company's airports: `/api/airport/*`. */
export const airportsResource = createResource<Airport, AirportCreate, AirportUpdate, AirportListSearch>({
  key: 'airports',
  path: 'airport',
  defaultSort: DEFAULT_SORT,
  filters: (search) => ({ status: search.status }),
});

/** The organisation's master list: `/api/core/airport/*` (read-only on the web for now). */
export const coreAirportsResource = createResource<CoreAirport, never, never, CoreAirportListSearch>({
  key: 'core-airports',
  path: 'core/airport',
  defaultSort: DEFAULT_CORE_AIRPORT_SORT,
  filters: (search) => ({ status: search.status }),
});
