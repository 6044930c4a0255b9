import bookingsEn from '@ps/contracts/locales/bookings.en.json' with { type: 'json' };
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BookingRoute,
  bookingBody,
  createBookingThroughApi,
  insertBooking,
  insertBookingRoute,
} from '../../../test/factories/bookings.ts';
import { insertLocationPrice, insertPackage, insertService, insertVoucher } from '../../../test/factories/quote.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant } from '../../../test/kit.ts';
import { agencies, auditLog, bandMonths, bookingStatusHistory, bookings, payments, vouchers } from '../../db/schema/index.ts';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createTenant>>;
let route: BookingRoute;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createTenant(ctx);
  route = await insertBookingRoute(ctx.db, owner.company.id, { timeZone: 'Asia/Colombo' });
});
afterAll(() => ctx?.close());

type Detail = { field: string; code: string; message: string };
const fields = (body: Record<string, unknown>) => ((body.details as Detail[] | undefined) ?? []).map((detail) => detail.field);
const ta = { 'accept-language': 'ta' };

describe('adding a booking', () => {
  it('prices it with the quote of its airport days, fixes the price, and starts its history', async () => {
    // 23:30 UTC on 9 June is 10 June in Colombo (UTC+5:30); the stay ends on 12 June: 3 days, June's short stay.
    const booking = await createBookingThroughApi(ctx, owner, route, { departure_at: '2026-06-09T23:30:00Z' });
    expect(booking).toMatchObject({
      status: 'confirmed',
      type: 'parking',
      start_day: '2026-06-10',
      end_day: '2026-06-12',
      car_park_id: route.carPark.id,
      car_park_name: route.carPark.name,
      airport_time_zone: 'Asia/Colombo',
      base_price: 1006,
      total: 1006,
      paid: 0,
      outstanding: 1006,
      vehicle_reg: 'AB12 CDE',
      outbound_flight: 'BA2490',
      created_by: owner.user.id,
    });
    expect(booking.reference).toMatch(/^PS-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{2}$/);
    const history = await call(ctx.app, 'GET', `/api/booking/status/history/${booking.id}`, owner.headers);
    expect(history.body.data).toMatchObject([{ from_status: null, to_status: 'confirmed', changed_by: owner.user.id }]);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'booking'), eq(auditLog.entity_id, String(booking.id))));
    expect(audit.map((entry) => entry.action)).toEqual(['create']);
  });

  it('starts web and agency bookings as pending, phone and walk-in as confirmed', async () => {
    // An agency's sale names its agency (agencies.test.ts has the rules).
    const [agency] = await ctx.db
      .insert(agencies)
      .values({ company_id: owner.company.id, name: 'Pending Travel', commission_percent: '10' })
      .returning();
    for (const [channel, status] of [
      ['web', 'pending'],
      ['agency', 'pending'],
      ['phone', 'confirmed'],
      ['walk_in', 'confirmed'],
    ] as const) {
      const agency_id = channel === 'agency' ? (agency?.id ?? null) : null;
      expect((await createBookingThroughApi(ctx, owner, route, { channel, agency_id })).status, channel).toBe(status);
    }
  });

  it('never changes its price when the price list changes later; a re-price on purpose shows old and new', async () => {
    const booking = await createBookingThroughApi(ctx, owner, route);
    await ctx.db
      .update(bandMonths)
      .set({ price: 9999 })
      .where(and(eq(bandMonths.company_id, owner.company.id), eq(bandMonths.band_id, route.bands.short.id), eq(bandMonths.month, 6)));
    const read = await call(ctx.app, 'GET', `/api/booking/get/${booking.id}`, owner.headers);
    expect(read.body.data).toMatchObject({ base_price: 1006, total: 1006 });
    // A change that is not about the price keeps it.
    const renamed = await call(ctx.app, 'PATCH', `/api/booking/update/${booking.id}`, owner.headers, {
      notes: 'Blue bag',
      vehicle_colour: 'Red',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ repriced: null, data: { notes: 'Blue bag', total: 1006 } });
    // The preview writes nothing.
    const later = { arrival_at: '2026-06-11T18:00:00Z' };
    const preview = await call(ctx.app, 'POST', `/api/booking/reprice/${booking.id}`, owner.headers, later);
    expect(preview.body.data).toEqual({
      before: { base_price: 1006, package_price: 0, services_price: 0, discount: 0, total: 1006 },
      after: { base_price: 9999, package_price: 0, services_price: 0, discount: 0, total: 9999 },
    });
    expect((await call(ctx.app, 'GET', `/api/booking/get/${booking.id}`, owner.headers)).body.data).toMatchObject({ total: 1006 });
    // Changing the times re-prices on purpose, with the new days.
    const moved = await call(ctx.app, 'PATCH', `/api/booking/update/${booking.id}`, owner.headers, later);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({
      repriced: { before: { total: 1006 }, after: { total: 9999 } },
      data: { end_day: '2026-06-11', total: 9999 },
    });
  });

  it('prices a package with its own type and a requested type without one', async () => {
    const valet = await insertPackage(ctx.db, owner.company.id, { type: 'meet_and_greet', price: 500 });
    const withPackage = await createBookingThroughApi(ctx, owner, route, { package_id: valet.id });
    expect(withPackage).toMatchObject({
      type: 'meet_and_greet',
      base_price: 5006,
      package_price: 500,
      total: 5506,
      package_name: valet.name,
    });
    const parkRide = await createBookingThroughApi(ctx, owner, route, { type: 'park_and_ride' });
    expect(parkRide).toMatchObject({ type: 'park_and_ride', base_price: 4006 });
    // A route price of its own is used when it exists.
    await insertLocationPrice(ctx.db, owner.company.id, {
      airport_id: route.airport.id,
      departure_id: route.carPark.id,
      arrival_id: route.terminal.id,
      band_id: route.bands.week.id,
      month: null,
      price: 2222,
    });
    expect(await createBookingThroughApi(ctx, owner, route, { arrival_at: '2026-06-14T10:00:00Z' })).toMatchObject({ base_price: 2222 });
  });

  it('re-prices a change of package or type, keeping the service lines at their price', async () => {
    const tenant = await createTenant(ctx);
    const own = await insertBookingRoute(ctx.db, tenant.company.id);
    const wash = await insertService(ctx.db, tenant.company.id, { price: 700 });
    const booking = await createBookingThroughApi(ctx, tenant, own, { service_ids: [wash.id] });
    expect(booking).toMatchObject({ type: 'parking', base_price: 1006, services_price: 700, total: 1706 });
    const toParkRide = await call(ctx.app, 'PATCH', `/api/booking/update/${booking.id}`, tenant.headers, { type: 'park_and_ride' });
    expect(toParkRide.body).toMatchObject({
      data: { type: 'park_and_ride', base_price: 4006, services_price: 700, total: 4706 },
      repriced: { before: { total: 1706 }, after: { total: 4706 } },
    });
    const valet = await insertPackage(ctx.db, tenant.company.id, { type: 'meet_and_greet', price: 300 });
    const withPackage = await call(ctx.app, 'PATCH', `/api/booking/update/${booking.id}`, tenant.headers, { package_id: valet.id });
    expect(withPackage.body).toMatchObject({
      data: { type: 'meet_and_greet', package_id: valet.id, base_price: 5006, package_price: 300, services_price: 700, total: 6006 },
    });
    // The same value again is no change: the price is kept.
    expect(
      (await call(ctx.app, 'PATCH', `/api/booking/update/${booking.id}`, tenant.headers, { package_id: valet.id })).body.repriced,
    ).toBeNull();
  });

  it('turns the service ids into lines at their price of today', async () => {
    // A company of its own: a company's bands are shared by its routes (and another test changed June's price).
    const tenant = await createTenant(ctx);
    const wash = await insertService(ctx.db, tenant.company.id, { price: 1500 });
    const own = await insertBookingRoute(ctx.db, tenant.company.id);
    const booking = await createBookingThroughApi(ctx, tenant, own, { service_ids: [wash.id] });
    expect(booking).toMatchObject({ services_price: 1500, total: 2506 });
    const lines = await call(ctx.app, 'GET', `/api/booking-additional_service/list?booking_id=${booking.id}`, tenant.headers);
    expect(lines.body.data).toMatchObject([
      { additional_service_id: wash.id, name: wash.name, unit_price: 1500, quantity: 1, price: 1500 },
    ]);
  });

  it('refuses prices, status, reference, company and other read-only fields in the bodies (400 on the field)', async () => {
    const booking = await createBookingThroughApi(ctx, owner, route);
    for (const field of [
      'total',
      'base_price',
      'discount',
      'status',
      'reference',
      'company_id',
      'times_used',
      'car_park_id',
      'start_day',
    ]) {
      const added = await call(ctx.app, 'POST', '/api/booking/add', owner.headers, { ...bookingBody(route), [field]: 1 });
      expect(added.status, field).toBe(400);
      expect(fields(added.body), field).toContain(field);
      const changed = await call(ctx.app, 'PATCH', `/api/booking/update/${booking.id}`, owner.headers, { [field]: 1 });
      expect(changed.status, field).toBe(400);
      expect(fields(changed.body), field).toContain(field);
    }
  });

  it('checks the fields: contact, times in order, the route at the airport', async () => {
    const noContact = await call(ctx.app, 'POST', '/api/booking/add', owner.headers, {
      ...bookingBody(route),
      customer_email: null,
      customer_phone: null,
    });
    expect(fields(noContact.body)).toContain('customer_email');
    const reversed = await call(
      ctx.app,
      'POST',
      '/api/booking/add',
      owner.headers,
      bookingBody(route, { arrival_at: '2026-06-01T00:00:00Z' }),
    );
    expect(fields(reversed.body)).toContain('arrival_at');
    const other = await insertBookingRoute(ctx.db, owner.company.id);
    const elsewhere = await call(ctx.app, 'POST', '/api/booking/add', owner.headers, bookingBody(route, { arrival_id: other.terminal.id }));
    expect(elsewhere.status).toBe(400);
    expect(fields(elsewhere.body)).toEqual(['arrival_id']);
  });
});

describe("another company's bookings", () => {
  it('are 404 on every call by id, never in a list, and its places and vouchers are refused in a body', async () => {
    const booking = await createBookingThroughApi(ctx, owner, route);
    const stranger = await createTenant(ctx);
    const strangerRoute = await insertBookingRoute(ctx.db, stranger.company.id);
    for (const [method, url, body] of [
      ['GET', `/api/booking/get/${booking.id}`, undefined],
      ['PATCH', `/api/booking/update/${booking.id}`, { notes: 'x' }],
      ['POST', `/api/booking/reprice/${booking.id}`, { notes: 'x' }],
      ['DELETE', `/api/booking/delete/${booking.id}`, undefined],
      ['PATCH', `/api/booking/status/update/${booking.id}`, { status: 'cancelled' }],
      ['GET', `/api/booking/status/history/${booking.id}`, undefined],
      ['GET', `/api/booking/audit/list/${booking.id}`, undefined],
    ] as const) {
      const response = await call(ctx.app, method, url, stranger.headers, body);
      expect(response.status, url).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain(booking.reference);
    }
    const list = await call(ctx.app, 'GET', '/api/booking/list?page_size=1000', stranger.headers);
    expect(list.body.data).toEqual([]);
    expect((await call(ctx.app, 'GET', `/api/booking/get/${booking.id}`, owner.headers)).body.data).toMatchObject({ status: 'confirmed' });
    // The owner's airport, locations, package and voucher named in the stranger's body.
    const theirs = bookingBody(strangerRoute);
    expect(
      fields((await call(ctx.app, 'POST', '/api/booking/add', stranger.headers, { ...theirs, airport_id: route.airport.id })).body),
    ).toEqual(['airport_id']);
    expect(
      fields((await call(ctx.app, 'POST', '/api/booking/add', stranger.headers, { ...theirs, departure_id: route.carPark.id })).body),
    ).toEqual(['departure_id']);
    const ownersPackage = await insertPackage(ctx.db, owner.company.id, { type: 'parking' });
    expect(
      fields((await call(ctx.app, 'POST', '/api/booking/add', stranger.headers, { ...theirs, package_id: ownersPackage.id })).body),
    ).toEqual(['package_id']);
    const ownersVoucher = await insertVoucher(ctx.db, owner.company.id, { discount_type: 'percent', discount_value: 10 });
    const voucher = await call(ctx.app, 'POST', '/api/booking/add', stranger.headers, { ...theirs, voucher_code: ownersVoucher.code });
    expect(voucher.status).toBe(404);
    expect(voucher.body.code).toBe('voucher_unknown');
  });
});

describe('car park capacity', () => {
  it('refuses a stay on a full day (409 naming the car park and the day, in the caller language); cancelled and no-show free it', async () => {
    const tenant = await createTenant(ctx);
    const small = await insertBookingRoute(ctx.db, tenant.company.id, { capacity: 2 });
    // One stay on 10-12 June and one only on 12 June: 12 June is full, 10 and 11 June are not.
    const first = await createBookingThroughApi(ctx, tenant, small);
    const second = await createBookingThroughApi(ctx, tenant, small, {
      departure_at: '2026-06-12T06:00:00Z',
      arrival_at: '2026-06-12T20:00:00Z',
    });
    expect((await createBookingThroughApi(ctx, tenant, small, { arrival_at: '2026-06-11T20:00:00Z' })).status).toBe('confirmed');
    // Now 10-11 June hold 2 and 12 June holds 2.
    const full = await call(ctx.app, 'POST', '/api/booking/add', tenant.headers, bookingBody(small));
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'car_park_full', message: `${small.carPark.name} is full on 10 June 2026` });
    const fullTa = await call(ctx.app, 'POST', '/api/booking/add', { ...tenant.headers, ...ta }, bookingBody(small));
    expect(fullTa.body.message).toBe(`10 ஜூன், 2026 அன்று ${small.carPark.name} நிரம்பியுள்ளது`);
    // A stay after the busy days has room.
    expect(
      (await createBookingThroughApi(ctx, tenant, small, { departure_at: '2026-06-13T08:00:00Z', arrival_at: '2026-06-14T08:00:00Z' }))
        .status,
    ).toBe('confirmed');
    // Moving a booking onto a full day is refused too.
    const moved = await call(ctx.app, 'PATCH', `/api/booking/update/${second.id}`, tenant.headers, {
      departure_at: '2026-06-10T06:00:00Z',
    });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(`${small.carPark.name} is full on 10 June 2026`);

    await call(ctx.app, 'PATCH', `/api/booking/status/update/${first.id}`, tenant.headers, { status: 'no_show' });
    // 10-11 June now hold 1 stay, 12 June holds 1 (the 10-11 June stay and the 12 June one).
    expect((await createBookingThroughApi(ctx, tenant, small)).status).toBe('confirmed');
    expect((await call(ctx.app, 'POST', '/api/booking/add', tenant.headers, bookingBody(small))).status).toBe(409);
    await call(ctx.app, 'PATCH', `/api/booking/status/update/${second.id}`, tenant.headers, { status: 'cancelled' });
    expect((await call(ctx.app, 'POST', '/api/booking/add', tenant.headers, bookingBody(small))).status).toBe(409);
  });

  it('takes no space when the route has no car park', async () => {
    const tenant = await createTenant(ctx);
    const noSpaces = await insertBookingRoute(ctx.db, tenant.company.id, { capacity: 0 });
    const booking = await createBookingThroughApi(ctx, tenant, noSpaces);
    expect(booking.car_park_id).toBeNull();
  });
});

describe('vouchers on bookings', () => {
  it('takes a use, refuses the last one twice, gives it back on cancel but not on no-show', async () => {
    const tenant = await createTenant(ctx);
    const own = await insertBookingRoute(ctx.db, tenant.company.id);
    const voucher = await insertVoucher(ctx.db, tenant.company.id, { discount_type: 'percent', discount_value: 10, usage_limit: 1 });
    const timesUsed = async () => (await ctx.db.select().from(vouchers).where(eq(vouchers.id, voucher.id)))[0]?.times_used;
    const first = await createBookingThroughApi(ctx, tenant, own, { voucher_code: voucher.code.toLowerCase() });
    expect(first).toMatchObject({ voucher_code: voucher.code, discount: 101, total: 905 });
    expect(await timesUsed()).toBe(1);
    const second = await call(ctx.app, 'POST', '/api/booking/add', tenant.headers, bookingBody(own, { voucher_code: voucher.code }));
    expect(second.status).toBe(400);
    expect(second.body.code).toBe('voucher_used_up');
    // A re-price of the booking that holds the last use keeps it (and its rule).
    const moved = await call(ctx.app, 'PATCH', `/api/booking/update/${first.id}`, tenant.headers, { arrival_at: '2026-06-11T10:00:00Z' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ data: { voucher_code: voucher.code, discount: 101 } });
    // ... but its validity is checked against the new departure day.
    const outside = await call(ctx.app, 'PATCH', `/api/booking/update/${first.id}`, tenant.headers, {
      departure_at: '2027-01-02T10:00:00Z',
      arrival_at: '2027-01-03T10:00:00Z',
    });
    expect(outside.body.code).toBe('voucher_not_valid');
    // Cancelling gives the use back.
    await call(ctx.app, 'PATCH', `/api/booking/status/update/${first.id}`, tenant.headers, { status: 'cancelled' });
    expect(await timesUsed()).toBe(0);
    const third = await createBookingThroughApi(ctx, tenant, own, { voucher_code: voucher.code });
    await call(ctx.app, 'PATCH', `/api/booking/status/update/${third.id}`, tenant.headers, { status: 'no_show' });
    expect(await timesUsed()).toBe(1);
  });

  it('gives the old use back when an update removes or changes the voucher', async () => {
    const tenant = await createTenant(ctx);
    const own = await insertBookingRoute(ctx.db, tenant.company.id);
    const a = await insertVoucher(ctx.db, tenant.company.id, { discount_type: 'fixed', discount_value: 100, usage_limit: 1 });
    const b = await insertVoucher(ctx.db, tenant.company.id, { discount_type: 'fixed', discount_value: 200 });
    const used = async (id: number) => (await ctx.db.select().from(vouchers).where(eq(vouchers.id, id)))[0]?.times_used;
    const booking = await createBookingThroughApi(ctx, tenant, own, { voucher_code: a.code });
    const changed = await call(ctx.app, 'PATCH', `/api/booking/update/${booking.id}`, tenant.headers, { voucher_code: b.code });
    expect(changed.body).toMatchObject({ repriced: { before: { discount: 100, total: 906 }, after: { discount: 200, total: 806 } } });
    expect([await used(a.id), await used(b.id)]).toEqual([0, 1]);
    const removed = await call(ctx.app, 'PATCH', `/api/booking/update/${booking.id}`, tenant.headers, { voucher_code: null });
    expect(removed.body).toMatchObject({ data: { voucher_code: null, discount: 0, total: 1006 } });
    expect(await used(b.id)).toBe(0);
  });
});

describe('closing and deleting', () => {
  it('refuses changes to a completed, cancelled or no-show booking (409 booking_closed)', async () => {
    const booking = await createBookingThroughApi(ctx, owner, route);
    await call(ctx.app, 'PATCH', `/api/booking/status/update/${booking.id}`, owner.headers, { status: 'cancelled' });
    const changed = await call(ctx.app, 'PATCH', `/api/booking/update/${booking.id}`, owner.headers, { notes: 'late' });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ code: 'booking_closed', message: bookingsEn.errors.booking_closed });
    expect((await call(ctx.app, 'POST', `/api/booking/reprice/${booking.id}`, owner.headers, { notes: 'x' })).status).toBe(409);
  });

  it('deletes only a pending, cancelled or no-show booking without payments; audited with the whole row; the voucher use comes back', async () => {
    const tenant = await createTenant(ctx);
    const own = await insertBookingRoute(ctx.db, tenant.company.id);
    const voucher = await insertVoucher(ctx.db, tenant.company.id, { discount_type: 'fixed', discount_value: 100 });
    const confirmed = await createBookingThroughApi(ctx, tenant, own);
    const refused = await call(ctx.app, 'DELETE', `/api/booking/delete/${confirmed.id}`, tenant.headers);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('booking_in_use');

    const wash = await insertService(ctx.db, tenant.company.id);
    const pending = await createBookingThroughApi(ctx, tenant, own, { channel: 'web', voucher_code: voucher.code, service_ids: [wash.id] });
    const deleted = await call(ctx.app, 'DELETE', `/api/booking/delete/${pending.id}`, tenant.headers);
    expect(deleted.status).toBe(200);
    expect((await call(ctx.app, 'GET', `/api/booking/get/${pending.id}`, tenant.headers)).status).toBe(404);
    expect((await ctx.db.select().from(vouchers).where(eq(vouchers.id, voucher.id)))[0]?.times_used).toBe(0);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'booking'), eq(auditLog.entity_id, String(pending.id)), eq(auditLog.action, 'delete')));
    expect(JSON.stringify(entry?.changes)).toContain(pending.reference);

    const paid = await createBookingThroughApi(ctx, tenant, own, { channel: 'web' });
    await ctx.db.insert(payments).values({
      company_id: tenant.company.id,
      booking_id: paid.id,
      amount: 500,
      method: 'cash',
      paid_at: new Date(),
      deleted_at: new Date(),
    } as typeof payments.$inferInsert);
    expect((await call(ctx.app, 'DELETE', `/api/booking/delete/${paid.id}`, tenant.headers)).body.code).toBe('booking_in_use');
  });
});

describe('the list', () => {
  it('searches, filters by status, channel, car park and days in the time zone, and sums payments', async () => {
    const tenant = await createTenant(ctx);
    const own = await insertBookingRoute(ctx.db, tenant.company.id, { timeZone: 'Asia/Colombo' });
    const late = await insertBooking(ctx.db, tenant.company.id, own, {
      vehicle_reg: 'KL 01 AB 1234',
      customer_name: 'Late Flyer',
      departure_at: new Date('2026-03-01T23:30:00Z'),
      arrival_at: new Date('2026-03-05T10:00:00Z'),
      start_day: '2026-03-02',
      end_day: '2026-03-05',
      status: 'pending',
      channel: 'web',
    });
    const early = await insertBooking(ctx.db, tenant.company.id, own, {
      departure_at: new Date('2026-03-01T10:00:00Z'),
      arrival_at: new Date('2026-03-03T10:00:00Z'),
      start_day: '2026-03-01',
      end_day: '2026-03-03',
      total: 2000,
      base_price: 2000,
    });
    await ctx.db.insert(payments).values([
      { company_id: tenant.company.id, booking_id: early.id, amount: 1500, method: 'card', paid_at: new Date() },
      { company_id: tenant.company.id, booking_id: early.id, amount: -200, method: 'card', paid_at: new Date() },
      { company_id: tenant.company.id, booking_id: early.id, amount: 300, method: 'cash', paid_at: new Date(), deleted_at: new Date() },
    ] as Array<typeof payments.$inferInsert>);
    const ids = async (query: string, headers = tenant.headers) => {
      const response = await call(ctx.app, 'GET', `/api/booking/list?${query}`, headers);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return (response.body.data as Array<{ id: number }>).map((row) => row.id);
    };
    expect(await ids('search=kl01ab')).toEqual([late.id]);
    expect(await ids(`search=${late.reference.toLowerCase()}`)).toEqual([late.id]);
    expect(await ids('search=late%20fly')).toEqual([late.id]);
    expect(await ids('status=pending,cancelled')).toEqual([late.id]);
    expect(await ids('status=confirmed&channel=phone')).toEqual([early.id]);
    expect(await ids(`car_park_id=${own.carPark.id}&sort=-departure_at`)).toEqual([late.id, early.id]);
    // 23:30 UTC on 1 March is 2 March in Colombo, 1 March in London.
    expect(await ids('from=2026-03-02&to=2026-03-02&time_zone=Asia/Colombo')).toEqual([late.id]);
    expect(await ids('from=2026-03-01&to=2026-03-01&time_zone=Europe/London')).toEqual([early.id, late.id]);
    expect(await ids('date_field=arrival&from=2026-03-05&to=2026-03-05&time_zone=Asia/Colombo')).toEqual([late.id]);
    // No time zone, or one that is not a zone: the company's (Europe/London by default).
    expect(await ids('from=2026-03-01&to=2026-03-01')).toEqual([early.id, late.id]);
    expect(await ids('from=2026-03-01&to=2026-03-01&time_zone=Mars/Olympus')).toEqual([early.id, late.id]);
    const list = await call(ctx.app, 'GET', `/api/booking/list?search=${early.reference}`, tenant.headers);
    expect(list.body.data).toMatchObject([
      { paid: 1300, outstanding: 700, airport_iata_code: own.airport.iata_code, departure_name: own.carPark.name },
    ]);
    expect(list.body.pagination).toEqual({ page: 1, page_size: 20, total: 1 });
    expect((await call(ctx.app, 'GET', '/api/booking/list?status=lost', tenant.headers)).status).toBe(400);
    expect(await ids(`airport_id=${own.airport.id}&sort=departure_at`)).toEqual([early.id, late.id]);
    expect(await ids(`airport_id=${own.airport.id + 100000}`)).toEqual([]);
    expect(await ids('page_size=1&page=2&sort=departure_at')).toEqual([late.id]);
    expect(await ids('page_size=1&page=2&sort=-departure_at')).toEqual([early.id]);
  });

  it('runs each shape of query once prepared with the company as a value: another company gets its own rows', async () => {
    const first = await createTenant(ctx);
    const second = await createTenant(ctx);
    const firstRoute = await insertBookingRoute(ctx.db, first.company.id);
    const secondRoute = await insertBookingRoute(ctx.db, second.company.id);
    const firstBooking = await insertBooking(ctx.db, first.company.id, firstRoute, { customer_name: 'Shared Name' });
    const secondBooking = await insertBooking(ctx.db, second.company.id, secondRoute, { customer_name: 'Shared Name' });
    const listed = async (headers: Record<string, string>) => {
      const response = await call(ctx.app, 'GET', '/api/booking/list?search=shared%20name&status=confirmed&sort=-total', headers);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return {
        ids: (response.body.data as Array<{ id: number }>).map((row) => row.id),
        total: (response.body.pagination as { total: number }).total,
      };
    };
    // The same query (one shape), twice for each company, alternating.
    for (let round = 0; round < 2; round++) {
      expect(await listed(first.headers)).toEqual({ ids: [firstBooking.id], total: 1 });
      expect(await listed(second.headers)).toEqual({ ids: [secondBooking.id], total: 1 });
    }
  });
});

describe('status history rows', () => {
  it('keeps who, when, from, to and the note', async () => {
    const booking = await createBookingThroughApi(ctx, owner, route);
    const moved = await call(ctx.app, 'PATCH', `/api/booking/status/update/${booking.id}`, owner.headers, {
      status: 'checked_in',
      note: 'Keys in box 4',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ status: 'checked_in' });
    const rows = await ctx.db.select().from(bookingStatusHistory).where(eq(bookingStatusHistory.booking_id, booking.id));
    expect(rows.map((row) => [row.from_status, row.to_status, row.note])).toEqual([
      [null, 'confirmed', null],
      ['confirmed', 'checked_in', 'Keys in box 4'],
    ]);
    const history = await call(ctx.app, 'GET', `/api/booking/status/history/${booking.id}`, owner.headers);
    expect((history.body.data as Array<Record<string, unknown>>)[1]).toMatchObject({
      from_status: 'confirmed',
      to_status: 'checked_in',
      note: 'Keys in box 4',
      changed_by: owner.user.id,
      changed_by_name: owner.user.name,
    });
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('checked_in');
  });
});

describe('live events', () => {
  it('tells the live board when a booking is created, changed and moved, with ids only', async () => {
    const heard: unknown[] = [];
    const stop = await ctx.database.listen(
      'ps_live',
      (payload) => heard.push(JSON.parse(payload)),
      () => {},
    );
    try {
      const tenant = await createTenant(ctx);
      const own = await insertBookingRoute(ctx.db, tenant.company.id);
      const booking = await createBookingThroughApi(ctx, tenant, own);
      await call(ctx.app, 'PATCH', `/api/booking/update/${booking.id}`, tenant.headers, { notes: 'Roof box' });
      await call(ctx.app, 'PATCH', `/api/booking/status/update/${booking.id}`, tenant.headers, { status: 'checked_in' });
      // A refused move is rolled back: nothing is heard of it.
      await call(ctx.app, 'PATCH', `/api/booking/status/update/${booking.id}`, tenant.headers, { status: 'completed' });
      await expect.poll(() => heard.length).toBeGreaterThanOrEqual(4);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard.filter((event) => (event as { booking_id: number }).booking_id === booking.id)).toEqual([
        { company_id: tenant.company.id, booking_id: booking.id, action: 'created' },
        // The confirmation mail queued with it (the customer gave an e-mail address).
        { company_id: tenant.company.id, booking_id: booking.id, action: 'mail' },
        { company_id: tenant.company.id, booking_id: booking.id, action: 'updated' },
        { company_id: tenant.company.id, booking_id: booking.id, action: 'status' },
      ]);
    } finally {
      await stop();
    }
  });
});
