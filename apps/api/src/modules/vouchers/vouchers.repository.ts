import type { VoucherListQuery } from '@ps/contracts';
import { eq, gte, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { vouchers } from '../../db/schema/index.ts';
import { countRows, listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

export type VoucherRow = typeof vouchers.$inferSelect;

/** Voucher reads of one company; writes go through the kit (vouchers.service.ts). */
export function createVouchersRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, vouchers, companyId);
  return {
    list(query: VoucherListQuery) {
      const parts = listParts(query, {
        filters: [
          scope.owned(),
          query.status === undefined ? undefined : eq(vouchers.status, query.status),
          query.discount_type === undefined ? undefined : eq(vouchers.discount_type, query.discount_type),
          query.valid_on === undefined ? undefined : lte(vouchers.valid_from, query.valid_on),
          query.valid_on === undefined ? undefined : gte(vouchers.valid_to, query.valid_on),
        ],
        searchColumns: [vouchers.code],
        sortColumns: {
          code: vouchers.code,
          discount_type: vouchers.discount_type,
          discount_value: vouchers.discount_value,
          valid_from: vouchers.valid_from,
          valid_to: vouchers.valid_to,
          usage_limit: vouchers.usage_limit,
          times_used: vouchers.times_used,
          status: vouchers.status,
          created_at: vouchers.created_at,
        },
        defaultSort: 'code',
        tieBreaker: vouchers.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          db
            .select()
            .from(vouchers)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: (where) => countRows(db, vouchers, where),
      });
    },

    findById: (id: number) => scope.findById<VoucherRow>(id),
  };
}
