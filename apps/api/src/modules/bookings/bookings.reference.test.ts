import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody, createBookingThroughApi, insertBookingRoute } from '../../../test/factories/bookings.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createTenant } from '../../../test/kit.ts';
import { translator } from '../../lib/i18n.ts';
import { newReference } from './bookings.pricing.ts';
import { createBookingsService } from './bookings.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('booking references', () => {
  it('are PS-XXXX-XX over letters and digits without 0, O, 1 or I, drawn at random', () => {
    const drawn = Array.from({ length: 2000 }, newReference);
    for (const reference of drawn) expect(reference).toMatch(/^PS-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{2}$/);
    expect(new Set(drawn).size).toBe(drawn.length);
    // Every symbol of the alphabet turns up: the draw is not confined to a part of it.
    expect(new Set(drawn.join('').replace(/PS|-/g, ''))).toHaveProperty('size', 32);
  });

  it('are drawn again when one already exists (the unique violation is retried, not reported)', async () => {
    const tenant = await createTenant(ctx);
    const route = await insertBookingRoute(ctx.db, tenant.company.id);
    const existing = await createBookingThroughApi(ctx, tenant, route);
    const draws = [existing.reference, existing.reference, 'PS-ZZZZ-22'];
    const service = createBookingsService(ctx.db, () => draws.shift() ?? newReference());
    const caller = { companyId: tenant.company.id, actorUserId: tenant.user.id, language: 'en' as const, t: translator('en') };
    const booking = await service.create(caller, {
      ...bookingBody(route),
      customer_email: 'ada@example.com',
      customer_phone: null,
      vehicle_make: null,
      vehicle_model: null,
      vehicle_colour: null,
      outbound_flight: null,
      return_flight: null,
      passengers: 1,
      package_id: null,
      service_ids: [],
      voucher_code: null,
      agency_id: null,
      notes: null,
      type: 'parking',
      shuttle_out_at: null,
      shuttle_back_at: null,
    });
    expect(booking.reference).toBe('PS-ZZZZ-22');
    expect(draws).toEqual([]);
  });
});
