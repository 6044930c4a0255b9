import { packageEndpoints } from '@ps/contracts';
import { createResource } from '../../lib/resource';
import type { PackageListSearch, PackageSortField } from './search';

/**
 * The list's sort unless the URL says otherwise. Kept here, not in search.ts: the feature imports only types from
 * search.ts, so the router's validator stays in the router's chunk (no extra chunk before sign-in).
 */
export const DEFAULT_SORT: PackageSortField = 'name';

/** The company's packages: `/api/package/*`. */
export const packagesResource = createResource({
  key: 'packages',
  endpoints: packageEndpoints,
  defaultSort: DEFAULT_SORT,
  filters: (search: PackageListSearch) => ({ status: search.status, type: search.type }),
});
