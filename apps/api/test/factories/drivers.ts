import type { Db } from '../../src/db/client.ts';
import { documentTypes, driverRates, drivers } from '../../src/db/schema/index.ts';
import { createUser } from '../factories.ts';

/**
 * Drivers for tests: a driver user with a profile (approved and active unless told otherwise), document
 * types and hourly rates inserted straight into their tables.
 */
export async function insertDriver(
  db: Db,
  companyId: number,
  overrides: Partial<Omit<typeof drivers.$inferInsert, 'company_id' | 'user_id'>> = {},
) {
  const user = await createUser(db, { company_id: companyId, role: 'driver', name: 'Test Driver' });
  const [driver] = await db
    .insert(drivers)
    .values({ company_id: companyId, user_id: user.id, first_name: 'Test', last_name: 'Driver', approve_status: 'approved', ...overrides })
    .returning();
  if (!driver) throw new Error('no driver');
  return { user, driver };
}

export async function insertDocumentType(
  db: Db,
  companyId: number,
  overrides: Partial<Omit<typeof documentTypes.$inferInsert, 'company_id'>> = {},
) {
  const [row] = await db
    .insert(documentTypes)
    .values({ company_id: companyId, name: `Document ${Math.random().toString(36).slice(2, 8)}`, ...overrides })
    .returning();
  if (!row) throw new Error('no document type');
  return row;
}

export async function insertDriverRate(db: Db, companyId: number, driverId: number, pricePerHour: number, effectiveFrom: string) {
  const [row] = await db
    .insert(driverRates)
    .values({ company_id: companyId, driver_id: driverId, price_per_hour: pricePerHour, effective_from: effectiveFrom })
    .returning();
  if (!row) throw new Error('no rate');
  return row;
}
