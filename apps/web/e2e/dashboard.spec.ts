import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Booking, Location } from '@ps/contracts';
import { ADMIN, apiSignIn, PHONE_ONLY, seriousViolations, storeSession, toast } from './support';

/**
 * The dashboard and the outbox against the real API. The booking is made through the API at the demo's
 * Heathrow Long Stay car park (priced by the demo prices), departing in a few minutes: it is on today's IN
 * board. The e2e server has no mail server, so its confirmation waits in the outbox.
 */

async function longStay(request: APIRequestContext, token: string): Promise<Location> {
  const response = await request.get('/api/location/list?search=Heathrow%20Long%20Stay&page_size=10', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const [carPark] = ((await response.json()) as { data: Location[] }).data;
  if (!carPark) throw new Error('The demo data has no Heathrow Long Stay Car Park');
  return carPark;
}

async function bookForToday(request: APIRequestContext, token: string): Promise<Booking> {
  const carPark = await longStay(request, token);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const now = Date.now();
  // Ten minutes ahead, unless that is tomorrow in London (a run just before midnight): then ten minutes ago.
  const londonDay = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(at);
  const departure = londonDay(now + 10 * 60_000) === londonDay(now) ? now + 10 * 60_000 : now - 10 * 60_000;
  const response = await request.post('/api/booking/add', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      customer_name: `Dash Customer ${tag}`,
      customer_email: `dash.${tag.toLowerCase()}@example.com`,
      vehicle_reg: `D${tag}`.slice(0, 10),
      vehicle_make: 'Toyota',
      airport_id: carPark.airport_id,
      departure_id: carPark.id,
      arrival_id: carPark.id,
      departure_at: new Date(departure).toISOString(),
      arrival_at: new Date(now + 2 * 24 * 3600_000).toISOString(),
      outbound_flight: 'BA123',
      channel: 'phone',
      language: 'en',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Booking }).data;
}

async function signInWithForm(page: Page) {
  await page.goto('/auth/login');
  await page.getByLabel('Email, phone or username').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const figure = (page: Page, name: string) => page.getByTestId(`figure-${name}-value`);
const numberIn = async (page: Page, name: string) => Number((await figure(page, name).innerText()).replace(/\D/g, ''));

test('sign-in lands on the dashboard; a new booking shows up live and is checked in and out from its card', async ({ page, request }) => {
  const figureReads: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/booking/statistics/list') figureReads.push(sent.url());
  });
  await signInWithForm(page);
  await expect(page).toHaveURL(/\/1\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard · Parking Solutions');
  await expect(page.getByTestId('live-state')).toHaveText('Live');
  await expect(figure(page, 'in')).not.toHaveText('…');
  await expect(page.getByTestId('occupancy')).toBeVisible();
  // The stream's first connection reads nothing again: the figures were read once.
  expect(figureReads).toHaveLength(1);
  const inBefore = await numberIn(page, 'in');
  const monthBefore = await numberIn(page, 'month-bookings');

  const session = await apiSignIn(request);
  const booking = await bookForToday(request, session.access_token);

  // No reload: the live stream refetches the board and the figures.
  const card = page.getByTestId('board-in').locator(`[data-reference="${booking.reference}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText(booking.customer_name);
  await expect(card).toContainText('BA123');
  await expect(card.getByRole('link', { name: booking.customer_name, exact: true })).toHaveAttribute('href', `/1/bookings/${booking.id}`);
  await expect(figure(page, 'in')).toHaveText(String(inBefore + 1));
  await expect(figure(page, 'month-bookings')).toHaveText(String(monthBefore + 1));

  // The board's buttons open the handover screen, where the check-in and check-out are recorded (never one click).
  const onSiteBefore = await numberIn(page, 'on-site');
  await card.getByRole('link', { name: `Check in ${booking.reference}, ${booking.customer_name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/1/bookings/${booking.id}/handover\\?kind=check_in$`));
  await page.getByRole('button', { name: 'Check in…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm check-in' }).click();
  await expect(toast(page, `${booking.reference} checked in.`)).toBeVisible();
  // The booking page took the handover screen's place: Back returns to the board.
  await page.goBack();
  await expect(page).toHaveURL(/\/1\/dashboard$/);
  await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'checked_in');
  await expect(figure(page, 'on-site')).toHaveText(String(onSiteBefore + 1));

  await card.getByRole('link', { name: `Check out ${booking.reference}, ${booking.customer_name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/1/bookings/${booking.id}/handover\\?kind=check_out$`));
  await page.getByRole('button', { name: 'Check out…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm check-out' }).click();
  await expect(toast(page, `${booking.reference} checked out.`)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/1\/dashboard$/);
  await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'checked_out');
  await expect(card.getByRole('link', { name: /^Check (in|out) / })).toHaveCount(0);

  // A move the board does not offer is refused by the API, whose message is what the user would see.
  const refused = await request.patch(`/api/booking/status/update/${booking.id}`, {
    headers: { Authorization: `Bearer ${session.access_token}` },
    data: { status: 'checked_in' },
  });
  expect(refused.status()).toBe(400);

  // Charts (with a segment switch) and the occupancy calendar.
  await expect(page.getByTestId('chart-bookings').locator('svg.recharts-surface')).toBeVisible();
  await expect(page.getByTestId('chart-revenue').locator('svg.recharts-surface')).toBeVisible();
  await page.getByText('Month', { exact: true }).click();
  await expect(page.getByTestId('chart-bookings').locator('.recharts-bar-rectangle').first()).toBeAttached();
  const calendar = page.getByTestId('occupancy-car-park').filter({ hasText: 'Heathrow Long Stay Car Park' });
  await expect(calendar.getByTestId('occupancy-day')).toHaveCount(60);
  await expect(page.getByRole('list', { name: 'Legend' })).toBeVisible();
  // A calendar: each month under weekday headers from the company's first day (Monday), each day in its weekday's
  // column, its cars and how full said to screen readers and shown on hover.
  const month = calendar.getByTestId('occupancy-month').first();
  await expect(month.locator('thead th')).toHaveText(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  const firstDay = month.getByTestId('occupancy-day').first();
  const date = (await firstDay.getAttribute('data-date')) ?? '';
  const column = await firstDay.evaluate((cell) => (cell.closest('td') as HTMLTableCellElement).cellIndex);
  expect(column).toBe((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7);
  await expect(firstDay).toContainText(/: \d+ of 800 booked, \d+% full|: full,/);
  if (!test.info().project.name.startsWith('mobile')) {
    await firstDay.hover();
    await expect(page.getByRole('tooltip')).toContainText(/of 800 booked/);
  }

  // Nothing scrolls sideways at 375 px.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the outbox lists the confirmation waiting for a mail server, opens it and resends it', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const booking = await bookForToday(request, session.access_token);
  await storeSession(page, session);
  await page.goto('/1/outbox?state=queued');
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  await expect(page.getByText('No mail server is configured: messages wait here.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('Queued');

  const read = page.getByRole('button', { name: new RegExp(`^Read ".*${booking.reference}.*"`) });
  await expect(read).toBeVisible();
  // The row names its booking by the reference people quote, not by its number.
  await expect(page.getByRole('link', { name: booking.reference, exact: true })).toHaveAttribute('href', `/1/bookings/${booking.id}`);
  await read.click();
  const message = page.getByRole('dialog');
  await expect(message.getByTestId('outbox-text')).toContainText(booking.reference);
  expect(await seriousViolations(page)).toEqual([]);
  await message.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: new RegExp(`^Resend ".*${booking.reference}.*"`) }).click();
  const ask = page.getByRole('dialog', { name: 'Send this message again?' });
  await expect(ask).toContainText(booking.customer_email ?? '');
  await ask.getByRole('button', { name: 'Resend' }).click();
  await expect(toast(page, `The message to ${booking.customer_email} is queued and goes out now.`)).toBeVisible();

  // The state filter lives in the URL.
  await page.getByRole('combobox', { name: 'State' }).click();
  await expect(page.getByRole('option', { name: 'Sent', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('option', { name: 'Failed', exact: true }).click();
  await expect(page).toHaveURL(/state=failed/);
  await expect(page.getByText('No messages in this state.').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('both screens are axe-clean in Tamil, with a dropdown open', PHONE_ONLY, async ({ page, request }) => {
  const session = await apiSignIn(request);
  await bookForToday(request, session.access_token);
  await storeSession(page, session);
  await page.evaluate(() => localStorage.setItem('language', 'ta'));

  await page.goto('/1/dashboard');
  await expect(page.getByRole('heading', { name: 'கட்டுப்பாட்டுப் பலகை', level: 1 })).toBeVisible();
  await expect(page.getByTestId('live-state')).toHaveText('நேரலை');
  await expect(page.getByTestId('board-in').getByTestId('board-booking').first()).toBeVisible();
  await expect(page.getByTestId('occupancy-car-park').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/1/outbox');
  await expect(page.getByRole('heading', { name: 'அனுப்புப் பெட்டி', level: 1 })).toBeVisible();
  await expect(page.getByText('அஞ்சல் சேவையகம் எதுவும் அமைக்கப்படவில்லை: செய்திகள் இங்கே காத்திருக்கின்றன.')).toBeVisible();
  await page.getByRole('combobox', { name: 'நிலை' }).click();
  await expect(page.getByRole('option', { name: 'அனுப்பப்பட்டது', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("lists the drivers whose licence or documents expire within 30 days, and opens the driver's page", async ({ page, request }) => {
  const session = await apiSignIn(request);
  const tag = Date.now().toString(36);
  const inNineDays = new Date(Date.now() + 9 * 24 * 3600_000).toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  const added = await request.post('/api/auth/driver/add', {
    headers: { Authorization: `Bearer ${session.access_token}` },
    data: {
      first_name: 'Expiring',
      last_name: `Licence ${tag.replace(/\d/g, '')}`,
      email: `expiring.${tag}@example.com`,
      temporary_password: 'Temp1234x',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const driver = ((await added.json()) as { data: { id: number; first_name: string; last_name: string } }).data;
  // The demo's licence type gives the licence expiry: the driver's scan, valid for nine more days.
  const types = await request.get('/api/document/list?search=Driving%20licence', {
    headers: { Authorization: `Bearer ${session.access_token}` },
  });
  const licenceType = ((await types.json()) as { data: { id: number; is_licence: boolean }[] }).data.find((type) => type.is_licence);
  const scan = await request.post('/api/driver/documents/add', {
    headers: { Authorization: `Bearer ${session.access_token}` },
    multipart: {
      driver_id: String(driver.id),
      document_type_id: String(licenceType?.id),
      expiry_date: inNineDays,
      file: { name: 'licence.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    },
  });
  expect(scan.status(), await scan.text()).toBe(201);
  await storeSession(page, session);
  await page.goto('/1/dashboard');

  const section = page.getByTestId('expiring-documents');
  await expect(section.getByRole('heading', { name: 'Documents expiring within 30 days' })).toBeVisible();
  const row = section.getByTestId('expiring-row').filter({ hasText: `${driver.first_name} ${driver.last_name}` });
  // Listed once, as the licence document (the profile keeps the same date, so it is not listed again).
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Driving licence');
  await expect(row).toContainText('In 9 days');
  await row.getByRole('link', { name: `${driver.first_name} ${driver.last_name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/1/drivers/${driver.id}$`));
});
