import { type APIRequestContext, expect, test } from '@playwright/test';
import type { Booking } from '@ps/contracts';
import { call, heathrowMeetAndGreet, MEET_AND_GREET_DESK, TERMINAL_DROP_OFF } from './bookingWorld';
import { setLanguage } from './catalogue';
import { apiSignIn, finishFirstSignIn, storeSession } from './support';

/**
 * The audit trail reads like a story (issue 21, section 1), against the real API: a dispatcher (who may read bookings but
 * not places or drivers) reads a booking's trail with its places by name and its payment as money, no bookkeeping, in
 * English and Tamil; the Audit screen names the payment's booking by its reference; a checked-out booking's versions are
 * labelled by when and who, only the newest "As it is now", and offer no restore but say why.
 */

const tagOf = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A confirmed meet-and-greet booking with a card payment of £59.99 (recorded with an idempotency key). */
async function paidBooking(request: APIRequestContext, token: string, tag: string) {
  const booking = await heathrowMeetAndGreet(request, token, { daysAhead: 7, customer: 'Story Customer', regPrefix: 'ST' });
  const paid = await request.post('/api/payment/add', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `pay-story-${tag}` },
    data: { booking_id: booking.id, amount: 5999, method: 'card' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const payment = ((await paid.json()) as { data: { id: number } }).data;
  return { booking, payment };
}

/** A new office user whose role may only read bookings (and see money: the payment's amount is in the trail), signed in. */
async function dispatcher(request: APIRequestContext, token: string, tag: string) {
  const headers = { authorization: `Bearer ${token}` };
  const role = await request.post('/api/role/add', {
    headers,
    data: { name: `Trail reader ${tag}`, permissions: ['bookings.view', 'finance.view'] },
  });
  expect(role.status(), await role.text()).toBe(201);
  const roleId = ((await role.json()) as { data: { id: number } }).data.id;
  const email = `trail.${tag}@example.com`;
  const added = await request.post('/api/auth/admin/add', {
    headers,
    data: { name: `Meena ${tag.replace(/[0-9]/g, 'x')}`, email, temporary_password: 'Harbour-gate-4417', role_id: roleId },
  });
  expect(added.status(), await added.text()).toBe(201);
  return finishFirstSignIn(request, email, 'Harbour-gate-4417', 'Meena-reads-2026');
}

test("a dispatcher reads a booking's trail as sentences: places by name, money as money, no bookkeeping, in English and Tamil", async ({
  page,
  request,
}) => {
  const admin = await apiSignIn(request);
  const tag = tagOf();
  const { booking } = await paidBooking(request, admin.access_token, tag);
  await storeSession(page, await dispatcher(request, admin.access_token, tag));

  await page.goto(`/1/bookings/${booking.id}`);
  const trail = page.getByRole('region', { name: 'Audit trail' });
  await trail.scrollIntoViewIfNeeded();
  const payment = trail.getByTestId('booking-audit-entry').filter({ hasText: 'Payment recorded' });
  await expect(payment).toContainText('Amount');
  await expect(payment).toContainText('£59.99');
  // The trips the booking made run between its places, named although this role may not read places.
  await expect(trail).toContainText(MEET_AND_GREET_DESK);
  await expect(trail).toContainText(TERMINAL_DROP_OFF);
  // No ids standing for records, no bookkeeping.
  await expect(trail).not.toContainText(/#\d/);
  for (const internal of ['idempotency', `pay-story-${tag}`, 'company_id', 'created_by']) await expect(trail).not.toContainText(internal);

  await setLanguage(page, 'ta');
  await page.reload();
  const tamil = page.getByRole('region', { name: 'தணிக்கைப் பதிவு' });
  await tamil.scrollIntoViewIfNeeded();
  const tamilPayment = tamil.getByTestId('booking-audit-entry').filter({ hasText: 'கட்டணம் பதிவுசெய்யப்பட்டது' });
  await expect(tamilPayment).toContainText('தொகை');
  await expect(tamilPayment).toContainText('£59.99');
  await expect(tamil).toContainText(MEET_AND_GREET_DESK);
  await expect(tamil).not.toContainText(/#\d/);
});

test("the Audit screen names a payment's booking by its reference and says its amount as money", async ({ page, request }) => {
  const admin = await apiSignIn(request);
  const { booking, payment } = await paidBooking(request, admin.access_token, tagOf());
  await storeSession(page, admin);
  await page.goto(`/1/audit?entity=payment&entity_id=${payment.id}`);
  const entry = page.locator('tbody tr').first();
  await entry.getByRole('button', { name: /^Show \d+ fields$/ }).click();
  const changes = entry.getByTestId('audit-changes');
  await expect(changes.locator('dd[data-field="amount"]')).toHaveText('£59.99');
  await expect(changes.locator('dd[data-field="booking_id"]')).toHaveText(booking.reference);
  await expect(changes).toContainText('Booking');
  for (const internal of ['company_id', 'created_by', 'idempotency_key', 'id']) {
    await expect(changes.locator(`dd[data-field="${internal}"]`)).toHaveCount(0);
  }
});

test("a checked-out booking's versions are labelled by when and who, and say why none can be restored", async ({ page, request }) => {
  const admin = await apiSignIn(request);
  const booking = await heathrowMeetAndGreet(request, admin.access_token, { daysAhead: 8, customer: 'Versions Customer', regPrefix: 'VS' });
  await call<Booking>(request, admin.access_token, 'PATCH', `/booking/update/${booking.id}`, { notes: 'Roof box' });
  for (const status of ['checked_in', 'checked_out']) {
    await call<Booking>(request, admin.access_token, 'PATCH', `/booking/status/update/${booking.id}`, { status });
  }
  await storeSession(page, admin);
  await page.goto(`/1/bookings/${booking.id}`);
  const versions = page.getByRole('region', { name: 'Versions' });
  await versions.scrollIntoViewIfNeeded();
  const cards = versions.getByTestId('booking-version');
  await expect(cards).toHaveCount(4);
  // Only the newest is the booking as it is now; each is named by when and who.
  await expect(versions.getByText('As it is now')).toHaveCount(1);
  await expect(cards.first()).toContainText('As it is now');
  for (const index of [0, 1, 2, 3]) await expect(cards.nth(index)).toContainText(/ · Demo Admin/);
  await expect(versions.getByRole('button', { name: /^Restore this version/ })).toHaveCount(0);
  await expect(versions.getByTestId('booking-versions-refused')).toHaveText(
    "Earlier versions cannot be restored: this booking's car has been checked out, and its stay is what happened.",
  );
});
