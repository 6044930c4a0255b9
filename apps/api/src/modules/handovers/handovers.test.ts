import type { TripDetail } from '@ps/contracts';
import type { Handover, Relocation } from '@ps/contracts/handovers';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingThroughApi, insertBooking, insertBookingRoute } from '../../../test/factories/bookings.ts';
import { createYard } from '../../../test/factories/places.ts';
import { signedInDriver } from '../../../test/factories/trips.ts';
import { createUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant, mintAccessToken } from '../../../test/kit.ts';
import { HTML, JPEG, PNG } from '../../../test/multipart.ts';
import { auditLog, bookings, carPlaces, handoverFiles, handovers, mailOutbox } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

/** A company with a priced route, a yard with three bays and a zone, and a confirmed booking. */
async function world() {
  const tenant = await createTenant(ctx);
  const route = await insertBookingRoute(ctx.db, tenant.company.id);
  const yard = await createYard(ctx.db, tenant.company.id, { name: 'North yard' });
  const position = async (name: string, kind = 'bay') => {
    const response = await call(ctx.app, 'POST', '/api/position/add', tenant.headers, { yard_id: yard.id, name, kind });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data as { id: number; name: string };
  };
  const bays = {
    a1: await position('A1'),
    a2: await position('A2'),
    a3: await position('A3'),
    overflow: await position('Overflow', 'zone'),
  };
  const booking = await insertBooking(ctx.db, tenant.company.id, route);
  return { tenant, route, yard, bays, booking };
}

const checkIn = (bookingId: number, extra: Record<string, unknown> = {}) => ({
  booking_id: bookingId,
  kind: 'check_in',
  mileage: 42_180,
  fuel_eighths: 5,
  key_location: 'Box 1, hook 7',
  marks: [{ area: 'left', x: 0.4, y: 0.6, note: 'Scratch on the rear door' }],
  photos: [JPEG.toString('base64'), PNG.toString('base64')],
  signature: PNG.toString('base64'),
  signed_name: 'Grace Hopper',
  ...extra,
});

async function handoversOf(headers: Record<string, string>, bookingId: number): Promise<Handover[]> {
  const response = await call(ctx.app, 'GET', `/api/handover/list?booking_id=${bookingId}`, headers);
  expect(response.status).toBe(200);
  return response.body.data as Handover[];
}

const statusOf = async (id: number) =>
  (await ctx.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.status;

describe('checking a car in and out as a record', () => {
  it('records the check-in with marks, photos, signature, bay and key, and moves the booking to checked in', async () => {
    const { tenant, bays, booking } = await world();
    const added = await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, checkIn(booking.id, { position_id: bays.a1.id }));
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const handover = added.body.data as Handover;
    expect(handover).toMatchObject({
      kind: 'check_in',
      mileage: 42_180,
      fuel_eighths: 5,
      position_name: 'A1',
      place_name: 'North yard',
      key_location: 'Box 1, hook 7',
      marks: [{ area: 'left', note: 'Scratch on the rear door' }],
      signed_name: 'Grace Hopper',
      booking_status_before: 'confirmed',
      undone_at: null,
    });
    expect(handover.photos.map((photo) => photo.content_type)).toEqual(['image/jpeg', 'image/png']);
    expect(handover.signature).toMatchObject({ content_type: 'image/png' });
    expect(handover.undo_until).not.toBeNull();
    expect(await statusOf(booking.id)).toBe('checked_in');
    const [place] = await ctx.db.select().from(carPlaces).where(eq(carPlaces.booking_id, booking.id));
    expect(place).toMatchObject({ position_id: bays.a1.id, holds_one: true, key_location: 'Box 1, hook 7' });

    // The photo comes back as it was sent, never sniffed by the browser as something else.
    const photo = await ctx.app.inject({ method: 'GET', url: `/api/handover/file/get/${handover.photos[0]?.id}`, headers: tenant.headers });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(photo.rawPayload, JPEG)).toBe(0);
    // Audited without the images' bytes.
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.company_id, tenant.company.id), eq(auditLog.entity, 'handover')));
    expect(JSON.stringify(entry)).not.toContain(JPEG.toString('base64'));
  });

  it('keeps another company out: its booking, position, handovers and images are 404 or refused on the field', async () => {
    const { tenant, bays, booking } = await world();
    const added = await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, checkIn(booking.id));
    const handover = added.body.data as Handover;
    const stranger = await createTenant(ctx);
    expect((await call(ctx.app, 'GET', `/api/handover/list?booking_id=${booking.id}`, stranger.headers)).status).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/handover/booking/get/${booking.id}`, stranger.headers)).status).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/handover/file/get/${handover.photos[0]?.id}`, stranger.headers)).status).toBe(404);
    expect((await call(ctx.app, 'PATCH', `/api/handover/undo/${handover.id}`, stranger.headers)).status).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/handover/relocation/list?booking_id=${booking.id}`, stranger.headers)).status).toBe(404);
    const theirs = await call(ctx.app, 'POST', '/api/handover/add', stranger.headers, checkIn(booking.id));
    expect(theirs.status).toBe(400);
    expect(theirs.body.details).toEqual([expect.objectContaining({ field: 'booking_id' })]);
    const strangerRoute = await insertBookingRoute(ctx.db, stranger.company.id);
    const strangerBooking = await insertBooking(ctx.db, stranger.company.id, strangerRoute);
    const foreignBay = await call(
      ctx.app,
      'POST',
      '/api/handover/add',
      stranger.headers,
      checkIn(strangerBooking.id, { position_id: bays.a2.id }),
    );
    expect(foreignBay.status).toBe(400);
    expect(foreignBay.body.details).toEqual([expect.objectContaining({ field: 'position_id' })]);
    expect(await statusOf(strangerBooking.id)).toBe('confirmed');
  });

  it('refuses a second car in a bay, a file that is not an image, and a wrong move, writing nothing', async () => {
    const { tenant, route, bays, booking } = await world();
    expect(
      (await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, checkIn(booking.id, { position_id: bays.a1.id }))).status,
    ).toBe(201);
    const second = await insertBooking(ctx.db, tenant.company.id, route);
    const taken = await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, checkIn(second.id, { position_id: bays.a1.id }));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'position_taken', message: 'Bay A1 already holds a car: choose another position.' });
    const html = await call(
      ctx.app,
      'POST',
      '/api/handover/add',
      { ...tenant.headers, 'accept-language': 'ta' },
      checkIn(second.id, { photos: [JPEG.toString('base64'), HTML.toString('base64')] }),
    );
    expect(html.status).toBe(400);
    expect(html.body).toMatchObject({ code: 'handover_image_invalid', details: [{ field: 'photos.1' }] });
    expect(html.body.message).toContain('படம் 2');
    const checkedOutFirst = await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, { booking_id: second.id, kind: 'check_out' });
    expect(checkedOutFirst.status).toBe(400);
    expect(checkedOutFirst.body.code).toBe('booking_transition_invalid');
    expect(await statusOf(second.id)).toBe('confirmed');
    expect(await ctx.db.select().from(handovers).where(eq(handovers.booking_id, second.id))).toEqual([]);
    // A zone holds any number of cars.
    const zoned = await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, checkIn(second.id, { position_id: bays.overflow.id }));
    expect(zoned.status).toBe(201);
    const third = await insertBooking(ctx.db, tenant.company.id, route);
    expect(
      (await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, checkIn(third.id, { position_id: bays.overflow.id }))).status,
    ).toBe(201);
  });

  it('checks out against the check-in: frees the bay, closes the trips, keeps where the car and key were', async () => {
    const { tenant, route, bays } = await world();
    const booking = await createBookingThroughApi(ctx, tenant, route, { type: 'meet_and_greet' });
    const driver = await signedInDriver(ctx, tenant.company.id);
    const trips = (await call(ctx.app, 'GET', `/api/trips/list?booking_id=${booking.id}&sort=scheduled_at`, tenant.headers)).body
      .data as TripDetail[];
    expect(trips).toHaveLength(2);
    await call(ctx.app, 'PATCH', `/api/trips/update/${trips[0]?.id}`, tenant.headers, { driver_id: driver.driver.id });
    expect(
      (await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, checkIn(booking.id, { position_id: bays.a2.id }))).status,
    ).toBe(201);
    const out = await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, {
      booking_id: booking.id,
      kind: 'check_out',
      mileage: 42_230,
      marks: [
        { area: 'left', x: 0.4, y: 0.6, note: 'Scratch on the rear door' },
        { area: 'front', x: 0.5, y: 0.2, note: 'New chip on the bonnet' },
      ],
    });
    expect(out.status, JSON.stringify(out.body)).toBe(201);
    expect(out.body.data).toMatchObject({
      kind: 'check_out',
      position_name: 'A2',
      key_location: 'Box 1, hook 7',
      booking_status_before: 'checked_in',
    });
    expect(await statusOf(booking.id)).toBe('checked_out');
    expect(await ctx.db.select().from(carPlaces).where(eq(carPlaces.booking_id, booking.id))).toEqual([]);
    const closed = (await call(ctx.app, 'GET', `/api/trips/list?booking_id=${booking.id}&sort=scheduled_at`, tenant.headers)).body
      .data as TripDetail[];
    expect(closed.map((trip) => trip.status)).toEqual(['completed', 'cancelled']);
    // The bay is free for the next car.
    const next = await insertBooking(ctx.db, tenant.company.id, route);
    expect((await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, checkIn(next.id, { position_id: bays.a2.id }))).status).toBe(
      201,
    );
    expect((await handoversOf(tenant.headers, booking.id)).map((entry) => entry.kind)).toEqual(['check_in', 'check_out']);

    // The customer's receipt lists the marks of both ends, and waits in the outbox until the undo window has passed.
    const [receipt] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.booking_id, booking.id), eq(mailOutbox.kind, 'handover_receipt')));
    expect(receipt).toMatchObject({ state: 'queued', to_address: 'ada@example.com' });
    expect(receipt?.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
    expect(receipt?.text_body).toContain('Marks recorded when we took the car\n- Left side: Scratch on the rear door');
    expect(receipt?.text_body).toContain(
      'Marks recorded when we gave it back\n- Left side: Scratch on the rear door\n- Front: New chip on the bonnet',
    );
    expect(receipt?.text_body).toContain('Mileage: When we took it 42,180; When we gave it back 42,230');
    expect(receipt?.html_body).toContain('<li>Front: New chip on the bonnet</li>');
  });
});

describe('a driver at the terminal', () => {
  it('records handovers of the bookings of their own trips only', async () => {
    const { tenant, route, bays } = await world();
    const theirs = await createBookingThroughApi(ctx, tenant, route, { type: 'meet_and_greet' });
    const another = await createBookingThroughApi(ctx, tenant, route, { type: 'meet_and_greet', vehicle_reg: 'OT12 HER' });
    const driver = await signedInDriver(ctx, tenant.company.id);
    const [inTrip] = (await call(ctx.app, 'GET', `/api/trips/list?booking_id=${theirs.id}&sort=scheduled_at`, tenant.headers)).body
      .data as TripDetail[];
    expect((await call(ctx.app, 'PATCH', `/api/trips/update/${inTrip?.id}`, tenant.headers, { driver_id: driver.driver.id })).status).toBe(
      200,
    );

    const own = await call(ctx.app, 'POST', '/api/handover/add', driver.headers, checkIn(theirs.id, { position_id: bays.a1.id }));
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect((own.body.data as Handover).recorded_by).toBe(driver.user.id);
    expect(await handoversOf(driver.headers, theirs.id)).toHaveLength(1);
    const read = await call(ctx.app, 'GET', `/api/handover/booking/get/${theirs.id}`, driver.headers);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: theirs.id, status: 'checked_in' });
    expect((await call(ctx.app, 'GET', `/api/handover/booking/get/${another.id}`, driver.headers)).status).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/position/list?status=1', driver.headers)).status).toBe(200);
    const photo = await ctx.app.inject({
      method: 'GET',
      url: `/api/handover/file/get/${(own.body.data as Handover).photos[0]?.id}`,
      headers: driver.headers,
    });
    expect(photo.statusCode).toBe(200);

    const notTheirs = await call(ctx.app, 'POST', '/api/handover/add', driver.headers, checkIn(another.id));
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body.details).toEqual([expect.objectContaining({ field: 'booking_id' })]);
    expect(await statusOf(another.id)).toBe('confirmed');
    // The office's handover of another booking is out of the driver's reach.
    const office = (await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, checkIn(another.id))).body.data as Handover;
    expect((await call(ctx.app, 'GET', `/api/handover/list?booking_id=${another.id}`, driver.headers)).status).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/handover/file/get/${office.photos[0]?.id}`, driver.headers)).status).toBe(404);
    expect((await call(ctx.app, 'PATCH', `/api/handover/undo/${office.id}`, driver.headers)).status).toBe(404);
  });
});

describe('undoing a handover', () => {
  it('is for its author, within ten minutes, once: the booking, its trips and the bay go back', async () => {
    const { tenant, route, bays } = await world();
    const booking = await createBookingThroughApi(ctx, tenant, route, { type: 'meet_and_greet' });
    await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, checkIn(booking.id, { position_id: bays.a3.id }));
    const out = (await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, { booking_id: booking.id, kind: 'check_out' })).body
      .data as Handover;
    expect(await statusOf(booking.id)).toBe('checked_out');

    const colleague = await createUser(ctx.db, { company_id: tenant.company.id, role: 'admin' });
    const colleagueHeaders = { authorization: `Bearer ${await mintAccessToken(ctx, colleague)}` };
    const notTheirs = await call(ctx.app, 'PATCH', `/api/handover/undo/${out.id}`, colleagueHeaders);
    expect(notTheirs.status).toBe(403);
    expect(notTheirs.body.code).toBe('handover_undo_not_author');

    const receipts = () =>
      ctx.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.booking_id, booking.id), eq(mailOutbox.kind, 'handover_receipt')));
    expect(await receipts()).toHaveLength(1);
    const undone = await call(ctx.app, 'PATCH', `/api/handover/undo/${out.id}`, tenant.headers);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    // The receipt never leaves.
    expect(await receipts()).toEqual([]);
    expect(undone.body.data).toMatchObject({ undone_at: expect.any(String), undo_until: null });
    expect(await statusOf(booking.id)).toBe('checked_in');
    const reopened = (await call(ctx.app, 'GET', `/api/trips/list?booking_id=${booking.id}&sort=scheduled_at`, tenant.headers)).body
      .data as TripDetail[];
    expect(reopened.map((trip) => trip.status)).toEqual(['scheduled', 'scheduled']);
    const [place] = await ctx.db.select().from(carPlaces).where(eq(carPlaces.booking_id, booking.id));
    expect(place).toMatchObject({ position_id: bays.a3.id, holds_one: true });
    const again = await call(ctx.app, 'PATCH', `/api/handover/undo/${out.id}`, tenant.headers);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('handover_undone');
    // Both stay on record; the audit log has the undo.
    expect((await handoversOf(tenant.headers, booking.id)).map((entry) => [entry.kind, entry.undone_at !== null])).toEqual([
      ['check_in', false],
      ['check_out', true],
    ]);

    // The check-in, older than ten minutes, stays.
    const [checkInRow] = await ctx.db
      .select()
      .from(handovers)
      .where(and(eq(handovers.booking_id, booking.id), eq(handovers.kind, 'check_in')));
    await ctx.db
      .update(handovers)
      .set({ created_at: new Date(Date.now() - 11 * 60_000) })
      .where(eq(handovers.id, checkInRow?.id ?? 0));
    const late = await call(ctx.app, 'PATCH', `/api/handover/undo/${checkInRow?.id}`, tenant.headers);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('handover_undo_expired');
    expect(await statusOf(booking.id)).toBe('checked_in');
  });

  it('is refused once the booking has moved on', async () => {
    const { tenant, booking } = await world();
    const added = (await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, checkIn(booking.id))).body.data as Handover;
    await call(ctx.app, 'PATCH', `/api/booking/status/update/${booking.id}`, tenant.headers, { status: 'parked' });
    const undone = await call(ctx.app, 'PATCH', `/api/handover/undo/${added.id}`, tenant.headers);
    expect(undone.status).toBe(409);
    expect(undone.body.code).toBe('handover_undo_superseded');
  });
});

describe('a phone sending a handover again', () => {
  it('records it once per Idempotency-Key, and refuses the key with another body', async () => {
    const { tenant, booking } = await world();
    const headers = { ...tenant.headers, 'idempotency-key': `handover-${booking.id}` };
    const first = await call(ctx.app, 'POST', '/api/handover/add', headers, checkIn(booking.id));
    const second = await call(ctx.app, 'POST', '/api/handover/add', headers, checkIn(booking.id));
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.response.headers['idempotent-replayed']).toBe('true');
    expect((second.body.data as Handover).id).toBe((first.body.data as Handover).id);
    expect(await ctx.db.select().from(handovers).where(eq(handovers.booking_id, booking.id))).toHaveLength(1);
    expect(
      await ctx.db
        .select()
        .from(handoverFiles)
        .where(eq(handoverFiles.handover_id, (first.body.data as Handover).id)),
    ).toHaveLength(3);
    const other = await call(ctx.app, 'POST', '/api/handover/add', headers, checkIn(booking.id, { mileage: 1 }));
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('idempotency_key_reused');
  });
});

describe('moving a car on site', () => {
  it('records from and to, refuses a taken bay and a car not on site', async () => {
    const { tenant, route, bays, booking } = await world();
    const relocate = (body: object) => call(ctx.app, 'POST', '/api/handover/relocate', tenant.headers, body);
    const notHere = await relocate({ booking_id: booking.id, position_id: bays.a2.id });
    expect(notHere.status).toBe(409);
    expect(notHere.body.code).toBe('car_not_on_site');
    await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, checkIn(booking.id, { position_id: bays.a1.id }));
    const other = await insertBooking(ctx.db, tenant.company.id, route);
    await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, checkIn(other.id, { position_id: bays.a3.id }));

    const moved = await relocate({
      booking_id: booking.id,
      position_id: bays.a2.id,
      key_location: 'Box 2, hook 1',
      note: 'Bay A1 flooded',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    expect(moved.body.data).toMatchObject({
      from_position_name: 'A1',
      to_position_name: 'A2',
      from_key_location: 'Box 1, hook 7',
      to_key_location: 'Box 2, hook 1',
      note: 'Bay A1 flooded',
    });
    const taken = await relocate({ booking_id: booking.id, position_id: bays.a3.id });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('position_taken');
    const history = (await call(ctx.app, 'GET', `/api/handover/relocation/list?booking_id=${booking.id}`, tenant.headers)).body
      .data as Relocation[];
    expect(history.map((entry) => [entry.from_position_name, entry.to_position_name])).toEqual([['A1', 'A2']]);
  });
});

/** Two check-ins for one bay at the same moment, on separate PostgreSQL connections: one wins, one gets 409. */
describe.runIf(process.env.TEST_DB === 'postgres')('one bay under concurrent check-ins (PostgreSQL)', () => {
  it('never puts two cars in one bay', async () => {
    const { tenant, route, bays } = await world();
    const cars = await Promise.all(Array.from({ length: 6 }, () => insertBooking(ctx.db, tenant.company.id, route)));
    const responses = await Promise.all(
      cars.map((car) =>
        call(ctx.app, 'POST', '/api/handover/add', tenant.headers, checkIn(car.id, { position_id: bays.a1.id, photos: [] })),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await ctx.db.select().from(carPlaces).where(eq(carPlaces.position_id, bays.a1.id))).toHaveLength(1);
    const checkedIn = await Promise.all(cars.map((car) => statusOf(car.id)));
    expect(checkedIn.filter((status) => status === 'checked_in')).toHaveLength(1);
  });
});
