import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Booking, Trip } from '@ps/contracts';
import { call, choose, heathrowMeetAndGreet, MEET_AND_GREET_DESK, TERMINAL_DROP_OFF } from './bookingWorld';
import { dialogOpen, noSidewaysScroll, setLanguage } from './catalogue';
import { apiSignIn, BOTH_WIDTHS, PHONE_ONLY, seriousViolations, storeSession, toast } from './support';

/**
 * The booking page's trips and its car's path (issue 8, section 3) against the real API: a confirmed
 * meet-and-greet booking at the demo's Heathrow (whose meet-and-greet bands are priced) gets its in and out trips;
 * the page lists them on the airport's clock, records where the car is and shows the path in order, shows the
 * out-trip's time change with its reason once the return time is edited, and says the API's refusal in words.
 */

const HOUR = 3_600_000;
const TERMINAL = TERMINAL_DROP_OFF;
const DESK = MEET_AND_GREET_DESK;

/** "24 Nov 2026, 06:05" in London, as the page shows a time at the booking's airport. */
const londonTime = (instant: string | number) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' }).format(new Date(instant));

/** The London wall clock of an instant as `YYYY-MM-DDTHH:mm` (what a datetime-local input takes). */
function londonLocal(instant: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A phone (so confirmed) meet-and-greet booking at Heathrow, from the desk to Terminal 5, some days ahead. */
async function meetAndGreetBooking(request: APIRequestContext, token: string) {
  const booking = await heathrowMeetAndGreet(request, token, {
    daysAhead: 3,
    customer: 'Trips Customer',
    regPrefix: 'MG',
    fields: { outbound_flight: 'BA117', return_flight: 'BA118' },
  });
  expect(booking.status).toBe('confirmed');
  const trips = await call<Trip[]>(request, token, 'GET', `/trips/list?booking_id=${booking.id}&sort=scheduled_at`);
  const inTrip = trips.find((trip) => trip.type === 'in');
  const outTrip = trips.find((trip) => trip.type === 'out');
  if (!inTrip || !outTrip) throw new Error('the booking has no in and out trips');
  return { booking, inTrip, outTrip };
}

const tripCard = (page: Page, name: string) =>
  page.getByTestId('booking-trip').filter({ has: page.getByRole('heading', { name, exact: true }) });

test(
  'lists a meet-and-greet booking’s trips, records the car’s path in order and shows the out-trip moved by a new return time',
  BOTH_WIDTHS,
  async ({ page, request }) => {
    const session = await apiSignIn(request);
    const token = session.access_token;
    const { booking, inTrip, outTrip } = await meetAndGreetBooking(request, token);
    await storeSession(page, session);
    await page.goto(`/1/bookings/${booking.id}`);

    // Each trip: its time on the airport's clock, its ends, its status and that no driver has it yet.
    const trips = page.getByRole('region', { name: 'Trips' });
    await expect(trips.getByTestId('booking-trip')).toHaveCount(2);
    const inCard = tripCard(page, 'In trip');
    const outCard = tripCard(page, 'Out trip');
    await expect(inCard.getByTestId('trip-time')).toHaveText(londonTime(booking.departure_at));
    await expect(inCard).toContainText(`${DESK} → ${inTrip.to_name}`);
    await expect(inCard.getByTestId('trip-status')).toHaveText('Scheduled');
    await expect(inCard).toContainText('Driver: Unassigned');
    // The out-trip leaves the yard the company's flight buffer after the return lands.
    await expect(outCard.getByTestId('trip-time')).toHaveText(londonTime(outTrip.scheduled_at));
    await expect(outCard).toContainText(`${outTrip.from_name} → ${TERMINAL}`);
    await expect(trips.getByRole('link', { name: 'Open the dispatch screen' })).toHaveAttribute('href', '/1/dispatch');

    const path = page.getByRole('region', { name: "Car's path" });
    await expect(path).toContainText('No movements recorded yet.');
    expect(await seriousViolations(page), 'trips and path').toEqual([]);

    // A place is required; the form says so beside it, in the user's words, before anything is sent.
    const form = page.getByRole('form', { name: 'Record where the car is' });
    await expect(form.getByRole('combobox', { name: /^Trip/ })).toHaveValue(`In trip · ${londonTime(inTrip.scheduled_at)}`);
    await form.getByRole('button', { name: 'Record movement' }).click();
    await expect(form.getByRole('combobox', { name: /^Place/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Choose where the car is').last()).toBeVisible();

    // First the yard, now; then the desk an hour earlier: the path is in the order the car moved, not recorded.
    await choose(page, /^Place/, 'Crawley', inTrip.to_name);
    await form.getByRole('button', { name: 'Record movement' }).click();
    await expect(toast(page, `Recorded: the car is at ${inTrip.to_name}.`)).toBeVisible();
    const earlier = Date.now() - HOUR;
    await choose(page, /^Place/, 'Desk', DESK);
    await expect(page.getByRole('listbox')).toBeHidden();
    await form.getByLabel('Time', { exact: true }).fill(londonLocal(earlier));
    await form.getByRole('button', { name: 'Record movement' }).click();
    await expect(toast(page, `Recorded: the car is at ${DESK}.`)).toBeVisible();
    const steps = path.getByTestId('car-path-step');
    await expect(steps).toHaveCount(2);
    await expect(path.getByTestId('car-path-place')).toHaveText([DESK, inTrip.to_name]);
    await expect(steps.first()).toContainText(`${londonTime(Math.floor(earlier / 60_000) * 60_000)} · In trip`);
    await expect(steps.first()).toContainText('Recorded by Demo Admin');
    await expect(steps.last()).toContainText('Latest');
    // The trail holds the movements too.
    await expect(page.getByTestId('booking-audit')).toContainText('Car moved · In trip');
    await page.getByRole('combobox', { name: /^Place/ }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    expect(await seriousViolations(page), 'place choice open').toEqual([]);
    await page.keyboard.press('Escape');
    await noSidewaysScroll(page);

    // A later return: the edit form saves it (re-priced), the out-trip follows and says why.
    const newReturn = Date.parse(booking.arrival_at) + 2 * HOUR;
    await page.goto(`/1/bookings/${booking.id}/edit`);
    await page.locator('input[name="arrival_local"]').fill(londonLocal(newReturn));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Two hours later on the same day costs the same: the dialog says the total stays, not that it changes.
    await dialogOpen(page);
    await expect(page.getByRole('dialog', { name: 'The price stays the same' })).toBeVisible();
    await page.getByRole('button', { name: 'Save the change' }).click();
    await expect(page).toHaveURL(new RegExp(`/1/bookings/${booking.id}$`));
    const movedTo = Date.parse(outTrip.scheduled_at) + 2 * HOUR;
    await expect(outCard.getByTestId('trip-time')).toHaveText(londonTime(movedTo));
    const change = outCard.getByTestId('trip-schedule-change');
    await expect(change).toHaveCount(1);
    await expect(change).toContainText(`${londonTime(outTrip.scheduled_at)} → ${londonTime(movedTo)}`);
    await expect(change).toContainText("The booking's times were changed");
    await expect(change).toContainText('Demo Admin');
    await expect(inCard.getByTestId('trip-schedule-change')).toHaveCount(0);
    // Logged on the booking too: its audit trail says the out-trip's time moved, from when to when and why.
    const moved = page.getByTestId('booking-audit-entry').filter({ hasText: "Trip's time moved · Out trip" });
    await expect(moved).toContainText(londonTime(movedTo));
    await expect(moved).toContainText("The booking's times were changed");

    // The office cancels the in-trip meanwhile (from another screen): the API's refusal is said in the form.
    await call(request, token, 'PATCH', `/trips/status/update/admin/${inTrip.id}`, { status: 'cancelled', reason: 'Customer drove in' });
    await choose(page, /^Place/, 'Terminal 5', TERMINAL);
    await form.getByRole('button', { name: 'Record movement' }).click();
    await expect(form.getByTestId('movement-refused')).toHaveText('This trip is Cancelled: it can no longer be changed.');
    await expect(path.getByTestId('car-path-step')).toHaveCount(2);
    expect(await seriousViolations(page), 'refusal shown').toEqual([]);
  },
);

test('says why a pending meet-and-greet booking has no trips yet, and shows the trips in Tamil', PHONE_ONLY, async ({ page, request }) => {
  const session = await apiSignIn(request);
  const token = session.access_token;
  const { booking } = await meetAndGreetBooking(request, token);
  const pending = await call<Booking>(request, token, 'POST', '/booking/add', {
    type: 'meet_and_greet',
    customer_name: `Pending ${booking.customer_name}`,
    customer_email: 'pending@example.com',
    vehicle_reg: booking.vehicle_reg,
    airport_id: booking.airport_id,
    departure_id: booking.departure_id,
    arrival_id: booking.arrival_id,
    departure_at: booking.departure_at,
    arrival_at: booking.arrival_at,
    channel: 'web',
  });
  expect(pending.status).toBe('pending');
  await storeSession(page, session);
  await page.goto(`/1/bookings/${pending.id}`);
  await expect(page.getByTestId('booking-trips-none')).toHaveText(
    'No trips yet: a meet-and-greet booking gets its in and out trips when it is confirmed.',
  );
  await expect(page.getByRole('region', { name: "Car's path" })).toHaveCount(0);

  // In Tamil: the trips, their statuses and the form in real words; nothing wider than the screen.
  await setLanguage(page, 'ta');
  await page.goto(`/1/bookings/${booking.id}`);
  const trips = page.getByRole('region', { name: 'பயணங்கள்' });
  await expect(trips.getByRole('heading', { name: 'உள்வரவுப் பயணம்' })).toBeVisible();
  await expect(trips.getByRole('heading', { name: 'வெளியேற்றப் பயணம்' })).toBeVisible();
  await expect(trips.getByTestId('trip-status').first()).toHaveText('திட்டமிடப்பட்டது');
  await expect(page.getByRole('region', { name: 'வாகனம் சென்ற வழி' })).toContainText('இன்னும் நகர்வுகள் எதுவும் பதிவாகவில்லை.');
  const form = page.getByRole('form', { name: 'வாகனம் இப்போது எங்கே உள்ளது எனப் பதிவுசெய்' });
  await form.getByRole('button', { name: 'நகர்வைப் பதிவுசெய்' }).click();
  await expect(form.getByText('வாகனம் உள்ள இடத்தைத் தேர்ந்தெடுங்கள்').last()).toBeVisible();
  expect(await seriousViolations(page), 'Tamil').toEqual([]);
  await noSidewaysScroll(page);
  await page.goto(`/1/bookings/${pending.id}`);
  await expect(page.getByTestId('booking-trips-none')).toContainText('இன்னும் பயணங்கள் இல்லை');
});
