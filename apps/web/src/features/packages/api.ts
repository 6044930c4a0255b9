import type { Package, PackageCreate, PackageUpdate } from '@ps/contracts';
import { createResource } from '../../lib/resource';
import { DEFAULT_SORT, type PackageListSearch } from './search';

/** The company's packages: `/api/package/*`. */
export const packagesResource = createResource<Package, PackageCreate, PackageUpdate, PackageListSearch>({
  key: 'packages',
  path: 'package',
  defaultSort: DEFAULT_SORT,
  filters: (search) => ({ status: search.status, type: search.type }),
});
