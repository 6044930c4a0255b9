import type { Package, PackageCreate, PackageUpdate } from '@ps/contracts';
import { createResource } from '../../lib/resource';
import type { PackageListSearch, PackageSortField } from './search';

/**
 * The list's sort unless the URL says otherwise. Kept here, not in search.ts: the feature imports only types from
 * search.ts, so the router's validator stays in the router's chunk (no extra chunk before sign-in).
 */
export const DEFAULT_SORT: PackageSortField = 'name';

/** The company's packages: `/api/package/*`. */
export const packagesResource = createResource<Package, PackageCreate, PackageUpdate, PackageListSearch>({
  key: 'packages',
  path: 'package',
  defaultSort: DEFAULT_SORT,
  filters: (search) => ({ status: search.status, type: search.type }),
});
