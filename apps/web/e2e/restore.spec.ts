import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Airport, Booking, Location } from '@ps/contracts';
import { call } from './bookingWorld';
import { dialogOpen, noSidewaysScroll, setLanguage } from './catalogue';
import { apiSignIn, seriousViolations, storeSession, toast } from './support';

/**
 * Restoring an earlier version (issue 9, section 5) against the real API, at 375 and 1440 px: an admin edits a
 * booking's customer name on the edit page, opens the booking's versions, restores the version it was booked
 * with (the dialog shows the name now -> restored and the total), sees the old name back and the restore at the
 * top of the versions; then the same section and dialog in Tamil. Axe with the dialog open.
 */

const HOUR = 3_600_000;
const TERMINAL = 'Heathrow Terminal 5 Drop-off';
const DESK = 'Meet & Greet Desk T2';

/** A phone (so confirmed) meet-and-greet booking at the demo's Heathrow, some days ahead. */
async function demoBooking(request: APIRequestContext, token: string) {
  const airports = await call<Airport[]>(request, token, 'GET', '/airport/list?search=LHR&page_size=100');
  const heathrow = airports.find((airport) => airport.iata_code === 'LHR');
  if (!heathrow) throw new Error('the demo has no Heathrow');
  const places = await call<Location[]>(request, token, 'GET', `/location/list?airport_id=${heathrow.id}&page_size=1000`);
  const placeId = (name: string) => {
    const place = places.find((candidate) => candidate.name === name);
    if (!place) throw new Error(`the demo has no ${name}`);
    return place.id;
  };
  const start = Math.floor(Date.now() / HOUR) * HOUR + 5 * 24 * HOUR;
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return call<Booking>(request, token, 'POST', '/booking/add', {
    type: 'meet_and_greet',
    customer_name: `Original Customer ${tag}`,
    customer_phone: '+44 7700 900321',
    vehicle_reg: `RS ${tag.slice(-6).toUpperCase()}`,
    airport_id: heathrow.id,
    departure_id: placeId(DESK),
    arrival_id: placeId(TERMINAL),
    departure_at: new Date(start).toISOString(),
    arrival_at: new Date(start + 3 * 24 * HOUR).toISOString(),
    channel: 'phone',
  });
}

const versionCard = (page: Page, text: string | RegExp) => page.getByTestId('booking-version').filter({ hasText: text });

test('an edited booking goes back to the version it was booked with, and the restore is listed', async ({ page, request }) => {
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
  await expect(page.getByTestId('booking-audit-entry').first()).toContainText('Restored from audit entry');

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
