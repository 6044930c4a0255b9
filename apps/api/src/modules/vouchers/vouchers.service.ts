import {
  datesInOrder,
  percentInRange,
  V,
  type ValidationKey,
  type Voucher,
  type VoucherCreate,
  type VoucherListQuery,
  type VoucherUpdate,
} from '@ps/contracts';
import type { Db } from '../../db/client.ts';
import { vouchers } from '../../db/schema/index.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { type RecordWriter, writeRecords } from '../../kit/records.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { companyCrudService, recordOf } from '../../kit/service.ts';
import { AppError } from '../../lib/errors.ts';
import { createVouchersRepository, type VoucherRow } from './vouchers.repository.ts';

export const toVoucher = (row: VoucherRow): Voucher => recordOf(row);

const voucherWrites = {
  entity: 'voucher',
  translate: constraintTranslator({
    table: 'vouchers',
    unique: { vouchers_company_code_unique: { code: 'voucher_code_taken', field: 'code' } },
    checks: {
      vouchers_dates_in_order: 'valid_to',
      vouchers_value_positive: 'discount_value',
      vouchers_percent_at_most_100: 'discount_value',
      vouchers_usage_within_limit: 'usage_limit',
    },
    inUse: 'voucher_in_use',
  }),
};

const invalid = (field: string, code: ValidationKey) => new AppError(400, 'validation_failed', { details: [{ field, code, message: '' }] });

/**
 * The rules on the voucher as it will be (an update merges the change into the locked row): a percent is
 * 1 to 100, the validity does not end before it starts, and a limit is never below the times already used.
 */
async function checkVoucher(_records: RecordWriter<typeof vouchers.$inferInsert>, raw: Record<string, unknown>) {
  const voucher = raw as Pick<VoucherRow, 'discount_type' | 'discount_value' | 'valid_from' | 'valid_to' | 'usage_limit'> & {
    times_used?: number;
  };
  if (!percentInRange(voucher)) throw invalid('discount_value', V.percent);
  if (!datesInOrder(voucher)) throw invalid('valid_to', V.dateOrder);
  if (voucher.usage_limit !== null && voucher.usage_limit !== undefined && voucher.usage_limit < (voucher.times_used ?? 0)) {
    throw invalid('usage_limit', V.usageBelowUsed);
  }
}

/** A company's vouchers: CRUD through the kit; a used voucher is kept (409 on delete: deactivate it). */
export function createVouchersService(db: Db) {
  const crud = companyCrudService<typeof vouchers.$inferInsert, VoucherRow, Voucher, VoucherListQuery, VoucherCreate, VoucherUpdate>(
    db,
    vouchers,
    { writes: voucherWrites, reader: createVouchersRepository, toRecord: toVoucher, check: checkVoucher },
  );
  return {
    ...crud,
    /** A voucher that bookings have used is part of their history: refused with 409 `voucher_in_use`. */
    delete: (actor: CompanyActor, id: number) =>
      writeRecords(db, vouchers, actor, voucherWrites, async (records) => {
        const row = (await records.lock(id)) as VoucherRow;
        if (row.times_used > 0) throw new AppError(409, 'voucher_in_use');
        await records.remove(id);
      }),
  };
}
