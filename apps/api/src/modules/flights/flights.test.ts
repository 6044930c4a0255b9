import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertBookingRoute } from '../../../test/factories/bookings.ts';
import { insertDriver } from '../../../test/factories/drivers.ts';
import { createYard } from '../../../test/factories/places.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, createCompanyThroughApi, createTenant, type Tenant } from '../../../test/kit.ts';
import { auditLog, tripScheduleChanges, tripStatusHistory, trips } from '../../db/schema/index.ts';
import { dayAt } from '../../lib/dates.ts';
import { createHttpFlightProvider, manualFlightProvider } from './flights.provider.ts';
import { createFlightsService } from './flights.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const MINUTE = 60_000;
type FlightRecord = {
  booking_id: number;
  flight_number: string;
  status: string;
  estimated_arrival: string | null;
  scheduled_arrival: string;
  delay_minutes: number | null;
  source: string | null;
  out_trip: { id: number; scheduled_at: string; status: string; driver_id: number | null; driver_name: string | null } | null;
};

/** A whole minute some hours from now, so the bookings are upcoming whenever the test runs. */
const hoursFromNow = (hours: number) => new Date(Math.floor((Date.now() + hours * 3_600_000) / MINUTE) * MINUTE);

/**
 * A company (flight buffer 30 minutes) with a meet-and-greet booking returning on EK7 tomorrow, its out-trip
 * (yard to terminal, 30 minutes after landing) assigned to Kavin, and a second booking on BA2490 with its own
 * out-trip, to show that news of one flight moves only its own trip.
 */
async function world() {
  const tenant = await createTenant(ctx);
  const companyId = tenant.company.id;
  const route = await insertBookingRoute(ctx.db, companyId);
  const yard = await createYard(ctx.db, companyId);
  const { driver } = await insertDriver(ctx.db, companyId, { first_name: 'Kavin', last_name: 'Raj' });
  const arrival = hoursFromNow(24);
  const booking = async (flight: string | null, at: Date, overrides: Parameters<typeof insertBooking>[3] = {}) =>
    insertBooking(ctx.db, companyId, route, {
      type: 'meet_and_greet',
      return_flight: flight,
      arrival_at: at,
      departure_at: hoursFromNow(-48),
      start_day: dayAt(hoursFromNow(-48), 'Europe/London'),
      end_day: dayAt(at, 'Europe/London'),
      ...overrides,
    });
  const outTrip = async (bookingId: number, at: Date, driverId: number | null) => {
    const [row] = await ctx.db
      .insert(trips)
      .values({
        company_id: companyId,
        booking_id: bookingId,
        type: 'out',
        from_yard_id: yard.id,
        to_location_id: route.terminal.id,
        scheduled_at: new Date(at.getTime() + 30 * MINUTE),
        driver_id: driverId,
        status: driverId === null ? 'scheduled' : 'assigned',
      })
      .returning();
    if (!row) throw new Error('no trip');
    return row;
  };
  const ek7 = await booking('EK7', arrival);
  const ek7Trip = await outTrip(ek7.id, arrival, driver.id);
  const ba = await booking('BA2490', hoursFromNow(30));
  const baTrip = await outTrip(ba.id, hoursFromNow(30), null);
  return { tenant, companyId, route, yard, driver, arrival, booking, outTrip, ek7, ek7Trip, ba, baTrip };
}

const update = (tenant: Tenant, bookingId: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(ctx.app, 'PATCH', `/api/flight-tracking/update/${bookingId}`, { ...tenant.headers, ...headers }, body);
const list = async (tenant: Tenant, query = '') =>
  (await call(ctx.app, 'GET', `/api/flight-tracking/list${query}`, tenant.headers)).body.data as FlightRecord[];
const tripOf = async (id: number) => (await ctx.db.select().from(trips).where(eq(trips.id, id)))[0];

describe('flight tracking', () => {
  it('lists the return flights of the upcoming bookings still followed, with their out-trip and driver', async () => {
    const w = await world();
    await w.booking(null, hoursFromNow(20));
    await w.booking('QR1', hoursFromNow(20), { status: 'cancelled' });
    await w.booking('LH9', hoursFromNow(24 * 9));
    await w.booking('AF2', hoursFromNow(-12));
    const flights = await list(w.tenant);
    expect(flights.map((flight) => flight.flight_number)).toEqual(['EK7', 'BA2490']);
    expect(flights[0]).toMatchObject({
      booking_id: w.ek7.id,
      status: 'scheduled',
      scheduled_arrival: w.arrival.toISOString(),
      estimated_arrival: null,
      delay_minutes: null,
      source: null,
      out_trip: { id: w.ek7Trip.id, status: 'assigned', driver_id: w.driver.id, driver_name: 'Kavin Raj' },
    });
    expect((await list(w.tenant, '?days=10')).map((flight) => flight.flight_number)).toEqual(['EK7', 'BA2490', 'LH9']);
    expect((await list(w.tenant, '?search=ba24')).map((flight) => flight.flight_number)).toEqual(['BA2490']);
  });

  it('moves exactly the delayed flight’s out-trip to the new arrival plus the buffer, keeps its free driver and logs why', async () => {
    const w = await world();
    const estimate = new Date(w.arrival.getTime() + 95 * MINUTE);
    const answer = await update(w.tenant, w.ek7.id, { estimated_arrival: estimate.toISOString() });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      status: 'delayed',
      delay_minutes: 95,
      source: 'manual',
      estimated_arrival: estimate.toISOString(),
      out_trip: { scheduled_at: new Date(estimate.getTime() + 30 * MINUTE).toISOString(), driver_id: w.driver.id, status: 'assigned' },
    });
    const changes = await ctx.db.select().from(tripScheduleChanges).where(eq(tripScheduleChanges.company_id, w.companyId));
    expect(changes).toEqual([
      expect.objectContaining({
        trip_id: w.ek7Trip.id,
        booking_id: w.ek7.id,
        from_at: w.ek7Trip.scheduled_at,
        to_at: new Date(estimate.getTime() + 30 * MINUTE),
        reason: 'flight_delayed',
        unassigned_driver_id: null,
        changed_by: w.tenant.user.id,
      }),
    ]);
    // The other flight's trip did not move.
    expect((await tripOf(w.baTrip.id))?.scheduled_at).toEqual(w.baTrip.scheduled_at);
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.company_id, w.companyId)));
    expect(audited.map((entry) => `${entry.entity} ${entry.action}`).sort()).toEqual([
      'flight create',
      'trip update',
      'trip_schedule_change create',
    ]);
    // Logged on the booking too: its audit trail shows the move, its old and new time and why.
    const trail = await call(ctx.app, 'GET', `/api/booking/audit/list/${w.ek7.id}`, w.tenant.headers);
    expect(trail.status).toBe(200);
    expect(trail.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          entity: 'trip_schedule_change',
          action: 'create',
          actor_user_id: w.tenant.user.id,
          changes: expect.objectContaining({
            trip_id: { to: w.ek7Trip.id },
            from_at: { to: w.ek7Trip.scheduled_at.toISOString() },
            to_at: { to: new Date(estimate.getTime() + 30 * MINUTE).toISOString() },
            reason: { to: 'flight_delayed' },
            unassigned_driver_id: { to: null },
          }),
        }),
        expect.objectContaining({ entity: 'trip', entity_id: w.ek7Trip.id, action: 'update' }),
      ]),
    );

    // The same news again changes nothing; an earlier estimate brings the trip forward.
    await update(w.tenant, w.ek7.id, { estimated_arrival: estimate.toISOString() });
    expect(await ctx.db.select().from(tripScheduleChanges).where(eq(tripScheduleChanges.company_id, w.companyId))).toHaveLength(1);
    const early = await update(w.tenant, w.ek7.id, { estimated_arrival: null });
    expect(early.body.data).toMatchObject({
      status: 'scheduled',
      estimated_arrival: null,
      out_trip: { scheduled_at: w.ek7Trip.scheduled_at.toISOString() },
    });
    const [, back] = await ctx.db
      .select()
      .from(tripScheduleChanges)
      .where(eq(tripScheduleChanges.company_id, w.companyId))
      .orderBy(tripScheduleChanges.id);
    expect(back?.reason).toBe('flight_early');
  });

  it('takes the driver off the moved trip when another trip of theirs is then, and says so', async () => {
    const w = await world();
    const estimate = new Date(w.arrival.getTime() + 3 * 60 * MINUTE);
    // Kavin already drives another car out at that time.
    const other = await w.booking('AA100', new Date(estimate.getTime() - 10 * MINUTE));
    await w.outTrip(other.id, new Date(estimate.getTime() - 10 * MINUTE), w.driver.id);
    const answer = await update(w.tenant, w.ek7.id, { estimated_arrival: estimate.toISOString() });
    expect(answer.body.data).toMatchObject({ out_trip: { status: 'scheduled', driver_id: null, driver_name: null } });
    const [change] = await ctx.db.select().from(tripScheduleChanges).where(eq(tripScheduleChanges.trip_id, w.ek7Trip.id));
    expect(change?.unassigned_driver_id).toBe(w.driver.id);
    const [history] = await ctx.db.select().from(tripStatusHistory).where(eq(tripStatusHistory.trip_id, w.ek7Trip.id));
    expect(history).toMatchObject({ from_status: 'assigned', to_status: 'scheduled', note: 'flight_delayed' });
  });

  it('moves nothing for a cancelled flight and refuses bookings it does not follow, in the caller’s language', async () => {
    const w = await world();
    const cancelled = await update(w.tenant, w.ek7.id, { estimated_arrival: null, status: 'cancelled' });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });
    expect((await tripOf(w.ek7Trip.id))?.scheduled_at).toEqual(w.ek7Trip.scheduled_at);

    const noFlight = await w.booking(null, hoursFromNow(20));
    const refused = await update(w.tenant, noFlight.id, { estimated_arrival: null }, { 'accept-language': 'ta' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('flight_not_tracked');
    expect(refused.body.message).toMatch(/[\u0B80-\u0BFF]/);
    const done = await w.booking('QR1', hoursFromNow(20), { status: 'completed' });
    expect((await update(w.tenant, done.id, { estimated_arrival: null })).body.code).toBe('flight_not_tracked');
    const bad = await update(w.tenant, w.ek7.id, { estimated_arrival: 'tomorrow evening' });
    expect(bad.status).toBe(400);
    expect((bad.body.details as Array<{ field: string }>)[0]?.field).toBe('estimated_arrival');
  });

  it("answers another company's admin 404 (and an empty list) and a driver 403", async () => {
    const w = await world();
    const other = await createCompanyThroughApi(ctx);
    expect((await update(other, w.ek7.id, { estimated_arrival: null })).status).toBe(404);
    expect(await list(other)).toEqual([]);
    expect((await tripOf(w.ek7Trip.id))?.scheduled_at).toEqual(w.ek7Trip.scheduled_at);
    const driver = await addUser(ctx, w.companyId, 'driver');
    expect((await call(ctx.app, 'GET', '/api/flight-tracking/list', driver.headers)).status).toBe(403);
    expect((await update(driver, w.ek7.id, { estimated_arrival: null })).status).toBe(403);
  });
});

describe('the HTTP flight provider', () => {
  /** A local stand-in of the provider's documented API: answers from `board`, checks the key, counts requests. */
  async function fakeProvider(board: (date: string, numbers: string[]) => unknown, status = 200) {
    const requests: Array<{ url: string; authorization: string | undefined }> = [];
    const server = createServer((request: IncomingMessage, response) => {
      const url = new URL(request.url ?? '/', 'http://fake');
      requests.push({ url: url.pathname + url.search, authorization: request.headers.authorization });
      if (request.headers.authorization !== 'Bearer test-key') {
        response.writeHead(401).end();
        return;
      }
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(board(url.searchParams.get('date') ?? '', (url.searchParams.get('numbers') ?? '').split(','))));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  it("applies the provider's news to the flights it was asked about and moves their out-trips", async () => {
    const w = await world();
    const estimate = new Date(w.arrival.getTime() + 50 * MINUTE);
    const fake = await fakeProvider((date, numbers) => ({
      flights: [
        ...(numbers.includes('EK7') && date === w.ek7.end_day
          ? [{ flight_number: 'EK7', date, estimated_arrival: estimate.toISOString(), status: 'delayed' }]
          : []),
        { flight_number: 'ZZ999', date, estimated_arrival: null, status: 'landed' },
        { flight_number: 'BA2490', date, estimated_arrival: 'soon', status: 'delayed' },
        'not a flight',
      ],
    }));
    try {
      const provider = createHttpFlightProvider({ baseUrl: fake.url, apiKey: 'test-key', name: 'fakeair' });
      const applied = await createFlightsService(ctx.db).pollProvider(provider);
      expect(applied).toBeGreaterThanOrEqual(1);
      expect(fake.requests.every((request) => request.authorization === 'Bearer test-key')).toBe(true);
      expect(fake.requests.some((request) => request.url.includes('numbers=') && request.url.includes('EK7'))).toBe(true);
      const [ek7] = await list(w.tenant, '?search=EK7');
      expect(ek7).toMatchObject({ status: 'delayed', source: 'fakeair', delay_minutes: 50 });
      expect(ek7?.out_trip?.scheduled_at).toBe(new Date(estimate.getTime() + 30 * MINUTE).toISOString());
      // The malformed entry for BA2490 was ignored.
      const [ba] = await list(w.tenant, '?search=BA2490');
      expect(ba).toMatchObject({ status: 'scheduled', source: null });
    } finally {
      await fake.close();
    }
  });

  it('throws when the provider fails, and the manual provider fetches nothing', async () => {
    const fake = await fakeProvider(() => ({ error: 'down' }), 503);
    try {
      const provider = createHttpFlightProvider({ baseUrl: fake.url, apiKey: 'test-key', name: 'fakeair' });
      await expect(provider.fetchUpdates([{ flight_number: 'EK7', date: '2026-11-25' }])).rejects.toThrow('flight provider answered 503');
    } finally {
      await fake.close();
    }
    expect(await manualFlightProvider.fetchUpdates([{ flight_number: 'EK7', date: '2026-11-25' }])).toEqual([]);
  });
});
