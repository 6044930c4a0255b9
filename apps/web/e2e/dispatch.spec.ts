import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import type { Booking, DocumentType, Driver, Location, Trip } from '@ps/contracts';
import { dialogOpen, noSidewaysScroll, setLanguage } from './catalogue';
import { apiSignIn, BOTH_WIDTHS, finishFirstSignIn, seriousViolations, storeSession, toast } from './support';

/**
 * The dispatch screen against the real API, at both widths. Through the API: a new driver made eligible (both
 * required documents of the demo as small PDFs, a rate, approval) and a confirmed meet-and-greet booking at
 * Heathrow T5 (departure 17:00, return flight landing 19:00 on the company's clock, so its out-trip is at 19:30
 * with the demo's 30-minute buffer). On the screen: both trips, the driver picked for the out-trip (Kavin Raj, the
 * demo's driver without documents, offered disabled with his reasons), a delay typed on the flights panel moving
 * the out-trip, and a second trip of the driver that a further delay collides with, taking him off with a warning.
 */

// Every test here adds trips to the same day of the shared server, and each scans the whole screen with axe: on a
// busy machine that takes longer than the default minute.
test.describe.configure({ timeout: 120_000 });

const ZONE = 'Europe/London';
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** Letters only: driver names refuse digits. */
const letters = () =>
  tag()
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')
    .replace(/^./, (first) => first.toUpperCase());

const londonParts = (instant: Date) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );

/** The instant of a wall-clock time in London. */
function london(day: string, time: string): string {
  const guess = Date.parse(`${day}T${time}:00Z`);
  const parts = londonParts(new Date(guess));
  const wall = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00Z`);
  return new Date(guess - (wall - guess)).toISOString();
}

/** Today in London if the evening is still ahead (the trips are at 17:00 to 22:00), else tomorrow. */
function planDay(): { day: string; isToday: boolean } {
  const parts = londonParts(new Date());
  const today = `${parts.year}-${parts.month}-${parts.day}`;
  if (Number(parts.hour) < 15) return { day: today, isToday: true };
  const [year, month, date] = today.split('-').map(Number) as [number, number, number];
  return { day: new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10), isToday: false };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) {
  const response = await request.fetch(`/api${path}`, { method, headers: { Authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A new driver who may take trips: both required documents (valid a year on), a rate, approved. */
async function eligibleDriver(request: APIRequestContext, token: string): Promise<Driver & { name: string }> {
  const driver = await api<Driver>(request, token, 'POST', '/auth/driver/add', {
    first_name: 'Anbu',
    last_name: letters(),
    email: `anbu.${tag()}@example.com`,
    temporary_password: 'Tmp-4821x-driver',
  });
  const types = await api<DocumentType[]>(request, token, 'GET', '/document/list?page_size=1000');
  for (const name of ['Driving licence', 'Insurance certificate']) {
    const type = types.find((candidate) => candidate.name === name);
    if (!type) throw new Error(`The demo has no document type ${name}`);
    const upload = await request.post('/api/driver/documents/add', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {
        driver_id: String(driver.id),
        document_type_id: String(type.id),
        expiry_date: `${new Date().getUTCFullYear() + 1}-12-31`,
        file: { name: `${name}.pdf`, mimeType: 'application/pdf', buffer: PDF },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
  }
  await api(request, token, 'POST', '/driver/price_per_hour/add', {
    driver_id: driver.id,
    price_per_hour: 1500,
    effective_from: '2026-01-01',
  });
  const approved = await api<Driver>(request, token, 'PATCH', `/driver/update/${driver.id}`, { approve_status: 'approved' });
  expect(approved.eligibility.eligible, JSON.stringify(approved.eligibility)).toBe(true);
  return { ...approved, name: `${approved.first_name} ${approved.last_name}` };
}

/** A confirmed meet-and-greet stay at Heathrow T5: taken at 17:00, back on its return flight at 19:00. */
async function meetAndGreet(request: APIRequestContext, token: string, day: string) {
  const [terminal] = await api<Location[]>(request, token, 'GET', '/location/list?search=Heathrow%20Terminal%205%20Drop-off&page_size=10');
  if (!terminal) throw new Error('The demo has no Heathrow Terminal 5 Drop-off');
  const code = tag().toUpperCase();
  const flight = `EK${Math.floor(100 + Math.random() * 9000)}`;
  const booking = await api<Booking>(request, token, 'POST', '/booking/add', {
    customer_name: `Dispatch Customer ${code}`,
    customer_email: `dispatch.${code.toLowerCase()}@example.com`,
    vehicle_reg: `DS${code}`.slice(0, 10),
    vehicle_make: 'Volvo',
    airport_id: terminal.airport_id,
    departure_id: terminal.id,
    arrival_id: terminal.id,
    type: 'meet_and_greet',
    departure_at: london(day, '17:00'),
    arrival_at: london(day, '19:00'),
    outbound_flight: 'BA303',
    return_flight: flight,
    channel: 'phone',
    language: 'en',
  });
  expect(booking.status).toBe('confirmed');
  const trips = await api<Trip[]>(request, token, 'GET', `/trips/list?booking_id=${booking.id}`);
  const out = trips.find((trip) => trip.type === 'out');
  if (!out) throw new Error(`No out-trip for ${booking.reference}: ${JSON.stringify(trips)}`);
  return { booking, flight, out };
}

const tripCard = (page: Page, reference: string, type: 'in' | 'out' | 'shuttle') =>
  page.locator(`[data-testid="dispatch-trip"][data-reference="${reference}"][data-type="${type}"]`);

async function openPicker(page: Page, card: Locator, name: string) {
  await card.getByRole('combobox', { name }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
}

test(
  'dispatch: the day’s trips of a booking, a driver assigned, a delayed flight moving the out-trip and a warning when it takes the driver off',
  BOTH_WIDTHS,
  async ({ page, request }) => {
    const session = await apiSignIn(request);
    const token = session.access_token;
    const { day, isToday } = planDay();
    const driver = await eligibleDriver(request, token);
    const { booking, flight, out } = await meetAndGreet(request, token, day);
    const reference = booking.reference;

    await storeSession(page, session);
    await page.goto('/1/dispatch');
    await expect(page.getByRole('heading', { name: 'Dispatch', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Dispatch · Parking Solutions');
    if (!isToday) {
      await page.getByRole('button', { name: 'Next day' }).click();
      await expect(page).toHaveURL(new RegExp(`date=${day}`));
    }
    await expect(page.getByRole('textbox', { name: 'Day' })).toHaveValue(day);

    // The booking's two trips, each under its hour, with what a dispatcher needs to know.
    const inCard = tripCard(page, reference, 'in');
    const outCard = tripCard(page, reference, 'out');
    await expect(inCard).toContainText('17:00');
    await expect(inCard).toContainText('Heathrow Terminal 5 Drop-off');
    await expect(inCard).toContainText('BA303');
    await expect(outCard.getByTestId('trip-time')).toHaveText('19:30');
    await expect(outCard).toContainText(flight);
    await expect(outCard).toContainText(booking.customer_name);
    await expect(outCard).toContainText(booking.vehicle_reg);
    await expect(outCard.locator('[data-status]')).toHaveAttribute('data-status', 'scheduled');
    await expect(page.getByRole('region', { name: '19:00' })).toContainText(reference);
    const unassignedBefore = Number(await page.getByTestId('figure-unassigned-value').innerText());
    expect(unassignedBefore).toBeGreaterThanOrEqual(2);

    // The driver picker, under "Unassigned": the new driver can take it; Kavin Raj (no documents) is offered
    // disabled, with why.
    await page.getByTestId('figure-unassigned').click();
    await expect(page.getByTestId('figure-unassigned')).toHaveAttribute('aria-pressed', 'true');
    const picker = `Driver or partner for the 19:30 trip ${reference}`;
    await openPicker(page, outCard, picker);
    const kavin = page.getByRole('option', { name: /Kavin Raj/ });
    await expect(kavin).toHaveAttribute('aria-disabled', 'true');
    await expect(kavin).toContainText('Driving licence is missing; Insurance certificate is missing');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('option', { name: driver.name }).click();
    // Assigned, the card leaves the "Unassigned" view: the success is still said.
    await expect(outCard).toBeHidden();
    await expect(toast(page, `${driver.name} now drives the 19:30 trip ${reference}.`)).toBeVisible();
    await page.getByTestId('figure-trips').click();
    await expect(outCard.locator('[data-status]')).toHaveAttribute('data-status', 'assigned');
    await expect(outCard.getByRole('combobox', { name: picker })).toHaveValue(driver.name);
    await expect(page.getByTestId('figure-unassigned-value')).toHaveText(String(unassignedBefore - 1));

    // The flight is late: typed on the flights panel, the out-trip follows (estimate + 30 minutes), driver kept.
    const flightCard = page.locator(`[data-testid="flight"][data-flight="${flight}"]`);
    await expect(flightCard).toContainText(`19:30, ${driver.name}`);
    await flightCard.getByRole('button', { name: `Update flight ${flight} of ${reference}` }).click();
    await dialogOpen(page);
    const dialog = page.getByRole('dialog', { name: `Flight ${flight}` });
    await dialog.getByRole('textbox', { name: 'Estimated arrival' }).fill(`${day}T20:00`);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `Flight ${flight} saved: its out-trip is now at 20:30.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(outCard.getByTestId('trip-time')).toHaveText('20:30');
    await expect(page.getByRole('region', { name: '20:00' })).toContainText(reference);
    await expect(outCard.locator('[data-status]')).toHaveAttribute('data-status', 'assigned');
    await expect(flightCard.locator('[data-status]')).toHaveAttribute('data-status', 'delayed');
    await expect(flightCard).toContainText('(1 h late)');

    // The driver's second trip, at 22:00; a further delay puts the out-trip at 21:45, less than an hour from it.
    await api(request, token, 'POST', '/trips/add?time_zone=Europe/London', {
      type: 'shuttle',
      from_yard_id: out.from_yard_id,
      to_location_id: out.to_location_id,
      scheduled_at: london(day, '22:00'),
      driver_id: driver.id,
    });
    await flightCard.getByRole('button', { name: `Update flight ${flight} of ${reference}` }).click();
    await dialogOpen(page);
    await dialog.getByRole('textbox', { name: 'Estimated arrival' }).fill(`${day}T21:15`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      toast(page, `Flight ${flight} saved: its out-trip is now at 21:45, and ${driver.name} was taken off it (busy then).`),
    ).toBeVisible();
    await expect(outCard.getByTestId('trip-time')).toHaveText('21:45');
    await expect(outCard.locator('[data-status]')).toHaveAttribute('data-status', 'scheduled');
    const warning = outCard.getByTestId('trip-warning');
    await expect(warning).toContainText('Driver taken off');
    await expect(warning).toContainText(
      `${driver.name} was taken off when the return flight was delayed: the trip moved from 20:30 to 21:45, when ${driver.name} has another trip.`,
    );
    await expect(flightCard).toContainText('21:45, no driver');

    // The warnings figure shows only those trips; the driver is now offered as busy, with the trip that makes him so.
    expect(Number(await page.getByTestId('figure-warnings-value').innerText())).toBeGreaterThanOrEqual(1);
    await page.getByTestId('figure-warnings').click();
    await expect(page.getByTestId('figure-warnings')).toHaveAttribute('aria-pressed', 'true');
    await expect(outCard).toBeVisible();
    await expect(inCard).toBeHidden();
    await openPicker(page, outCard, `Driver or partner for the 21:45 trip ${reference}`);
    const busy = page.getByRole('option', { name: new RegExp(driver.name) });
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
    await expect(busy).toContainText('Has another trip at 22:00');
    await page.keyboard.press('Escape');
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    // Tamil: the same screen in the user's language, readable and within the width.
    await setLanguage(page, 'ta');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'பயண ஒதுக்கீடு', level: 1 })).toBeVisible();
    await expect(outCard.getByTestId('trip-warning')).toContainText('ஓட்டுநர் விலக்கப்பட்டார்');
    await expect(page.getByRole('heading', { name: 'திரும்பும் விமானங்கள்' })).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await setLanguage(page, 'en');
  },
);

test('dispatch: start, complete and cancel trips; a refusal comes in the API’s words', BOTH_WIDTHS, async ({ page, request }) => {
  const session = await apiSignIn(request);
  const token = session.access_token;
  const { day, isToday } = planDay();
  const driver = await eligibleDriver(request, token);
  const { booking } = await meetAndGreet(request, token, day);
  const reference = booking.reference;
  const trips = await api<Trip[]>(request, token, 'GET', `/trips/list?booking_id=${booking.id}`);
  const inTrip = trips.find((trip) => trip.type === 'in');
  if (!inTrip) throw new Error('no in-trip');
  await api(request, token, 'PATCH', `/trips/update/${inTrip.id}?time_zone=Europe/London`, { driver_id: driver.id });

  await storeSession(page, session);
  await page.goto(isToday ? '/1/dispatch' : `/1/dispatch?date=${day}`);
  const inCard = tripCard(page, reference, 'in');
  const outCard = tripCard(page, reference, 'out');
  await inCard.getByRole('button', { name: `Start the 17:00 trip ${reference}` }).click();
  await expect(inCard.locator('[data-status]')).toHaveAttribute('data-status', 'started');
  await expect(toast(page, `The 17:00 trip ${reference} is now Started.`)).toBeVisible();
  await inCard.getByRole('button', { name: `Complete the 17:00 trip ${reference}` }).click();
  await expect(inCard.locator('[data-status]')).toHaveAttribute('data-status', 'completed');
  await expect(toast(page, `The 17:00 trip ${reference} is now Completed.`)).toBeVisible();
  await expect(inCard.getByRole('combobox')).toHaveCount(0);

  // Cancelling asks first.
  await outCard.getByRole('button', { name: `Cancel trip ${reference} at 19:30` }).click();
  await dialogOpen(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('dialog', { name: 'Cancel this trip?' }).getByRole('button', { name: 'Cancel trip' }).click();
  await expect(outCard.locator('[data-status]')).toHaveAttribute('data-status', 'cancelled');
  await expect(toast(page, `The 19:30 trip ${reference} is now Cancelled.`)).toBeVisible();

  // The admin's correction, with its reason: the cancelled out-trip back to scheduled.
  await outCard.getByRole('button', { name: `Correct status of the 19:30 trip ${reference}` }).click();
  await dialogOpen(page);
  const correction = page.getByRole('dialog', { name: 'Correct the status' });
  await correction.getByRole('button', { name: 'Correct status' }).click();
  await expect(correction.getByText('This field is required')).toHaveCount(2);
  await correction.getByRole('combobox', { name: 'New status' }).click();
  await page.getByRole('option', { name: 'Scheduled' }).click();
  await correction.getByRole('textbox', { name: 'Reason' }).fill('Cancelled by mistake on the phone');
  await correction.getByRole('button', { name: 'Correct status' }).click();
  await expect(correction).toBeHidden();
  await expect(outCard.locator('[data-status]')).toHaveAttribute('data-status', 'scheduled');

  // Another dispatcher gives a second driver a trip at 19:40 while this screen still shows them free: the pick is
  // refused by the API, whose message is shown as it comes, and the screen then offers them as busy.
  const other = await eligibleDriver(request, token);
  await page.reload();
  await expect(outCard).toBeVisible();
  await api(request, token, 'POST', '/trips/add?time_zone=Europe/London', {
    type: 'shuttle',
    from_location_id: inTrip.from_location_id,
    to_yard_id: inTrip.to_yard_id,
    scheduled_at: london(day, '19:40'),
    driver_id: other.id,
  });
  const picker = `Driver or partner for the 19:30 trip ${reference}`;
  await openPicker(page, outCard, picker);
  await page.getByRole('option', { name: other.name }).click();
  await expect(toast(page, `${other.name} already has a trip less than 60 minutes from this one.`)).toBeVisible();
  await expect(outCard.locator('[data-status]')).toHaveAttribute('data-status', 'scheduled');
  await openPicker(page, outCard, picker);
  const busy = page.getByRole('option', { name: new RegExp(other.name) });
  await expect(busy).toHaveAttribute('aria-disabled', 'true');
  await expect(busy).toContainText('Has another trip at 19:40');
  await page.keyboard.press('Escape');
  await noSidewaysScroll(page);
});

test(
  'dispatch for a driver: their own trips of the day only, which they start; none of the office’s controls',
  BOTH_WIDTHS,
  async ({ page, request }) => {
    const admin = await apiSignIn(request);
    const { day, isToday } = planDay();
    const driver = await eligibleDriver(request, admin.access_token);
    const { booking, out } = await meetAndGreet(request, admin.access_token, day);
    const trips = await api<Trip[]>(request, admin.access_token, 'GET', `/trips/list?booking_id=${booking.id}`);
    const inTrip = trips.find((trip) => trip.type === 'in') as Trip;
    await api(request, admin.access_token, 'PATCH', `/trips/update/${inTrip.id}?time_zone=Europe/London`, { driver_id: driver.id });
    // The driver's first sign-in asks for a password of their own.
    const password = 'Driving-9876x';
    await finishFirstSignIn(request, driver.email ?? '', 'Tmp-4821x-driver', password);
    const session = await apiSignIn(request, driver.email ?? '', password);

    await storeSession(page, session);
    await page.goto(isToday ? '/1/dispatch' : `/1/dispatch?date=${day}`);
    await expect(page.getByRole('heading', { name: 'Dispatch', level: 1 })).toBeVisible();
    const inCard = tripCard(page, booking.reference, 'in');
    await expect(inCard).toBeVisible();
    await expect(page.getByTestId('dispatch-trip')).toHaveCount(1);
    await expect(page.locator(`[data-trip-id="${out.id}"]`)).toHaveCount(0);
    await expect(page.getByTestId('flights-panel')).toHaveCount(0);
    await expect(inCard.getByRole('combobox')).toHaveCount(0);
    await expect(inCard.getByRole('button', { name: /Cancel trip|Correct status|Take off/ })).toHaveCount(0);
    await expect(inCard).toContainText(driver.name);
    expect(await seriousViolations(page)).toEqual([]);
    await inCard.getByRole('button', { name: `Start the 17:00 trip ${booking.reference}` }).click();
    await expect(inCard.locator('[data-status]')).toHaveAttribute('data-status', 'started');
    await expect(inCard.getByRole('button', { name: `Complete the 17:00 trip ${booking.reference}` })).toBeVisible();
  },
);

test('dispatch: a trip added by hand, checked, changed and deleted', BOTH_WIDTHS, async ({ page, request }) => {
  const session = await apiSignIn(request);
  const { day, isToday } = planDay();
  const note = `Shuttle for crew ${tag()}`;

  await storeSession(page, session);
  await page.goto(isToday ? '/1/dispatch' : `/1/dispatch?date=${day}`);
  await page.getByRole('button', { name: 'Add trip' }).click();
  await dialogOpen(page);
  const dialog = page.getByRole('dialog', { name: 'Add a trip' });
  await expect(dialog.getByRole('radio', { name: 'Shuttle' })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  // Nothing chosen: both ends are asked for; one place at both ends is refused in words.
  await dialog.getByRole('button', { name: 'Add trip' }).click();
  await expect(dialog.getByText('This field is required')).toHaveCount(2);
  const choose = async (field: 'From' | 'To', place: string) => {
    await dialog.getByRole('combobox', { name: field, exact: true }).click();
    await page.getByRole('option', { name: place }).click();
  };
  await choose('From', 'Hounslow Valet Yard');
  await choose('To', 'Hounslow Valet Yard');
  await dialog.getByRole('button', { name: 'Add trip' }).click();
  await expect(dialog.getByText('The trip must end somewhere other than where it starts.')).toBeVisible();

  await choose('To', 'Heathrow Terminal 5 Drop-off (LHR)');
  await dialog.getByRole('textbox', { name: 'Time' }).fill(`${day}T16:10`);
  await dialog.getByRole('textbox', { name: 'Notes' }).fill(note);
  await dialog.getByRole('button', { name: 'Add trip' }).click();
  await expect(toast(page, 'The 16:10 trip Shuttle is added.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('dispatch-trip').filter({ hasText: note });
  await expect(card.getByTestId('trip-time')).toHaveText('16:10');
  await expect(card).toContainText('Hounslow Valet Yard');
  await expect(card).toContainText('Heathrow Terminal 5 Drop-off');
  await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'scheduled');
  // Left empty, the fee is the company's fee per trip (the demo company's is 12.00).
  const [saved] = await (
    await request.get(`/api/trips/list?date=${day}&type=shuttle&page_size=1000&time_zone=Europe/London`, {
      headers: { Authorization: `Bearer ${session.access_token}` },
    })
  )
    .json()
    .then((body: { data: Trip[] }) => body.data.filter((trip) => trip.notes === note));
  expect(saved?.driver_fee).toBe(1200);

  // Changed: a later time, the other way round; the card follows.
  await card.getByRole('button', { name: 'Change the 16:10 trip Shuttle' }).click();
  await dialogOpen(page);
  const edit = page.getByRole('dialog', { name: 'Change the 16:10 trip Shuttle' });
  await expect(edit.getByRole('textbox', { name: 'Time' })).toHaveValue(`${day}T16:10`);
  await expect(edit.getByRole('combobox', { name: 'From', exact: true })).toHaveValue('Hounslow Valet Yard');
  await edit.getByRole('textbox', { name: 'Time' }).fill(`${day}T16:40`);
  await edit.locator('label').filter({ hasText: /^In$/ }).click();
  await expect(edit.getByRole('radio', { name: 'In', exact: true })).toBeChecked();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'The 16:40 trip In is saved.')).toBeVisible();
  await expect(card.getByTestId('trip-time')).toHaveText('16:40');
  await expect(card).toHaveAttribute('data-type', 'in');

  // Deleted, after asking: a trip made by hand that never happened goes.
  await card.getByRole('button', { name: 'Change the 16:40 trip In' }).click();
  await dialogOpen(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete trip' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this trip?' });
  await expect(confirm).toContainText('Delete the 16:40 trip In?');
  await confirm.getByRole('button', { name: 'Delete trip' }).click();
  await expect(toast(page, 'The 16:40 trip In is deleted.')).toBeVisible();
  await expect(card).toHaveCount(0);

  // In Tamil the form speaks Tamil.
  await setLanguage(page, 'ta');
  await page.reload();
  await page.getByRole('button', { name: 'பயணம் சேர்' }).click();
  await dialogOpen(page);
  await expect(page.getByRole('dialog', { name: 'ஒரு பயணத்தைச் சேர்' })).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await setLanguage(page, 'en');
});
