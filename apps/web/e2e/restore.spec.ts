import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Band, Location } from '@ps/contracts';
import { call, heathrowMeetAndGreet } from './bookingWorld';
import { dialogOpen, noSidewaysScroll, setLanguage } from './catalogue';
import { apiSignIn, BOTH_WIDTHS, createAirport, seriousViolations, storeSession, toast } from './support';

/**
 * Restoring an earlier version (issue 9, section 5) against the real API, at 375 and 1440 px: an admin edits a
 * booking's customer name on the edit page, opens the booking's versions, restores the version it was booked
 * with (the dialog shows the name now -> restored and the total), sees the old name back and the restore at the
 * top of the versions; then the same section and dialog in Tamil. Axe with the dialog open.
 */

/** A confirmed meet-and-greet booking at the demo's Heathrow, some days ahead. */
const demoBooking = (request: APIRequestContext, token: string) =>
  heathrowMeetAndGreet(request, token, { daysAhead: 5, customer: 'Original Customer', regPrefix: 'RS' });

const versionCard = (page: Page, text: string | RegExp) => page.getByTestId('booking-version').filter({ hasText: text });

test('an edited booking goes back to the version it was booked with, and the restore is listed', BOTH_WIDTHS, async ({ page, request }) => {
  const session = await apiSignIn(request);
  const booking = await demoBooking(request, session.access_token);
  const renamed = booking.customer_name.replace('Original', 'Renamed');
  await storeSession(page, session);

  // The admin changes the customer's name on the edit page.
  await page.goto(`/1/bookings/${booking.id}/edit`);
  const name = page.getByRole('textbox', { name: 'Customer name' });
  await expect(name).toHaveValue(booking.customer_name);
  await name.fill(renamed);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/1/bookings/${booking.id}$`));
  const customer = page.getByRole('region', { name: 'Customer' });
  await expect(customer).toContainText(renamed);

  // Its versions: the change (as it is now) above the booking as it was made.
  const versions = page.getByRole('region', { name: 'Versions' });
  await versions.scrollIntoViewIfNeeded();
  await expect(versions.getByTestId('booking-version')).toHaveCount(2);
  await expect(versions.getByTestId('booking-version').first()).toContainText('Changed');
  await expect(versions.getByTestId('booking-version').first()).toContainText('As it is now');
  await expect(versions.getByTestId('booking-version').first()).toContainText('Changed: Customer name');
  await expect(versions.getByTestId('booking-version').first().getByRole('button')).toHaveCount(0);
  expect(await seriousViolations(page), 'versions').toEqual([]);
  await noSidewaysScroll(page);

  // Restore the booking as it was made: the dialog says what goes back and that the total stays.
  await versionCard(page, 'Booked')
    .getByRole('button', { name: /^Restore this version \(/ })
    .click();
  await dialogOpen(page);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('restore-fields')).toContainText('Customer name');
  await expect(dialog.getByTestId('restore-fields')).toContainText(`${renamed} → ${booking.customer_name}`);
  await expect(dialog.getByTestId('restore-total')).toContainText('The total stays');
  expect(await seriousViolations(page), 'restore dialog').toEqual([]);
  await noSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await expect(toast(page, `Booking ${booking.reference}: the earlier version is restored.`)).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();

  // The old name is back, and the restore is the newest version (as it is now), naming the version it restored.
  await expect(customer).toContainText(booking.customer_name);
  await expect(customer).not.toContainText(renamed);
  await expect(versions.getByTestId('booking-version')).toHaveCount(3);
  const newest = versions.getByTestId('booking-version').first();
  await expect(newest).toContainText('Restored the version of');
  await expect(newest).toContainText('As it is now');
  await expect(newest).toContainText('Demo Admin');
  // The audit trail says it too.
  // ... naming the version it brought back by when and who made it, not by an audit id.
  await expect(page.getByTestId('booking-audit-entry').first()).toContainText(/Restored from audit entry.+ · Demo Admin/);

  // In Tamil: the section, the restore's title and the dialog.
  await setLanguage(page, 'ta');
  await page.reload();
  const tamil = page.getByRole('region', { name: 'பதிப்புகள்' });
  await tamil.scrollIntoViewIfNeeded();
  await expect(tamil.getByTestId('booking-version').first()).toContainText('பதிப்பு மீட்டமைக்கப்பட்டது');
  await expect(tamil.getByTestId('booking-version').first()).toContainText('இப்போது உள்ளபடி');
  await tamil.getByTestId('booking-version').nth(1).getByRole('button').click();
  await dialogOpen(page);
  await expect(page.getByRole('dialog')).toContainText(`${booking.customer_name} → ${renamed}`);
  await expect(page.getByRole('dialog').getByRole('button', { name: 'இந்தப் பதிப்பை மீட்டமை' })).toBeVisible();
  expect(await seriousViolations(page), 'Tamil restore dialog').toEqual([]);
  await noSidewaysScroll(page);
  await page.getByRole('dialog').getByRole('button', { name: 'ரத்துசெய்' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
});

/** A park-and-ride band of one day in a range no demo band uses (bands of one type must not overlap). */
async function oneDayBand(request: APIRequestContext, token: string, name: string): Promise<Band> {
  const start = 200 + Math.floor(Math.random() * 160);
  for (let step = 0; step < 40; step++) {
    const day = 200 + ((start - 200 + step) % 166);
    const band = await request.post('/api/band/add', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name, type: 'park_and_ride', min_days: day, max_days: day, status: 1 },
    });
    if (band.status() === 409) continue;
    expect(band.status(), await band.text()).toBe(201);
    return ((await band.json()) as { data: Band }).data;
  }
  throw new Error('no free band days');
}

test("a route's price list goes back to an earlier version from the prices screen", BOTH_WIDTHS, async ({ page, request }) => {
  const session = await apiSignIn(request);
  const token = session.access_token;
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const airport = await createAirport(request, token, { name: `Restore Prices ${tag}` });
  const carPark = await call<Location>(request, token, 'POST', '/location/add', {
    airport_id: airport.id,
    name: `Restore Car Park ${tag}`,
    type: 'car_park',
    capacity: 50,
  });
  const band = await oneDayBand(request, token, `Restore band ${tag}`);
  const route = { airport_id: airport.id, departure_id: carPark.id, arrival_id: carPark.id };
  for (const price of [1500, 2000]) {
    const saved = await request.put('/api/location-price/grid', {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...route, cells: [{ band_id: band.id, month: 1, price }] },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  await storeSession(page, session);
  await page.goto(`/1/prices?airport_id=${airport.id}&departure_id=${carPark.id}&arrival_id=${carPark.id}&type=park_and_ride`);
  const january = page.getByRole('textbox', { name: `${band.name}, January`, exact: true });
  await expect(january).toHaveValue('20.00');

  const versions = page.getByRole('region', { name: `Versions of ${carPark.name}` });
  await versions.scrollIntoViewIfNeeded();
  const entries = versions.getByTestId('price-list-version');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText(`${band.name}, January: £15.00 → £20.00`);
  await expect(entries.first()).toContainText('As it is now');
  await expect(entries.last()).toContainText(`${band.name}, January: no own price → £15.00`);
  await noSidewaysScroll(page);

  await entries
    .last()
    .getByRole('button', { name: /^Restore this version \(/ })
    .click();
  await dialogOpen(page);
  await expect(page.getByRole('dialog').getByTestId('restore-prices')).toHaveText(`${band.name}, January: £20.00 → £15.00`);
  expect(await seriousViolations(page), 'price list restore dialog').toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: 'Restore this version' }).click();
  await expect(toast(page, 'Earlier prices restored: 0 added, 1 changed, 0 removed.')).toBeVisible();
  await expect(january).toHaveValue('15.00');
  await expect(entries).toHaveCount(3);
  await expect(entries.first()).toContainText('Restored an earlier version');
  await expect(entries.first()).toContainText('As it is now');
  expect(await seriousViolations(page), 'price list versions').toEqual([]);
});
