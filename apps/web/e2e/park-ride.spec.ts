import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Booking } from '@ps/contracts';
import { addDays, call, choose, pricedParkRideBand } from './bookingWorld';
import { exportCsv, noSidewaysScroll, openNav, record, setLanguage } from './catalogue';
import { apiSignIn, BOTH_WIDTHS, createAirport, openAsAdmin, seriousViolations, storeSession, toast, widthFor } from './support';

/**
 * Park and ride against the real API: the new park-and-ride booking form (car parks of the airport only, the live
 * price with park_and_ride bands, the shuttles' order checked beside the fields, the server's "car park full"
 * beside the car park), the Park and ride list with its shuttle times and CSV, and the booking page. Everything is
 * made through the API with names unique to the run; the band takes a length of stay no other active park-and-ride
 * band covers (as in bookings.spec.ts), so the price is this world's.
 */

/**
 * An airport (Europe/London, on GMT in March: its wall clock is UTC) with a car park and a terminal, and a
 * park-and-ride band of `days` days priced 123.45 on the car park (to itself) in March.
 */
async function parkRideWorld(request: APIRequestContext, token: string, capacity = 50) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const airport = await createAirport(request, token, { name: `Shuttle Airport ${tag}` });
  const carPark = await call<{ id: number; name: string }>(request, token, 'POST', '/location/add', {
    airport_id: airport.id,
    name: `Shuttle Car Park ${tag}`,
    type: 'car_park',
    capacity,
  });
  // Not a car park: the form must not offer it.
  const terminal = await call<{ id: number; name: string }>(request, token, 'POST', '/location/add', {
    airport_id: airport.id,
    name: `Shuttle Terminal ${tag}`,
    type: 'terminal',
  });
  const { band, days } = await pricedParkRideBand(request, token, {
    airportId: airport.id,
    carParkId: carPark.id,
    name: `Shuttle band ${tag}`,
  });
  const departure = '2027-03-10';
  const reg = `PR ${tag.slice(-6).toUpperCase()}`;
  return { tag, airport, carPark, terminal, band, days, departure, arrival: addDays(departure, days - 1), reg };
}
type World = Awaited<ReturnType<typeof parkRideWorld>>;

/** A park-and-ride booking made through the API. */
async function apiParkRide(request: APIRequestContext, token: string, world: World) {
  return call<Booking>(request, token, 'POST', '/park-ride/booking/add', {
    customer_name: `Api Rider ${world.tag}`,
    customer_phone: '+44 7700 900123',
    vehicle_reg: world.reg,
    airport_id: world.airport.id,
    car_park_id: world.carPark.id,
    departure_at: `${world.departure}T08:00:00Z`,
    shuttle_out_at: `${world.departure}T08:20:00Z`,
    shuttle_back_at: `${world.arrival}T17:40:00Z`,
    arrival_at: `${world.arrival}T18:00:00Z`,
    passengers: 2,
    channel: 'phone',
  });
}

/** "10 Mar 2027, 08:20": how the screens show a time of a London airport in English. */
const shown = (instant: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' }).format(new Date(instant));

/** "2027-03-10 08:20": the wall clock of an instant at a London airport. */
const londonClock = (instant: string) =>
  new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/London' }).format(new Date(instant));

/** Fills the stay of the form: airport, car park and the four times (wall clock at the airport). */
async function fillStay(page: Page, world: World, times: { out: string; back: string }) {
  await choose(page, /^Airport/, world.airport.iata_code, new RegExp(`^${world.airport.iata_code} · `));
  await choose(page, /^Car park/, world.tag, world.carPark.name);
  await page.locator('input[name="departure_local"]').fill(`${world.departure}T08:00`);
  await page.locator('input[name="arrival_local"]').fill(`${world.arrival}T18:00`);
  await page.locator('input[name="shuttle_out_local"]').fill(times.out);
  await page.locator('input[name="shuttle_back_local"]').fill(times.back);
}

test(
  'takes a park-and-ride booking with its shuttles, finds it in the Park and ride list and opens it',
  BOTH_WIDTHS,
  async ({ page, request }) => {
    const session = await openAsAdmin(page, request, '/1/airports');
    const token = session.access_token;
    const world = await parkRideWorld(request, token);

    await openNav(page, 'Park and ride');
    await expect(page).toHaveURL(/\/1\/park-ride$/);
    await expect(page.getByRole('heading', { name: 'Park and ride', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'New park-and-ride booking' }).click();
    await expect(page.getByRole('heading', { name: 'New park-and-ride booking', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('New park-and-ride booking · Parking Solutions');

    // Only the airport's car parks are offered: its terminal is not.
    await choose(page, /^Airport/, world.airport.iata_code, new RegExp(`^${world.airport.iata_code} · `));
    const carPark = page.getByRole('combobox', { name: /^Car park/ });
    await carPark.click();
    await carPark.fill(world.tag);
    await expect(page.getByRole('option', { name: world.carPark.name, exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: world.terminal.name })).toHaveCount(0);
    await page.getByRole('option', { name: world.carPark.name, exact: true }).click();

    // The price appears once the stay is complete: park-and-ride bands on the car park's route.
    await page.locator('input[name="departure_local"]').fill(`${world.departure}T08:00`);
    await page.locator('input[name="arrival_local"]').fill(`${world.arrival}T18:00`);
    await expect(page.getByTestId('live-total')).toHaveText('£123.45');
    await expect(page.getByTestId('live-explanation')).toContainText(world.band.name);

    // Shuttles in the wrong order are refused beside the shuttle that is wrong, before anything is sent.
    const shuttleOut = page.locator('input[name="shuttle_out_local"]');
    const shuttleBack = page.locator('input[name="shuttle_back_local"]');
    await shuttleOut.fill(`${world.departure}T07:30`);
    await shuttleBack.fill(`${world.departure}T07:00`);
    await page.getByRole('textbox', { name: /^Customer name/ }).fill(`Rider ${world.tag}`);
    await page.getByRole('textbox', { name: /^Phone/ }).fill('+44 7700 900456');
    await page.getByRole('textbox', { name: /^Registration/ }).fill(world.reg.toLowerCase());
    await page.getByRole('button', { name: 'Save booking' }).click();
    await expect(shuttleOut).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('The shuttle out cannot leave before the car is dropped off')).toBeVisible();
    await expect(shuttleBack).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('The shuttle back must come after the shuttle out')).toBeVisible();
    await shuttleOut.fill(`${world.departure}T08:20`);
    await shuttleBack.fill(`${world.arrival}T18:30`);
    await page.getByRole('button', { name: 'Save booking' }).click();
    await expect(shuttleBack).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('The shuttle back must come no later than the pick-up')).toBeVisible();
    await expect(page).toHaveURL(/\/1\/park-ride\/new$/);

    await shuttleBack.fill(`${world.arrival}T17:40`);
    const passengers = page.getByRole('textbox', { name: /^Passengers/ });
    await passengers.fill('3');
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Save booking' }).click();

    // Saved through the park-and-ride call; its page shows the shuttles in the Stay section.
    await expect(page).toHaveURL(/\/1\/bookings\/\d+$/);
    const bookingId = Number(page.url().split('/').pop());
    const saved = await call<Booking>(request, token, 'GET', `/booking/get/${bookingId}`);
    await expect(toast(page, `Booking ${saved.reference} saved`)).toBeVisible();
    expect(saved).toMatchObject({
      type: 'park_and_ride',
      car_park_id: world.carPark.id,
      departure_id: world.carPark.id,
      arrival_id: world.carPark.id,
      // March in London is GMT: the wall clock is UTC.
      departure_at: `${world.departure}T08:00:00.000Z`,
      shuttle_out_at: `${world.departure}T08:20:00.000Z`,
      passengers: 3,
      total: 12_345,
      vehicle_reg: world.reg,
    });
    // The end of the stay may fall in summer time: typed as the airport's wall clock, kept as the matching instant.
    expect(londonClock(saved.shuttle_back_at as string)).toBe(`${world.arrival} 17:40`);
    expect(londonClock(saved.arrival_at)).toBe(`${world.arrival} 18:00`);
    const stay = page.getByRole('region', { name: 'Stay' });
    await expect(stay).toContainText(`Shuttle out${shown(saved.shuttle_out_at as string)}`);
    await expect(stay).toContainText(`Shuttle back${shown(saved.shuttle_back_at as string)}`);
    await expect(stay).toContainText(`Drop-off${shown(saved.departure_at)}`);
    await expect(stay).toContainText(`Pick-up${shown(saved.arrival_at)}`);
    await noSidewaysScroll(page);

    // The Park and ride list finds it by registration (never relying on page one), with both shuttle times.
    await page.goto('/1/park-ride');
    await page.getByRole('searchbox', { name: 'Search park-and-ride bookings' }).fill(world.reg);
    // The search box writes the URL after a pause: the list and its export follow the URL.
    await expect(page).toHaveURL(/[?&]search=/);
    const row = record(page, saved.reference);
    await expect(row).toBeVisible();
    await expect(row).toContainText(world.carPark.name);
    await expect(row).toContainText(shown(saved.shuttle_out_at as string));
    await expect(row).toContainText(shown(saved.shuttle_back_at as string));
    await noSidewaysScroll(page);

    // CSV of the filtered rows, with the car park and the shuttles at the airport's clock.
    const csv = await exportCsv(page);
    expect(csv.name).toBe('park-and-ride bookings.csv');
    expect(csv.lines[0]).toBe(
      'Reference,Customer name,Phone,E-mail,Vehicle,Car park,Drop-off,Shuttle out,Shuttle back,Pick-up,Status,Total,Paid,Outstanding',
    );
    expect(csv.lines).toHaveLength(2);
    // The company may confirm new bookings at once: the status is whatever the booking has now.
    const status = { pending: 'Pending', confirmed: 'Confirmed' }[
      (await call<Booking>(request, token, 'GET', `/booking/get/${bookingId}`)).status as 'pending' | 'confirmed'
    ];
    expect(csv.lines[1]).toBe(
      `${saved.reference},Rider ${world.tag},'+44 7700 900456,,${world.reg},${world.carPark.name},${world.departure} 08:00,${world.departure} 08:20,${world.arrival} 17:40,${world.arrival} 18:00,${status},123.45,0.00,123.45`,
    );

    // Each row opens the booking page.
    await row.getByRole('link', { name: saved.reference, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/1/bookings/${bookingId}$`));
    await expect(page.getByRole('heading', { name: `Booking ${saved.reference}`, level: 1 })).toBeVisible();
  },
);

test('shows the server’s “car park full” beside the car park', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const token = session.access_token;
  // One space, already taken for the whole stay by another park-and-ride booking.
  const world = await parkRideWorld(request, token, 1);
  await apiParkRide(request, token, world);
  await storeSession(page, session);
  await page.goto('/1/park-ride/new');
  await fillStay(page, world, { out: `${world.departure}T08:20`, back: `${world.arrival}T17:40` });
  await expect(page.getByTestId('live-total')).toHaveText('£123.45');
  await page.getByRole('textbox', { name: /^Customer name/ }).fill(`Full ${world.tag}`);
  await page.getByRole('textbox', { name: /^E-mail/ }).fill('full@example.com');
  await page.getByRole('textbox', { name: /^Registration/ }).fill('FULL 1');
  await page.getByRole('button', { name: 'Save booking' }).click();
  await expect(page.getByRole('combobox', { name: /^Car park/ })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(`${world.carPark.name} is full on`).first()).toBeVisible();
  await expect(page).toHaveURL(/\/1\/park-ride\/new$/);
});

test('edits the shuttles of a park-and-ride booking, in order', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const token = session.access_token;
  const world = await parkRideWorld(request, token);
  const booking = await apiParkRide(request, token, world);
  await storeSession(page, session);
  await page.goto(`/1/bookings/${booking.id}/edit`);
  await expect(page.getByRole('heading', { name: `Edit booking ${booking.reference}` })).toBeVisible();
  const shuttleOut = page.locator('input[name="shuttle_out_local"]');
  await expect(shuttleOut).toHaveValue(`${world.departure}T08:20`);

  // A drop-off moved after the shuttle out is refused beside the shuttle, before anything is sent.
  await page.locator('input[name="departure_local"]').fill(`${world.departure}T09:00`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(shuttleOut).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The shuttle out cannot leave before the car is dropped off')).toBeVisible();

  // Moving the shuttle too keeps the order; the drop-off re-prices (an hour later the same day: the same total), so
  // the price is shown first.
  await shuttleOut.fill(`${world.departure}T09:15`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'The price stays the same' })).toBeVisible();
  await page.getByRole('button', { name: 'Save the change' }).click();
  await expect(page).toHaveURL(new RegExp(`/1/bookings/${booking.id}$`));
  await expect(toast(page, `Booking ${booking.reference} updated`)).toBeVisible();
  const stay = page.getByRole('region', { name: 'Stay' });
  await expect(stay).toContainText(`Shuttle out${shown(`${world.departure}T09:15:00Z`)}`);
  await expect(stay).toContainText(`Drop-off${shown(`${world.departure}T09:00:00Z`)}`);
});

for (const l of [
  {
    lang: 'en',
    heading: 'Park and ride',
    search: 'Search park-and-ride bookings',
    newTitle: 'New park-and-ride booking',
    airport: /^Airport/,
    carPark: /^Car park/,
    statusFilter: 'Filter by status',
    shuttleOut: 'Shuttle out',
  },
  {
    lang: 'ta',
    heading: 'நிறுத்திவிட்டுப் பயணம்',
    search: 'நிறுத்திவிட்டுப் பயண முன்பதிவுகளைத் தேடு',
    newTitle: 'புதிய நிறுத்திவிட்டுப் பயண முன்பதிவு',
    airport: /^விமான நிலையம்/,
    carPark: /^வாகன நிறுத்துமிடம்/,
    statusFilter: 'நிலையால் வடிகட்டு',
    shuttleOut: 'செல்லும் இணைப்பு வாகனம்',
  },
] as const) {
  test(
    `park and ride has no serious accessibility violations in ${l.lang}, with dropdowns open`,
    widthFor(l.lang),
    async ({ page, request }) => {
      const session = await apiSignIn(request);
      const token = session.access_token;
      const world = await parkRideWorld(request, token);
      const booking = await apiParkRide(request, token, world);
      await storeSession(page, session);
      await setLanguage(page, l.lang);

      await page.goto(`/1/park-ride?search=${encodeURIComponent(world.reg)}`);
      await expect(page.getByRole('heading', { name: l.heading, level: 1 })).toBeVisible();
      await expect(page.getByRole('searchbox', { name: l.search })).toBeVisible();
      await expect(record(page, booking.reference)).toBeVisible();
      expect(await seriousViolations(page), 'list').toEqual([]);
      await noSidewaysScroll(page);
      await page.getByRole('combobox', { name: l.statusFilter }).click();
      await expect(page.getByRole('listbox')).toBeVisible();
      expect(await seriousViolations(page), 'status filter open').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();

      await page.goto(`/1/bookings/${booking.id}`);
      await expect(page.getByText(l.shuttleOut, { exact: true })).toBeVisible();
      expect(await seriousViolations(page), 'booking page').toEqual([]);
      await noSidewaysScroll(page);

      await page.goto('/1/park-ride/new');
      await expect(page.getByRole('heading', { name: l.newTitle, level: 1 })).toBeVisible();
      await choose(page, l.airport, world.airport.iata_code, new RegExp(`^${world.airport.iata_code} · `));
      const carPark = page.getByRole('combobox', { name: l.carPark });
      await carPark.click();
      await expect(page.getByRole('listbox')).toBeVisible();
      expect(await seriousViolations(page), 'car park open').toEqual([]);
      await page.getByRole('option', { name: world.carPark.name, exact: true }).click();
      await page.locator('input[name="departure_local"]').fill(`${world.departure}T08:00`);
      await page.locator('input[name="arrival_local"]').fill(`${world.arrival}T18:00`);
      await expect(page.getByTestId('live-total')).toHaveText('£123.45');
      // Errors beside the fields are read and coloured well too.
      await page.locator('input[name="shuttle_out_local"]').fill(`${world.departure}T07:00`);
      await page.locator('button[type="submit"]').click();
      await expect(page.locator('input[name="shuttle_out_local"]')).toHaveAttribute('aria-invalid', 'true');
      expect(await seriousViolations(page), 'form with errors').toEqual([]);
      await noSidewaysScroll(page);
    },
  );
}
