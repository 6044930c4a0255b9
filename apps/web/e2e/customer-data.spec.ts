import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import type { Airport, Booking, CustomerDataExport, Location } from '@ps/contracts';
import { call } from './bookingWorld';
import { dialogOpen, openNav, record } from './catalogue';
import { openAsAdmin, seriousViolations, toast } from './support';

/**
 * The Customer data screen against the real API (issue 23, section 4): a demo customer found by e-mail and their data
 * exported as JSON; then a customer's stay of two years ago, made for the test, erased after the question, and the
 * outcome read on the screen and through the API. At 1440 px, in English, with axe.
 */

const DAY_MS = 86_400_000;

/** A parking stay at the demo's Heathrow Long Stay about two years ago, for a customer of its own, then cancelled. */
async function oldCancelledStay(request: APIRequestContext, token: string, email: string): Promise<Booking> {
  const airports = await call<Airport[]>(request, token, 'GET', '/airport/list?search=LHR&page_size=100');
  const heathrow = airports.find((airport) => airport.iata_code === 'LHR');
  if (!heathrow) throw new Error('the demo has no Heathrow');
  const places = await call<Location[]>(request, token, 'GET', `/location/list?airport_id=${heathrow.id}&page_size=1000`);
  const carPark = places.find((place) => place.name === 'Heathrow Long Stay Car Park');
  if (!carPark) throw new Error('the demo has no Heathrow Long Stay Car Park');
  const start = Math.floor((Date.now() - 730 * DAY_MS) / 3_600_000) * 3_600_000;
  const booking = await call<Booking>(request, token, 'POST', '/booking/add', {
    customer_name: 'Erin Whitlock',
    customer_email: email,
    vehicle_reg: 'EW22 OLD',
    airport_id: heathrow.id,
    departure_id: carPark.id,
    arrival_id: carPark.id,
    departure_at: new Date(start).toISOString(),
    arrival_at: new Date(start + 3 * DAY_MS).toISOString(),
    channel: 'phone',
  });
  await call(request, token, 'PATCH', `/booking/status/update/${booking.id}`, { status: 'cancelled', note: null });
  return booking;
}

test('an admin finds a customer, exports their data as JSON, and erases an old booking after the question', async ({ page, request }) => {
  const session = await openAsAdmin(page, request, '/1/dashboard');
  const email = `erin.${Date.now().toString(36)}@example.com`;
  const old = await oldCancelledStay(request, session.access_token, email);

  await openNav(page, 'Customer data');
  await expect(page).toHaveURL(/\/1\/customer-data$/);
  await expect(page.getByRole('heading', { name: 'Customer data', level: 1 })).toBeVisible();

  // A demo customer, by his address in other capitals: his stay ended two days ago, so it is kept.
  const emailBox = page.getByRole('textbox', { name: 'E-mail address' });
  await emailBox.fill('Daniel@Example.com');
  await page.getByRole('button', { name: 'Find bookings' }).click();
  await expect(page.getByRole('heading', { name: '1 booking found' })).toBeVisible();
  const daniel = page.locator('tbody tr').filter({ hasText: 'Daniel Brooks' });
  await expect(daniel).toContainText('Completed');
  await expect(daniel).toContainText('Kept: can be erased from');
  await expect(page.getByRole('button', { name: 'Erase personal data' })).toBeDisabled();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^customer-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await file.path(), 'utf8')) as CustomerDataExport;
  expect(exported.bookings.map((booking) => [booking.customer.name, booking.customer.email, booking.status])).toEqual([
    ['Daniel Brooks', 'daniel@example.com', 'completed'],
  ]);
  expect(exported.bookings[0]?.price.total).toBeGreaterThan(0);

  // The test's own customer: one stay of two years ago, cancelled, so it can be erased.
  await emailBox.fill(email);
  await page.getByRole('button', { name: 'Find bookings' }).click();
  await expect(record(page, old.reference)).toContainText('Can be erased');
  await page.getByRole('button', { name: 'Erase personal data' }).click();
  await dialogOpen(page);
  const dialog = page.getByRole('dialog', { name: "Erase this customer's personal data?" });
  await expect(dialog).toContainText('1 booking will be erased');
  await expect(dialog).toContainText('No booking is kept.');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Erase', exact: true }).click();

  await expect(toast(page, 'Personal data erased from 1 booking.')).toBeVisible();
  await expect(page.getByTestId('customer-data-outcome')).toContainText(
    `${old.reference}: photos and signatures deleted: 0, mails blanked: 1`,
  );
  // Read again, the erased booking is no longer hers.
  await expect(page.getByText('No booking of your company has this e-mail address or phone.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The booking stays for the accounts, without her.
  const after = await call<Booking>(request, session.access_token, 'GET', `/booking/get/${old.id}`);
  expect(after).toMatchObject({
    reference: old.reference,
    status: 'cancelled',
    customer_name: 'Erased',
    customer_email: null,
    vehicle_reg: 'ERASED',
    total: old.total,
  });
});
