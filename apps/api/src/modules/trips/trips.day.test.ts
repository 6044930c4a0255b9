import type { MyDay } from '@ps/contracts/myDay';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingThroughApi, insertBookingRoute } from '../../../test/factories/bookings.ts';
import { createYard } from '../../../test/factories/places.ts';
import { insertTrip, signedInDriver } from '../../../test/factories/trips.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant } from '../../../test/kit.ts';
import { PNG } from '../../../test/multipart.ts';
import { companies, flightUpdates, locations } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe("a driver's day on their phone", () => {
  it('holds their own trips of the day in time order, with the customer, flight news, places and where the car and key are', async () => {
    const tenant = await createTenant(ctx);
    await ctx.db.update(companies).set({ time_zone: 'Europe/London' }).where(eq(companies.id, tenant.company.id));
    const route = await insertBookingRoute(ctx.db, tenant.company.id);
    await ctx.db
      .update(locations)
      .set({ address: 'Terminal 5, Heathrow', latitude: 51.47, longitude: -0.49 })
      .where(eq(locations.id, route.terminal.id));
    const yard = await createYard(ctx.db, tenant.company.id, { name: 'Bath Road yard', address: '1 Bath Road' });
    const bay = (await call(ctx.app, 'POST', '/api/position/add', tenant.headers, { yard_id: yard.id, name: 'C3' })).body.data as {
      id: number;
    };
    const driver = await signedInDriver(ctx, tenant.company.id, { first_name: 'Priya', last_name: 'Raman' });
    const other = await signedInDriver(ctx, tenant.company.id, { first_name: 'Other', last_name: 'Driver' });

    // A booking checked in to bay C3 with its key, coming back on a delayed flight: the driver fetches it at 19:00.
    const booking = await createBookingThroughApi(ctx, tenant, route, {
      type: 'parking',
      customer_phone: '+44 7700 900123',
      return_flight: 'BA2491',
    });
    const checkIn = await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, {
      booking_id: booking.id,
      kind: 'check_in',
      position_id: bay.id,
      key_location: 'Box 2, hook 4',
      signature: PNG.toString('base64'),
    });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(201);
    await ctx.db.insert(flightUpdates).values({
      company_id: tenant.company.id,
      booking_id: booking.id,
      flight_number: 'BA2491',
      estimated_arrival: new Date('2026-06-12T18:40:00Z'),
      status: 'delayed',
      source: 'manual',
    });
    await insertTrip(ctx.db, tenant.company.id, {
      type: 'out',
      booking_id: booking.id,
      from_yard_id: yard.id,
      to_location_id: route.terminal.id,
      scheduled_at: new Date('2026-06-12T18:00:00Z'),
      driver_id: driver.driver.id,
    });
    await insertTrip(ctx.db, tenant.company.id, {
      type: 'shuttle',
      from_location_id: route.carPark.id,
      to_location_id: route.terminal.id,
      scheduled_at: new Date('2026-06-12T07:30:00Z'),
      driver_id: driver.driver.id,
    });
    // Not theirs, and not that day.
    await insertTrip(ctx.db, tenant.company.id, {
      from_yard_id: yard.id,
      to_location_id: route.terminal.id,
      scheduled_at: new Date('2026-06-12T09:00:00Z'),
      driver_id: other.driver.id,
    });
    await insertTrip(ctx.db, tenant.company.id, {
      from_yard_id: yard.id,
      to_location_id: route.terminal.id,
      scheduled_at: new Date('2026-06-13T09:00:00Z'),
      driver_id: driver.driver.id,
    });

    const response = await call(ctx.app, 'GET', '/api/trips/my-day?date=2026-06-12', driver.headers);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const day = response.body.data as MyDay;
    expect(day).toMatchObject({ date: '2026-06-12', time_zone: 'Europe/London', driver_id: driver.driver.id, driver_name: 'Priya Raman' });
    expect(day.trips.map((trip) => [trip.type, trip.scheduled_at])).toEqual([
      ['shuttle', '2026-06-12T07:30:00.000Z'],
      ['out', '2026-06-12T18:00:00.000Z'],
    ]);
    expect(day.trips[1]).toMatchObject({
      booking_reference: booking.reference,
      booking_status: 'checked_in',
      customer_phone: '+44 7700 900123',
      flight: 'BA2491',
      flight_status: 'delayed',
      flight_estimated_arrival: '2026-06-12T18:40:00.000Z',
      from: { kind: 'yard', name: 'Bath Road yard', address: '1 Bath Road' },
      to: { kind: 'location', address: 'Terminal 5, Heathrow', latitude: 51.47, longitude: -0.49 },
      car_position_name: 'C3',
      car_place_name: 'Bath Road yard',
      car_key_location: 'Box 2, hook 4',
    });

    // The office names whose day it reads; another company's admin reaches no driver of this one.
    const office = await call(ctx.app, 'GET', `/api/trips/my-day?date=2026-06-12&driver_id=${other.driver.id}`, tenant.headers);
    expect((office.body.data as MyDay).trips).toHaveLength(1);
    const nobody = await call(ctx.app, 'GET', '/api/trips/my-day?date=2026-06-12', tenant.headers);
    expect(nobody.status).toBe(400);
    expect(nobody.body.details).toEqual([expect.objectContaining({ field: 'driver_id' })]);
    const stranger = await createTenant(ctx);
    expect((await call(ctx.app, 'GET', `/api/trips/my-day?driver_id=${driver.driver.id}`, stranger.headers)).status).toBe(404);
    // A driver asking for another driver's day still gets their own.
    const own = await call(ctx.app, 'GET', `/api/trips/my-day?date=2026-06-12&driver_id=${other.driver.id}`, driver.headers);
    expect((own.body.data as MyDay).driver_id).toBe(driver.driver.id);
  });
});
