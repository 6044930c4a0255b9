import { additionalServiceEndpoints } from '@ps/contracts';
import { statusFilterQuery } from '../../lib/listSearch';
import { createResource } from '../../lib/resource';

/** The company's additional services: `/api/additional_services/*` (underscore, spec 7). */
export const additionalServicesResource = createResource({
  key: 'additional-services',
  endpoints: additionalServiceEndpoints,
  defaultSort: 'name',
  filters: statusFilterQuery,
});
