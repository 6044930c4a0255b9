import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingRoute, bookingBody, insertBooking, insertBookingRoute } from '../../../test/factories/bookings.ts';
import { bookingTokenFor, bookOnline, daysAhead } from '../../../test/factories/public-booking.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, clientKeyHeaders, createTenant, type Tenant } from '../../../test/kit.ts';
import { bookings, locations } from '../../db/schema/index.ts';
import { slotStartOf } from './bookings.slots.ts';

/**
 * Limits per 15-minute slot (issue 24, section 2): a place takes at most N customers coming in (departures) and N
 * coming back (arrivals) per quarter hour of its airport's clock; a full slot is refused with the nearest free ones.
 */

let ctx: TestContext;
type Company = Tenant & { company: { id: number; client_key: string; time_zone: string } };
let owner: Company;
let other: Company;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = (await createTenant(ctx)) as Company;
  other = (await createTenant(ctx)) as Company;
});
afterAll(() => ctx?.close());

interface Refusal {
  code: string;
  message: string;
  details: Array<{ field: string; code: string; message: string }>;
  free_slots: Array<{ field: string; at: string; local: string; booked: number; limit: number }>;
}

const refusalOf = (response: { body: unknown }) => response.body as Refusal;
const idOf = (response: { body: { data?: unknown } }) => (response.body.data as { id: number }).id;
const slotsOf = (response: { body: { data?: unknown } }) => (response.body.data as { slots: unknown[] }).slots;

async function limit(locationId: number, values: { departure_slot_limit?: number | null; arrival_slot_limit?: number | null }) {
  await ctx.db.update(locations).set(values).where(eq(locations.id, locationId));
}

/** A route of its own (a car park -> a terminal), on the airport's clock of `timeZone`. */
async function newRoute(tenant: Company, timeZone = 'Europe/London') {
  return insertBookingRoute(ctx.db, tenant.company.id, { timeZone });
}

/** A year ahead: slots in the past are never offered, so the tests stay ahead whenever they run. */
const YEAR = new Date().getUTCFullYear() + 1;

/** The office's add of a stay that ends on 12 June next year, unless told otherwise. */
const add = (tenant: Tenant, route: BookingRoute, overrides: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(
    ctx.app,
    'POST',
    '/api/booking/add',
    { ...tenant.headers, ...headers },
    bookingBody(route, { arrival_at: `${YEAR}-06-12T18:00:00Z`, ...overrides }),
  );
const at = (time: string, day = `${YEAR}-06-10`) => `${day}T${time}:00Z`;

describe('the slot of the airport clock', () => {
  it('is the quarter hour of the local clock, also at +5:30 and +5:45', () => {
    // Colombo (+5:30): 03:40 UTC is 09:10 there, in the 09:00 slot, which began at 03:30 UTC.
    expect(slotStartOf(new Date('2027-06-10T03:40:00Z'), 'Asia/Colombo').toISOString()).toBe('2027-06-10T03:30:00.000Z');
    // Kathmandu (+5:45): 04:29 UTC is 10:14 there, still the 10:00 slot (04:15 UTC); 04:30 UTC is 10:15, the next.
    expect(slotStartOf(new Date('2027-06-10T04:29:59Z'), 'Asia/Kathmandu').toISOString()).toBe('2027-06-10T04:15:00.000Z');
    expect(slotStartOf(new Date('2027-06-10T04:30:00Z'), 'Asia/Kathmandu').toISOString()).toBe('2027-06-10T04:30:00.000Z');
    // London's clock change (31 Oct 2027, 02:00 BST -> 01:00 GMT): the repeated 01:00-01:15 are two slots an hour apart.
    expect(slotStartOf(new Date('2027-10-31T00:10:00Z'), 'Europe/London').toISOString()).toBe('2027-10-31T00:00:00.000Z');
    expect(slotStartOf(new Date('2027-10-31T01:10:00Z'), 'Europe/London').toISOString()).toBe('2027-10-31T01:00:00.000Z');
  });

  it('counts a Kathmandu quarter hour from :00/:15/:30/:45 of its own clock, and offers free slots on that clock', async () => {
    const route = await newRoute(owner, 'Asia/Kathmandu');
    await limit(route.carPark.id, { departure_slot_limit: 1 });
    // 10:00 in Kathmandu is 04:15 UTC.
    expect((await add(owner, route, { departure_at: at('04:15') })).status).toBe(201);
    // 10:14 there: the same slot, refused.
    const refused = await add(owner, route, { departure_at: at('04:29') });
    expect(refused.status).toBe(409);
    expect(refusalOf(refused).free_slots.slice(0, 2)).toMatchObject([
      { field: 'departure_at', at: `${YEAR}-06-10T04:00:00.000Z`, local: `${YEAR}-06-10T09:45` },
      { field: 'departure_at', at: `${YEAR}-06-10T04:30:00.000Z`, local: `${YEAR}-06-10T10:15` },
    ]);
    expect(refusalOf(refused).message).toContain('10:00');
    // 10:15 there (04:30 UTC): the next slot, free. A UTC quarter hour would have put 04:29 and 04:30 together.
    expect((await add(owner, route, { departure_at: at('04:30') })).status).toBe(201);
  });
});

describe('a full slot in the office', () => {
  it('refuses a departure into a full slot with the nearest free slots, in English and Tamil, writing nothing', async () => {
    const route = await newRoute(owner);
    await limit(route.carPark.id, { departure_slot_limit: 2 });
    // London in June is UTC+1: 08:00 UTC is 09:00 there. Two in the 09:00 slot, one in the 08:45 slot.
    expect((await add(owner, route, { departure_at: at('08:00') })).status).toBe(201);
    expect((await add(owner, route, { departure_at: at('08:14') })).status).toBe(201);
    await insertBooking(ctx.db, owner.company.id, route, {
      departure_at: new Date(at('07:50')),
      arrival_at: new Date(`${YEAR}-06-12T18:00:00Z`),
      start_day: `${YEAR}-06-10`,
      end_day: `${YEAR}-06-12`,
    });
    await insertBooking(ctx.db, owner.company.id, route, {
      departure_at: new Date(at('07:45')),
      arrival_at: new Date(`${YEAR}-06-12T18:00:00Z`),
      start_day: `${YEAR}-06-10`,
      end_day: `${YEAR}-06-12`,
    });
    const before = await ctx.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.company_id, owner.company.id));

    const refused = await add(owner, route, { departure_at: at('08:05'), vehicle_reg: 'FULL 1' });
    expect(refused.status).toBe(409);
    const body = refusalOf(refused);
    expect(body.code).toBe('slot_full');
    expect(body.details).toMatchObject([{ field: 'departure_at', code: 'errors.slot_full' }]);
    expect(body.message).toBe(
      `${route.carPark.name} takes at most 2 customers coming in (departures) per 15 minutes, and 10 Jun ${YEAR}, 09:00–09:15 is full. Nearest free times: 09:15, 08:30, 09:30, 08:15`,
    );
    // 08:45 holds two (full), so the nearest free is after it, then the next either side, nearest (earlier on a tie) first.
    expect(body.free_slots.map((slot) => slot.local)).toEqual([
      `${YEAR}-06-10T09:15`,
      `${YEAR}-06-10T08:30`,
      `${YEAR}-06-10T09:30`,
      `${YEAR}-06-10T08:15`,
    ]);
    expect(body.free_slots[0]).toEqual({
      field: 'departure_at',
      at: `${YEAR}-06-10T08:15:00.000Z`,
      local: `${YEAR}-06-10T09:15`,
      booked: 0,
      limit: 2,
    });
    const after = await ctx.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.company_id, owner.company.id));
    expect(after).toHaveLength(before.length);

    const tamil = await add(owner, route, { departure_at: at('08:05') }, { 'accept-language': 'ta' });
    expect(tamil.status).toBe(409);
    expect(refusalOf(tamil).message).toContain('நிரம்பியுள்ளது');
    expect(refusalOf(tamil).message).toContain('வாடிக்கையாளர்களை (புறப்பாடு)');
    expect(refusalOf(tamil).details[0]?.message).toBe(refusalOf(tamil).message);

    // The slot offered is taken: it is free.
    expect((await add(owner, route, { departure_at: body.free_slots[0]?.at })).status).toBe(201);
  });

  it('refuses an arrival into a full slot at a meet-and-greet meeting point, offering only slots after the drop-off', async () => {
    const route = await newRoute(owner);
    // Meet and greet: the customer meets the driver at the terminal on the way out and on the way back.
    await limit(route.terminal.id, { arrival_slot_limit: 1 });
    const body = { departure_id: route.terminal.id, arrival_id: route.terminal.id, type: 'meet_and_greet' as const };
    const first = await add(owner, route, {
      ...body,
      departure_at: at('06:00', `${YEAR}-06-12`),
      arrival_at: at('17:00', `${YEAR}-06-12`),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // A drop-off at 16:40 UTC (17:40 there) leaves only later slots for a return at 17:05 UTC (18:05, the full 18:00 slot).
    const refused = await add(owner, route, {
      ...body,
      departure_at: at('16:40', `${YEAR}-06-12`),
      arrival_at: at('17:05', `${YEAR}-06-12`),
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refusalOf(refused).details[0]?.field).toBe('arrival_at');
    expect(refusalOf(refused).message).toContain('takes at most 1 customer coming back (arrival) per 15 minutes');
    const offered = refusalOf(refused).free_slots;
    expect(offered.map((slot) => slot.local)).toEqual([
      `${YEAR}-06-12T17:45`,
      `${YEAR}-06-12T18:15`,
      `${YEAR}-06-12T18:30`,
      `${YEAR}-06-12T18:45`,
    ]);
    for (const slot of offered) expect(Date.parse(slot.at)).toBeGreaterThan(Date.parse(at('16:40', `${YEAR}-06-12`)));
    // Departures at the same point have no limit: a second drop-off in the first's slot is fine.
    expect(
      (await add(owner, route, { ...body, departure_at: at('06:05', `${YEAR}-06-12`), arrival_at: at('19:00', `${YEAR}-06-12`) })).status,
    ).toBe(201);
  });

  it('frees the slot of a cancelled or no-show booking', async () => {
    const route = await newRoute(owner);
    await limit(route.carPark.id, { departure_slot_limit: 1 });
    const first = await add(owner, route, { departure_at: at('10:00') });
    expect(first.status).toBe(201);
    expect((await add(owner, route, { departure_at: at('10:05') })).status).toBe(409);
    const cancelled = await call(ctx.app, 'PATCH', `/api/booking/status/update/${idOf(first)}`, owner.headers, {
      status: 'cancelled',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const second = await add(owner, route, { departure_at: at('10:05') });
    expect(second.status).toBe(201);
    const noShow = await call(ctx.app, 'PATCH', `/api/booking/status/update/${idOf(second)}`, owner.headers, { status: 'no_show' });
    expect(noShow.status, JSON.stringify(noShow.body)).toBe(200);
    expect((await add(owner, route, { departure_at: at('10:10') })).status).toBe(201);
  });

  it('lets a booking move within its own slot, keeps it when the limit was lowered, and refuses a move into a full slot', async () => {
    const route = await newRoute(owner);
    await limit(route.carPark.id, { departure_slot_limit: 2 });
    const first = await add(owner, route, { departure_at: at('12:00') });
    const second = await add(owner, route, { departure_at: at('12:05') });
    const elsewhere = await add(owner, route, { departure_at: at('13:00') });
    // The slot is full, yet the booking in it moves within it: it does not count against itself.
    const within = await call(ctx.app, 'PATCH', `/api/booking/update/${idOf(first)}`, owner.headers, { departure_at: at('12:10') });
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    // The limit lowered to 1: the slot holds 2, and a change of the second's arrival keeps its drop-off slot.
    await limit(route.carPark.id, { departure_slot_limit: 1 });
    const kept = await call(ctx.app, 'PATCH', `/api/booking/update/${idOf(second)}`, owner.headers, {
      arrival_at: `${YEAR}-06-13T18:00:00Z`,
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    // Another booking moving in is refused, and its re-price preview says the same without writing.
    const moveIn = await call(ctx.app, 'PATCH', `/api/booking/update/${idOf(elsewhere)}`, owner.headers, {
      departure_at: at('12:01'),
    });
    expect(moveIn.status).toBe(409);
    expect(refusalOf(moveIn).code).toBe('slot_full');
    // 13:00 on the airport's clock is full; the quarter hour before it is the nearest free one.
    expect(refusalOf(moveIn).free_slots[0]?.local).toBe(`${YEAR}-06-10T12:45`);
    const [row] = await ctx.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, idOf(elsewhere)));
    expect(row?.departure_at.toISOString()).toBe(new Date(at('13:00')).toISOString());
  });
});

describe('a full slot on the public booking API', () => {
  it('refuses an online booking and an online change into a full slot with the nearest free slots', async () => {
    const route = await newRoute(owner);
    const pricedRoute = { airport: route.airport, carPark: route.carPark, terminal: route.terminal } as never;
    await limit(route.carPark.id, { departure_slot_limit: 1 });
    const made = await bookOnline(ctx, owner.company, pricedRoute, { email: 'slot@example.com', name: 'Slot Taker' });
    // The same drop-off (12 days ahead, 08:00 UTC) again: the slot is full.
    const refused = await call(
      ctx.app,
      'POST',
      '/api/public/booking/add',
      { ...clientKeyHeaders(owner.company), 'idempotency-key': randomUUID(), 'accept-language': 'ta' },
      {
        customer_name: 'Late Comer',
        customer_email: 'late@example.com',
        vehicle_reg: 'LT12 ABC',
        airport_id: route.airport.id,
        departure_id: route.carPark.id,
        arrival_id: route.terminal.id,
        departure_at: daysAhead(12, 8),
        arrival_at: daysAhead(16, 18),
        form_started_at: new Date(Date.now() - 60_000).toISOString(),
      },
    );
    expect(refused.status).toBe(409);
    expect(refusalOf(refused).code).toBe('slot_full');
    expect(refusalOf(refused).message).toContain('நிரம்பியுள்ளது');
    expect(refusalOf(refused).free_slots.map((slot) => slot.at)).toContain(
      new Date(Date.parse(daysAhead(12, 8)) + 15 * 60_000).toISOString(),
    );

    // A second online booking an hour later, then its customer moves it into the full slot: refused.
    const later = await bookOnline(
      ctx,
      owner.company,
      pricedRoute,
      { email: 'move@example.com', name: 'Mover' },
      {
        departure_at: daysAhead(12, 9),
      },
    );
    const token = await bookingTokenFor(ctx, owner.company, later.reference, 'move@example.com');
    const moved = await call(
      ctx.app,
      'PATCH',
      '/api/public/booking/update',
      { ...clientKeyHeaders(owner.company), 'booking-token': token },
      { departure_at: new Date(Date.parse(daysAhead(12, 8)) + 5 * 60_000).toISOString() },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(409);
    expect(refusalOf(moved).code).toBe('slot_full');
    expect(refusalOf(moved).free_slots.length).toBeGreaterThan(0);
    expect(made.reference).not.toBe(later.reference);
  });
});

describe('slots and tenancy', () => {
  it("never counts another company's bookings, and the board shows only the caller's company's slots", async () => {
    const mine = await newRoute(owner);
    const theirs = await newRoute(other);
    await limit(mine.carPark.id, { departure_slot_limit: 1 });
    await limit(theirs.carPark.id, { departure_slot_limit: 1 });
    const day = `${YEAR}-07-01`;
    expect((await add(owner, mine, { departure_at: at('08:00', day), arrival_at: at('18:00', `${YEAR}-07-03`) })).status).toBe(201);
    // The other company's own slot at the same time is still free.
    expect((await add(other, theirs, { departure_at: at('08:00', day), arrival_at: at('18:00', `${YEAR}-07-03`) })).status).toBe(201);
    // Their place's limit cannot be changed by us: 404.
    const foreign = await call(ctx.app, 'PATCH', `/api/location/update/${theirs.carPark.id}`, owner.headers, { departure_slot_limit: 5 });
    expect(foreign.status).toBe(404);
    const board = await call(
      ctx.app,
      'GET',
      `/api/booking/statistics/in-out/list?type=in&date=${day}&time_zone=Europe/London`,
      owner.headers,
    );
    expect(board.status).toBe(200);
    const slots = slotsOf(board) as Array<{ location_id: number }>;
    expect(slots.map((slot) => slot.location_id)).toEqual([mine.carPark.id]);
  });
});

describe("the board's slot load", () => {
  it('answers each slot holding bookings at a place with a limit, against its limit; cancelled ones do not count', async () => {
    const tenant = (await createTenant(ctx)) as Company;
    const route = await newRoute(tenant);
    await limit(route.carPark.id, { departure_slot_limit: 4 });
    await limit(route.terminal.id, { arrival_slot_limit: 3 });
    const day = `${YEAR}-08-05`;
    const stay = (departure: string, extra: Record<string, unknown> = {}) => ({
      departure_at: new Date(at(departure, day)),
      arrival_at: new Date(at('17:40', `${YEAR}-08-07`)),
      start_day: day,
      end_day: `${YEAR}-08-07`,
      ...extra,
    });
    for (const time of ['08:00', '08:03', '08:14']) await insertBooking(ctx.db, tenant.company.id, route, stay(time));
    await insertBooking(ctx.db, tenant.company.id, route, stay('08:05', { status: 'cancelled' }));
    await insertBooking(ctx.db, tenant.company.id, route, stay('09:30'));

    const board = await call(
      ctx.app,
      'GET',
      `/api/booking/statistics/in-out/list?type=in&date=${day}&time_zone=Europe/London`,
      tenant.headers,
    );
    expect(board.status).toBe(200);
    expect(slotsOf(board)).toEqual([
      { location_id: route.carPark.id, location_name: route.carPark.name, start: `${day}T08:00:00.000Z`, booked: 3, limit: 4 },
      { location_id: route.carPark.id, location_name: route.carPark.name, start: `${day}T09:30:00.000Z`, booked: 1, limit: 4 },
    ]);
    const out = await call(
      ctx.app,
      'GET',
      `/api/booking/statistics/in-out/list?type=out&date=${YEAR}-08-07&time_zone=Europe/London`,
      tenant.headers,
    );
    expect(slotsOf(out)).toEqual([
      { location_id: route.terminal.id, location_name: route.terminal.name, start: `${YEAR}-08-07T17:30:00.000Z`, booked: 4, limit: 3 },
    ]);
  });
});

describe("the location's limits", () => {
  it('are set on the location, null for none; 0 or a fraction is refused on the field', async () => {
    const route = await newRoute(owner);
    const set = await call(ctx.app, 'PATCH', `/api/location/update/${route.carPark.id}`, owner.headers, {
      departure_slot_limit: 6,
      arrival_slot_limit: 4,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ departure_slot_limit: 6, arrival_slot_limit: 4 });
    const cleared = await call(ctx.app, 'PATCH', `/api/location/update/${route.carPark.id}`, owner.headers, { arrival_slot_limit: null });
    expect(cleared.body.data).toMatchObject({ departure_slot_limit: 6, arrival_slot_limit: null });
    for (const value of [0, 2.5]) {
      const wrong = await call(ctx.app, 'PATCH', `/api/location/update/${route.carPark.id}`, owner.headers, {
        departure_slot_limit: value,
      });
      expect(wrong.status).toBe(400);
      expect(refusalOf(wrong).details.map((detail) => detail.field)).toEqual(['departure_slot_limit']);
    }
  });
});
