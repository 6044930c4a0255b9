import type { BookingAuditEntry } from '@ps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingRoute, createBookingThroughApi, insertBookingRoute } from '../../../test/factories/bookings.ts';
import { insertService } from '../../../test/factories/quote.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant } from '../../../test/kit.ts';

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
    expect((await call(ctx.app, 'DELETE', `/api/payment/delete/${paymentId}`, owner.headers)).status).toBe(200);
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

  it("is 404 for another company's admin, and for a booking that does not exist", async () => {
    const booking = await createBookingThroughApi(ctx, owner, route);
    const stranger = await createTenant(ctx);
    const theirs = await trail(booking.id, stranger.headers);
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain(booking.reference);
    expect((await trail(2_147_483_000)).status).toBe(404);
  });
});
