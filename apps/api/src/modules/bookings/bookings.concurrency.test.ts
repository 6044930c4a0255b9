import { randomUUID } from 'node:crypto';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody, insertBooking, insertBookingRoute } from '../../../test/factories/bookings.ts';
import { daysAhead } from '../../../test/factories/public-booking.ts';
import { insertVoucher } from '../../../test/factories/quote.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, clientKeyHeaders, createTenant, type Tenant } from '../../../test/kit.ts';
import { bookings, locations, vouchers } from '../../db/schema/index.ts';

/**
 * Real concurrency: requests at once on separate PostgreSQL connections (the pool). PGlite has one
 * connection, so these run on PostgreSQL only.
 */
/**
 * The n-th racing request: the office's add (even n) or a customer's on the company's web site (odd n, the public add
 * with the client key), so the rules hold whichever channel the bookings come through (issue 23).
 */
function racer(ctx: TestContext, tenant: Tenant, route: Parameters<typeof bookingBody>[0], n: number, overrides: Record<string, unknown>) {
  const { channel: _channel, ...fields } = bookingBody(route, overrides);
  if (n % 2 === 0) return call(ctx.app, 'POST', '/api/booking/add', tenant.headers, { ...fields, channel: 'phone' });
  const company = tenant.company as { id: number; client_key: string };
  return call(
    ctx.app,
    'POST',
    '/api/public/booking/add',
    { ...clientKeyHeaders(company), 'idempotency-key': randomUUID() },
    { ...fields, form_started_at: new Date(Date.now() - 60_000).toISOString() },
  );
}

describe.runIf(process.env.TEST_DB === 'postgres')('bookings under concurrent requests (PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Every racer comes from one address: the web site's per-address ceiling (tested on its own) is set out of the way.
    ctx = await createTestContext({ PUBLIC_BOOKINGS_PER_ADDRESS_PER_HOUR: 1000 });
  });
  afterAll(() => ctx?.close());

  it('never overbooks a car park: 40 requests (office and web site) for the last 5 spaces, exactly 5 succeed and 35 get 409', async () => {
    const tenant = await createTenant(ctx);
    const route = await insertBookingRoute(ctx.db, tenant.company.id, { capacity: 20 });
    // 15 of 20 spaces taken on 10-12 June (plus a cancelled and a no-show stay, which hold none).
    for (let i = 0; i < 15; i++) await insertBooking(ctx.db, tenant.company.id, route);
    await insertBooking(ctx.db, tenant.company.id, route, { status: 'cancelled' });
    await insertBooking(ctx.db, tenant.company.id, route, { status: 'no_show' });

    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => racer(ctx, tenant, route, i, { vehicle_reg: `RACE ${i}` })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(35);
    for (const response of responses.filter((r) => r.status === 409)) expect(response.body.code).toBe('car_park_full');

    const held = await ctx.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.company_id, tenant.company.id),
          eq(bookings.car_park_id, route.carPark.id),
          notInArray(bookings.status, ['cancelled', 'no_show']),
        ),
      );
    expect(held).toHaveLength(20);
  });

  it('gives a voucher with one use left to exactly one of several concurrent bookings, office and web site', async () => {
    const tenant = await createTenant(ctx);
    const route = await insertBookingRoute(ctx.db, tenant.company.id, { capacity: 1000 });
    const voucher = await insertVoucher(ctx.db, tenant.company.id, {
      discount_type: 'fixed',
      discount_value: 100,
      usage_limit: 3,
      times_used: 2,
    });
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => racer(ctx, tenant, route, i, { vehicle_reg: `VOU ${i}`, voucher_code: voucher.code })),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    const refused = responses.filter((response) => response.status !== 201);
    expect(refused).toHaveLength(11);
    for (const response of refused) {
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('voucher_used_up');
    }
    const [row] = await ctx.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row?.times_used).toBe(3);
    const withVoucher = await ctx.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.company_id, tenant.company.id), inArray(bookings.voucher_id, [voucher.id])));
    expect(withVoucher).toHaveLength(1);
  });

  it("never exceeds a slot limit: 30 requests (office and web site) for the last 2 places of a meeting point's slot, exactly 2 succeed", async () => {
    const tenant = await createTenant(ctx);
    // Issue 24, section 2. Meet and greet at the terminal (no car park, so no car park lock queues the racers): it takes
    // 5 customers coming in per quarter hour, and 3 are booked in the slot.
    const route = await insertBookingRoute(ctx.db, tenant.company.id, { capacity: 1000 });
    await ctx.db.update(locations).set({ departure_slot_limit: 5 }).where(eq(locations.id, route.terminal.id));
    const departure = daysAhead(30, 8);
    const arrival = daysAhead(33, 18);
    const meetAndGreet = { departure_id: route.terminal.id, arrival_id: route.terminal.id };
    for (let i = 0; i < 3; i++) {
      await insertBooking(ctx.db, tenant.company.id, route, {
        ...meetAndGreet,
        type: 'meet_and_greet',
        car_park_id: null,
        departure_at: new Date(departure),
        arrival_at: new Date(arrival),
        start_day: departure.slice(0, 10),
        end_day: arrival.slice(0, 10),
      });
    }
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, n) => {
        const departure_at = new Date(Date.parse(departure) + (n % 15) * 60_000).toISOString();
        return racer(ctx, tenant, route, n, {
          ...meetAndGreet,
          type: 'meet_and_greet',
          vehicle_reg: `SLOT ${n}`,
          departure_at,
          arrival_at: arrival,
        });
      }),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(28);
    for (const response of responses.filter((r) => r.status === 409)) expect(response.body.code).toBe('slot_full');
    const held = await ctx.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.company_id, tenant.company.id),
          eq(bookings.departure_id, route.terminal.id),
          notInArray(bookings.status, ['cancelled', 'no_show']),
        ),
      );
    expect(held).toHaveLength(5);
  });
});
