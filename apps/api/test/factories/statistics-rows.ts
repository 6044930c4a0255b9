import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/client.ts';
import { bookings } from '../../src/db/schema/index.ts';
import { createAirport, createCompany } from '../factories.ts';
import { insertLocation } from './quote.ts';

/**
 * Bookings inserted straight into the table, for the statistics and the live board (the bookings API is
 * another branch's work). A site is a company's airport (in a time zone) with a terminal and car parks.
 */

export interface Site {
  companyId: number;
  airportId: number;
  terminal: { id: number; name: string };
  carParks: { id: number; name: string; capacity: number }[];
}

export async function insertSite(
  db: Db,
  options: { companyId?: number; timeZone?: string; capacities?: number[]; companyTimeZone?: string } = {},
): Promise<Site> {
  const companyId = options.companyId ?? (await createCompany(db, { time_zone: options.companyTimeZone ?? 'Europe/London' })).id;
  const airport = await createAirport(db, companyId, { time_zone: options.timeZone ?? 'Europe/London' });
  const terminal = await insertLocation(db, companyId, airport.id, { name: `Terminal ${tag()}`, type: 'terminal', capacity: 0 });
  const carParks = [];
  for (const capacity of options.capacities ?? [10]) {
    carParks.push(await insertLocation(db, companyId, airport.id, { name: `Car park ${tag()}`, capacity }));
  }
  return { companyId, airportId: airport.id, terminal, carParks };
}

const tag = () => randomBytes(3).toString('hex');

export type BookingRowOverrides = Partial<typeof bookings.$inferInsert>;

/**
 * The values of one booking of `site`: from its first car park to its terminal, `departure_at` .. `arrival_at`
 * (the stay's days default to those instants' UTC days), total 5000 unless told. Several of them make a
 * multi-row insert (one statement).
 */
export function bookingRowValues(site: Site, overrides: BookingRowOverrides & { departure_at: Date; arrival_at: Date }) {
  const total = overrides.total ?? 5000;
  return {
    company_id: site.companyId,
    reference: `PS-${tag().toUpperCase()}-${tag().slice(0, 2).toUpperCase()}`,
    type: 'parking' as const,
    channel: 'phone' as const,
    status: 'confirmed' as const,
    customer_name: 'Kavya Raman',
    customer_phone: '+447700900123',
    vehicle_reg: 'AB12 CDE',
    vehicle_make: 'Toyota',
    vehicle_model: 'Corolla',
    vehicle_colour: 'Blue',
    airport_id: site.airportId,
    departure_id: site.carParks[0]?.id ?? site.terminal.id,
    arrival_id: site.terminal.id,
    car_park_id: site.carParks[0]?.id ?? null,
    start_day: overrides.departure_at.toISOString().slice(0, 10),
    end_day: overrides.arrival_at.toISOString().slice(0, 10),
    outbound_flight: 'UL 504',
    return_flight: 'UL 503',
    passengers: 2,
    base_price: total,
    package_price: 0,
    services_price: 0,
    discount: 0,
    currency: 'GBP',
    ...overrides,
    total,
  } satisfies typeof bookings.$inferInsert;
}

/** One booking of `site` (see bookingRowValues). */
export async function insertBookingRow(db: Db, site: Site, overrides: BookingRowOverrides & { departure_at: Date; arrival_at: Date }) {
  const [row] = await db.insert(bookings).values(bookingRowValues(site, overrides)).returning();
  if (!row) throw new Error('no booking');
  return row;
}
