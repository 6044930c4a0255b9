import { bandEndpoints } from '@ps/contracts';
import { createResource } from '../../lib/resource';
import type { BandListSearch, BandSortField } from './search';

/**
 * The list's sort unless the URL says otherwise. Kept here, not in search.ts: the feature imports only types from
 * search.ts, so the router's validator stays in the router's chunk (no extra chunk before sign-in).
 */
export const DEFAULT_SORT: BandSortField = 'min_days';

/** The company's bands: `/api/band/*`. */
export const bandsResource = createResource({
  key: 'bands',
  endpoints: bandEndpoints,
  defaultSort: DEFAULT_SORT,
  filters: (search: BandListSearch) => ({ status: search.status, type: search.type }),
});
