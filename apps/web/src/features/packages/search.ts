import { type BandType, bandTypes } from '@ps/contracts/common/bandTypes';
import { packageSortFields } from '@ps/contracts/common/sortFields';
import { type ListSearch, parseListSearch, parseStatusFilter } from '../../lib/listSearch';

export type PackageSortField = (typeof packageSortFields)[number];

/** The packages list's URL state: paging, sort, search, status and type filters. */
export interface PackageListSearch extends ListSearch {
  sort?: PackageSortField | `-${PackageSortField}`;
  status?: 0 | 1;
  type?: BandType;
}

export function validatePackageSearch(raw: Record<string, unknown>): PackageListSearch {
  return {
    ...parseListSearch(raw, packageSortFields),
    status: parseStatusFilter(raw.status),
    type: bandTypes.find((type) => type === raw.type),
  };
}
