import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingTokenFor, bookOnline, daysAhead } from '../../../test/factories/public-booking.ts';
import { insertPricedRoute, insertService } from '../../../test/factories/quote.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, clientKeyHeaders, createTenant, type Tenant } from '../../../test/kit.ts';
import { auditLog, bandMonths, bookingServices, bookings, carRequests, mailOutbox } from '../../db/schema/index.ts';

/**
 * The customer's own changes through the public booking API (issue 23, section 1): a change that keeps the price is
 * made at once; one that moves it is first answered with the new price and made only with `confirm_price` equal to
 * it; "bring my car" once a day, seen on the board and in Dispatch.
 */

let ctx: TestContext;
type Company = Tenant & { company: { id: number; client_key: string; time_zone: string } };
let owner: Company;
let other: Company;
let route: Awaited<ReturnType<typeof insertPricedRoute>>;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = (await createTenant(ctx)) as Company;
  other = (await createTenant(ctx)) as Company;
  route = await insertPricedRoute(ctx.db, owner.company.id);
});
afterAll(() => ctx?.close());

const asCustomer = (token: string, company = owner.company, language = 'en') => ({
  ...clientKeyHeaders(company),
  'booking-token': token,
  'accept-language': language,
});
const change = (token: string, body: Record<string, unknown>, company = owner.company) =>
  call(ctx.app, 'PATCH', '/api/public/booking/update', asCustomer(token, company), body);

interface Change {
  updated: boolean;
  before: { total: number };
  after: { total: number; services_price: number };
  price_text: string;
  booking: { reference: string; total: number; return_flight: string | null; services: Array<{ id: number; name: string }> };
}
const rowOf = async (reference: string) => {
  const [row] = await ctx.db.select().from(bookings).where(eq(bookings.reference, reference));
  if (!row) throw new Error(`no booking ${reference}`);
  return row;
};

describe('the customer changes their booking', () => {
  it('makes a change that keeps the price at once, and a change of price only at the price the customer confirmed', async () => {
    const made = await bookOnline(ctx, owner.company, route, { email: 'noor@example.com', name: 'Noor Ali' });
    const token = await bookingTokenFor(ctx, owner.company, made.reference, 'noor@example.com');

    const flights = await change(token, { return_flight: 'ba 2491', vehicle_colour: 'Red' });
    expect(flights.status, JSON.stringify(flights.body)).toBe(200);
    const kept = flights.body.data as Change;
    expect(kept).toMatchObject({ updated: true, before: { total: made.total }, after: { total: made.total } });
    expect(kept.booking.return_flight).toBe('BA2491');
    expect(kept.price_text).toContain('The price stays');
    expect((await rowOf(made.reference)).vehicle_colour).toBe('Red');

    // Four more days: the fortnight band. Nothing is written until the customer agrees to the new price.
    const later = daysAhead(20, 18);
    const asked = (await change(token, { arrival_at: later })).body.data as Change;
    expect(asked.updated).toBe(false);
    expect(asked.after.total).toBeGreaterThan(made.total);
    expect(asked.price_text).toContain('Confirm the new price');
    expect((await rowOf(made.reference)).arrival_at.toISOString()).toBe(daysAhead(16, 18));
    // Another figure than the one answered: still asked, still nothing written.
    const wrongFigure = (await change(token, { arrival_at: later, confirm_price: asked.after.total - 1 })).body.data as Change;
    expect(wrongFigure.updated).toBe(false);

    // The office raises the fortnight's prices meanwhile: the figure the customer saw no longer stands; the answer is the new one.
    const [month] = await ctx.db
      .select()
      .from(bandMonths)
      .where(and(eq(bandMonths.band_id, route.bands.fortnight.id), eq(bandMonths.month, new Date(daysAhead(12, 8)).getUTCMonth() + 1)));
    await ctx.db
      .update(bandMonths)
      .set({ price: (month?.price ?? 0) + 500 })
      .where(eq(bandMonths.id, month?.id ?? 0));
    const moved = (await change(token, { arrival_at: later, confirm_price: asked.after.total })).body.data as Change;
    expect(moved.updated).toBe(false);
    expect(moved.after.total).toBe(asked.after.total + 500);
    expect((await rowOf(made.reference)).total).toBe(made.total);

    const confirmed = await change(token, { arrival_at: later, confirm_price: moved.after.total });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data).toMatchObject({ updated: true, after: { total: moved.after.total } });
    const row = await rowOf(made.reference);
    expect(row.arrival_at.toISOString()).toBe(later);
    expect(row.total).toBe(moved.after.total);
    // Audited as the office's change, by no user.
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'booking'), eq(auditLog.entity_id, String(row.id)), eq(auditLog.action, 'update')));
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.every((entry) => entry.actor_user_id === null)).toBe(true);
    // The customer is told, in the booking's language: one mail per change made (the price that was only asked sent none).
    const told = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.booking_id, row.id), eq(mailOutbox.kind, 'booking_changed')));
    expect(told).toHaveLength(2);
    expect(told[1]?.subject).toBe(`Your booking ${made.reference} has changed`);
    expect(told[1]?.text_body).toContain('Your booking with');
  });

  it('sets the services to the set asked for, priced before it is made', async () => {
    const wash = await insertService(ctx.db, owner.company.id, { name: 'Hand wash', price: 1500 });
    const retired = await insertService(ctx.db, owner.company.id, { name: 'Old polish', price: 900, status: 0 });
    const made = await bookOnline(ctx, owner.company, route, { email: 'ivo@example.com', name: 'Ivo Petrov' });
    const token = await bookingTokenFor(ctx, owner.company, made.reference, 'ivo@example.com');

    const asked = (await change(token, { service_ids: [wash.id] })).body.data as Change;
    expect(asked).toMatchObject({ updated: false, after: { total: made.total + 1500, services_price: 1500 } });
    const added = (await change(token, { service_ids: [wash.id], confirm_price: made.total + 1500 })).body.data as Change;
    expect(added.updated).toBe(true);
    expect(added.booking.services).toEqual([{ id: wash.id, name: 'Hand wash', quantity: 1, price: 1500 }]);
    expect((await rowOf(made.reference)).total).toBe(made.total + 1500);

    // The same set again changes nothing; an inactive service is refused on its field; none takes the line off.
    const same = await change(token, { service_ids: [wash.id] });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect((same.body.data as Change).updated).toBe(true);
    const refused = await change(token, { service_ids: [retired.id] });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.details)).toContain('service_ids');
    const removed = (await change(token, { service_ids: [], confirm_price: made.total })).body.data as Change;
    expect(removed.updated).toBe(true);
    const row = await rowOf(made.reference);
    expect(await ctx.db.select().from(bookingServices).where(eq(bookingServices.booking_id, row.id))).toEqual([]);
    expect(row.total).toBe(made.total);
  });

  it('refuses a past time, a car already handed over, and another company', async () => {
    const made = await bookOnline(ctx, owner.company, route, { email: 'sade@example.com', name: 'Sade Bello' });
    const token = await bookingTokenFor(ctx, owner.company, made.reference, 'sade@example.com');

    const past = await change(token, { departure_at: daysAhead(-1, 8) });
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.body.details)).toContain('departure_at');
    const empty = await change(token, { confirm_price: made.total });
    expect(empty.status).toBe(400);

    const foreign = await change(token, { return_flight: 'BA1' }, other.company);
    expect(foreign.status).toBe(401);
    expect(foreign.body).not.toHaveProperty('data');

    await ctx.db.update(bookings).set({ status: 'checked_in' }).where(eq(bookings.reference, made.reference));
    const handedOver = await call(ctx.app, 'PATCH', '/api/public/booking/update', asCustomer(token, owner.company, 'ta'), {
      return_flight: 'BA1',
    });
    expect(handedOver.status).toBe(400);
    expect(handedOver.body.code).toBe('booking_not_changeable');
    expect(handedOver.body.message).toMatch(/[\u0B80-\u0BFF]/);
    expect((await rowOf(made.reference)).return_flight).toBeNull();
  });
});

describe('"bring my car"', () => {
  it('takes one request a day for a meet-and-greet car on site, shown on the board and on the trip back', async () => {
    const made = await bookOnline(
      ctx,
      owner.company,
      route,
      { email: 'kofi@example.com', name: 'Kofi Mensah' },
      { type: 'meet_and_greet', departure_at: daysAhead(12, 8), arrival_at: daysAhead(14, 18) },
    );
    const token = await bookingTokenFor(ctx, owner.company, made.reference, 'kofi@example.com');
    const row = await rowOf(made.reference);
    const requestCar = (body: Record<string, unknown> = {}) =>
      call(ctx.app, 'POST', '/api/public/booking/request-car', asCustomer(token), body);

    // Not yet: the car is not with the company, and the return is days away.
    const early = await requestCar();
    expect(early.status).toBe(400);
    expect(early.body.code).toBe('car_request_not_possible');

    // The office moves the stay so the customer lands within the hour, and checks the car in.
    const returnAt = new Date(Date.now() + 3_600_000).toISOString();
    const moved = await call(ctx.app, 'PATCH', `/api/booking/update/${row.id}`, owner.headers, {
      departure_at: daysAhead(-3, 8),
      arrival_at: returnAt,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const checkedIn = await call(ctx.app, 'PATCH', `/api/booking/status/update/${row.id}`, owner.headers, { status: 'checked_in' });
    expect(checkedIn.status, JSON.stringify(checkedIn.body)).toBe(200);

    const asked = await requestCar({ bag_claim_minutes: 20 });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const request = asked.body.data as { reference: string; requested_at: string; wanted_at: string; text: string };
    expect(Date.parse(request.wanted_at) - Date.parse(request.requested_at)).toBe(20 * 60_000);
    expect(request.text).toContain('We are bringing your car');

    const again = await requestCar();
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('car_already_requested');
    expect(await ctx.db.select().from(carRequests).where(eq(carRequests.booking_id, row.id))).toHaveLength(1);
    const [audited] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'car_request'), eq(auditLog.company_id, owner.company.id)));
    expect(audited?.actor_user_id).toBeNull();

    // The office sees it: the board's OUT list of the return day, and the trip taking the car back to the terminal.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: route.airport.time_zone }).format(new Date(returnAt));
    const board = await call(
      ctx.app,
      'GET',
      `/api/booking/statistics/in-out/list?type=out&date=${day}&time_zone=${route.airport.time_zone}`,
      owner.headers,
    );
    const onBoard = (board.body.data as { bookings: Array<{ reference: string; car_request: unknown }> }).bookings.find(
      (booking) => booking.reference === made.reference,
    );
    expect(onBoard?.car_request).toEqual({ requested_at: request.requested_at, wanted_at: request.wanted_at });
    const trips = await call(ctx.app, 'GET', `/api/trips/list?booking_id=${row.id}&from=2000-01-01&to=2100-01-01`, owner.headers);
    const tripsOfBooking = trips.body.data as Array<{ type: string; car_request: unknown }>;
    expect(tripsOfBooking.find((trip) => trip.type === 'out')?.car_request).toEqual({
      requested_at: request.requested_at,
      wanted_at: request.wanted_at,
    });
    expect(tripsOfBooking.find((trip) => trip.type === 'in')?.car_request).toBeNull();
    // And the customer's view.
    const seen = await call(ctx.app, 'GET', '/api/public/booking/get', asCustomer(token));
    expect((seen.body.data as { car_request: unknown }).car_request).toEqual({
      requested_at: request.requested_at,
      wanted_at: request.wanted_at,
    });
  });

  it('is refused for a parking booking', async () => {
    const made = await bookOnline(ctx, owner.company, route, { email: 'pia@example.com', name: 'Pia Berg' });
    const token = await bookingTokenFor(ctx, owner.company, made.reference, 'pia@example.com');
    await ctx.db
      .update(bookings)
      .set({ status: 'checked_in', departure_at: new Date(Date.now() - 3 * 86_400_000), arrival_at: new Date(Date.now() + 3_600_000) })
      .where(eq(bookings.reference, made.reference));
    const refused = await call(ctx.app, 'POST', '/api/public/booking/request-car', asCustomer(token), {});
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('car_request_not_possible');
  });
});
