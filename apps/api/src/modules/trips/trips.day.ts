import type { MyDay, MyDayPlace, MyDayQuery, MyDayTrip } from '@ps/contracts/myDay';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { type Db, type DbOrTx, readTogether } from '../../db/client.ts';
import { bookings, carPlaces, drivers, flightUpdates, locations, positions, yards } from '../../db/schema/index.ts';
import type { CrewActor } from '../../kit/crew.ts';
import { todayIn } from '../../lib/dates.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { listTrips } from './trips.list.ts';
import { companyTripSettings } from './trips.rules.ts';

/** A driver's day holds at most this many trips (a shift is a dozen; the list is one page). */
const MAX_DAY_TRIPS = 200;

/** The places the trips go between, by kind and id, with their address and coordinates. */
async function placesOf(db: DbOrTx, companyId: number, locationIds: number[], yardIds: number[]) {
  const [locationRows, yardRows] = await readTogether(db, [
    () =>
      locationIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: locations.id,
              name: locations.name,
              address: locations.address,
              latitude: locations.latitude,
              longitude: locations.longitude,
            })
            .from(locations)
            .where(and(eq(locations.company_id, companyId), inArray(locations.id, locationIds))),
    () =>
      yardIds.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: yards.id, name: yards.name, address: yards.address })
            .from(yards)
            .where(and(eq(yards.company_id, companyId), inArray(yards.id, yardIds))),
  ]);
  const places = new Map<string, MyDayPlace>();
  for (const row of locationRows) places.set(`location:${row.id}`, { kind: 'location', ...row });
  for (const row of yardRows) places.set(`yard:${row.id}`, { kind: 'yard', ...row, latitude: null, longitude: null });
  return places;
}

/**
 * The day of one driver: a driver reads their own (`driver_id` is ignored for them: they have no other); the office
 * names the driver (400 on `driver_id` without one, 404 for a driver not of the company). The trips come through the
 * same list as Dispatch's (the crew scope keeps a driver to their own rows); the rest is read for those trips' bookings
 * and places only, each query holding the company.
 */
export async function readMyDay(db: Db, actor: CrewActor, query: MyDayQuery): Promise<MyDay> {
  const driverId = actor.driverId ?? query.driver_id;
  if (driverId === undefined) throw invalidField('driver_id');
  const [driver] = await db
    .select({ id: drivers.id, first_name: drivers.first_name, last_name: drivers.last_name })
    .from(drivers)
    .where(and(eq(drivers.company_id, actor.companyId), eq(drivers.id, driverId), isNull(drivers.deleted_at)))
    .limit(1);
  if (!driver) throw notFound();
  const timeZone = query.time_zone ?? (await companyTripSettings(db, actor.companyId)).time_zone;
  const date = query.date ?? todayIn(timeZone);
  const { rows } = await listTrips(db, actor, {
    date,
    time_zone: timeZone,
    driver_id: driverId,
    sort: 'scheduled_at',
    page: 1,
    page_size: MAX_DAY_TRIPS,
  } as Parameters<typeof listTrips>[2]);

  const bookingIds = [...new Set(rows.flatMap((row) => (row.booking_id === null ? [] : [row.booking_id])))];
  const locationIds = [
    ...new Set(rows.flatMap((row) => [row.from_location_id, row.to_location_id].filter((id): id is number => id !== null))),
  ];
  const yardIds = [...new Set(rows.flatMap((row) => [row.from_yard_id, row.to_yard_id].filter((id): id is number => id !== null)))];
  const [facts, flights, placed, places] = await readTogether(db, [
    () =>
      bookingIds.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: bookings.id, status: bookings.status, passengers: bookings.passengers })
            .from(bookings)
            .where(and(eq(bookings.company_id, actor.companyId), inArray(bookings.id, bookingIds))),
    () =>
      bookingIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              booking_id: flightUpdates.booking_id,
              status: flightUpdates.status,
              estimated_arrival: flightUpdates.estimated_arrival,
            })
            .from(flightUpdates)
            .where(and(eq(flightUpdates.company_id, actor.companyId), inArray(flightUpdates.booking_id, bookingIds))),
    () =>
      bookingIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              booking_id: carPlaces.booking_id,
              key_location: carPlaces.key_location,
              position_name: positions.name,
              yard_name: yards.name,
              car_park_name: locations.name,
            })
            .from(carPlaces)
            .leftJoin(positions, and(eq(positions.company_id, carPlaces.company_id), eq(positions.id, carPlaces.position_id)))
            .leftJoin(yards, and(eq(yards.company_id, positions.company_id), eq(yards.id, positions.yard_id)))
            .leftJoin(locations, and(eq(locations.company_id, positions.company_id), eq(locations.id, positions.location_id)))
            .where(and(eq(carPlaces.company_id, actor.companyId), inArray(carPlaces.booking_id, bookingIds))),
    () => placesOf(db, actor.companyId, locationIds, yardIds),
  ]);
  const booking = new Map(facts.map((row) => [row.id, row]));
  const flight = new Map(flights.map((row) => [row.booking_id, row]));
  const place = new Map(placed.map((row) => [row.booking_id, row]));
  const end = (locationId: number | null, yardId: number | null) =>
    (locationId !== null ? places.get(`location:${locationId}`) : yardId !== null ? places.get(`yard:${yardId}`) : undefined) ?? null;

  const trips: MyDayTrip[] = rows.map((row) => {
    const facts = row.booking_id === null ? undefined : booking.get(row.booking_id);
    const news = row.booking_id === null || row.type === 'in' ? undefined : flight.get(row.booking_id);
    const car = row.booking_id === null ? undefined : place.get(row.booking_id);
    return {
      id: row.id,
      type: row.type,
      status: row.status,
      scheduled_at: row.scheduled_at.toISOString(),
      booking_id: row.booking_id,
      booking_reference: row.booking_reference,
      booking_status: facts?.status ?? null,
      customer_name: row.customer_name,
      customer_phone: row.customer_phone,
      passengers: facts?.passengers ?? null,
      vehicle_reg: row.vehicle_reg,
      vehicle_make: row.vehicle_make,
      vehicle_model: row.vehicle_model,
      vehicle_colour: row.vehicle_colour,
      flight: row.flight,
      flight_status: news?.status ?? null,
      flight_estimated_arrival: news?.estimated_arrival?.toISOString() ?? null,
      from: end(row.from_location_id, row.from_yard_id),
      to: end(row.to_location_id, row.to_yard_id),
      car_position_name: car?.position_name ?? null,
      car_place_name: car?.yard_name ?? car?.car_park_name ?? null,
      car_key_location: car?.key_location ?? null,
      notes: row.notes,
    };
  });
  return {
    date,
    time_zone: timeZone,
    driver_id: driver.id,
    driver_name: `${driver.first_name} ${driver.last_name}`.trim(),
    trips,
    generated_at: new Date().toISOString(),
  };
}
