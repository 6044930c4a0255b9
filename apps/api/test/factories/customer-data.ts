import type { BookingCreateInput, BookingStatus } from '@ps/contracts';
import { expect } from 'vitest';
import type { TestContext } from '../harness.ts';
import { call, type Tenant } from '../kit.ts';
import { JPEG, PNG } from '../multipart.ts';
import { type BookingRoute, createBookingThroughApi } from './bookings.ts';

/**
 * A customer's bookings for the customer data tests (issue 23, section 4) and the retention job's: made through the API
 * as an operator makes them, taken through their statuses, with handovers carrying photos, a signature and a typed name.
 */

const DAY_MS = 86_400_000;

/** An instant `days` before now (negative: after), at `hour` o'clock UTC. */
export function daysFromNow(days: number, hour = 9): string {
  const date = new Date(Date.now() + days * DAY_MS);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
}

async function ok(response: Promise<{ status: number; body: Record<string, unknown> }>, status = 200) {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body.data as Record<string, unknown>;
}

/** Moves a booking through these statuses with the status call. */
export async function moveBooking(ctx: TestContext, tenant: Tenant, bookingId: number, statuses: BookingStatus[]) {
  for (const status of statuses) {
    await ok(call(ctx.app, 'PATCH', `/api/booking/status/update/${bookingId}`, tenant.headers, { status, note: null }));
  }
}

/**
 * A booking checked in (two photos, the customer's signature and typed name) and out (one photo), then completed: five
 * images in the upload store. Its stay is the one given (a past one for the retention).
 */
export async function completedBookingWithImages(
  ctx: TestContext,
  tenant: Tenant,
  route: BookingRoute,
  booking: Partial<BookingCreateInput>,
) {
  const made = await createBookingThroughApi(ctx, tenant, route, booking);
  const checkIn = await ok(
    call(ctx.app, 'POST', '/api/handover/add', tenant.headers, {
      booking_id: made.id,
      kind: 'check_in',
      mileage: 42_180,
      fuel_eighths: 6,
      marks: [{ area: 'left', x: 0.4, y: 0.6, note: 'Scratch on the rear door' }],
      photos: [JPEG.toString('base64'), PNG.toString('base64')],
      signature: PNG.toString('base64'),
      signed_name: booking.customer_name ?? 'Ada Lovelace',
    }),
    201,
  );
  const checkOut = await ok(
    call(ctx.app, 'POST', '/api/handover/add', tenant.headers, {
      booking_id: made.id,
      kind: 'check_out',
      mileage: 42_260,
      photos: [JPEG.toString('base64')],
    }),
    201,
  );
  await moveBooking(ctx, tenant, made.id, ['completed']);
  return { booking: made, handovers: [checkIn, checkOut] as Array<{ id: number }> };
}
