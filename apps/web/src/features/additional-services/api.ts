import { additionalServiceEndpoints } from '@ps/contracts';
import { createResource } from '../../lib/resource';
import type { AdditionalServiceListSearch, AdditionalServiceSortField } from './search';

/**
 * The list's sort unless the URL says otherwise. Kept here, not in search.ts: the feature imports only types from
 * search.ts, so the router's validator stays in the router's chunk (no extra chunk before sign-in).
 */
export const DEFAULT_SORT: AdditionalServiceSortField = 'name';

/** The company's additional services: `/api/additional_services/*` (underscore, spec 7). */
export const additionalServicesResource = createResource({
  key: 'additional-services',
  endpoints: additionalServiceEndpoints,
  defaultSort: DEFAULT_SORT,
  filters: (search: AdditionalServiceListSearch) => ({ status: search.status }),
});
