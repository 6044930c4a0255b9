import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingRoute, createBookingThroughApi, insertBookingRoute } from '../../../test/factories/bookings.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant } from '../../../test/kit.ts';

let ctx: TestContext;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let route: BookingRoute;
beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx);
  route = await insertBookingRoute(ctx.db, tenant.company.id, { capacity: 2 });
});
afterAll(() => ctx?.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  customer_name: 'Shuttle Sam',
  customer_phone: '+44 7700 900456',
  vehicle_reg: 'PR12 IDE',
  airport_id: route.airport.id,
  car_park_id: route.carPark.id,
  departure_at: '2026-07-01T06:00:00Z',
  shuttle_out_at: '2026-07-01T06:20:00Z',
  shuttle_back_at: '2026-07-03T21:10:00Z',
  arrival_at: '2026-07-03T21:30:00Z',
  passengers: 3,
  channel: 'web',
  ...overrides,
});
type Detail = { field: string };
const fields = (response: { body: Record<string, unknown> }) => ((response.body.details as Detail[] | undefined) ?? []).map((d) => d.field);

describe('park and ride', () => {
  it('books the car park with park-and-ride prices and shares its spaces with other bookings', async () => {
    const added = await call(ctx.app, 'POST', '/api/park-ride/booking/add', tenant.headers, body());
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toMatchObject({
      type: 'park_and_ride',
      status: 'pending',
      departure_id: route.carPark.id,
      arrival_id: route.carPark.id,
      car_park_id: route.carPark.id,
      passengers: 3,
      shuttle_out_at: '2026-07-01T06:20:00.000Z',
      shuttle_back_at: '2026-07-03T21:10:00.000Z',
      // park_and_ride band 1-14 days, July default.
      base_price: 4007,
      total: 4007,
    });
    // An ordinary booking takes the second space; the car park is then full for both kinds.
    await createBookingThroughApi(ctx, tenant, route, { departure_at: '2026-07-02T08:00:00Z', arrival_at: '2026-07-02T18:00:00Z' });
    const full = await call(ctx.app, 'POST', '/api/park-ride/booking/add', tenant.headers, body());
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(`${route.carPark.name} is full on 2 July 2026`);
    const ordinary = await call(ctx.app, 'POST', '/api/booking/add', tenant.headers, {
      customer_name: 'Ann',
      customer_phone: '+44 7700 900789',
      vehicle_reg: 'AN12 NNN',
      airport_id: route.airport.id,
      departure_id: route.carPark.id,
      arrival_id: route.terminal.id,
      departure_at: '2026-07-02T08:00:00Z',
      arrival_at: '2026-07-05T08:00:00Z',
      channel: 'phone',
    });
    expect(ordinary.status).toBe(409);

    const list = await call(ctx.app, 'GET', '/api/park-ride/booking/list', tenant.headers);
    expect((list.body.data as Array<{ type: string }>).map((row) => row.type)).toEqual(['park_and_ride']);
    expect((await call(ctx.app, 'GET', '/api/park-ride/booking/list', (await createTenant(ctx)).headers)).body.data).toEqual([]);
  });

  it('needs a car park with spaces at the airport and shuttles inside the stay', async () => {
    expect(
      fields(await call(ctx.app, 'POST', '/api/park-ride/booking/add', tenant.headers, body({ car_park_id: route.terminal.id }))),
    ).toEqual(['car_park_id']);
    const other = await insertBookingRoute(ctx.db, (await createTenant(ctx)).company.id);
    expect(
      fields(await call(ctx.app, 'POST', '/api/park-ride/booking/add', tenant.headers, body({ car_park_id: other.carPark.id }))),
    ).toEqual(['car_park_id']);
    expect(
      fields(await call(ctx.app, 'POST', '/api/park-ride/booking/add', tenant.headers, body({ shuttle_out_at: '2026-07-01T05:00:00Z' }))),
    ).toEqual(['shuttle_out_at']);
    expect(
      fields(await call(ctx.app, 'POST', '/api/park-ride/booking/add', tenant.headers, body({ shuttle_back_at: '2026-07-04T05:00:00Z' }))),
    ).toEqual(['shuttle_back_at']);
    expect(fields(await call(ctx.app, 'POST', '/api/park-ride/booking/add', tenant.headers, body({ type: 'parking' })))).toEqual(['type']);
    // An update keeps the shuttles inside the stay too.
    const added = await call(
      ctx.app,
      'POST',
      '/api/park-ride/booking/add',
      tenant.headers,
      body({
        departure_at: '2026-08-01T06:00:00Z',
        shuttle_out_at: '2026-08-01T06:20:00Z',
        shuttle_back_at: '2026-08-03T21:10:00Z',
        arrival_at: '2026-08-03T21:30:00Z',
      }),
    );
    const id = (added.body.data as { id: number }).id;
    const update = (change: Record<string, unknown>) => call(ctx.app, 'PATCH', `/api/booking/update/${id}`, tenant.headers, change);
    expect(fields(await update({ arrival_at: '2026-08-03T20:00:00Z' }))).toEqual(['shuttle_back_at']);
    expect(fields(await update({ shuttle_out_at: '2026-08-01T05:00:00Z' }))).toEqual(['shuttle_out_at']);
    expect((await update({ shuttle_back_at: '2026-08-03T21:00:00Z' })).body.data).toMatchObject({
      shuttle_back_at: '2026-08-03T21:00:00.000Z',
    });
  });
});
