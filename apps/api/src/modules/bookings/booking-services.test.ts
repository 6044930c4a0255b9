import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingRoute, createBookingThroughApi, insertBookingRoute } from '../../../test/factories/bookings.ts';
import { insertService, insertVoucher } from '../../../test/factories/quote.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant, type Tenant } from '../../../test/kit.ts';
import { additionalServices, auditLog } from '../../db/schema/index.ts';

let ctx: TestContext;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let route: BookingRoute;
beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx);
  route = await insertBookingRoute(ctx.db, tenant.company.id);
});
afterAll(() => ctx?.close());

const base = '/api/booking-additional_service';
type Detail = { field: string };
const fields = (body: Record<string, unknown>) => ((body.details as Detail[] | undefined) ?? []).map((detail) => detail.field);
const bookingOf = async (id: number, headers = tenant.headers) =>
  (await call(ctx.app, 'GET', `/api/booking/get/${id}`, headers)).body.data as Record<string, number>;

describe('service lines', () => {
  it('keep the price of when they were added and re-total the booking with its voucher rule, audited', async () => {
    // 10 % off: 1006 base; with a 1500 wash x2 the subtotal is 4006, the discount 401.
    const voucher = await insertVoucher(ctx.db, tenant.company.id, { discount_type: 'percent', discount_value: 10 });
    const booking = await createBookingThroughApi(ctx, tenant, route, { voucher_code: voucher.code });
    expect(booking).toMatchObject({ discount: 101, total: 905 });
    const wash = await insertService(ctx.db, tenant.company.id, { price: 1500 });

    const added = await call(ctx.app, 'POST', `${base}/add`, tenant.headers, {
      booking_id: booking.id,
      additional_service_id: wash.id,
      quantity: 2,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toMatchObject({ name: wash.name, unit_price: 1500, quantity: 2, price: 3000 });
    expect(await bookingOf(booking.id)).toMatchObject({ services_price: 3000, discount: 401, total: 3605 });

    // A later price change of the service does not change the line.
    await ctx.db.update(additionalServices).set({ price: 9000 }).where(eq(additionalServices.id, wash.id));
    const lineId = (added.body.data as { id: number }).id;
    const changed = await call(ctx.app, 'PATCH', `${base}/update/${lineId}`, tenant.headers, { quantity: 1 });
    expect(changed.body.data).toMatchObject({ unit_price: 1500, quantity: 1, price: 1500 });
    expect(await bookingOf(booking.id)).toMatchObject({ services_price: 1500, discount: 251, total: 2255 });

    const again = await call(ctx.app, 'POST', `${base}/add`, tenant.headers, { booking_id: booking.id, additional_service_id: wash.id });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('booking_service_taken');

    expect((await call(ctx.app, 'DELETE', `${base}/delete/${lineId}`, tenant.headers)).status).toBe(200);
    expect(await bookingOf(booking.id)).toMatchObject({ services_price: 0, discount: 101, total: 905 });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'booking'), eq(auditLog.entity_id, String(booking.id)), eq(auditLog.action, 'update')));
    expect(audit).toHaveLength(3);
    const lineAudit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'booking_service'), eq(auditLog.entity_id, String(lineId))));
    expect(lineAudit.map((entry) => entry.action)).toEqual(['create', 'update', 'delete']);
  });

  it("refuses another company's booking or service (400 on the field) and inactive services; lines of a closed booking stay", async () => {
    const booking = await createBookingThroughApi(ctx, tenant, route);
    const stranger = await createTenant(ctx);
    const theirService = await insertService(ctx.db, stranger.company.id);
    const ownService = await insertService(ctx.db, tenant.company.id);
    const inactive = await insertService(ctx.db, tenant.company.id, { status: 0 });
    const add = (headers: Tenant['headers'], body: Record<string, unknown>) => call(ctx.app, 'POST', `${base}/add`, headers, body);
    expect(fields((await add(stranger.headers, { booking_id: booking.id, additional_service_id: theirService.id })).body)).toEqual([
      'booking_id',
    ]);
    expect(fields((await add(tenant.headers, { booking_id: booking.id, additional_service_id: theirService.id })).body)).toEqual([
      'additional_service_id',
    ]);
    expect(fields((await add(tenant.headers, { booking_id: booking.id, additional_service_id: inactive.id })).body)).toEqual([
      'additional_service_id',
    ]);
    expect((await add(tenant.headers, { booking_id: booking.id, additional_service_id: ownService.id, price: 1 })).status).toBe(400);
    const line = await add(tenant.headers, { booking_id: booking.id, additional_service_id: ownService.id });
    const lineId = (line.body.data as { id: number }).id;
    for (const [method, url, body] of [
      ['GET', `${base}/get/${lineId}`, undefined],
      ['PATCH', `${base}/update/${lineId}`, { quantity: 3 }],
      ['DELETE', `${base}/delete/${lineId}`, undefined],
    ] as const) {
      expect((await call(ctx.app, method, url, stranger.headers, body)).status, url).toBe(404);
    }
    expect((await call(ctx.app, 'GET', `${base}/list`, stranger.headers)).body.data).toEqual([]);

    await call(ctx.app, 'PATCH', `/api/booking/status/update/${booking.id}`, tenant.headers, { status: 'cancelled' });
    const closed = await call(ctx.app, 'PATCH', `${base}/update/${lineId}`, tenant.headers, { quantity: 3 });
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe('booking_closed');
  });
});
