import type { AdditionalService, AdditionalServiceCreate, AdditionalServiceUpdate } from '@ps/contracts';
import { createResource } from '../../lib/resource';
import { type AdditionalServiceListSearch, DEFAULT_SORT } from './search';

/** The company's additional services: `/api/additional_services/*` (underscore, spec 7). */
export const additionalServicesResource = createResource<
  AdditionalService,
  AdditionalServiceCreate,
  AdditionalServiceUpdate,
  AdditionalServiceListSearch
>({
  key: 'additional-services',
  path: 'additional_services',
  defaultSort: DEFAULT_SORT,
  filters: (search) => ({ status: search.status }),
});
