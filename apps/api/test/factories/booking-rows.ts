import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/client.ts';
import { bookingServices, bookings } from '../../src/db/schema/index.ts';
import { createAirport } from '../factories.ts';
import { insertLocation, insertPackage, insertService } from './quote.ts';

/**
 * Bookings inserted straight into the table (the bookings API is another branch's work), with a price
 * breakdown that adds up (`total = base + package + services - discount`, as the table checks).
 */

const READABLE = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomReference = () =>
  `PS-${Array.from(randomBytes(6), (byte, index) => (index === 4 ? '-' : '') + READABLE[byte % READABLE.length]).join('')}`;

/** A company's airport (in `timeZone`) with a car park and a terminal: the route of the bookings below. */
export async function insertBookingPlace(db: Db, companyId: number, timeZone = 'Europe/London') {
  const airport = await createAirport(db, companyId, { time_zone: timeZone, name: 'Gatwick' });
  const carPark = await insertLocation(db, companyId, airport.id, { name: 'Long Stay South' });
  const terminal = await insertLocation(db, companyId, airport.id, { name: 'North Terminal', type: 'terminal', capacity: 0 });
  return { airport, carPark, terminal };
}
export type BookingPlace = Awaited<ReturnType<typeof insertBookingPlace>>;

export interface BookingRowOptions extends Partial<typeof bookings.$inferInsert> {
  /** Services on the booking: name and price each (their sum becomes `services_price`). */
  services?: Array<{ name: string; price: number; quantity?: number }>;
}

/** One booking of the company at `place`: a three-day stay from `departure_at` (default 2026-06-01 08:00 UTC). */
export async function insertBooking(db: Db, companyId: number, place: BookingPlace, options: BookingRowOptions = {}) {
  const { services = [], ...overrides } = options;
  const departureAt = overrides.departure_at ?? new Date('2026-06-01T08:00:00Z');
  const arrivalAt = overrides.arrival_at ?? new Date(departureAt.getTime() + 3 * 24 * 3600 * 1000);
  const basePrice = overrides.base_price ?? 4500;
  const packagePrice = overrides.package_price ?? 0;
  const discount = overrides.discount ?? 0;
  const servicesPrice = services.reduce((sum, service) => sum + service.price * (service.quantity ?? 1), 0);
  const [booking] = await db
    .insert(bookings)
    .values({
      company_id: companyId,
      reference: randomReference(),
      type: 'parking',
      channel: 'phone',
      status: 'confirmed',
      language: 'en',
      customer_name: 'Ada Lovelace',
      customer_email: 'ada@example.com',
      customer_phone: '+44 7700 900123',
      vehicle_reg: 'AB12 CDE',
      vehicle_make: 'Volvo',
      vehicle_model: 'XC40',
      vehicle_colour: 'Blue',
      airport_id: place.airport.id,
      departure_id: place.carPark.id,
      arrival_id: place.terminal.id,
      car_park_id: place.carPark.id,
      start_day: departureAt.toISOString().slice(0, 10),
      end_day: arrivalAt.toISOString().slice(0, 10),
      passengers: 2,
      currency: 'GBP',
      ...overrides,
      departure_at: departureAt,
      arrival_at: arrivalAt,
      base_price: basePrice,
      package_price: packagePrice,
      services_price: servicesPrice,
      discount,
      total: basePrice + packagePrice + servicesPrice - discount,
    })
    .returning();
  if (!booking) throw new Error('no booking');
  for (const service of services) {
    const catalogue = await insertService(db, companyId, { name: service.name, price: service.price });
    const quantity = service.quantity ?? 1;
    await db.insert(bookingServices).values({
      company_id: companyId,
      booking_id: booking.id,
      additional_service_id: catalogue.id,
      name: service.name,
      unit_price: service.price,
      quantity,
      price: service.price * quantity,
    });
  }
  return booking;
}

export { insertPackage };
