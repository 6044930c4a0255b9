import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { DocumentType, Driver, Trip, TripDetail } from '@ps/contracts';
import { call, heathrowMeetAndGreet } from './bookingWorld';
import { noSidewaysScroll, setLanguage } from './catalogue';
import { apiSignIn, BOTH_WIDTHS, finishFirstSignIn, PHONE_ONLY, seriousViolations, storeSession } from './support';

/**
 * The driver's phone (issue 22, section 3), against the real API. Through the API, as the admin: a new driver made
 * eligible, a confirmed meet-and-greet booking starting this hour, its in-trip given to the driver. On the phone, as the
 * driver: signing in lands on My day with today's trip; they start it; the signal goes (`setOffline`); they record where
 * the car is and complete the trip, which shows at once and waits in a visible queue; the signal returns, the queue is
 * sent in order, and the server holds exactly one completion and one movement. In English at both widths, in Tamil at
 * 375 px; axe online and offline with the queue.
 */

const ZONE = 'Europe/London';
const PASSWORD = 'Driving-9876x';
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** Letters only: driver names refuse digits. */
const letters = () =>
  tag()
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')
    .replace(/^./, (first) => first.toUpperCase());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** A new driver who may take trips (both required documents, a rate, approved), signed in once with their own password. */
async function eligibleDriver(request: APIRequestContext, token: string) {
  const email = `myday.${tag()}@example.com`;
  const driver = await call<Driver>(request, token, 'POST', '/auth/driver/add', {
    first_name: 'Selvi',
    last_name: letters(),
    email,
    temporary_password: 'Tmp-4821x-driver',
  });
  const types = await call<DocumentType[]>(request, token, 'GET', '/document/list?page_size=1000');
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
  await call(request, token, 'POST', '/driver/price_per_hour/add', {
    driver_id: driver.id,
    price_per_hour: 1500,
    effective_from: '2026-01-01',
  });
  await call(request, token, 'PATCH', `/driver/update/${driver.id}`, { approve_status: 'approved' });
  await finishFirstSignIn(request, email, 'Tmp-4821x-driver', PASSWORD);
  return { driver, session: await apiSignIn(request, email, PASSWORD) };
}

/** Today's trip of the driver: the in-trip of a meet-and-greet booking starting this hour, with a customer's number and a flight. */
async function todaysTrip(request: APIRequestContext, token: string, driverId: number) {
  const booking = await heathrowMeetAndGreet(request, token, {
    daysAhead: 0,
    customer: 'Meena Ravi',
    regPrefix: 'MD',
    fields: { outbound_flight: 'BA303', return_flight: 'EK007' },
  });
  const trips = await call<Trip[]>(request, token, 'GET', `/trips/list?booking_id=${booking.id}`);
  const inTrip = trips.find((trip) => trip.type === 'in');
  if (!inTrip) throw new Error(`No in-trip for ${booking.reference}`);
  await call(request, token, 'PATCH', `/trips/update/${inTrip.id}?time_zone=${ZONE}`, { driver_id: driverId });
  return { booking, trip: inTrip };
}

/** The words of each language the test finds the screen by. */
const words = {
  en: {
    title: 'My day',
    start: (time: string, reference: string) => `Start the ${time} trip ${reference}`,
    complete: (time: string, reference: string) => `Complete the ${time} trip ${reference}`,
    move: (time: string, reference: string) => `Record where the car is: the ${time} trip ${reference}`,
    at: (place: string) => `At ${place}`,
    offline: /^Offline: showing \d\d:\d\d’s copy$/,
    queued: '2 actions waiting to be sent',
    queuedComplete: (time: string, reference: string) => `Complete the ${time} trip ${reference}`,
    collect: 'Collect from the customer at Meet & Greet Desk T2',
  },
  ta: {
    title: 'எனது நாள்',
    start: (time: string, reference: string) => `${time} பயணம் ${reference}-ஐத் தொடங்கு`,
    complete: (time: string, reference: string) => `${time} பயணம் ${reference}-ஐ முடி`,
    move: (time: string, reference: string) => `${time} பயணம் ${reference}-இன் வாகனம் எங்கே உள்ளது எனப் பதிவுசெய்`,
    at: (place: string) => `${place} இல்`,
    offline: /^இணைப்பு இல்லை: \d\d:\d\d மணி நகல் காட்டப்படுகிறது$/,
    queued: '2 செயல்கள் அனுப்பக் காத்திருக்கின்றன',
    queuedComplete: (time: string, reference: string) => `${time} பயணம் ${reference}: முடி`,
    collect: 'Meet & Greet Desk T2 இல் வாடிக்கையாளரிடமிருந்து வாகனத்தைப் பெறுங்கள்',
  },
} as const;

async function tripDetail(request: APIRequestContext, token: string, id: number) {
  return call<TripDetail>(request, token, 'GET', `/trips/get/${id}`);
}

async function driverDay(page: Page, request: APIRequestContext, language: 'en' | 'ta') {
  const admin = await apiSignIn(request);
  const { driver, session } = await eligibleDriver(request, admin.access_token);
  const { booking, trip } = await todaysTrip(request, admin.access_token, driver.id);
  const say = words[language];
  const londonTime = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(trip.scheduled_at),
  );

  // Signing in lands on My day (the app's home for a driver).
  await storeSession(page, session);
  await setLanguage(page, language);
  await page.goto('/1');
  await expect(page).toHaveURL(/\/1\/my-day$/);
  await expect(page.getByRole('heading', { name: say.title, level: 1 })).toBeVisible();
  const card = page.locator(`[data-testid="my-trip"][data-trip-id="${trip.id}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(say.collect);
  await expect(card.getByTestId('my-trip-time')).toHaveText(londonTime);
  await expect(card).toContainText(booking.customer_name);
  await expect(card.locator('a[href="tel:+447700900321"]')).toBeVisible();
  await expect(card).toContainText('BA303');
  await expect(card).toContainText(booking.vehicle_reg);
  await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'assigned');
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  // Started online: sent at once.
  await card.getByRole('button', { name: say.start(londonTime, booking.reference) }).click();
  await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'started');
  await expect.poll(async () => (await tripDetail(request, admin.access_token, trip.id)).status).toBe('started');
  await expect(card.getByTestId('my-trip-waiting')).toHaveCount(0);

  // The signal goes: the day stays readable, and what the driver does waits in the queue, shown at once.
  await page.context().setOffline(true);
  await expect(page.getByTestId('my-day-offline')).toBeVisible();
  await expect(page.getByTestId('my-day-offline').getByText(say.offline)).toBeVisible();
  // Where the in-trip takes the car (the booking's yard): one of the two places offered.
  const yard = trip.to_name;
  await card.getByRole('button', { name: say.move(londonTime, booking.reference) }).click();
  await card.getByRole('button', { name: say.at(yard), exact: true }).click();
  await card.getByRole('button', { name: say.complete(londonTime, booking.reference) }).click();
  await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'completed');
  await expect(card.getByTestId('my-trip-waiting')).toBeVisible();
  await expect(card.getByTestId('my-trip-moved')).toContainText(yard);
  const queue = page.getByTestId('my-day-queue');
  await expect(queue.getByRole('heading', { name: say.queued })).toBeVisible();
  await expect(queue.getByTestId('my-day-queued')).toHaveCount(2);
  await expect(queue.getByTestId('my-day-queued').nth(1)).toContainText(say.queuedComplete(londonTime, booking.reference));
  // Nothing reached the server.
  expect((await tripDetail(request, admin.access_token, trip.id)).status).toBe('started');
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  // The signal returns: the queue is sent in order and empties; the trip shows completed, no longer waiting.
  await page.context().setOffline(false);
  await expect(queue).toBeHidden();
  await expect(page.getByTestId('my-day-offline')).toBeHidden();
  await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'completed');
  await expect(card.getByTestId('my-trip-waiting')).toHaveCount(0);

  // Each action reached the server once: one completion, one movement, in the order they were made.
  const detail = await tripDetail(request, admin.access_token, trip.id);
  expect(detail.status).toBe('completed');
  expect(detail.status_history.filter((line) => line.to_status === 'completed')).toHaveLength(1);
  expect(detail.movements.map((movement) => movement.place_name)).toEqual([yard]);
  const completedAt = Date.parse(detail.status_history.find((line) => line.to_status === 'completed')?.changed_at ?? '');
  expect(Date.parse(detail.movements[0]?.moved_at ?? '')).toBeLessThanOrEqual(completedAt);
}

test(
  'my day: a driver’s trip started, then recorded and completed offline, sent once when the signal returns',
  BOTH_WIDTHS,
  async ({ page, request }) => {
    await driverDay(page, request, 'en');
  },
);

test('my day in Tamil: the same day on a 375 px phone', PHONE_ONLY, async ({ page, request }) => {
  await driverDay(page, request, 'ta');
});
