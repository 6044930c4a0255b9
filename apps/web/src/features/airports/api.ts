import { airportEndpoints, coreAirportEndpoints } from '@ps/contracts';
import { statusFilterQuery } from '../../lib/listSearch';
import { createResource } from '../../lib/resource';

/** The company's airports. */
export const airportsResource = createResource({
  key: 'airports',
  endpoints: airportEndpoints,
  defaultSort: 'iata_code',
  filters: statusFilterQuery,
});

/** The organisation's master list (the super admin keeps it; companies pick from it). */
export const coreAirportsResource = createResource({
  key: 'core-airports',
  endpoints: coreAirportEndpoints,
  defaultSort: 'iata_code',
  filters: statusFilterQuery,
});
