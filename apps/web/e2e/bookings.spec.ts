import { type APIRequestContext, expect, test } from '@playwright/test';
import type { Booking, BookingStatus } from '@ps/contracts';
import { addDays, call, choose, pricedParkRideBand } from './bookingWorld';
import { dialogOpen, exportCsv, noSidewaysScroll, openNav, record, setLanguage } from './catalogue';
import { apiSignIn, BOTH_WIDTHS, createAirport, openAsAdmin, seriousViolations, storeSession, toast, widthFor } from './support';

/**
 * The bookings screens against the real API: the new booking form with its live price, the list (search,
 * filters in the URL, CSV, bulk status change), the booking page (status buttons, history) and the edit page's
 * re-price. Everything is made through the API with names unique to the run (the demo data has no bookings); the
 * band takes a length of stay no other park-and-ride band covers, as in quote.spec.ts.
 */

/**
 * An airport (Europe/London) with a car park, a park-and-ride band of `days` days priced 123.45 on that car park
 * in March, a package (+15.00) and a 10 % voucher valid in March 2027.
 */
async function bookableWorld(request: APIRequestContext, token: string, capacity = 50) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const airport = await createAirport(request, token, { name: `Booking Airport ${tag}` });
  const carPark = await call<{ id: number; name: string }>(request, token, 'POST', '/location/add', {
    airport_id: airport.id,
    name: `Booking Car Park ${tag}`,
    type: 'car_park',
    capacity,
  });
  const { days } = await pricedParkRideBand(request, token, {
    airportId: airport.id,
    carParkId: carPark.id,
    name: `Booking band ${tag}`,
  });
  const pkg = await call<{ id: number; name: string }>(request, token, 'POST', '/package/add', {
    name: `Booking Shuttle ${tag}`,
    description: 'Shuttle to the terminal',
    type: 'park_and_ride',
    price: 1500,
    included: ['Shuttle every 15 minutes'],
  });
  const code = `B${tag}`.toUpperCase().slice(0, 20);
  await call(request, token, 'POST', '/voucher/add', {
    code,
    discount_type: 'percent',
    discount_value: 10,
    valid_from: '2027-03-01',
    valid_to: '2027-03-31',
    usage_limit: 10,
  });
  const departure = '2027-03-10';
  const reg = `E2E ${tag.slice(-6).toUpperCase()}`;
  return { tag, airport, carPark, pkg, code, days, departure, arrival: addDays(departure, days - 1), reg };
}
type World = Awaited<ReturnType<typeof bookableWorld>>;

/** A booking made through the API (London is on GMT in March: the wall clock is UTC). */
async function apiBooking(request: APIRequestContext, token: string, world: World, overrides: Record<string, unknown> = {}) {
  return call<Booking>(request, token, 'POST', '/booking/add', {
    customer_name: `Api Customer ${world.tag}`,
    customer_phone: '+44 7700 900123',
    vehicle_reg: world.reg,
    airport_id: world.airport.id,
    departure_id: world.carPark.id,
    arrival_id: world.carPark.id,
    departure_at: `${world.departure}T08:00:00Z`,
    arrival_at: `${world.arrival}T18:00:00Z`,
    package_id: world.pkg.id,
    channel: 'phone',
    ...overrides,
  });
}

/** Moves a booking through the statuses the API allows until it reaches `target`. */
async function moveTo(request: APIRequestContext, token: string, booking: Booking, path: BookingStatus[]) {
  let current = booking;
  for (const status of path) {
    if (current.status === status) continue;
    current = await call<Booking>(request, token, 'PATCH', `/booking/status/update/${current.id}`, { status, note: null });
  }
  return current;
}

test(
  'takes a phone booking with a voucher, finds it, checks it in and out, exports it and re-prices it',
  BOTH_WIDTHS,
  async ({ page, request }) => {
    // A booking's whole life in one test (about 50 s alone at 375 px, more beside the other worker): two minutes.
    test.setTimeout(120_000);
    const session = await openAsAdmin(page, request, '/1/airports');
    const token = session.access_token;
    const world = await bookableWorld(request, token);

    await openNav(page, 'Bookings');
    await expect(page).toHaveURL(/\/1\/bookings$/);
    await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'New booking' }).click();
    await expect(page.getByRole('heading', { name: 'New booking', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('New booking · Parking Solutions');

    // The stay: the price appears as soon as it is complete, and follows the package and the voucher.
    await choose(page, /^Airport/, world.airport.iata_code, new RegExp(`^${world.airport.iata_code} · `));
    await choose(page, /^Departure location/, world.tag, world.carPark.name);
    await expect(page.getByRole('combobox', { name: /^Arrival location/ })).toHaveValue(world.carPark.name);
    await page.locator('input[name="departure_local"]').fill(`${world.departure}T08:00`);
    await page.locator('input[name="arrival_local"]').fill(`${world.arrival}T18:00`);
    // Without a package the stay is parking, which no band of this length covers: the form says so.
    await expect(page.getByRole('alert').filter({ hasText: 'No price for this stay' })).toContainText(`${world.days} days`);
    await choose(page, /^Package/, world.tag, new RegExp(`^${world.pkg.name} `));
    await expect(page.getByTestId('live-total')).toHaveText('£138.45');
    await page.getByRole('textbox', { name: 'Voucher code' }).fill(world.code.toLowerCase());
    // 123.45 + 15.00 = 138.45; 10 % is 13.845, rounded half up to 13.85; 124.60 to pay.
    await expect(page.getByTestId('live-total')).toHaveText('£124.60');
    await expect(page.getByTestId('live-explanation')).toContainText(`Voucher ${world.code} gives 10% off`);
    await expect(page.getByRole('combobox', { name: /^Channel/ })).toHaveValue('Phone');

    // The contract's rules speak beside their fields before anything is sent.
    await page.getByRole('button', { name: 'Save booking' }).click();
    await expect(page.getByRole('textbox', { name: /^Customer name/ })).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('textbox', { name: /^Customer name/ }).fill(`Priya ${world.tag}`);
    await page.getByRole('textbox', { name: /^Phone/ }).fill('+44 7700 900456');
    await page.getByRole('textbox', { name: /^Registration/ }).fill(world.reg.toLowerCase());
    await page.getByRole('textbox', { name: 'Make' }).fill('Toyota');
    await page.getByRole('textbox', { name: /^Outbound flight/ }).fill('ba 2490');
    // The customer reads Tamil: their mail is in Tamil though the operator works in English.
    const customerLanguage = page.getByRole('combobox', { name: /^Customer's language/ });
    await expect(customerLanguage).toHaveValue('English');
    await customerLanguage.click();
    await page.getByRole('listbox').getByRole('option', { name: 'தமிழ்', exact: true }).click();
    await expect(customerLanguage).toHaveValue('தமிழ்');
    await page.getByRole('button', { name: 'Save booking' }).click();

    await expect(page).toHaveURL(/\/1\/bookings\/\d+$/);
    const bookingId = Number(page.url().split('/').pop());
    const saved = await call<Booking>(request, token, 'GET', `/booking/get/${bookingId}`);
    await expect(toast(page, `Booking ${saved.reference} saved`)).toBeVisible();
    await expect(page.getByRole('heading', { name: `Booking ${saved.reference}`, level: 1 })).toBeVisible();
    expect(saved).toMatchObject({
      channel: 'phone',
      language: 'ta',
      total: 12_460,
      discount: 1385,
      voucher_code: world.code,
      vehicle_reg: world.reg,
    });
    expect(saved.outbound_flight).toBe('BA2490');
    await expect(page.getByTestId('booking-price')).toContainText('£124.60');
    // The stay on the airport's clock (London, GMT in March).
    await expect(page.getByRole('region', { name: 'Stay' }).getByText('10 Mar 2027, 08:00')).toBeVisible();

    // The list: found by registration, and a status filter in the URL keeps or drops it.
    await page.getByRole('link', { name: 'Back to bookings' }).click();
    await page.getByRole('searchbox', { name: 'Search bookings' }).fill(world.reg);
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(world.reg).replace(/%20/g, '(\\+|%20)')}`));
    await expect(record(page, saved.reference)).toBeVisible();
    await page.goto(`/1/bookings?search=${encodeURIComponent(world.reg)}&status=${saved.status}`);
    await expect(record(page, saved.reference)).toBeVisible();
    await page.goto(`/1/bookings?search=${encodeURIComponent(world.reg)}&status=cancelled,no_show`);
    await expect(page.getByText('No bookings match this search and these filters.')).toBeVisible();
    await page.goto(`/1/bookings?search=${encodeURIComponent(world.reg)}`);

    // The booking page: one button per allowed move.
    await record(page, saved.reference).getByRole('link', { name: saved.reference, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/1/bookings/${bookingId}$`));
    if (saved.status === 'pending') {
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expect(page.getByTestId('booking-status')).toHaveText('Confirmed');
    }
    // Checking in and out is a record made on the handover screen (handovers.spec.ts covers what it records).
    await expect(page.getByRole('link', { name: 'Check out', exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Check in', exact: true }).click();
    await page.getByRole('button', { name: 'Check in…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm check-in' }).click();
    await expect(page).toHaveURL(new RegExp(`/1/bookings/${bookingId}$`));
    await expect(page.getByTestId('booking-status')).toHaveText('Checked in');
    await expect(toast(page, `${saved.reference} checked in.`)).toBeVisible();
    await page.getByRole('link', { name: 'Check out', exact: true }).click();
    await page.getByRole('button', { name: 'Check out…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm check-out' }).click();
    await expect(page).toHaveURL(new RegExp(`/1/bookings/${bookingId}$`));
    await expect(page.getByTestId('booking-status')).toHaveText('Checked out');
    const history = page.getByTestId('booking-history');
    await expect(history).toContainText('Checked in');
    await expect(history).toContainText('Checked out');
    await expect(history).toContainText('Demo Admin');

    // CSV of every filtered row, with the money as numbers a spreadsheet sums.
    await page.goto(`/1/bookings?search=${encodeURIComponent(world.reg)}`);
    await expect(record(page, saved.reference)).toBeVisible();
    const csv = await exportCsv(page);
    expect(csv.name).toBe('bookings.csv');
    // The server's streamed file (issue 24): the car park, and the times on the airport's clock.
    expect(csv.lines[0]).toBe(
      'Reference,Customer name,Phone,E-mail,Vehicle,Car park,Departure (local time),Arrival (local time),Status,Total,Paid,Outstanding',
    );
    expect(csv.lines).toHaveLength(2);
    // A phone number starting with + is quoted like any cell a spreadsheet would run as a formula (lib/csv.ts).
    expect(csv.lines[1]).toBe(
      `${saved.reference},Priya ${world.tag},'+44 7700 900456,,${world.reg} · Toyota,${world.carPark.name},${world.departure} 08:00:00,${world.arrival} 18:00:00,Checked out,124.60,0.00,124.60`,
    );

    // Edit: new dates re-price the booking on purpose; Save shows the old and new totals first.
    await page.goto(`/1/bookings/${bookingId}/edit`);
    await expect(page.getByRole('heading', { name: `Edit booking ${saved.reference}` })).toBeVisible();
    await page.locator('input[name="departure_local"]').fill(`${addDays(world.departure, 1)}T09:30`);
    await page.locator('input[name="arrival_local"]').fill(`${addDays(world.arrival, 1)}T17:00`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await dialogOpen(page);
    // The same length of stay in the same month: the total stays, and the dialog says so.
    await expect(page.getByRole('dialog', { name: 'The price stays the same' })).toBeVisible();
    await expect(page.getByTestId('reprice-summary')).toHaveText('This change keeps the total at £124.60. Save it?');
    await page.getByRole('button', { name: 'Save the change' }).click();
    await expect(page).toHaveURL(new RegExp(`/1/bookings/${bookingId}$`));
    await expect(toast(page, `Booking ${saved.reference} updated`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Stay' }).getByText('11 Mar 2027, 09:30')).toBeVisible();

    // A change that does not touch the stay saves directly.
    await page.goto(`/1/bookings/${bookingId}/edit`);
    await page.getByRole('textbox', { name: 'Colour' }).fill('Blue');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/1/bookings/${bookingId}$`));
    await expect(page.getByRole('region', { name: 'Vehicle' }).getByText('Blue')).toBeVisible();
    await noSidewaysScroll(page);
  },
);

test('clicking the ticked arrival location keeps it (a required select cannot be emptied)', async ({ page, request }) => {
  const session = await openAsAdmin(page, request, '/1/airports');
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const airport = await createAirport(request, session.access_token, { name: `Booking Airport ${tag}` });
  const carPark = await call<{ id: number; name: string }>(request, session.access_token, 'POST', '/location/add', {
    airport_id: airport.id,
    name: `Booking Car Park ${tag}`,
    type: 'car_park',
    capacity: 10,
  });
  await page.goto(`/1/bookings/new?airport_id=${airport.id}&departure_id=${carPark.id}&arrival_id=${carPark.id}`);
  const arrival = page.getByRole('combobox', { name: /^Arrival location/ });
  await expect(arrival).toHaveValue(carPark.name);
  await arrival.click();
  await page.getByRole('option', { name: carPark.name, exact: true }).click();
  await expect(arrival).toHaveValue(carPark.name);
});

test('changes the status of the selected bookings and says which were refused and why', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const token = session.access_token;
  const world = await bookableWorld(request, token);
  const ready = await moveTo(request, token, await apiBooking(request, token, world), ['confirmed']);
  const cancelled = await moveTo(request, token, await apiBooking(request, token, world), ['cancelled']);
  await storeSession(page, session);
  await page.goto(`/1/bookings?search=${encodeURIComponent(world.reg)}`);
  await expect(record(page, ready.reference)).toBeVisible();
  await expect(record(page, cancelled.reference)).toBeVisible();

  await record(page, ready.reference)
    .getByRole('checkbox', { name: `Select ${ready.reference}` })
    .check();
  await record(page, cancelled.reference)
    .getByRole('checkbox', { name: `Select ${cancelled.reference}` })
    .check();
  const bar = page.getByRole('region', { name: 'Change the status of the selected bookings' });
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('combobox', { name: 'Move to' }).click();
  await page.getByRole('option', { name: 'Checked in', exact: true }).click();
  await bar.getByRole('button', { name: 'Change status' }).click();
  await dialogOpen(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Change status' }).click();

  await expect(toast(page, '1 booking changed')).toBeVisible();
  const report = page.getByRole('alert').filter({ hasText: '1 changed, 1 refused' });
  await expect(report).toContainText(cancelled.reference);
  await expect(report).toContainText(/cancelled/i);
  await expect(record(page, ready.reference).getByTestId('booking-status')).toHaveText('Checked in');
  await expect(record(page, cancelled.reference).getByTestId('booking-status')).toHaveText('Cancelled');

  // A cancelled booking is closed: its page offers no edit and no move, and its edit page says why.
  await record(page, cancelled.reference).getByRole('link', { name: cancelled.reference, exact: true }).click();
  await expect(page.getByTestId('booking-closed')).toHaveText(
    'This booking is completed, cancelled or a no-show: it can no longer be changed.',
  );
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Status', exact: true })).toHaveCount(0);
  await page.goto(`/1/bookings/${cancelled.id}/edit`);
  await expect(page.getByText('This booking is closed')).toBeVisible();
});

test('shows the server’s refusals beside their fields: an unknown voucher, a full car park', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const token = session.access_token;
  // One space, already taken for the whole stay.
  const world = await bookableWorld(request, token, 1);
  await apiBooking(request, token, world);
  await storeSession(page, session);
  await page.goto(
    `/1/bookings/new?airport_id=${world.airport.id}&departure_id=${world.carPark.id}&arrival_id=${world.carPark.id}&departure_date=${world.departure}&arrival_date=${world.arrival}&package_id=${world.pkg.id}&voucher_code=NOSUCH${world.tag}`,
  );
  await expect(page.getByRole('alert').filter({ hasText: 'No price for this stay' })).toContainText('There is no voucher with this code.');
  await page.getByRole('textbox', { name: /^Customer name/ }).fill(`Full ${world.tag}`);
  await page.getByRole('textbox', { name: /^E-mail/ }).fill('full@example.com');
  await page.getByRole('textbox', { name: /^Registration/ }).fill('FULL 1');
  const voucher = page.getByRole('textbox', { name: 'Voucher code' });
  await page.getByRole('button', { name: 'Save booking' }).click();
  await expect(voucher).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('There is no voucher with this code.').first()).toBeVisible();

  await voucher.fill('');
  await expect(page.getByTestId('live-total')).toHaveText('£138.45');
  await page.getByRole('button', { name: 'Save booking' }).click();
  const departure = page.locator('input[name="departure_local"]');
  await expect(departure).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(`${world.carPark.name} is full on`).first()).toBeVisible();
  await expect(page).toHaveURL(/\/1\/bookings\/new/);
});

test('adds a service to a booking, changes its quantity and removes it; the totals follow', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const token = session.access_token;
  const world = await bookableWorld(request, token);
  const wash = await call<{ id: number; name: string }>(request, token, 'POST', '/additional_services/add', {
    name: `Booking Wash ${world.tag}`,
    description: 'Outside wash',
    price: 1000,
  });
  // 123.45 + 15.00 package, no voucher.
  const booking = await apiBooking(request, token, world);
  expect(booking.total).toBe(13_845);
  await storeSession(page, session);
  await page.goto(`/1/bookings/${booking.id}`);
  const price = page.getByTestId('booking-price');
  await expect(price).toContainText('£138.45');
  await expect(page.getByText('No additional services.')).toBeVisible();

  await choose(page, 'Add a service', world.tag, new RegExp(`^${wash.name} `));
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Service added; the total is updated.')).toBeVisible();
  await expect(page.getByTestId('booking-service')).toContainText(wash.name);
  await expect(price).toContainText('£148.45');

  const quantity = page.getByRole('textbox', { name: `Quantity of ${wash.name}` });
  await quantity.fill('3');
  await quantity.blur();
  await expect(page.getByTestId('booking-service')).toContainText('£30.00');
  await expect(price).toContainText('£168.45');

  await page.getByRole('button', { name: `Remove ${wash.name}` }).click();
  await dialogOpen(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `${wash.name} removed; the total is updated.`)).toBeVisible();
  await expect(page.getByText('No additional services.')).toBeVisible();
  await expect(price).toContainText('£138.45');
});

for (const l of [
  {
    lang: 'en',
    heading: 'Bookings',
    statusFilter: 'Filter by status',
    cancel: 'Cancel booking',
    newTitle: 'New booking',
    services: 'Additional services',
    select: (reference: string) => `Select ${reference}`,
    moveTo: 'Move to',
    checkedIn: 'Checked in',
    apply: 'Change status',
  },
  {
    lang: 'ta',
    heading: 'முன்பதிவுகள்',
    statusFilter: 'நிலையால் வடிகட்டு',
    cancel: 'முன்பதிவை ரத்துசெய்',
    newTitle: 'புதிய முன்பதிவு',
    services: 'கூடுதல் சேவைகள்',
    select: (reference: string) => `${reference}-ஐத் தேர்ந்தெடு`,
    moveTo: 'மாற்ற வேண்டிய நிலை',
    checkedIn: 'வாகனம் பெறப்பட்டது',
    apply: 'நிலையை மாற்று',
  },
] as const) {
  test(
    `has no serious accessibility violations in ${l.lang}, with dialogs and dropdowns open`,
    widthFor(l.lang),
    async ({ page, request }) => {
      const session = await apiSignIn(request);
      const token = session.access_token;
      const world = await bookableWorld(request, token);
      const booking = await moveTo(request, token, await apiBooking(request, token, world, { voucher_code: world.code }), ['confirmed']);
      await storeSession(page, session);
      await setLanguage(page, l.lang);

      await page.goto(`/1/bookings?search=${encodeURIComponent(world.reg)}`);
      await expect(page.getByRole('heading', { name: l.heading, level: 1 })).toBeVisible();
      await expect(record(page, booking.reference)).toBeVisible();
      expect(await seriousViolations(page), 'list').toEqual([]);
      await noSidewaysScroll(page);
      await page.getByRole('combobox', { name: l.statusFilter }).click();
      await expect(page.getByRole('listbox')).toBeVisible();
      expect(await seriousViolations(page), 'status filter open').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();

      // The bulk change's status choice and its question.
      await record(page, booking.reference)
        .getByRole('checkbox', { name: l.select(booking.reference) })
        .check();
      await page.getByRole('combobox', { name: l.moveTo }).click();
      await expect(page.getByRole('listbox')).toBeVisible();
      expect(await seriousViolations(page), 'bulk status open').toEqual([]);
      await page.getByRole('option', { name: l.checkedIn, exact: true }).click();
      await page.getByRole('button', { name: l.apply }).click();
      await dialogOpen(page);
      expect(await seriousViolations(page), 'bulk dialog').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await noSidewaysScroll(page);

      await page.goto(`/1/bookings/${booking.id}`);
      await expect(page.getByTestId('booking-price')).toBeVisible();
      expect(await seriousViolations(page), 'booking page').toEqual([]);
      await noSidewaysScroll(page);
      await page.getByRole('button', { name: l.cancel }).click();
      await dialogOpen(page);
      expect(await seriousViolations(page), 'cancel dialog').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await page.goto(
        `/1/bookings/new?airport_id=${world.airport.id}&departure_id=${world.carPark.id}&arrival_id=${world.carPark.id}&departure_date=${world.departure}&arrival_date=${world.arrival}&package_id=${world.pkg.id}&voucher_code=${world.code}`,
      );
      await expect(page.getByRole('heading', { name: l.newTitle, level: 1 })).toBeVisible();
      // The Quote screen's inputs arrive with the link, so the price is there at once.
      await expect(page.getByTestId('live-total')).toHaveText('£124.60');
      expect(await seriousViolations(page), 'new booking form').toEqual([]);
      await page.getByRole('combobox', { name: l.services }).click();
      await expect(page.getByRole('listbox')).toBeVisible();
      expect(await seriousViolations(page), 'services open').toEqual([]);
      await noSidewaysScroll(page);
    },
  );
}

test('the Quote screen’s “Book this” opens the form with the quote’s inputs', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const world = await bookableWorld(request, session.access_token);
  await storeSession(page, session);
  await page.goto(
    `/1/quote?airport_id=${world.airport.id}&departure_id=${world.carPark.id}&arrival_id=${world.carPark.id}&departure_date=${world.departure}&arrival_date=${world.arrival}&package_id=${world.pkg.id}&voucher_code=${world.code}`,
  );
  await expect(page.getByTestId('quote-total')).toHaveText('£124.60');
  await page.getByRole('link', { name: 'Book this' }).click();
  await expect(page).toHaveURL(/\/1\/bookings\/new\?/);
  await expect(page.getByRole('combobox', { name: /^Airport/ })).toHaveValue(new RegExp(`^${world.airport.iata_code} · `));
  await expect(page.getByRole('textbox', { name: 'Voucher code' })).toHaveValue(world.code);
  await expect(page.getByTestId('live-total')).toHaveText('£124.60');

  // Typed details are not lost by a stray click: leaving asks first.
  await page.getByRole('textbox', { name: /^Customer name/ }).fill('Half typed');
  await page.getByRole('link', { name: 'Back to bookings' }).click();
  await dialogOpen(page);
  await expect(page.getByRole('dialog')).toContainText('Leave without saving?');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/1\/bookings\/new\?/);
  await expect(page.getByRole('textbox', { name: /^Customer name/ })).toHaveValue('Half typed');
});
