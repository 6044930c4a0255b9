import type { APIRequestContext, Page } from '@playwright/test';
import type { Airport, Booking, Location } from '@ps/contracts';
import { api } from './catalogue';

/**
 * What the quote, bookings, park-and-ride and day specs share to build their world through the API: calls by API path,
 * a free length of stay for a park-and-ride band, date arithmetic and the searchable selects of the forms.
 */

/** `api` with the path after `/api`. */
export const call = <T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) =>
  api<T>(request, token, method, `/api${path}`, data);

/** A length of stay (days) in 100..360 that no active park-and-ride band covers yet. */
export async function freeDays(request: APIRequestContext, token: string): Promise<number> {
  const bands = await call<{ min_days: number; max_days: number; status: number }[]>(
    request,
    token,
    'GET',
    '/band/list?type=park_and_ride&page_size=1000',
  );
  const taken = (day: number) => bands.some((band) => band.status === 1 && band.min_days <= day && day <= band.max_days);
  const start = 100 + Math.floor(Math.random() * 261);
  for (let step = 0; step < 261; step++) {
    const day = 100 + ((start - 100 + step) % 261);
    if (!taken(day)) return day;
  }
  throw new Error('no free park-and-ride band length');
}

/**
 * A park-and-ride band of a free length (`days`, min = max) named `name`, with a March default of 99.00 and the
 * car park's own March price (to itself) of 123.45: the price these specs expect.
 */
export async function pricedParkRideBand(
  request: APIRequestContext,
  token: string,
  place: { airportId: number; carParkId: number; name: string },
): Promise<{ band: { id: number; name: string }; days: number }> {
  const days = await freeDays(request, token);
  const band = await call<{ id: number; name: string }>(request, token, 'POST', '/band/add', {
    name: place.name,
    type: 'park_and_ride',
    min_days: days,
    max_days: days,
  });
  await call(request, token, 'POST', '/band-month/add', { band_id: band.id, month: 3, price: 9900 });
  await call(request, token, 'POST', '/location-price/add', {
    airport_id: place.airportId,
    departure_id: place.carParkId,
    arrival_id: place.carParkId,
    band_id: band.id,
    month: 3,
    price: 12_345,
  });
  return { band, days };
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(from: string, days: number): string {
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Picks an option of a searchable Mantine select by typing part of it. */
export async function choose(page: Page, label: string | RegExp, typed: string, option: string | RegExp) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option }).click();
}

const HOUR = 3_600_000;
/** The demo's Heathrow meet-and-greet desk and terminal drop-off, by name. */
export const MEET_AND_GREET_DESK = 'Meet & Greet Desk T2';
export const TERMINAL_DROP_OFF = 'Heathrow Terminal 5 Drop-off';

/**
 * A phone (so confirmed) meet-and-greet booking at the demo's Heathrow, from the desk to Terminal 5, starting
 * `daysAhead` days from the hour and three days long; `fields` adds to or replaces the booking's own.
 */
export async function heathrowMeetAndGreet(
  request: APIRequestContext,
  token: string,
  {
    daysAhead,
    customer,
    regPrefix,
    fields = {},
  }: { daysAhead: number; customer: string; regPrefix: string; fields?: Record<string, unknown> },
): Promise<Booking> {
  const airports = await call<Airport[]>(request, token, 'GET', '/airport/list?search=LHR&page_size=100');
  const heathrow = airports.find((airport) => airport.iata_code === 'LHR');
  if (!heathrow) throw new Error('the demo has no Heathrow');
  const places = await call<Location[]>(request, token, 'GET', `/location/list?airport_id=${heathrow.id}&page_size=1000`);
  const placeId = (name: string) => {
    const place = places.find((candidate) => candidate.name === name);
    if (!place) throw new Error(`the demo has no ${name}`);
    return place.id;
  };
  const start = Math.floor(Date.now() / HOUR) * HOUR + daysAhead * 24 * HOUR;
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return call<Booking>(request, token, 'POST', '/booking/add', {
    type: 'meet_and_greet',
    customer_name: `${customer} ${tag}`,
    customer_phone: '+44 7700 900321',
    vehicle_reg: `${regPrefix} ${tag.slice(-6).toUpperCase()}`,
    airport_id: heathrow.id,
    departure_id: placeId(MEET_AND_GREET_DESK),
    arrival_id: placeId(TERMINAL_DROP_OFF),
    departure_at: new Date(start).toISOString(),
    arrival_at: new Date(start + 3 * 24 * HOUR).toISOString(),
    channel: 'phone',
    ...fields,
  });
}
