import { type ApproveStatus, approveStatuses, driverSortFields } from '@ps/contracts/common/sortFields';
import { type ListSearch, parseListSearch, parseStatusFilter } from '../../lib/listSearch';

export type DriverSortField = (typeof driverSortFields)[number];

/** The drivers list's state as kept in the URL: paging, sort, search, approval and work status. */
export interface DriverListSearch extends ListSearch {
  sort?: DriverSortField | `-${DriverSortField}`;
  approve_status?: ApproveStatus;
  status?: 0 | 1;
}

export const DEFAULT_DRIVER_SORT: DriverSortField = 'first_name';

export function validateDriverSearch(raw: Record<string, unknown>): DriverListSearch {
  const approval = approveStatuses.find((value) => value === raw.approve_status);
  return { ...parseListSearch(raw, driverSortFields), approve_status: approval, status: parseStatusFilter(raw.status) };
}
