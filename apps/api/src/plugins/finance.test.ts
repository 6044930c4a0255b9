import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingThroughApi, insertBookingRoute } from '../../test/factories/bookings.ts';
import { uniqueTag } from '../../test/factories/catalogue.ts';
import { insertDriver, insertDriverRate } from '../../test/factories/drivers.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { addUser, call, createTenant, type Headers, type Tenant } from '../../test/kit.ts';

/**
 * Money follows `finance.view` (issue 22, sections 4 and 5): a role without it gets a booking's figures, revenue and
 * a driver's rate as null and is refused the money endpoints (payments, payouts, statements, pay details, rates);
 * the same role with it gets the numbers. The guard installs both from the declarations, for every route.
 */

const DESK = ['bookings.view', 'bookings.update', 'statistics.view', 'drivers.view', 'trips.view', 'attendance.view', 'agencies.view'];
const MONEY = ['payments.view', 'payments.create', 'payouts.view'];

let ctx: TestContext;
let owner: Tenant & { company: { id: number } };
let bookingId: number;
let driverId: number;
let tripId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createTenant(ctx);
  const route = await insertBookingRoute(ctx.db, owner.company.id);
  const booking = await createBookingThroughApi(ctx, owner, route);
  bookingId = booking.id;
  const { driver } = await insertDriver(ctx.db, owner.company.id);
  driverId = driver.id;
  await insertDriverRate(ctx.db, owner.company.id, driver.id, 1500, '2026-01-01');
  const trip = await call(ctx.app, 'POST', '/api/trips/add', owner.headers, {
    booking_id: bookingId,
    type: 'shuttle',
    scheduled_at: '2026-06-10T07:30:00Z',
    from_location_id: route.carPark.id,
    to_location_id: route.terminal.id,
    driver_fee: 1200,
  });
  expect(trip.status, JSON.stringify(trip.body)).toBe(201);
  tripId = (trip.body.data as { id: number }).id;
  const paid = await call(ctx.app, 'POST', '/api/payment/add', owner.headers, { booking_id: bookingId, amount: 500, method: 'cash' });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
});
afterAll(() => ctx?.close());

/** An office user of the owner's company holding a new role with these permissions. */
async function userWith(permissions: readonly string[]): Promise<Headers> {
  const role = await call(ctx.app, 'POST', '/api/role/add', owner.headers, { name: `Desk ${uniqueTag()}`, permissions });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const clerk = await addUser(ctx, owner.company.id, 'admin');
  const assigned = await call(ctx.app, 'PATCH', `/api/user/role/${clerk.user.id}`, owner.headers, {
    role_id: (role.body.data as { id: number }).id,
  });
  expect(assigned.status).toBe(200);
  return clerk.headers;
}

const FIGURES = ['base_price', 'package_price', 'services_price', 'discount', 'total', 'paid', 'outstanding', 'credit'] as const;

describe('money figures', () => {
  it('a role without finance.view gets the booking, the trip, the dashboard and the driver without a figure of money', async () => {
    const desk = await userWith(DESK);
    const booking = (await call(ctx.app, 'GET', `/api/booking/get/${bookingId}`, desk)).body.data as Record<string, unknown>;
    expect(booking.reference).toEqual(expect.any(String));
    for (const figure of FIGURES) expect(booking[figure], figure).toBeNull();
    const list = (await call(ctx.app, 'GET', '/api/booking/list', desk)).body.data as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(0);
    for (const row of list) for (const figure of FIGURES) expect(row[figure], figure).toBeNull();

    const headline = await call(ctx.app, 'GET', '/api/booking/statistics/list', desk);
    expect(headline.status).toBe(200);
    expect(headline.body.data).toMatchObject({ month_revenue: null, month_bookings: expect.any(Number) });

    const trip = (await call(ctx.app, 'GET', `/api/trips/get/${tripId}`, desk)).body.data as Record<string, unknown>;
    expect(trip.driver_fee).toBeNull();
    const driver = (await call(ctx.app, 'GET', `/api/driver/get/${driverId}?day=2026-06-10`, desk)).body.data as Record<string, unknown>;
    expect(driver.price_per_hour).toBeNull();

    // The booking's audit trail: no payment, and no money field of the booking or its trip.
    type Entry = { entity: string; changes: Record<string, unknown> };
    const trail = (await call(ctx.app, 'GET', `/api/booking/audit/list/${bookingId}`, desk)).body.data as Entry[];
    expect(trail.map((entry) => entry.entity)).toEqual(expect.arrayContaining(['booking', 'trip']));
    expect(trail.filter((entry) => entry.entity === 'payment')).toEqual([]);
    for (const entry of trail)
      for (const field of ['total', 'base_price', 'driver_fee', 'amount']) expect(entry.changes).not.toHaveProperty(field);
    const full = (await call(ctx.app, 'GET', `/api/booking/audit/list/${bookingId}`, owner.headers)).body.data as Entry[];
    expect(full.some((entry) => entry.entity === 'payment')).toBe(true);
    expect(full.find((entry) => entry.entity === 'booking')?.changes).toHaveProperty('total');
  });

  it('the same role with finance.view gets the numbers', async () => {
    const finance = await userWith([...DESK, 'finance.view']);
    const booking = (await call(ctx.app, 'GET', `/api/booking/get/${bookingId}`, finance)).body.data as Record<string, unknown>;
    for (const figure of FIGURES) expect(booking[figure], figure).toEqual(expect.any(Number));
    expect(booking.total).toBeGreaterThan(0);
    const headline = (await call(ctx.app, 'GET', '/api/booking/statistics/list', finance)).body.data as Record<string, unknown>;
    expect(headline.month_revenue).toEqual(expect.any(Number));
    const trip = (await call(ctx.app, 'GET', `/api/trips/get/${tripId}`, finance)).body.data as Record<string, unknown>;
    expect(trip.driver_fee).toBe(1200);
    const driver = (await call(ctx.app, 'GET', `/api/driver/get/${driverId}?day=2026-06-10`, finance)).body.data as Record<string, unknown>;
    expect(driver.price_per_hour).toBe(1500);
  });

  it('the money endpoints refuse a role without finance.view, whatever else it holds, and answer it with finance.view', async () => {
    const calls: Array<['GET', string]> = [
      ['GET', `/api/payment/list?booking_id=${bookingId}`],
      ['GET', '/api/driver/payouts/list'],
      ['GET', `/api/driver/price_per_hour/list?driver_id=${driverId}`],
      ['GET', `/api/attendance/get/paid_details/list?driver_id=${driverId}`],
    ];
    const without = await userWith([...DESK, ...MONEY]);
    for (const [method, path] of calls) {
      const refused = await call(ctx.app, method, path, without);
      expect(refused.status, path).toBe(403);
      expect(refused.body.code, path).toBe('forbidden');
    }
    const payment = await call(ctx.app, 'POST', '/api/payment/add', without, { booking_id: bookingId, amount: 100, method: 'cash' });
    expect(payment.status).toBe(403);

    const withFinance = await userWith([...DESK, ...MONEY, 'finance.view']);
    for (const [method, path] of calls) expect((await call(ctx.app, method, path, withFinance)).status, path).toBe(200);
  });

  it('the built-in Administrator holds finance.view and a driver does not', async () => {
    const me = await call(ctx.app, 'GET', '/api/auth/get-details-by-token', owner.headers);
    expect((me.body.data as { permissions: string[] }).permissions).toContain('finance.view');
    const driver = await addUser(ctx, owner.company.id, 'driver');
    const details = await call(ctx.app, 'GET', '/api/auth/get-details-by-token', driver.headers);
    expect((details.body.data as { permissions: string[] }).permissions).not.toContain('finance.view');
  });
});
