import { type BandType, packageEndpoints } from '@ps/contracts';
import type { StatusListSearch } from '../../lib/listSearch';
import { createResource } from '../../lib/resource';

/** The packages list's URL state: the usual one and the band type. */
export interface PackageListSearch extends StatusListSearch {
  type?: BandType;
}

/** The company's packages: `/api/package/*`. */
export const packagesResource = createResource({
  key: 'packages',
  endpoints: packageEndpoints,
  defaultSort: 'name',
  filters: (search: PackageListSearch) => ({ status: search.status, type: search.type }),
});
