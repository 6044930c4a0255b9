import type { Trip, TripDetail } from '@ps/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertBookingRoute } from '../../../test/factories/bookings.ts';
import { createYard } from '../../../test/factories/places.ts';
import { insertTrip, signedInDriver } from '../../../test/factories/trips.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant, type Headers } from '../../../test/kit.ts';
import { tripStatusHistory } from '../../db/schema/index.ts';
import { dayAt } from '../../lib/dates.ts';

/**
 * The dispatch screen's warning (`driver_taken_off` on every trip the list and get answer): a move of the trip's
 * time by itself that took its driver off, while the trip still waits for one.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const MINUTE = 60_000;
/** A whole minute some hours from now: the flights are upcoming whenever the test runs. */
const hoursFromNow = (hours: number) => new Date(Math.floor((Date.now() + hours * 3_600_000) / MINUTE) * MINUTE);

/**
 * A company (flight buffer 30 minutes) with a meet-and-greet booking landing on EK7 in a day, its out-trip
 * assigned to Kavin, and Kavin's other out-trip (booking on AA100) three hours after EK7's landing: a delay of
 * EK7 of three hours finds him busy. Meena, a second driver signed in, has a trip of her own that day.
 */
async function world() {
  const tenant = await createTenant(ctx);
  const companyId = tenant.company.id;
  const route = await insertBookingRoute(ctx.db, companyId);
  const yard = await createYard(ctx.db, companyId);
  const kavin = await signedInDriver(ctx, companyId, { first_name: 'Kavin', last_name: 'Raj' });
  const meena = await signedInDriver(ctx, companyId, { first_name: 'Meena', last_name: 'Kumari' });
  const arrival = hoursFromNow(24);
  const booking = (flight: string, at: Date) =>
    insertBooking(ctx.db, companyId, route, {
      type: 'meet_and_greet',
      return_flight: flight,
      arrival_at: at,
      departure_at: hoursFromNow(-48),
      start_day: dayAt(hoursFromNow(-48), 'Europe/London'),
      end_day: dayAt(at, 'Europe/London'),
    });
  const outTrip = (bookingId: number | null, at: Date, driverId: number | null) =>
    insertTrip(ctx.db, companyId, {
      booking_id: bookingId,
      type: 'out',
      from_yard_id: yard.id,
      to_location_id: route.terminal.id,
      scheduled_at: at,
      driver_id: driverId,
    });
  const ek7 = await booking('EK7', arrival);
  const ek7Trip = await outTrip(ek7.id, new Date(arrival.getTime() + 30 * MINUTE), kavin.driver.id);
  const delayed = new Date(arrival.getTime() + 3 * 60 * MINUTE);
  const aa100 = await booking('AA100', new Date(delayed.getTime() - 20 * MINUTE));
  const kavinsOther = await outTrip(aa100.id, new Date(delayed.getTime() + 10 * MINUTE), kavin.driver.id);
  const meenasTrip = await outTrip(null, new Date(arrival.getTime() - 4 * 60 * MINUTE), meena.driver.id);
  return { tenant, companyId, kavin, meena, arrival, delayed, ek7, ek7Trip, kavinsOther, meenasTrip };
}
type World = Awaited<ReturnType<typeof world>>;

const delay = (w: World, estimate: Date | null) =>
  call(ctx.app, 'PATCH', `/api/flight-tracking/update/${w.ek7.id}`, w.tenant.headers, {
    estimated_arrival: estimate?.toISOString() ?? null,
  });

/** The trips of the days the moved trip was and is on (UTC days), as `headers` sees them. */
async function listOf(headers: Headers, w: World) {
  const from = dayAt(new Date(w.arrival.getTime() - 6 * 60 * MINUTE), 'UTC');
  const to = dayAt(new Date(w.delayed.getTime() + 60 * MINUTE), 'UTC');
  const response = await call(ctx.app, 'GET', `/api/trips/list?from=${from}&to=${to}&time_zone=UTC&page_size=1000`, headers);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as Trip[];
}
const tripIn = (trips: Trip[], id: number) => trips.find((trip) => trip.id === id);
const get = (headers: Headers, id: number) => call(ctx.app, 'GET', `/api/trips/get/${id}`, headers);

describe('the dispatch warning: a driver taken off by a move of the trip', () => {
  it('names who was taken off, the old and new time and why, in the list and the trip itself', async () => {
    const w = await world();
    expect((await listOf(w.tenant.headers, w)).map((trip) => trip.driver_taken_off)).toEqual([null, null, null]);

    expect((await delay(w, w.delayed)).status).toBe(200);
    const warning = {
      driver_id: w.kavin.driver.id,
      driver_name: 'Kavin Raj',
      reason: 'flight_delayed',
      from_at: w.ek7Trip.scheduled_at.toISOString(),
      to_at: new Date(w.delayed.getTime() + 30 * MINUTE).toISOString(),
      changed_at: expect.any(String),
    };
    const trips = await listOf(w.tenant.headers, w);
    expect(tripIn(trips, w.ek7Trip.id)).toMatchObject({
      status: 'scheduled',
      driver_id: null,
      scheduled_at: warning.to_at,
      driver_taken_off: warning,
    });
    // Kavin's other trip, which made him busy, and Meena's carry none.
    expect(tripIn(trips, w.kavinsOther.id)?.driver_taken_off).toBeNull();
    expect(tripIn(trips, w.meenasTrip.id)?.driver_taken_off).toBeNull();
    expect(((await get(w.tenant.headers, w.ek7Trip.id)).body.data as TripDetail).driver_taken_off).toEqual(warning);

    // A further move without a driver to take off keeps the warning of the move that took him off.
    expect((await delay(w, new Date(w.delayed.getTime() + 15 * MINUTE))).status).toBe(200);
    const later = tripIn(await listOf(w.tenant.headers, w), w.ek7Trip.id);
    expect(later?.scheduled_at).toBe(new Date(w.delayed.getTime() + 45 * MINUTE).toISOString());
    expect(later?.driver_taken_off).toEqual(warning);
  });

  it('warns of nothing when the moved trip keeps its driver', async () => {
    const w = await world();
    expect((await delay(w, new Date(w.arrival.getTime() + 40 * MINUTE))).status).toBe(200);
    expect(tripIn(await listOf(w.tenant.headers, w), w.ek7Trip.id)).toMatchObject({
      driver_id: w.kavin.driver.id,
      status: 'assigned',
      driver_taken_off: null,
    });
  });

  it('ends once a driver is assigned, and stays ended when that driver is taken off by hand', async () => {
    const w = await world();
    await delay(w, w.delayed);
    const assign = (driverId: number | null) =>
      call(ctx.app, 'PATCH', `/api/trips/update/${w.ek7Trip.id}`, w.tenant.headers, { driver_id: driverId });
    const assigned = await assign(w.meena.driver.id);
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.data).toMatchObject({ driver_id: w.meena.driver.id, driver_taken_off: null });
    expect((await assign(null)).body.data).toMatchObject({ status: 'scheduled', driver_id: null, driver_taken_off: null });
    expect(tripIn(await listOf(w.tenant.headers, w), w.ek7Trip.id)?.driver_taken_off).toBeNull();
    // The history still says what happened.
    const history = await ctx.db.select().from(tripStatusHistory).where(eq(tripStatusHistory.trip_id, w.ek7Trip.id));
    expect(history.map((entry) => entry.note)).toContain('flight_delayed');
  });

  it('leaves a cancelled trip without a warning', async () => {
    const w = await world();
    await delay(w, w.delayed);
    const cancelled = await call(ctx.app, 'PATCH', `/api/trips/status/update/${w.ek7Trip.id}`, w.tenant.headers, { status: 'cancelled' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', driver_taken_off: null });
  });

  it("shows another company's admin nothing (404 on the trip), and each driver only their own trips, without warnings", async () => {
    const w = await world();
    await delay(w, w.delayed);
    const stranger = await createTenant(ctx);
    expect(await listOf(stranger.headers, w)).toEqual([]);
    expect((await get(stranger.headers, w.ek7Trip.id)).status).toBe(404);

    // Kavin, taken off, no longer reaches the trip; he sees his other trip only.
    const kavins = await listOf(w.kavin.headers, w);
    expect(kavins.map((trip) => [trip.id, trip.driver_taken_off])).toEqual([[w.kavinsOther.id, null]]);
    expect((await get(w.kavin.headers, w.ek7Trip.id)).status).toBe(404);
    // Meena sees her own trip, and neither the moved one nor Kavin's.
    expect((await listOf(w.meena.headers, w)).map((trip) => trip.id)).toEqual([w.meenasTrip.id]);
    expect((await get(w.meena.headers, w.ek7Trip.id)).status).toBe(404);
    expect((await get(w.meena.headers, w.kavinsOther.id)).status).toBe(404);
  });
});
