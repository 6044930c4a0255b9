import { type BookingCreateInput, type BookingStatus, bookingCreateSchema } from '@ps/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { agencies, airports, locations, users } from '../db/schema/index.ts';
import { translator } from '../lib/i18n.ts';
import { createBookingsService } from '../modules/bookings/bookings.service.ts';
import { createBookingStatusService } from '../modules/bookings/bookings.status.ts';
import { createPaymentsService } from '../modules/payments/payments.service.ts';
import { DEMO_AGENCIES } from './demo-agencies.ts';

const HOUR = 3_600_000;

/** One demo stay: hours from now of the drop-off and the collection, and the statuses it has been through. */
interface DemoStay {
  at: string;
  in: number;
  out: number;
  moves: BookingStatus[];
  /** Meet and greet: the places the driver takes the car at and brings it back to (else the airport's car park). */
  meet?: { departure: string; arrival: string };
  /** Park and ride at the airport's car park: hours from now of the shuttle to the terminal and the one back. */
  shuttles?: { out: number; back: number };
  booking: Partial<BookingCreateInput> & Pick<BookingCreateInput, 'customer_name' | 'vehicle_reg' | 'channel'>;
  /** Sold by this demo agency; `collected`: what the agency took from the customer (a payment of method `agency`). */
  agency?: { name: string; collected?: 'total' };
}

/**
 * A day's work around now: cars due in and out today, cars on site, bookings ahead, a finished and a cancelled one,
 * meet-and-greet stays whose in and out trips the bookings service makes, and park-and-ride stays with their shuttles.
 */
const STAYS: DemoStay[] = [
  {
    at: 'LHR',
    in: 2,
    out: 4 * 24,
    moves: [],
    booking: { customer_name: 'Amelia Hart', vehicle_reg: 'LD21 KXP', channel: 'phone', outbound_flight: 'BA117' },
  },
  {
    at: 'LHR',
    in: 5,
    out: 7 * 24,
    moves: [],
    booking: { customer_name: 'Oliver Grant', vehicle_reg: 'MA70 RTE', channel: 'web', outbound_flight: 'VS3' },
  },
  {
    at: 'LHR',
    in: -3 * 24,
    out: 3,
    moves: ['checked_in', 'parked'],
    booking: { customer_name: 'Priya Natarajan', vehicle_reg: 'KY19 PLM', channel: 'phone', return_flight: 'BA256', language: 'ta' },
  },
  {
    at: 'LHR',
    in: -2 * 24,
    out: 2 * 24,
    moves: ['checked_in', 'parked'],
    booking: { customer_name: 'George Whitfield', vehicle_reg: 'BV68 HJU', channel: 'walk_in' },
  },
  {
    at: 'LHR',
    in: -1,
    out: 5 * 24,
    moves: ['checked_in'],
    booking: { customer_name: 'Sofia Marino', vehicle_reg: 'RX22 LNA', channel: 'phone', voucher_code: 'WELCOME5' },
  },
  {
    at: 'MAN',
    in: 26,
    out: 26 + 6 * 24,
    moves: [],
    booking: { customer_name: 'Harriet Cole', vehicle_reg: 'YF20 MMX', channel: 'agency' },
    agency: { name: DEMO_AGENCIES.skyline },
  },
  // Sold by agencies before now, for their statements: one the agency was paid for, one cancelled.
  {
    at: 'LHR',
    in: -20 * 24,
    out: -13 * 24,
    moves: ['confirmed', 'checked_in', 'parked', 'checked_out', 'completed'],
    booking: { customer_name: 'Meera Pillai', vehicle_reg: 'CM19 TRV', channel: 'agency', language: 'ta' },
    agency: { name: DEMO_AGENCIES.lanka, collected: 'total' },
  },
  {
    at: 'LHR',
    in: -16 * 24,
    out: -12 * 24,
    moves: ['cancelled'],
    booking: { customer_name: 'Tom Fletcher', vehicle_reg: 'FT16 BAG', channel: 'agency' },
    agency: { name: DEMO_AGENCIES.lanka },
  },
  {
    at: 'LHR',
    in: 3 * 24,
    out: 10 * 24,
    moves: [],
    booking: { customer_name: 'Kavin Sivakumar', vehicle_reg: 'WP17 CAR', channel: 'phone', language: 'ta' },
  },
  {
    at: 'LHR',
    in: -9 * 24,
    out: -2 * 24,
    moves: ['checked_in', 'parked', 'checked_out', 'completed'],
    booking: { customer_name: 'Daniel Brooks', vehicle_reg: 'SN66 TGB', channel: 'phone' },
  },
  {
    at: 'LHR',
    in: 30,
    out: 4 * 24,
    moves: ['cancelled'],
    booking: { customer_name: 'Emily Shaw', vehicle_reg: 'GU15 OPD', channel: 'web' },
  },
  // Meet and greet: confirmed ones get their in and out trips (the dispatch screen's work), the pending one none yet.
  {
    at: 'LHR',
    in: 3,
    out: 5 * 24 + 2,
    moves: [],
    meet: { departure: 'Heathrow Terminal 5 Drop-off', arrival: 'Heathrow Terminal 5 Drop-off' },
    booking: { customer_name: 'Ravi Shankar', vehicle_reg: 'LR70 VWD', channel: 'phone', outbound_flight: 'BA303', return_flight: 'BA304' },
  },
  {
    at: 'LHR',
    in: 6,
    out: 3 * 24 + 7,
    moves: [],
    meet: { departure: 'Meet & Greet Desk T2', arrival: 'Heathrow Terminal 5 Drop-off' },
    booking: {
      customer_name: 'Charlotte Evans',
      vehicle_reg: 'EK69 BNM',
      channel: 'phone',
      outbound_flight: 'AA101',
      return_flight: 'AA100',
    },
  },
  {
    at: 'LHR',
    in: 2 * 24 + 4,
    out: 9 * 24,
    moves: [],
    meet: { departure: 'Meet & Greet Desk T2', arrival: 'Meet & Greet Desk T2' },
    booking: { customer_name: 'Farah Siddiqui', vehicle_reg: 'HN18 XTR', channel: 'web' },
  },
  // Park and ride: one due in today with its shuttle to the terminal, one on site with its shuttle back tomorrow.
  {
    at: 'LHR',
    in: 4,
    out: 6 * 24 + 2,
    moves: [],
    shuttles: { out: 4.5, back: 6 * 24 + 1.5 },
    booking: { customer_name: 'Nadia Rahman', vehicle_reg: 'BK20 ZNR', channel: 'web', passengers: 3, outbound_flight: 'EK2' },
  },
  {
    at: 'LHR',
    in: -2 * 24,
    out: 27,
    moves: ['checked_in', 'parked'],
    shuttles: { out: -2 * 24 + 0.5, back: 26.5 },
    booking: { customer_name: 'Arjun Mehta', vehicle_reg: 'PX71 DHK', channel: 'phone', return_flight: 'UL503', language: 'ta' },
  },
];

/** The demo car parks, by the airport whose stays they take. */
const CAR_PARKS: Record<string, string> = { LHR: 'Heathrow Long Stay Car Park', MAN: 'Manchester Long Stay Car Park' };

/**
 * Demo bookings for a first start, made through the bookings service as an operator would (priced by the demo
 * prices, counted against the car parks, their confirmations queued in the outbox): the dashboard, the boards
 * and the outbox have something to show. Skipped when the demo car parks are missing.
 */
export async function seedDemoBookings(db: Db, companyId: number, now: Date = new Date()): Promise<void> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.company_id, companyId), eq(users.role, 'admin')))
    .limit(1);
  const meetingPlaces = STAYS.flatMap((stay) => (stay.meet ? [stay.meet.departure, stay.meet.arrival] : []));
  const places = await db
    .select({ id: locations.id, name: locations.name, airport_id: locations.airport_id, iata: airports.iata_code })
    .from(locations)
    .innerJoin(airports, and(eq(airports.company_id, locations.company_id), eq(airports.id, locations.airport_id)))
    .where(and(eq(locations.company_id, companyId), inArray(locations.name, [...Object.values(CAR_PARKS), ...meetingPlaces])));
  const parks = places.filter((place) => Object.values(CAR_PARKS).includes(place.name));
  if (!admin || parks.length === 0) return;
  const caller = { companyId, actorUserId: admin.id, language: 'en' as const, t: translator('en') };
  const bookingsService = createBookingsService(db);
  const paymentsService = createPaymentsService(db);
  const agencyRows = await db.select({ id: agencies.id, name: agencies.name }).from(agencies).where(eq(agencies.company_id, companyId));
  const statuses = createBookingStatusService(db);
  // Whole hours, so the boards read naturally.
  const hour = Math.floor(now.getTime() / HOUR) * HOUR;
  for (const [index, stay] of STAYS.entries()) {
    const park = parks.find((candidate) => candidate.iata === stay.at);
    const meet = stay.meet;
    const departure = meet ? places.find((place) => place.name === meet.departure) : park;
    const arrival = meet ? places.find((place) => place.name === meet.arrival) : park;
    if (!departure || !arrival) continue;
    const input = bookingCreateSchema.parse({
      customer_email: `${stay.booking.customer_name.split(' ')[0]?.toLowerCase()}@example.com`,
      customer_phone: `+44 7700 9001${String(index).padStart(2, '0')}`,
      airport_id: departure.airport_id,
      departure_id: departure.id,
      arrival_id: arrival.id,
      ...(meet ? { type: 'meet_and_greet' } : {}),
      ...(stay.shuttles
        ? {
            type: 'park_and_ride',
            shuttle_out_at: new Date(hour + stay.shuttles.out * HOUR).toISOString(),
            shuttle_back_at: new Date(hour + stay.shuttles.back * HOUR).toISOString(),
          }
        : {}),
      departure_at: new Date(hour + stay.in * HOUR).toISOString(),
      arrival_at: new Date(hour + stay.out * HOUR).toISOString(),
      ...stay.booking,
      agency_id: agencyRows.find((agency) => agency.name === stay.agency?.name)?.id ?? null,
    });
    const booking = await bookingsService.create(caller, input);
    if (stay.agency?.collected === 'total' && booking.total !== null) {
      await paymentsService.create(
        caller,
        { booking_id: booking.id, amount: booking.total, method: 'agency', reference: 'Agency invoice' },
        undefined,
        'en',
      );
    }
    for (const status of stay.moves) await statuses.changeStatus(caller, booking.id, { status, note: null });
  }
}
