import type { BookingCreateInput, TripDetail } from '@ps/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingThroughApi, insertBookingRoute } from '../../../test/factories/bookings.ts';
import { createYard } from '../../../test/factories/places.ts';
import { insertTrip, signedInDriver } from '../../../test/factories/trips.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant, type Tenant } from '../../../test/kit.ts';
import { auditLog, bookings, companies, tripScheduleChanges, trips } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Company = Tenant & { company: { id: number } };

/** A company with a priced route (car park -> terminal), a 45-minute flight buffer, a trip fee and, unless told, a yard. */
async function makeCompany(options: { yard?: boolean } = {}) {
  const tenant = (await createTenant(ctx)) as Company;
  await ctx.db.update(companies).set({ trip_fee: 800, flight_buffer_minutes: 45 }).where(eq(companies.id, tenant.company.id));
  const route = await insertBookingRoute(ctx.db, tenant.company.id);
  // An inactive yard made first is passed over: new trips go to the first active one.
  await createYard(ctx.db, tenant.company.id, { status: 0 });
  const yard = options.yard === false ? null : await createYard(ctx.db, tenant.company.id);
  return { tenant, route, yard };
}

const meetAndGreet = (overrides: Partial<BookingCreateInput> = {}): Partial<BookingCreateInput> => ({
  type: 'meet_and_greet',
  ...overrides,
});

async function tripsOf(tenant: Company, bookingId: number): Promise<TripDetail[]> {
  const response = await call(ctx.app, 'GET', `/api/trips/list?booking_id=${bookingId}&sort=scheduled_at`, tenant.headers);
  expect(response.status).toBe(200);
  return response.body.data as TripDetail[];
}

describe('a meet-and-greet booking makes, moves and cancels its trips', () => {
  it('makes its in and out trips when confirmed: departure place to the yard, the yard to the arrival place after the buffer', async () => {
    const { tenant, route, yard } = await makeCompany();
    const booking = await createBookingThroughApi(ctx, tenant, route, meetAndGreet());
    expect(booking.status).toBe('confirmed');
    const made = await tripsOf(tenant, booking.id);
    expect(made.map((trip) => [trip.type, trip.status, trip.scheduled_at, trip.from_name, trip.to_name, trip.driver_fee])).toEqual([
      ['in', 'scheduled', '2026-06-10T08:00:00.000Z', route.carPark.name, yard?.name, 800],
      ['out', 'scheduled', '2026-06-12T18:45:00.000Z', yard?.name, route.terminal.name, 800],
    ]);
    expect(made[0]).toMatchObject({
      booking_id: booking.id,
      booking_reference: booking.reference,
      vehicle_reg: 'AB12 CDE',
      flight: 'BA2490',
    });
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.company_id, tenant.company.id), eq(auditLog.entity, 'trip')));
    expect(audited.map((entry) => entry.action)).toEqual(['create', 'create']);
  });

  it('makes none for a pending booking or a parking one, and makes them when the pending one is confirmed', async () => {
    const { tenant, route } = await makeCompany();
    const web = await createBookingThroughApi(ctx, tenant, route, meetAndGreet({ channel: 'web' }));
    expect(web.status).toBe('pending');
    const parking = await createBookingThroughApi(ctx, tenant, route, { type: 'parking' });
    expect(await tripsOf(tenant, web.id)).toEqual([]);
    expect(await tripsOf(tenant, parking.id)).toEqual([]);
    const confirmed = await call(ctx.app, 'PATCH', `/api/booking/status/update/${web.id}`, tenant.headers, { status: 'confirmed' });
    expect(confirmed.status).toBe(200);
    expect((await tripsOf(tenant, web.id)).map((trip) => trip.type)).toEqual(['in', 'out']);
    // Later statuses keep exactly one of each.
    await call(ctx.app, 'PATCH', `/api/booking/status/update/${web.id}`, tenant.headers, { status: 'checked_in' });
    expect(await tripsOf(tenant, web.id)).toHaveLength(2);
  });

  it('takes the car to the booking car park when the company has no active yard', async () => {
    const { tenant, route } = await makeCompany({ yard: false });
    const booking = await createBookingThroughApi(ctx, tenant, route, meetAndGreet());
    const [inTrip, outTrip] = await tripsOf(tenant, booking.id);
    expect(inTrip).toMatchObject({ to_location_id: route.carPark.id, to_yard_id: null });
    expect(outTrip).toMatchObject({ from_location_id: route.carPark.id, to_location_id: route.terminal.id });
  });

  it('moves trips that have not started when the booking times change, logs each move and takes off a driver no longer free', async () => {
    const { tenant, route, yard } = await makeCompany();
    const booking = await createBookingThroughApi(ctx, tenant, route, meetAndGreet());
    const [inTrip, outTrip] = await tripsOf(tenant, booking.id);
    if (!inTrip || !outTrip || !yard) throw new Error('no trips');
    const busy = await signedInDriver(ctx, tenant.company.id, { first_name: 'Busy', last_name: 'Driver' });
    const free = await signedInDriver(ctx, tenant.company.id, { first_name: 'Free', last_name: 'Driver' });
    await call(ctx.app, 'PATCH', `/api/trips/update/${inTrip.id}`, tenant.headers, { driver_id: busy.driver.id });
    await call(ctx.app, 'PATCH', `/api/trips/update/${outTrip.id}`, tenant.headers, { driver_id: free.driver.id });
    // The busy driver already has a job at the in-trip's new time.
    await insertTrip(ctx.db, tenant.company.id, {
      from_yard_id: yard.id,
      to_location_id: route.terminal.id,
      scheduled_at: new Date('2026-06-10T06:10:00Z'),
      driver_id: busy.driver.id,
    });

    const changed = await call(ctx.app, 'PATCH', `/api/booking/update/${booking.id}`, tenant.headers, {
      departure_at: '2026-06-10T06:00:00Z',
      arrival_at: '2026-06-12T20:00:00Z',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [movedIn, movedOut] = await tripsOf(tenant, booking.id);
    expect(movedIn).toMatchObject({ scheduled_at: '2026-06-10T06:00:00.000Z', status: 'scheduled', driver_id: null });
    expect(movedOut).toMatchObject({ scheduled_at: '2026-06-12T20:45:00.000Z', status: 'assigned', driver_id: free.driver.id });
    const detail = (await call(ctx.app, 'GET', `/api/trips/get/${inTrip.id}`, tenant.headers)).body.data as TripDetail;
    expect(detail.schedule_changes).toEqual([
      expect.objectContaining({
        from_at: '2026-06-10T08:00:00.000Z',
        to_at: '2026-06-10T06:00:00.000Z',
        reason: 'booking_changed',
        unassigned_driver_id: busy.driver.id,
        unassigned_driver_name: 'Busy Driver',
        changed_by: tenant.user.id,
        changed_by_name: tenant.user.name,
      }),
    ]);
    expect(detail.status_history.map((entry) => entry.to_status)).toEqual(['scheduled', 'assigned', 'scheduled']);
    const logged = await ctx.db.select().from(tripScheduleChanges).where(eq(tripScheduleChanges.booking_id, booking.id));
    expect(logged.map((row) => [row.trip_id, row.unassigned_driver_id])).toEqual([
      [inTrip.id, busy.driver.id],
      [outTrip.id, null],
    ]);

    // A change that leaves the times alone moves nothing (a trip moved since, by a late flight, stays where it is).
    await ctx.db
      .update(trips)
      .set({ scheduled_at: new Date('2026-06-12T22:00:00Z') })
      .where(eq(trips.id, outTrip.id));
    await call(ctx.app, 'PATCH', `/api/booking/update/${booking.id}`, tenant.headers, { notes: 'Blue car' });
    expect((await tripsOf(tenant, booking.id))[1]?.scheduled_at).toBe('2026-06-12T22:00:00.000Z');
  });

  it('leaves a started trip where it is when the times change', async () => {
    const { tenant, route } = await makeCompany();
    const booking = await createBookingThroughApi(ctx, tenant, route, meetAndGreet());
    const [inTrip] = await tripsOf(tenant, booking.id);
    if (!inTrip) throw new Error('no trip');
    const driver = await signedInDriver(ctx, tenant.company.id);
    await call(ctx.app, 'PATCH', `/api/trips/update/${inTrip.id}`, tenant.headers, { driver_id: driver.driver.id });
    await call(ctx.app, 'PATCH', `/api/trips/status/update/${inTrip.id}`, driver.headers, { status: 'started' });
    await call(ctx.app, 'PATCH', `/api/booking/update/${booking.id}`, tenant.headers, { departure_at: '2026-06-10T09:00:00Z' });
    expect((await tripsOf(tenant, booking.id))[0]).toMatchObject({ status: 'started', scheduled_at: '2026-06-10T08:00:00.000Z' });
  });

  it('cancels its open trips when cancelled, and the booking can then be deleted', async () => {
    const { tenant, route } = await makeCompany();
    const booking = await createBookingThroughApi(ctx, tenant, route, meetAndGreet());
    const cancelled = await call(ctx.app, 'PATCH', `/api/booking/status/update/${booking.id}`, tenant.headers, { status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    const called = await tripsOf(tenant, booking.id);
    expect(called.map((trip) => trip.status)).toEqual(['cancelled', 'cancelled']);
    const deleted = await call(ctx.app, 'DELETE', `/api/booking/delete/${booking.id}`, tenant.headers);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await ctx.db.select().from(trips).where(eq(trips.booking_id, booking.id))).toEqual([]);
    expect(await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id))).toEqual([]);
  });

  it('cancels its open trips on a no-show, and keeps the booking whose trip happened from being deleted', async () => {
    const { tenant, route, yard } = await makeCompany();
    const booking = await createBookingThroughApi(ctx, tenant, route, meetAndGreet());
    const [inTrip] = await tripsOf(tenant, booking.id);
    if (!inTrip || !yard) throw new Error('no trip');
    await call(ctx.app, 'POST', '/api/trips/movement', tenant.headers, {
      trip_id: inTrip.id,
      location_id: route.carPark.id,
      moved_at: '2026-06-10T08:00:00Z',
    });
    await call(ctx.app, 'PATCH', `/api/booking/status/update/${booking.id}`, tenant.headers, { status: 'no_show' });
    expect((await tripsOf(tenant, booking.id)).map((trip) => trip.status)).toEqual(['cancelled', 'cancelled']);
    const deleted = await call(ctx.app, 'DELETE', `/api/booking/delete/${booking.id}`, tenant.headers);
    expect(deleted.status).toBe(409);
    expect(deleted.body.code).toBe('booking_in_use');
    expect(await tripsOf(tenant, booking.id)).toHaveLength(2);
  });

  it('leaves no trip open once the car is checked out: a trip a driver had is completed, one nobody had is cancelled', async () => {
    const { tenant, route, yard } = await makeCompany();
    const booking = await createBookingThroughApi(ctx, tenant, route, meetAndGreet());
    const [inTrip, outTrip] = await tripsOf(tenant, booking.id);
    if (!inTrip || !outTrip || !yard) throw new Error('no trips');
    const driver = await signedInDriver(ctx, tenant.company.id, { first_name: 'Ran', last_name: 'It' });
    expect((await call(ctx.app, 'PATCH', `/api/trips/update/${inTrip.id}`, tenant.headers, { driver_id: driver.driver.id })).status).toBe(
      200,
    );
    expect((await call(ctx.app, 'PATCH', `/api/trips/status/update/${inTrip.id}`, driver.headers, { status: 'started' })).status).toBe(200);
    // A shuttle the office added by hand for the same booking, assigned but never started: it is closed too.
    const shuttle = await call(ctx.app, 'POST', '/api/trips/add', tenant.headers, {
      type: 'shuttle',
      booking_id: booking.id,
      from_yard_id: yard.id,
      to_location_id: route.terminal.id,
      scheduled_at: '2026-06-11T10:00:00Z',
      driver_id: driver.driver.id,
    });
    expect(shuttle.status, JSON.stringify(shuttle.body)).toBe(201);
    for (const status of ['checked_in', 'checked_out'] as const) {
      const moved = await call(ctx.app, 'PATCH', `/api/booking/status/update/${booking.id}`, tenant.headers, { status });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }

    const closed = await tripsOf(tenant, booking.id);
    expect(closed.map((trip) => [trip.type, trip.status])).toEqual([
      ['in', 'completed'],
      ['shuttle', 'completed'],
      ['out', 'cancelled'],
    ]);
    // Each with the reason in its history.
    const history = await call(ctx.app, 'GET', `/api/trips/get/${outTrip.id}`, tenant.headers);
    expect(history.status).toBe(200);
    expect((history.body.data as TripDetail).status_history.at(-1)).toMatchObject({
      from_status: 'scheduled',
      to_status: 'cancelled',
      note: 'Closed with its booking (Checked out): the car is back with its customer.',
    });
    // Dispatch's "needs a driver" never lists it.
    const waiting = await call(ctx.app, 'GET', `/api/trips/list?unassigned=1&status=scheduled&booking_id=${booking.id}`, tenant.headers);
    expect(waiting.body.data).toEqual([]);
    // Nor can a new one be planned for the returned car, or an old one be moved onto it.
    const added = await call(ctx.app, 'POST', '/api/trips/add', tenant.headers, {
      type: 'out',
      booking_id: booking.id,
      from_yard_id: yard.id,
      to_location_id: route.terminal.id,
      scheduled_at: '2026-06-12T19:00:00Z',
    });
    expect(added.status).toBe(409);
    expect(added.body).toMatchObject({ code: 'trip_booking_closed', details: [{ field: 'booking_id' }] });
    const loose = await insertTrip(ctx.db, tenant.company.id, {
      from_yard_id: yard.id,
      to_location_id: route.terminal.id,
      scheduled_at: new Date('2026-06-12T19:00:00Z'),
    });
    const attached = await call(ctx.app, 'PATCH', `/api/trips/update/${loose.id}`, tenant.headers, { booking_id: booking.id });
    expect(attached.status).toBe(409);
    expect(attached.body.code).toBe('trip_booking_closed');
  });

  it('closes the trips of a booking that goes straight to completed, in the caller language', async () => {
    const { tenant, route } = await makeCompany();
    const booking = await createBookingThroughApi(ctx, tenant, route, meetAndGreet());
    for (const status of ['checked_in', 'checked_out', 'completed'] as const) {
      await call(ctx.app, 'PATCH', `/api/booking/status/update/${booking.id}`, tenant.headers, { status });
    }
    expect((await tripsOf(tenant, booking.id)).map((trip) => trip.status)).toEqual(['cancelled', 'cancelled']);
    const tamil = { ...tenant.headers, 'accept-language': 'ta' };
    const other = await createBookingThroughApi(ctx, tenant, route, meetAndGreet());
    await call(ctx.app, 'PATCH', `/api/booking/status/update/${other.id}`, tamil, { status: 'checked_in' });
    await call(ctx.app, 'PATCH', `/api/booking/status/update/${other.id}`, tamil, { status: 'checked_out' });
    const [first] = await tripsOf(tenant, other.id);
    const history = await call(ctx.app, 'GET', `/api/trips/get/${first?.id}`, tenant.headers);
    expect((history.body.data as TripDetail).status_history.at(-1)?.note).toContain('முன்பதிவுடன் மூடப்பட்டது');
  });

  it('cancels the in and out trips when the booking stops being meet and greet', async () => {
    const { tenant, route } = await makeCompany();
    const booking = await createBookingThroughApi(ctx, tenant, route, meetAndGreet());
    const changed = await call(ctx.app, 'PATCH', `/api/booking/update/${booking.id}`, tenant.headers, { type: 'parking' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await tripsOf(tenant, booking.id)).map((trip) => trip.status)).toEqual(['cancelled', 'cancelled']);
    // Sold as meet and greet again: it gets its trips again.
    await call(ctx.app, 'PATCH', `/api/booking/update/${booking.id}`, tenant.headers, { type: 'meet_and_greet' });
    expect((await tripsOf(tenant, booking.id)).map((trip) => trip.status).sort()).toEqual([
      'cancelled',
      'cancelled',
      'scheduled',
      'scheduled',
    ]);
  });

  it('leaves a trip the office cancelled cancelled when the booking is edited later', async () => {
    const { tenant, route } = await makeCompany();
    const booking = await createBookingThroughApi(ctx, tenant, route, meetAndGreet());
    const [inTrip] = await tripsOf(tenant, booking.id);
    if (!inTrip) throw new Error('no in trip');
    const cancelled = await call(ctx.app, 'PATCH', `/api/trips/status/update/${inTrip.id}`, tenant.headers, { status: 'cancelled' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const edited = await call(ctx.app, 'PATCH', `/api/booking/update/${booking.id}`, tenant.headers, {
      notes: 'Blue umbrella in the boot',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const after = await tripsOf(tenant, booking.id);
    expect(after.map((trip) => [trip.type, trip.status])).toEqual([
      ['in', 'cancelled'],
      ['out', 'scheduled'],
    ]);
  });

  it("shows the booking's path to the office, and to a driver only through their own trips", async () => {
    const { tenant, route, yard } = await makeCompany();
    const booking = await createBookingThroughApi(ctx, tenant, route, meetAndGreet());
    const [inTrip] = await tripsOf(tenant, booking.id);
    if (!inTrip || !yard) throw new Error('no trip');
    const driver = await signedInDriver(ctx, tenant.company.id);
    const other = await signedInDriver(ctx, tenant.company.id);
    await call(ctx.app, 'PATCH', `/api/trips/update/${inTrip.id}`, tenant.headers, { driver_id: driver.driver.id });
    await call(ctx.app, 'POST', '/api/trips/movement', driver.headers, {
      trip_id: inTrip.id,
      location_id: route.carPark.id,
      moved_at: '2026-06-10T08:02:00Z',
    });
    await call(ctx.app, 'POST', '/api/trips/movement', driver.headers, {
      trip_id: inTrip.id,
      yard_id: yard.id,
      moved_at: '2026-06-10T08:40:00Z',
    });
    const path = await call(ctx.app, 'GET', `/api/trips/movement/list?booking_id=${booking.id}`, tenant.headers);
    expect(path.status).toBe(200);
    expect((path.body.data as Array<{ place_name: string; trip_type: string }>).map((step) => [step.trip_type, step.place_name])).toEqual([
      ['in', route.carPark.name],
      ['in', yard.name],
    ]);
    expect((await call(ctx.app, 'GET', `/api/trips/movement/list?booking_id=${booking.id}`, driver.headers)).body.data).toEqual(
      path.body.data,
    );
    expect((await call(ctx.app, 'GET', `/api/trips/movement/list?booking_id=${booking.id}`, other.headers)).status).toBe(404);
    const stranger = await createTenant(ctx);
    expect((await call(ctx.app, 'GET', `/api/trips/movement/list?booking_id=${booking.id}`, stranger.headers)).status).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/trips/movement/list', tenant.headers)).status).toBe(400);
  });
});
