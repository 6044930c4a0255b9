import { type DiscountType, voucherEndpoints } from '@ps/contracts';
import type { StatusListSearch } from '../../lib/listSearch';
import { createResource } from '../../lib/resource';

/** The vouchers list's URL state: the usual one, the discount type and "valid on" a day (`YYYY-MM-DD`). */
export interface VoucherListSearch extends StatusListSearch {
  discount_type?: DiscountType;
  valid_on?: string;
}

/** The company's vouchers: `/api/voucher/*`. */
export const vouchersResource = createResource({
  key: 'vouchers',
  endpoints: voucherEndpoints,
  defaultSort: 'code',
  filters: (search: VoucherListSearch) => ({ status: search.status, discount_type: search.discount_type, valid_on: search.valid_on }),
});
