import type { Db } from '../../src/db/client.ts';
import { attendance, trips } from '../../src/db/schema/index.ts';
import { createYard } from './places.ts';

/**
 * What payouts pay, inserted straight into their tables: a driver's attendance day (present, unpaid, with
 * worked minutes unless told) and a completed trip with a fee, between two yards of the company.
 */
export async function insertAttendanceDay(
  db: Db,
  companyId: number,
  driverId: number,
  day: string,
  overrides: Partial<Omit<typeof attendance.$inferInsert, 'company_id' | 'driver_id' | 'day'>> = {},
) {
  const [row] = await db
    .insert(attendance)
    .values({ company_id: companyId, driver_id: driverId, day, worked_minutes: 480, ...overrides })
    .returning();
  if (!row) throw new Error('no attendance day');
  return row;
}

export async function insertCompletedTrip(
  db: Db,
  companyId: number,
  driverId: number,
  scheduledAt: Date,
  overrides: Partial<Omit<typeof trips.$inferInsert, 'company_id' | 'driver_id' | 'scheduled_at'>> = {},
) {
  const yard = await createYard(db, companyId);
  const [row] = await db
    .insert(trips)
    .values({
      company_id: companyId,
      driver_id: driverId,
      scheduled_at: scheduledAt,
      type: 'shuttle',
      from_yard_id: yard.id,
      to_yard_id: yard.id,
      status: 'completed',
      driver_fee: 1500,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no trip');
  return row;
}
