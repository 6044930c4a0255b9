import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingRoute, createBookingThroughApi, insertBookingRoute } from '../../../test/factories/bookings.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createTenant } from '../../../test/kit.ts';
import { mailOutbox } from '../../db/schema/index.ts';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createTenant>>;
let route: BookingRoute;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createTenant(ctx);
  route = await insertBookingRoute(ctx.db, owner.company.id);
});
afterAll(() => ctx?.close());

const outboxOf = (bookingId: number) =>
  ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.company_id, owner.company.id), eq(mailOutbox.booking_id, bookingId)));

describe('a new booking and its confirmation mail', () => {
  it('queues the confirmation in the outbox, in the booking language, when the customer gave an e-mail address', async () => {
    const booking = await createBookingThroughApi(ctx, owner, route, { customer_email: 'ada@example.com', language: 'ta' });
    const [message, ...more] = await outboxOf(booking.id);
    expect(more).toEqual([]);
    expect(message).toMatchObject({ kind: 'booking_confirmation', state: 'queued', to_address: 'ada@example.com', language: 'ta' });
    expect(message?.subject).toContain(booking.reference);
  });

  it('queues nothing for a customer without an e-mail address (the booking is made all the same)', async () => {
    const booking = await createBookingThroughApi(ctx, owner, route, { customer_email: null, customer_phone: '+44 7700 900456' });
    expect(await outboxOf(booking.id)).toEqual([]);
  });
});
