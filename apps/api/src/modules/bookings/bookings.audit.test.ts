import type { BookingAuditEntry, Trip } from '@ps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingRoute, createBookingThroughApi, insertBookingRoute } from '../../../test/factories/bookings.ts';
import { insertDriver } from '../../../test/factories/drivers.ts';
import { createYard } from '../../../test/factories/places.ts';
import { insertService } from '../../../test/factories/quote.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, createTenant } from '../../../test/kit.ts';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createTenant>>;
let route: BookingRoute;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createTenant(ctx);
  route = await insertBookingRoute(ctx.db, owner.company.id);
});
afterAll(() => ctx?.close());

const trail = async (id: number, headers = owner.headers) => {
  const response = await call(ctx.app, 'GET', `/api/booking/audit/list/${id}`, headers);
  return { status: response.status, entries: response.body.data as BookingAuditEntry[], body: response.body };
};
const summary = (entries: BookingAuditEntry[]) => entries.map((entry) => `${entry.entity} ${entry.action}`);

describe("a booking's audit trail", () => {
  it('holds the booking, its service lines, payments and message, deleted ones too, newest first, with who', async () => {
    const booking = await createBookingThroughApi(ctx, owner, route);
    const other = await createBookingThroughApi(ctx, owner, route);
    const service = await insertService(ctx.db, owner.company.id, { price: 500 });

    const line = await call(ctx.app, 'POST', '/api/booking-additional_service/add', owner.headers, {
      booking_id: booking.id,
      additional_service_id: service.id,
      quantity: 1,
    });
    expect(line.status).toBe(201);
    expect(
      (await call(ctx.app, 'DELETE', `/api/booking-additional_service/delete/${(line.body.data as { id: number }).id}`, owner.headers))
        .status,
    ).toBe(200);
    const payment = await call(ctx.app, 'POST', '/api/payment/add', owner.headers, { booking_id: booking.id, amount: 700, method: 'cash' });
    expect(payment.status).toBe(201);
    const paymentId = (payment.body.data as { id: number }).id;
    expect((await call(ctx.app, 'DELETE', `/api/payment/delete/${paymentId}`, owner.headers, { reason: 'Entered twice' })).status).toBe(
      200,
    );
    expect((await call(ctx.app, 'PATCH', `/api/booking/update/${booking.id}`, owner.headers, { notes: 'Blue roof box' })).status).toBe(200);
    // The other booking's changes never reach this trail.
    await call(ctx.app, 'POST', '/api/payment/add', owner.headers, { booking_id: other.id, amount: 100, method: 'card' });

    const { status, entries } = await trail(booking.id);
    expect(status).toBe(200);
    const names = summary(entries);
    // Newest first: the note is the last change, the booking's creation (and its queued confirmation) the first.
    expect(names[0]).toBe('booking update');
    expect(names.at(-1)).toBe('booking create');
    expect(names).toEqual(
      expect.arrayContaining([
        'mail_message create',
        'booking_service create',
        'booking_service delete',
        'payment create',
        'payment delete',
      ]),
    );
    expect(entries.every((entry) => entry.entity !== 'payment' || entry.entity_id === paymentId)).toBe(true);
    expect(entries[0]?.changes.notes).toEqual({ from: null, to: 'Blue roof box' });
    expect(entries[0]).toMatchObject({ entity_id: booking.id, actor_user_id: owner.user.id, actor_name: owner.user.name });
    const deleted = entries.find((entry) => entry.entity === 'payment' && entry.action === 'delete');
    expect(deleted?.changes.amount).toEqual({ from: 700 });
    // A message's bodies stay in the outbox: the trail keeps its subject and address.
    const mail = entries.find((entry) => entry.entity === 'mail_message');
    expect(mail?.changes.to_address).toEqual({ to: 'ada@example.com' });
    expect(mail?.changes.text_body).toBeUndefined();
    expect(mail?.changes.html_body).toBeUndefined();
  });

  it("holds its trips' entries: made, moved by a change of its times (and why), its car's movements, a status correction", async () => {
    const yard = await createYard(ctx.db, owner.company.id);
    const booking = await createBookingThroughApi(ctx, owner, route, { type: 'meet_and_greet' });
    const other = await createBookingThroughApi(ctx, owner, route, { type: 'meet_and_greet' });
    const tripsOf = async (bookingId: number) =>
      (await call(ctx.app, 'GET', `/api/trips/list?booking_id=${bookingId}&sort=scheduled_at`, owner.headers)).body.data as Trip[];
    const [inTrip, outTrip] = await tripsOf(booking.id);
    const [otherIn] = await tripsOf(other.id);
    if (!inTrip || !outTrip || !otherIn) throw new Error('no trips');

    const moved = await call(ctx.app, 'POST', '/api/trips/movement', owner.headers, { trip_id: inTrip.id, yard_id: yard.id });
    expect(moved.status).toBe(201);
    const movementId = (moved.body.data as { id: number }).id;
    // The other booking's car moves too: never on this trail.
    await call(ctx.app, 'POST', '/api/trips/movement', owner.headers, { trip_id: otherIn.id, yard_id: yard.id });
    const changed = await call(ctx.app, 'PATCH', `/api/booking/update/${booking.id}`, owner.headers, {
      arrival_at: '2026-06-12T20:00:00Z',
    });
    expect(changed.status).toBe(200);
    const corrected = await call(ctx.app, 'PATCH', `/api/trips/status/update/admin/${outTrip.id}`, owner.headers, {
      status: 'cancelled',
      reason: 'Customer collects the car at the yard',
    });
    expect(corrected.status).toBe(200);

    const { entries } = await trail(booking.id);
    const tripEntries = entries.filter((entry) => entry.entity.startsWith('trip'));
    // Newest first: the correction and the cancellation it made, the move of the out-trip, the movement, the trips made.
    expect(tripEntries.map((entry) => `${entry.entity} ${entry.action} ${entry.entity_id}`)).toEqual([
      `trip_status_correction create ${tripEntries[0]?.entity_id}`,
      `trip update ${outTrip.id}`,
      `trip_schedule_change create ${tripEntries[2]?.entity_id}`,
      `trip update ${outTrip.id}`,
      `trip_movement create ${movementId}`,
      `trip create ${outTrip.id}`,
      `trip create ${inTrip.id}`,
    ]);
    const [correction, cancellation, scheduleChange, timeMove] = tripEntries;
    expect(correction?.changes).toEqual({
      trip_id: { to: outTrip.id },
      from_status: { to: 'scheduled' },
      to_status: { to: 'cancelled' },
      reason: { to: 'Customer collects the car at the yard' },
    });
    expect(cancellation?.changes.status).toEqual({ from: 'scheduled', to: 'cancelled' });
    // Old and new time (the flight buffer after the new return) and why, by whom.
    expect(scheduleChange).toMatchObject({
      actor_user_id: owner.user.id,
      actor_name: owner.user.name,
      changes: expect.objectContaining({
        trip_id: { to: outTrip.id },
        from_at: { to: outTrip.scheduled_at },
        to_at: { to: '2026-06-12T20:30:00.000Z' },
        reason: { to: 'booking_changed' },
        unassigned_driver_id: { to: null },
      }),
    });
    expect(timeMove?.changes.scheduled_at).toEqual({ from: outTrip.scheduled_at, to: '2026-06-12T20:30:00.000Z' });
    expect(entries.find((entry) => entry.entity === 'trip_movement')?.changes).toMatchObject({
      trip_id: { to: inTrip.id },
      yard_id: { to: yard.id },
      location_id: { to: null },
    });
    expect(entries.some((entry) => entry.entity === 'trip' && entry.entity_id === otherIn.id)).toBe(false);
    // The booking's own entries are still there, around the trips'.
    expect(entries.filter((entry) => entry.entity === 'booking').map((entry) => entry.action)).toEqual(['update', 'create']);
  });

  it('names what it points at for a role that may not read those records, and leaves bookkeeping out (issue 21)', async () => {
    const booking = await createBookingThroughApi(ctx, owner, route, { type: 'meet_and_greet' });
    const { driver } = await insertDriver(ctx.db, owner.company.id, { first_name: 'Priya', last_name: 'Raman' });
    const paid = await call(
      ctx.app,
      'POST',
      '/api/payment/add',
      { ...owner.headers, 'idempotency-key': 'pay-575c-trail' },
      // Above the booking's total (issue 22): the excess is declared as a deposit/credit.
      { booking_id: booking.id, amount: 5999, method: 'card', as_credit: true },
    );
    expect(paid.status).toBe(201);
    const trips = (await call(ctx.app, 'GET', `/api/trips/list?booking_id=${booking.id}&sort=scheduled_at`, owner.headers)).body
      .data as Trip[];
    const firstTrip = trips[0];
    if (!firstTrip) throw new Error('no trip');
    const assigned = await call(ctx.app, 'PATCH', `/api/trips/update/${firstTrip.id}`, owner.headers, { driver_id: driver.id });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);

    // A desk role reads bookings (and money) but neither locations nor drivers: the trail names them all the same.
    const role = await call(ctx.app, 'POST', '/api/role/add', owner.headers, {
      name: 'Trail dispatcher',
      permissions: ['bookings.view', 'finance.view'],
    });
    expect(role.status).toBe(201);
    const dispatcher = await addUser(ctx, owner.company.id, 'admin');
    const roleId = (role.body.data as { id: number }).id;
    expect((await call(ctx.app, 'PATCH', `/api/user/role/${dispatcher.user.id}`, owner.headers, { role_id: roleId })).status).toBe(200);

    const { status, entries } = await trail(booking.id, dispatcher.headers);
    expect(status).toBe(200);
    const payment = entries.find((entry) => entry.entity === 'payment' && entry.action === 'create');
    expect(payment?.changes.amount).toEqual({ to: 5999 });
    for (const internal of ['id', 'company_id', 'created_by', 'idempotency_key']) expect(payment?.changes[internal]).toBeUndefined();
    expect(payment?.names.booking_id).toEqual({ from: null, to: booking.reference });
    const made = entries.find((entry) => entry.entity === 'booking' && entry.action === 'create');
    expect(made?.changes.company_id).toBeUndefined();
    expect(made?.names.departure_id).toEqual({ from: null, to: route.carPark.name });
    expect(made?.names.arrival_id).toEqual({ from: null, to: route.terminal.name });
    const driverSet = entries.find((entry) => entry.entity === 'trip' && entry.action === 'update' && 'driver_id' in entry.changes);
    expect(driverSet?.names.driver_id).toEqual({ from: null, to: 'Priya Raman' });

    // Another company's admin gets no trail, so no names either.
    const stranger = await createTenant(ctx);
    expect((await trail(booking.id, stranger.headers)).status).toBe(404);
  });

  it("is 404 for another company's admin, and for a booking that does not exist", async () => {
    const booking = await createBookingThroughApi(ctx, owner, route);
    const stranger = await createTenant(ctx);
    const theirs = await trail(booking.id, stranger.headers);
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain(booking.reference);
    expect((await trail(2_147_483_000)).status).toBe(404);
  });
});
