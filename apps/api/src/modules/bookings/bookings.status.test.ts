import { type BookingStatus, bookingStatuses, bookingTransitions } from '@ps/contracts';
import bookingsEn from '@ps/contracts/locales/bookings.en.json' with { type: 'json' };
import bookingsTa from '@ps/contracts/locales/bookings.ta.json' with { type: 'json' };
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingRoute, insertBooking, insertBookingRoute } from '../../../test/factories/bookings.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant } from '../../../test/kit.ts';
import { bookingStatusHistory } from '../../db/schema/index.ts';

let ctx: TestContext;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let route: BookingRoute;
beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx);
  route = await insertBookingRoute(ctx.db, tenant.company.id, { capacity: 1000 });
});
afterAll(() => ctx?.close());

const pairs = bookingStatuses.flatMap((from) => bookingStatuses.map((to) => [from, to] as [BookingStatus, BookingStatus]));

describe('status moves', () => {
  it.each(pairs)('%s -> %s is allowed only along the transitions', async (from, to) => {
    const booking = await insertBooking(ctx.db, tenant.company.id, route, { status: from });
    const allowed = bookingTransitions[from].includes(to);
    const response = await call(ctx.app, 'PATCH', `/api/booking/status/update/${booking.id}`, tenant.headers, { status: to });
    const history = await ctx.db.select().from(bookingStatusHistory).where(eq(bookingStatusHistory.booking_id, booking.id));
    if (allowed) {
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.data).toMatchObject({ status: to });
      expect(history.map((row) => [row.from_status, row.to_status])).toEqual([[from, to]]);
    } else {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'booking_transition_invalid',
        message: `A booking cannot go from ${bookingsEn.bookingStatuses[from]} to ${bookingsEn.bookingStatuses[to]}`,
      });
      expect(history).toEqual([]);
    }
  });

  it('names both statuses in Tamil for a Tamil caller', async () => {
    const booking = await insertBooking(ctx.db, tenant.company.id, route, { status: 'completed' });
    const response = await call(
      ctx.app,
      'PATCH',
      `/api/booking/status/update/${booking.id}`,
      { ...tenant.headers, 'accept-language': 'ta' },
      {
        status: 'parked',
      },
    );
    expect(response.body.message).toBe(
      `முன்பதிவை ${bookingsTa.bookingStatuses.completed} நிலையிலிருந்து ${bookingsTa.bookingStatuses.parked} நிலைக்கு மாற்ற முடியாது`,
    );
  });

  it('refuses an unknown status and an unknown field (400)', async () => {
    const booking = await insertBooking(ctx.db, tenant.company.id, route);
    expect((await call(ctx.app, 'PATCH', `/api/booking/status/update/${booking.id}`, tenant.headers, { status: 'lost' })).status).toBe(400);
    expect(
      (await call(ctx.app, 'PATCH', `/api/booking/status/update/${booking.id}`, tenant.headers, { status: 'cancelled', changed_by: 1 }))
        .status,
    ).toBe(400);
  });
});

describe('the status list', () => {
  it('labels every status in the caller language with where it may go next', async () => {
    const en = await call(ctx.app, 'GET', '/api/booking/status/list', tenant.headers);
    expect(en.body.data).toEqual(
      bookingStatuses.map((value) => ({ value, label: bookingsEn.bookingStatuses[value], next: [...bookingTransitions[value]] })),
    );
    const ta = await call(ctx.app, 'GET', '/api/booking/status/list', { ...tenant.headers, 'accept-language': 'ta' });
    expect((ta.body.data as Array<{ label: string }>).map((option) => option.label)).toEqual(
      bookingStatuses.map((value) => bookingsTa.bookingStatuses[value]),
    );
  });
});
