import { randomBytes } from 'node:crypto';
import type { BookingCreateInput, BookingStatus } from '@ps/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { bandMonths, bookings, locations } from '../../src/db/schema/index.ts';
import type { TestContext } from '../harness.ts';
import { call, type Tenant } from '../kit.ts';
import { insertBand, insertPricedRoute } from './quote.ts';

/**
 * Bookings for tests: a priced route whose departure is a car park with `capacity` spaces (and a
 * park-and-ride band 1-14 days at 4000 + month), bookings made through the API, and rows inserted straight
 * into the table for tests that need many.
 */

export type BookingRoute = Awaited<ReturnType<typeof insertBookingRoute>>;

export async function insertBookingRoute(db: Db, companyId: number, options: { capacity?: number; timeZone?: string } = {}) {
  const route = await insertPricedRoute(db, companyId, options.timeZone ?? 'Europe/London');
  await db
    .update(locations)
    .set({ capacity: options.capacity ?? 100 })
    .where(eq(locations.id, route.carPark.id));
  const parkRide = await insertBand(db, companyId, { name: 'Park and ride', type: 'park_and_ride', min_days: 1, max_days: 14 });
  await db
    .insert(bandMonths)
    .values(Array.from({ length: 12 }, (_, m) => ({ company_id: companyId, band_id: parkRide.id, month: m + 1, price: 4000 + m + 1 })));
  return { ...route, bands: { ...route.bands, parkRide }, capacity: options.capacity ?? 100 };
}

/** A phone booking of 3 days in June 2026 (car park -> terminal): the short-stay band's June default, 1006. */
export function bookingBody(route: BookingRoute, overrides: Partial<BookingCreateInput> = {}): BookingCreateInput {
  return {
    customer_name: 'Ada Lovelace',
    customer_email: 'ada@example.com',
    customer_phone: '+44 7700 900123',
    vehicle_reg: 'AB12 CDE',
    vehicle_make: 'Volvo',
    airport_id: route.airport.id,
    departure_id: route.carPark.id,
    arrival_id: route.terminal.id,
    departure_at: '2026-06-10T08:00:00Z',
    arrival_at: '2026-06-12T18:00:00Z',
    outbound_flight: 'BA 2490',
    channel: 'phone',
    ...overrides,
  };
}

/** `POST /api/booking/add` as the tenant; throws unless it is a 201. */
export async function createBookingThroughApi(
  ctx: TestContext,
  tenant: Tenant,
  route: BookingRoute,
  overrides: Partial<BookingCreateInput> = {},
) {
  const response = await call(ctx.app, 'POST', '/api/booking/add', tenant.headers, bookingBody(route, overrides));
  if (response.status !== 201) throw new Error(`booking add failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as Record<string, unknown> & { id: number; reference: string; total: number; status: BookingStatus };
}

/** A booking row straight into the table (priced 1000, no history, no audit): for lists and capacity counts. */
export async function insertBooking(
  db: Db,
  companyId: number,
  route: BookingRoute,
  overrides: Partial<typeof bookings.$inferInsert> = {},
): Promise<typeof bookings.$inferSelect> {
  const [row] = await db
    .insert(bookings)
    .values({
      company_id: companyId,
      reference: `PS-${randomBytes(2).toString('hex').toUpperCase()}-${randomBytes(1).toString('hex').toUpperCase()}`,
      type: 'parking',
      channel: 'phone',
      status: 'confirmed',
      customer_name: 'Grace Hopper',
      customer_email: 'grace@example.com',
      vehicle_reg: 'XY34 ZZZ',
      airport_id: route.airport.id,
      departure_id: route.carPark.id,
      arrival_id: route.terminal.id,
      car_park_id: route.carPark.id,
      departure_at: new Date('2026-06-10T08:00:00Z'),
      arrival_at: new Date('2026-06-12T18:00:00Z'),
      start_day: '2026-06-10',
      end_day: '2026-06-12',
      base_price: 1000,
      package_price: 0,
      services_price: 0,
      discount: 0,
      total: 1000,
      currency: 'GBP',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no booking inserted');
  return row;
}
