import type { Db } from '../../src/db/client.ts';
import { attendance, payouts } from '../../src/db/schema/index.ts';

/**
 * Attendance days and payouts for tests, inserted straight into their tables (the minutes as given: the API
 * computes them, a factory states them).
 */
export async function insertAttendance(
  db: Db,
  companyId: number,
  driverId: number,
  day: string,
  overrides: Partial<Omit<typeof attendance.$inferInsert, 'company_id' | 'driver_id' | 'day'>> = {},
) {
  const [row] = await db
    .insert(attendance)
    .values({ company_id: companyId, driver_id: driverId, day, ...overrides })
    .returning();
  if (!row) throw new Error('no attendance');
  return row;
}

/** An approved payout of a driver for a period (what the payouts module leaves behind). */
export async function insertApprovedPayout(db: Db, companyId: number, driverId: number, periodStart: string, periodEnd: string) {
  const [row] = await db
    .insert(payouts)
    .values({
      company_id: companyId,
      driver_id: driverId,
      period_start: periodStart,
      period_end: periodEnd,
      status: 'approved',
      approved_at: new Date(),
    })
    .returning();
  if (!row) throw new Error('no payout');
  return row;
}
