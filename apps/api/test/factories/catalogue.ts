import { randomUUID } from 'node:crypto';
import type { BandType } from '@ps/contracts';
import type { Db } from '../../src/db/client.ts';
import { bandMonths, bands, vouchers } from '../../src/db/schema/index.ts';

/**
 * Catalogue factories: bands, band-months (rows of the prices area, written here straight with Drizzle to
 * prove "in use") and vouchers with a usage count that only bookings will move through the API.
 */

let nextDay = 1;
/**
 * A fresh, non-overlapping day range for the shared CRUD suite's many adds: ranges of 3 days walk up
 * from day 1, and the suite's companies each start again only when the 365 days run out.
 */
export function freshDays(width = 3): { min_days: number; max_days: number } {
  if (nextDay + width - 1 > 365) nextDay = 1;
  const range = { min_days: nextDay, max_days: nextDay + width - 1 };
  nextDay += width;
  return range;
}

export const uniqueTag = () => randomUUID().slice(0, 8);

export async function insertBand(
  db: Db,
  companyId: number,
  values: { type?: BandType; min_days: number; max_days: number; status?: number; name?: string },
) {
  const [row] = await db
    .insert(bands)
    .values({ company_id: companyId, type: 'parking', name: `Band ${uniqueTag()}`, ...values })
    .returning();
  if (!row) throw new Error('band insert returned no row');
  return row;
}

export async function insertBandMonth(db: Db, companyId: number, bandId: number, month = 1, price = 2500) {
  const [row] = await db.insert(bandMonths).values({ company_id: companyId, band_id: bandId, month, price }).returning();
  if (!row) throw new Error('band-month insert returned no row');
  return row;
}

export function voucherCode(prefix = 'V'): string {
  return `${prefix}-${uniqueTag()}`.toUpperCase();
}

export async function insertVoucher(db: Db, companyId: number, values: Partial<typeof vouchers.$inferInsert> = {}) {
  const [row] = await db
    .insert(vouchers)
    .values({
      company_id: companyId,
      code: voucherCode(),
      discount_type: 'percent',
      discount_value: 10,
      valid_from: '2026-01-01',
      valid_to: '2026-12-31',
      ...values,
    })
    .returning();
  if (!row) throw new Error('voucher insert returned no row');
  return row;
}
