import { type DiscountType, discountTypes } from '@ps/contracts/common/bandTypes';
import { voucherSortFields } from '@ps/contracts/common/sortFields';
import { type ListSearch, parseListSearch, parseStatusFilter } from '../../lib/listSearch';

export type VoucherSortField = (typeof voucherSortFields)[number];

/** The vouchers list's URL state: paging, sort, search by code, status, discount type and "valid on" a day. */
export interface VoucherListSearch extends ListSearch {
  sort?: VoucherSortField | `-${VoucherSortField}`;
  status?: 0 | 1;
  discount_type?: DiscountType;
  valid_on?: string;
}

export function validateVoucherSearch(raw: Record<string, unknown>): VoucherListSearch {
  const validOn = typeof raw.valid_on === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw.valid_on) ? raw.valid_on : undefined;
  return {
    ...parseListSearch(raw, voucherSortFields),
    status: parseStatusFilter(raw.status),
    discount_type: discountTypes.find((type) => type === raw.discount_type),
    valid_on: validOn,
  };
}
