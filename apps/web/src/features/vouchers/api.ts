import type { Voucher, VoucherCreate, VoucherUpdate } from '@ps/contracts';
import { createResource } from '../../lib/resource';
import { DEFAULT_SORT, type VoucherListSearch } from './search';

/** The company's vouchers: `/api/voucher/*`. */
export const vouchersResource = createResource<Voucher, VoucherCreate, VoucherUpdate, VoucherListSearch>({
  key: 'vouchers',
  path: 'voucher',
  defaultSort: DEFAULT_SORT,
  filters: (search) => ({ status: search.status, discount_type: search.discount_type, valid_on: search.valid_on }),
});
