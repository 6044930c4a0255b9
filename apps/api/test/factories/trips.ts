import type { Db } from '../../src/db/client.ts';
import { trips } from '../../src/db/schema/index.ts';
import type { TestContext } from '../harness.ts';
import { mintAccessToken, type Tenant } from '../kit.ts';
import { insertDriver } from './drivers.ts';
import { createPlace, createYard } from './places.ts';

/**
 * Trips for tests: a company's places for them (a terminal, a yard), drivers signed in as themselves, and trip
 * rows straight into the table for tests that need many (no history, no audit).
 */

export async function insertTripPlaces(db: Db, companyId: number) {
  const terminal = await createPlace(db, companyId, {
    name: `Terminal ${Math.random().toString(36).slice(2, 7)}`,
    type: 'terminal',
    capacity: 0,
  });
  const yard = await createYard(db, companyId);
  return { terminal, yard };
}

/** A driver (approved and active unless told otherwise) and the headers of their own signed-in session. */
export async function signedInDriver(ctx: TestContext, companyId: number, overrides: Parameters<typeof insertDriver>[2] = {}) {
  const { user, driver } = await insertDriver(ctx.db, companyId, overrides);
  const headers = { authorization: `Bearer ${await mintAccessToken(ctx, { id: user.id, role: 'driver', company_id: companyId })}` };
  return { user, driver, headers } satisfies Omit<Tenant, 'company'> & { driver: unknown };
}

export async function insertTrip(db: Db, companyId: number, values: Partial<typeof trips.$inferInsert> & { scheduled_at: Date }) {
  const [row] = await db
    .insert(trips)
    .values({ type: 'in', status: values.driver_id ? 'assigned' : 'scheduled', ...values, company_id: companyId })
    .returning();
  if (!row) throw new Error('no trip');
  return row;
}
