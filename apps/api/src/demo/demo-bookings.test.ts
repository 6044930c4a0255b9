import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { call, mintAccessToken } from '../../test/kit.ts';
import { mailOutbox, users } from '../db/schema/index.ts';
import { DEMO_ADMIN, seedDemoData } from './demo.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoData(ctx.db);
});
afterAll(() => ctx?.close());

describe('the demo bookings', () => {
  it('are made through the bookings service: priced, counted, with their histories and queued confirmations', async () => {
    const [admin] = await ctx.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    if (!admin?.company_id) throw new Error('no demo admin');
    const headers = { authorization: `Bearer ${await mintAccessToken(ctx, admin)}` };
    const list = await call(ctx.app, 'GET', '/api/booking/list?page_size=100&sort=customer_name', headers);
    const bookings = list.body.data as Array<{
      id: number;
      customer_name: string;
      status: string;
      type: string;
      total: number;
      car_park_name: string | null;
    }>;
    expect(bookings.map((booking) => [booking.customer_name, booking.status, booking.type])).toEqual([
      ['Amelia Hart', 'confirmed', 'parking'],
      ['Arjun Mehta', 'parked', 'park_and_ride'],
      ['Charlotte Evans', 'confirmed', 'meet_and_greet'],
      ['Daniel Brooks', 'completed', 'parking'],
      ['Emily Shaw', 'cancelled', 'parking'],
      ['Farah Siddiqui', 'pending', 'meet_and_greet'],
      ['George Whitfield', 'parked', 'parking'],
      ['Harriet Cole', 'pending', 'parking'],
      ['Kavin Sivakumar', 'confirmed', 'parking'],
      ['Meera Pillai', 'completed', 'parking'],
      ['Nadia Rahman', 'pending', 'park_and_ride'],
      ['Oliver Grant', 'pending', 'parking'],
      ['Priya Natarajan', 'parked', 'parking'],
      ['Ravi Shankar', 'confirmed', 'meet_and_greet'],
      ['Sofia Marino', 'checked_in', 'parking'],
      ['Tom Fletcher', 'cancelled', 'parking'],
    ]);
    expect(bookings.every((booking) => booking.total > 0)).toBe(true);
    const parking = bookings.filter((booking) => booking.type === 'parking');
    expect(parking.every((booking) => booking.car_park_name?.includes('Long Stay'))).toBe(true);
    const completed = bookings.find((booking) => booking.customer_name === 'Daniel Brooks');
    const history = await call(ctx.app, 'GET', `/api/booking/status/history/${completed?.id}`, headers);
    expect((history.body.data as Array<{ to_status: string }>).map((entry) => entry.to_status)).toEqual([
      'confirmed',
      'checked_in',
      'parked',
      'checked_out',
      'completed',
    ]);
    const figures = await call(ctx.app, 'GET', '/api/booking/statistics/list', headers);
    expect((figures.body.data as { on_site_now: number }).on_site_now).toBe(4);
    const outbox = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.company_id, admin.company_id));
    expect(outbox).toHaveLength(16);
    expect(outbox.every((message) => message.state === 'queued')).toBe(true);
  });

  it('include sales by the demo agencies, at the rate of each, and what one agency collected', async () => {
    const [admin] = await ctx.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    if (!admin?.company_id) throw new Error('no demo admin');
    const headers = { authorization: `Bearer ${await mintAccessToken(ctx, admin)}` };
    const list = await call(ctx.app, 'GET', '/api/booking/list?page_size=100&channel=agency&sort=customer_name', headers);
    const sold = list.body.data as Array<{
      customer_name: string;
      agency_name: string | null;
      agency_commission_percent: number | null;
      paid: number;
      total: number;
    }>;
    expect(sold.map((booking) => [booking.customer_name, booking.agency_name, booking.agency_commission_percent])).toEqual([
      ['Harriet Cole', 'Skyline Travel', 12.5],
      ['Meera Pillai', 'Lanka Journeys', 10],
      ['Tom Fletcher', 'Lanka Journeys', 10],
    ]);
    const paid = sold.find((booking) => booking.customer_name === 'Meera Pillai');
    expect(paid?.paid).toBe(paid?.total);
    const agencies = await call(ctx.app, 'GET', '/api/agency/list?sort=name', headers);
    expect((agencies.body.data as Array<{ name: string }>).map((agency) => agency.name)).toEqual([
      'Harbour Holidays',
      'Lanka Journeys',
      'Skyline Travel',
    ]);
  });

  it('include park-and-ride stays at the Heathrow car park, priced by the demo prices, with their shuttles inside the stay', async () => {
    const [admin] = await ctx.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    if (!admin?.company_id) throw new Error('no demo admin');
    const headers = { authorization: `Bearer ${await mintAccessToken(ctx, admin)}` };
    const list = await call(ctx.app, 'GET', '/api/park-ride/booking/list?sort=customer_name', headers);
    expect(list.status).toBe(200);
    const stays = list.body.data as Array<{
      customer_name: string;
      status: string;
      car_park_name: string | null;
      departure_at: string;
      arrival_at: string;
      shuttle_out_at: string | null;
      shuttle_back_at: string | null;
      total: number;
    }>;
    expect(stays.map((stay) => [stay.customer_name, stay.status, stay.car_park_name])).toEqual([
      ['Arjun Mehta', 'parked', 'Heathrow Long Stay Car Park'],
      ['Nadia Rahman', 'pending', 'Heathrow Long Stay Car Park'],
    ]);
    for (const stay of stays) {
      expect(stay.total).toBeGreaterThan(0);
      expect(Date.parse(stay.shuttle_out_at ?? '')).toBeGreaterThanOrEqual(Date.parse(stay.departure_at));
      expect(Date.parse(stay.shuttle_back_at ?? '')).toBeLessThanOrEqual(Date.parse(stay.arrival_at));
    }
  });

  it('give the confirmed meet-and-greet bookings their in and out trips, the first taken by Arun, the first out-trip given to the partner, the rest waiting', async () => {
    const [admin] = await ctx.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    if (!admin?.company_id) throw new Error('no demo admin');
    const headers = { authorization: `Bearer ${await mintAccessToken(ctx, admin)}` };
    const list = await call(ctx.app, 'GET', '/api/trips/list?page_size=100', headers);
    const trips = list.body.data as Array<Record<string, unknown>>;
    expect(trips.map((trip) => [trip.customer_name, trip.type, trip.from_name, trip.to_name, trip.status, trip.driver_fee])).toEqual([
      ['Ravi Shankar', 'in', 'Heathrow Terminal 5 Drop-off', 'Crawley Valet Yard', 'assigned', 1200],
      ['Charlotte Evans', 'in', 'Meet & Greet Desk T2', 'Crawley Valet Yard', 'scheduled', 1200],
      ['Charlotte Evans', 'out', 'Crawley Valet Yard', 'Heathrow Terminal 5 Drop-off', 'assigned', 1200],
      ['Ravi Shankar', 'out', 'Crawley Valet Yard', 'Heathrow Terminal 5 Drop-off', 'scheduled', 1200],
    ]);
    expect(trips.map((trip) => trip.driver_name ?? trip.partner_company_name)).toEqual(['Arun Prakash', null, 'Runway Transfers', null]);
  });
});
