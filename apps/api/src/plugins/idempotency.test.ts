import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createYard } from '../../test/factories/places.ts';
import { insertTrip, insertTripPlaces, signedInDriver } from '../../test/factories/trips.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { call, createTenant } from '../../test/kit.ts';
import { attendance, idempotentRequests, tripStatusHistory } from '../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

/** A driver with an assigned trip: what a phone sends when the signal comes back. */
async function driverWithTrip() {
  const tenant = await createTenant(ctx);
  const { terminal } = await insertTripPlaces(ctx.db, tenant.company.id);
  const yard = await createYard(ctx.db, tenant.company.id);
  const driver = await signedInDriver(ctx, tenant.company.id);
  const trip = await insertTrip(ctx.db, tenant.company.id, {
    from_yard_id: yard.id,
    to_location_id: terminal.id,
    scheduled_at: new Date(Date.now() + 3_600_000),
    driver_id: driver.driver.id,
  });
  return { tenant, driver, trip, terminal };
}

describe('retry-safe actions (Idempotency-Key)', () => {
  it('runs a queued action once: the same key answers the first answer again, marked replayed', async () => {
    const { driver, trip } = await driverWithTrip();
    const headers = { ...driver.headers, 'idempotency-key': `phone-${trip.id}-start` };
    const first = await call(ctx.app, 'PATCH', `/api/trips/status/update/${trip.id}`, headers, { status: 'started' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await call(ctx.app, 'PATCH', `/api/trips/status/update/${trip.id}`, headers, { status: 'started' });
    expect(again.status).toBe(200);
    expect(again.response.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const history = await ctx.db.select().from(tripStatusHistory).where(eq(tripStatusHistory.trip_id, trip.id));
    expect(history.filter((line) => line.to_status === 'started')).toHaveLength(1);
    // Without a key the same request runs, and is refused as the move it now is.
    const unkeyed = await call(ctx.app, 'PATCH', `/api/trips/status/update/${trip.id}`, driver.headers, { status: 'started' });
    expect(unkeyed.status).toBe(400);
  });

  it('keeps a refusal too (a retry gets the same answer), refuses the key with other inputs, and keys are per user', async () => {
    const { tenant, driver, trip, terminal } = await driverWithTrip();
    const key = { 'idempotency-key': 'same-key' };
    const wrong = await call(
      ctx.app,
      'PATCH',
      `/api/trips/status/update/${trip.id}`,
      { ...driver.headers, ...key },
      { status: 'completed' },
    );
    expect(wrong.status).toBe(400);
    const wrongAgain = await call(
      ctx.app,
      'PATCH',
      `/api/trips/status/update/${trip.id}`,
      { ...driver.headers, ...key },
      { status: 'completed' },
    );
    expect(wrongAgain.status).toBe(400);
    expect(wrongAgain.response.headers['idempotent-replayed']).toBe('true');
    const other = await call(ctx.app, 'PATCH', `/api/trips/status/update/${trip.id}`, { ...driver.headers, ...key }, { status: 'started' });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('idempotency_key_reused');
    // The office's own request with the same key is its own.
    const office = await call(
      ctx.app,
      'POST',
      '/api/trips/movement',
      { ...tenant.headers, ...key },
      { trip_id: trip.id, location_id: terminal.id },
    );
    expect(office.status, JSON.stringify(office.body)).toBe(201);
    expect(office.response.headers['idempotent-replayed']).toBeUndefined();
  });

  it('records an offline clock-in once', async () => {
    const { driver } = await driverWithTrip();
    const headers = { ...driver.headers, 'idempotency-key': 'clock-in-2026-06-10' };
    const body = { day: '2026-06-10', start_at: '2026-06-10T06:00:00Z' };
    const first = await call(ctx.app, 'POST', '/api/attendance/add', headers, body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await call(ctx.app, 'POST', '/api/attendance/add', headers, body);
    expect(again.status).toBe(201);
    expect(await ctx.db.select().from(attendance).where(eq(attendance.driver_id, driver.driver.id))).toHaveLength(1);
    const bad = await call(ctx.app, 'POST', '/api/attendance/add', { ...driver.headers, 'idempotency-key': 'not a key' }, body);
    expect(bad.status).toBe(400);
    expect(await ctx.db.select().from(idempotentRequests).where(eq(idempotentRequests.user_id, driver.user.id))).toHaveLength(1);
  });
});

/** The same action sent twice at once on separate PostgreSQL connections (a phone's retry racing its first try). */
describe.runIf(process.env.TEST_DB === 'postgres')('a key sent twice at once (PostgreSQL)', () => {
  it('runs the action once: the other is answered as a replay or told the first is still running', async () => {
    const { driver, trip } = await driverWithTrip();
    const headers = { ...driver.headers, 'idempotency-key': `race-${trip.id}` };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call(ctx.app, 'PATCH', `/api/trips/status/update/${trip.id}`, headers, { status: 'started' })),
    );
    for (const answer of answers) {
      expect([200, 409]).toContain(answer.status);
      if (answer.status === 409) expect(answer.body.code).toBe('idempotency_in_progress');
    }
    const history = await ctx.db.select().from(tripStatusHistory).where(eq(tripStatusHistory.trip_id, trip.id));
    expect(history.filter((line) => line.to_status === 'started')).toHaveLength(1);
  });
});
