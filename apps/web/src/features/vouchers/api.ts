import { voucherEndpoints } from '@ps/contracts';
import { createResource } from '../../lib/resource';
import type { VoucherListSearch, VoucherSortField } from './search';

/**
 * The list's sort unless the URL says otherwise. Kept here, not in search.ts: the feature imports only types from
 * search.ts, so the router's validator stays in the router's chunk (no extra chunk before sign-in).
 */
export const DEFAULT_SORT: VoucherSortField = 'code';

/** The company's vouchers: `/api/voucher/*`. */
export const vouchersResource = createResource({
  key: 'vouchers',
  endpoints: voucherEndpoints,
  defaultSort: DEFAULT_SORT,
  filters: (search: VoucherListSearch) => ({ status: search.status, discount_type: search.discount_type, valid_on: search.valid_on }),
});
