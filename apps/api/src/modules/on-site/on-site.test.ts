import type { OnSiteCar } from '@ps/contracts/onSite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertBookingRoute } from '../../../test/factories/bookings.ts';
import { createYard } from '../../../test/factories/places.ts';
import { insertTrip, signedInDriver } from '../../../test/factories/trips.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant } from '../../../test/kit.ts';
import { dueFlag } from './on-site.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const HOUR = 3_600_000;
/** A stay that ends (the customer comes back) `hours` from now: negative is in the past. */
const stayEnding = (hours: number) => {
  const arrival = Date.now() + hours * HOUR;
  return { departure_at: new Date(arrival - 72 * HOUR), arrival_at: new Date(arrival) };
};

type Answer = { data: OnSiteCar[]; pagination: { total: number }; counts: Record<string, number> };

/**
 * A company with a yard (bays A1, A2 and a zone), its car park (bay P1), and four cars checked in through the API: one
 * overdue in A1, one due within the hour in P1 (the car park), one due in two days in the zone, one without a position.
 */
async function world() {
  const tenant = await createTenant(ctx);
  const companyId = tenant.company.id;
  const route = await insertBookingRoute(ctx.db, companyId);
  const yard = await createYard(ctx.db, companyId, { name: 'North yard' });
  const position = async (place: { yard_id: number } | { location_id: number }, name: string, kind = 'bay') => {
    const response = await call(ctx.app, 'POST', '/api/position/add', tenant.headers, { ...place, name, kind });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data as { id: number; name: string };
  };
  const a1 = await position({ yard_id: yard.id }, 'A1');
  await position({ yard_id: yard.id }, 'A2');
  const zone = await position({ yard_id: yard.id }, 'Overflow', 'zone');
  const p1 = await position({ location_id: route.carPark.id }, 'P1');

  const checkIn = async (
    hours: number,
    fields: { vehicle_reg: string; reference: string },
    positionId: number | null,
    keyLocation: string | null,
  ) => {
    const booking = await insertBooking(ctx.db, companyId, route, {
      ...stayEnding(hours),
      ...fields,
      vehicle_make: 'Volvo',
      vehicle_colour: 'Blue',
      customer_name: `Customer of ${fields.vehicle_reg}`,
    });
    const added = await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, {
      booking_id: booking.id,
      kind: 'check_in',
      position_id: positionId,
      key_location: keyLocation,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return booking;
  };
  const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
  const overdue = await checkIn(-3, { vehicle_reg: 'LD21 KXP', reference: `PS-OV${tag}-1A` }, a1.id, 'Box 1, hook 7');
  const soon = await checkIn(1, { vehicle_reg: 'AB12 CDE', reference: `PS-SO${tag}-2B` }, p1.id, 'Box 2, hook 1');
  const later = await checkIn(48, { vehicle_reg: 'XY34 ZZZ', reference: `PS-LA${tag}-3C` }, zone.id, null);
  const loose = await checkIn(30, { vehicle_reg: 'GH56 JKL', reference: `PS-NO${tag}-4D` }, null, 'Desk drawer');
  // A booking that was never checked in is not on site.
  await insertBooking(ctx.db, companyId, route, { ...stayEnding(-5), vehicle_reg: 'NOT HERE' });
  return { tenant, route, yard, bays: { a1, zone, p1 }, cars: { overdue, soon, later, loose } };
}

const list = async (headers: Record<string, string>, query = '') => {
  const response = await call(ctx.app, 'GET', `/api/handover/on-site/list${query}`, headers);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as unknown as Answer;
};

describe('the cars on site', () => {
  it('lists every car checked in, where it and its key are, soonest due out first, flagged by the server', async () => {
    const { tenant, yard, route, cars, bays } = await world();
    const answer = await list(tenant.headers);
    expect(answer.data.map((car) => car.reference)).toEqual([
      cars.overdue.reference,
      cars.soon.reference,
      cars.loose.reference,
      cars.later.reference,
    ]);
    expect(answer.data.map((car) => car.due)).toEqual(['overdue', 'due_soon', 'later', 'later']);
    expect(answer.pagination.total).toBe(4);
    expect(answer.counts).toEqual({ overdue: 1, due_soon: 1, later: 2 });
    expect(answer.data[0]).toEqual({
      booking_id: cars.overdue.id,
      reference: cars.overdue.reference,
      booking_status: 'checked_in',
      vehicle_reg: 'LD21 KXP',
      vehicle_make: 'Volvo',
      vehicle_model: null,
      vehicle_colour: 'Blue',
      customer_name: 'Customer of LD21 KXP',
      position_id: bays.a1.id,
      position_name: 'A1',
      position_kind: 'bay',
      yard_id: yard.id,
      location_id: null,
      place_name: 'North yard',
      key_location: 'Box 1, hook 7',
      placed_at: expect.any(String),
      arrival_at: cars.overdue.arrival_at.toISOString(),
      airport_time_zone: 'Europe/London',
      due: 'overdue',
    });
    expect(answer.data[1]).toMatchObject({
      position_name: 'P1',
      location_id: route.carPark.id,
      yard_id: null,
      place_name: route.carPark.name,
    });
    // Placed without a position: no position and no place, the key still known.
    expect(answer.data[2]).toMatchObject({ position_id: null, position_name: null, place_name: null, key_location: 'Desk drawer' });
  });

  it('filters by yard or car park, by flag, and searches registrations and references whatever their spaces and case', async () => {
    const { tenant, yard, route, cars } = await world();
    const references = async (query: string) => (await list(tenant.headers, query)).data.map((car) => car.reference);

    expect(await references(`?yard_id=${yard.id}`)).toEqual([cars.overdue.reference, cars.later.reference]);
    expect(await references(`?location_id=${route.carPark.id}`)).toEqual([cars.soon.reference]);
    expect(await references('?flag=overdue')).toEqual([cars.overdue.reference]);
    expect(await references('?flag=due_soon')).toEqual([cars.soon.reference]);
    // The counts follow the place and the search, never the flag.
    const flagged = await list(tenant.headers, `?flag=overdue&yard_id=${yard.id}`);
    expect(flagged.pagination.total).toBe(1);
    expect(flagged.counts).toEqual({ overdue: 1, due_soon: 0, later: 1 });

    expect(await references('?search=ld21kxp')).toEqual([cars.overdue.reference]);
    expect(await references(`?search=${encodeURIComponent(' ab12 cd ')}`)).toEqual([cars.soon.reference]);
    // A reference without its dashes, in lower case, or a part of it.
    const reference = cars.later.reference;
    expect(await references(`?search=${reference.replace(/-/g, '').toLowerCase()}`)).toEqual([reference]);
    expect(await references(`?search=${reference.slice(3, 9)}`)).toEqual([reference]);
    // The user's % and _ are literal.
    expect(await references('?search=%25')).toEqual([]);

    // Paging: the total is of every page.
    const second = await list(tenant.headers, '?page=2&page_size=3');
    expect(second.data.map((car) => car.reference)).toEqual([cars.later.reference]);
    expect(second.pagination).toMatchObject({ page: 2, page_size: 3, total: 4 });
  });

  it('refuses a yard and a car park together, and an unknown flag, in the caller’s language', async () => {
    const { tenant, yard, route } = await world();
    const both = await call(
      ctx.app,
      'GET',
      `/api/handover/on-site/list?yard_id=${yard.id}&location_id=${route.carPark.id}`,
      tenant.headers,
    );
    expect(both.status).toBe(400);
    expect(both.body.details).toEqual([expect.objectContaining({ field: 'location_id' })]);
    const flag = await call(ctx.app, 'GET', '/api/handover/on-site/list?flag=soon', { ...tenant.headers, 'accept-language': 'ta' });
    expect(flag.status).toBe(400);
    expect(flag.body.details).toEqual([expect.objectContaining({ field: 'flag' })]);
    expect(String(flag.body.message)).toMatch(/[\u0B80-\u0BFF]/);
  });

  it('drops a car when it is checked out', async () => {
    const { tenant, cars } = await world();
    const out = await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, { booking_id: cars.soon.id, kind: 'check_out' });
    expect(out.status, JSON.stringify(out.body)).toBe(201);
    const answer = await list(tenant.headers);
    expect(answer.data.map((car) => car.booking_id)).not.toContain(cars.soon.id);
    expect(answer.counts).toEqual({ overdue: 1, due_soon: 0, later: 2 });
  });

  it('keeps each company to its own cars: another company’s admin sees none, also through the first one’s yard', async () => {
    const { tenant, yard, route, cars } = await world();
    const stranger = await createTenant(ctx);
    const theirs = await list(stranger.headers);
    expect(theirs.data).toEqual([]);
    expect(theirs.pagination.total).toBe(0);
    expect(theirs.counts).toEqual({ overdue: 0, due_soon: 0, later: 0 });
    // A filter on another company's yard or car park matches nothing: an empty page, as for an id that does not exist.
    for (const query of [`?yard_id=${yard.id}`, `?location_id=${route.carPark.id}`, `?search=${cars.overdue.reference}`]) {
      const answer = await list(stranger.headers, query);
      expect(answer.data).toEqual([]);
      expect(answer.pagination.total).toBe(0);
    }
    // And the first company never sees the stranger's car.
    const strangerRoute = await insertBookingRoute(ctx.db, stranger.company.id);
    const strangerBooking = await insertBooking(ctx.db, stranger.company.id, strangerRoute, stayEnding(-1));
    const added = await call(ctx.app, 'POST', '/api/handover/add', stranger.headers, { booking_id: strangerBooking.id, kind: 'check_in' });
    expect(added.status).toBe(201);
    expect((await list(stranger.headers)).data.map((car) => car.booking_id)).toEqual([strangerBooking.id]);
    expect((await list(tenant.headers)).data.map((car) => car.booking_id)).not.toContain(strangerBooking.id);
  });
});

describe('a driver', () => {
  it('sees only the cars of their own jobs (a cancelled trip gives none)', async () => {
    const { tenant, cars, yard, route } = await world();
    const companyId = tenant.company.id;
    const driver = await signedInDriver(ctx, companyId);
    const ends = { from_yard_id: yard.id, to_location_id: route.terminal.id };
    await insertTrip(ctx.db, companyId, {
      ...ends,
      booking_id: cars.soon.id,
      driver_id: driver.driver.id,
      type: 'out',
      scheduled_at: new Date(),
    });
    await insertTrip(ctx.db, companyId, {
      ...ends,
      booking_id: cars.later.id,
      driver_id: driver.driver.id,
      type: 'out',
      status: 'cancelled',
      scheduled_at: new Date(),
    });
    const answer = await list(driver.headers);
    expect(answer.data.map((car) => car.booking_id)).toEqual([cars.soon.id]);
    expect(answer.counts).toEqual({ overdue: 0, due_soon: 1, later: 0 });
    // The office still sees them all.
    expect((await list(tenant.headers)).pagination.total).toBe(4);
  });
});

describe('dueFlag', () => {
  it('is overdue before now, due soon up to two hours ahead, later from then on', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(dueFlag(new Date('2026-11-27T11:59:59Z'), now)).toBe('overdue');
    expect(dueFlag(now, now)).toBe('due_soon');
    expect(dueFlag(new Date('2026-11-27T13:59:59Z'), now)).toBe('due_soon');
    expect(dueFlag(new Date('2026-11-27T14:00:00Z'), now)).toBe('later');
  });
});
