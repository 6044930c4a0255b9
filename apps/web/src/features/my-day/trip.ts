import type { MyDayPlace, MyDayTrip } from '@ps/contracts/myDay';

/**
 * A trip in a driver's terms (issue 22, section 3: "their trips sit under the dispatcher's screen, in dispatcher words"):
 * what to do and where, the flight's news, where to fetch the car, what they may do with it now. Plain functions of the
 * trip (trip.test.ts); the card puts them into words in the driver's language.
 */

/** What the trip asks of the driver, as a message key and the place it names. */
export function tripTask(trip: Pick<MyDayTrip, 'type' | 'from' | 'to'>): { key: 'collect' | 'return' | 'shuttle'; place: string | null } {
  if (trip.type === 'in') return { key: 'collect', place: trip.from?.name ?? null };
  if (trip.type === 'out') return { key: 'return', place: trip.to?.name ?? null };
  return { key: 'shuttle', place: null };
}

/** A map search for a place: by its coordinates when it has them, else by its address; none without either. */
export function mapLink(place: Pick<MyDayPlace, 'address' | 'latitude' | 'longitude'> | null): string | null {
  if (!place) return null;
  const query =
    place.latitude !== null && place.longitude !== null ? `${place.latitude},${place.longitude}` : (place.address?.trim() ?? '');
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : null;
}

/** A telephone link: the number as dialled (digits and a leading +), none when nothing dialable is left. */
export function telLink(phone: string | null): string | null {
  if (!phone) return null;
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^\d]/g, '');
  if (digits.length < 3) return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/**
 * The flight's latest news: landed, delayed (to when), cancelled, or expected at its estimate; none without tracking
 * (an in-trip's outbound flight has none).
 */
export function flightNews(
  trip: Pick<MyDayTrip, 'flight_status' | 'flight_estimated_arrival'>,
): { key: 'landed' | 'delayed' | 'cancelled' | 'expected'; at: string | null } | null {
  const at = trip.flight_estimated_arrival;
  switch (trip.flight_status) {
    case 'landed':
      return { key: 'landed', at };
    case 'cancelled':
      return { key: 'cancelled', at: null };
    case 'delayed':
      return { key: 'delayed', at };
    case 'scheduled':
      return at ? { key: 'expected', at } : null;
    default:
      return null;
  }
}

/** Where the car stands and its key, when the booking's car is on site (none before check-in). */
export function fetchFrom(
  trip: Pick<MyDayTrip, 'car_position_name' | 'car_place_name' | 'car_key_location'>,
): { where: string | null; key: string | null } | null {
  const where = [trip.car_position_name, trip.car_place_name].filter(Boolean).join(', ') || null;
  const key = trip.car_key_location?.trim() || null;
  return where || key ? { where, key } : null;
}

/** The car in a line: "AB12 CDE · Blue Volvo XC60". */
export function carLine(trip: Pick<MyDayTrip, 'vehicle_reg' | 'vehicle_colour' | 'vehicle_make' | 'vehicle_model'>): string | null {
  const details = [trip.vehicle_colour, trip.vehicle_make, trip.vehicle_model].filter(Boolean).join(' ');
  if (!trip.vehicle_reg) return details || null;
  return details ? `${trip.vehicle_reg} · ${details}` : trip.vehicle_reg;
}

/**
 * The handover due at the terminal, where the booking is at that step: collecting a car (an in-trip, assigned or
 * started) checks it in before it is driven away; taking it back (an out-trip) checks it out once the driver has
 * started, i.e. has fetched the car and brought it (the check-out then completes the trip itself).
 */
export function handoverDue(trip: Pick<MyDayTrip, 'type' | 'status' | 'booking_id' | 'booking_status'>): 'check_in' | 'check_out' | null {
  if (trip.booking_id === null) return null;
  if (trip.type === 'in' && (trip.status === 'assigned' || trip.status === 'started') && trip.booking_status === 'confirmed')
    return 'check_in';
  if (trip.type === 'out' && trip.status === 'started' && (trip.booking_status === 'checked_in' || trip.booking_status === 'parked')) {
    return 'check_out';
  }
  return null;
}

/** The ends of the trip the car can be recorded at (a location or a yard each). */
export function movementPlaces(trip: Pick<MyDayTrip, 'from' | 'to'>): MyDayPlace[] {
  const ends = [trip.from, trip.to].filter((place): place is MyDayPlace => place !== null);
  return ends.filter((place, index) => ends.findIndex((other) => other.kind === place.kind && other.id === place.id) === index);
}

/** The driver's moves on the trip now: start an assigned trip, complete a started one, record the car while it is theirs. */
export function tripActions(trip: Pick<MyDayTrip, 'status' | 'from' | 'to'>): { start: boolean; complete: boolean; move: boolean } {
  return {
    start: trip.status === 'assigned',
    complete: trip.status === 'started',
    move: (trip.status === 'started' || trip.status === 'completed') && movementPlaces(trip).length > 0,
  };
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Whether `value` is a real calendar day `YYYY-MM-DD`. */
export function isDay(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;
}
