import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Booking } from '@ps/contracts';
import { setLanguage } from './catalogue';
import { apiSignIn, PHONE_ONLY, seriousViolations, storeSession, userWithRole } from './support';

/**
 * Screens follow the role (issue 22, sections 4 and 5): a dispatcher and a member of the ground staff each meet only
 * what their role can use. No check-in a dispatcher cannot record, no money figure (revenue, a booking's total, a
 * driver's pay) without `finance.view`, no "Add day" without attendance.manage, and no screen that asks for what it
 * may not read (no permission error pops up). Each screen passes axe.
 */

const DISPATCHER = [
  'statistics.view',
  'bookings.view',
  'trips.view',
  'trips.create',
  'trips.update',
  'trips.status',
  'drivers.view',
  'attendance.view',
  'flights.view',
];
const GROUND_STAFF = ['bookings.view', 'handovers.view', 'handovers.create', 'positions.view'];

/**
 * Follows the page's API calls: every 403 it receives, and how many calls are still open (the live board's event
 * stream stays open by design and is not counted).
 */
function watchApi(page: Page) {
  const refused: string[] = [];
  const open = new Set<unknown>();
  const isCall = (url: string) => url.includes('/api/') && !url.includes('/api/live/events');
  page.on('request', (request) => {
    if (isCall(request.url())) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  page.on('response', (response) => {
    if (response.status() === 403 && isCall(response.url())) refused.push(new URL(response.url()).pathname);
  });
  return { refused, open };
}

/** The screen has made its calls, none was refused, no error toast shows, and axe finds nothing serious. */
async function settledWithoutRefusal(page: Page, api: ReturnType<typeof watchApi>) {
  await expect.poll(() => api.open.size).toBe(0);
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('alert')).toHaveCount(0);
  expect(api.refused).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
}

/**
 * A dispatcher, signed in with a role of their own, and what the screens need: a confirmed booking and a driver. Each of
 * the dispatcher's screens is a test of its own (together they outlasted a test's minute on a busy machine).
 */
async function asDispatcher(page: Page, request: APIRequestContext) {
  const { session, adminHeaders } = await userWithRole(request, 'Dispatcher', DISPATCHER);
  expect(session.user_data.permissions).not.toContain('finance.view');
  const bookings = (await (await request.get('/api/booking/list?page_size=100', { headers: adminHeaders })).json()) as { data: Booking[] };
  const confirmed = bookings.data.find((booking) => booking.status === 'confirmed');
  const drivers = (await (await request.get('/api/driver/list?page_size=5', { headers: adminHeaders })).json()) as {
    data: { id: number }[];
  };
  const driverId = drivers.data[0]?.id;
  if (!confirmed || !driverId) throw new Error('the demo data has no confirmed booking or no driver');
  const api = watchApi(page);
  await storeSession(page, session);
  return { api, confirmed, driverId };
}

test.describe('a dispatcher works without money, check-ins or pay', () => {
  test('home is the dashboard: the day without revenue, the board without check-in', async ({ page, request }) => {
    const { api } = await asDispatcher(page, request);
    await page.goto('/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('figure-month-bookings')).toBeVisible();
    await expect(page.getByTestId('figure-month-revenue')).toHaveCount(0);
    await expect(page.getByTestId('chart-bookings')).toBeVisible();
    await expect(page.getByTestId('chart-revenue')).toHaveCount(0);
    await expect(page.getByTestId('board-in')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Check (in|out) / })).toHaveCount(0);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation.getByRole('link', { name: 'Dispatch' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Payroll' })).toHaveCount(0);
    await expect(navigation.getByRole('link', { name: 'Cars on site' })).toHaveCount(0);
    await settledWithoutRefusal(page, api);
  });

  test('the bookings list without a total; a booking without its price, payments, check-in or status moves', async ({ page, request }) => {
    const { api, confirmed } = await asDispatcher(page, request);
    await page.goto('/1/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await expect(page.locator('thead')).toContainText('Status');
    await expect(page.locator('thead')).not.toContainText('Total');
    await settledWithoutRefusal(page, api);

    await page.goto(`/1/bookings/${confirmed.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Booking ${confirmed.reference}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Status history' })).toBeVisible();
    await expect(page.getByTestId('booking-price')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Payments' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Check in', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
    await settledWithoutRefusal(page, api);
  });

  test('a driver with attendance read only and no pay; the drivers list without rates', async ({ page, request }) => {
    const { api, driverId } = await asDispatcher(page, request);
    await page.goto(`/1/drivers/${driverId}`);
    await expect(page.getByRole('heading', { name: 'Attendance' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add day' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /rate/i })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /payouts/i })).toHaveCount(0);
    await settledWithoutRefusal(page, api);

    await page.goto('/1/drivers');
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await expect(page.locator('thead')).toContainText('Licence expiry');
    await expect(page.locator('thead')).not.toContainText(/per hour/i);
    await settledWithoutRefusal(page, api);
  });

  test('dispatch opens; a money screen by its address shows the no-access page, not a refused call', async ({ page, request }) => {
    const { api } = await asDispatcher(page, request);
    await page.goto('/1/dispatch');
    await expect(page.getByRole('heading', { level: 1, name: 'Dispatch' })).toBeVisible();
    await settledWithoutRefusal(page, api);

    await page.goto('/1/payroll');
    await expect(page.getByTestId('no-access')).toBeVisible();
    await settledWithoutRefusal(page, api);
  });
});

test(
  'ground staff on a phone: cars on site, the scan, a booking to check in, no money, in English and Tamil',
  PHONE_ONLY,
  async ({ page, request }) => {
    const { session, adminHeaders } = await userWithRole(request, 'Gate', GROUND_STAFF);
    expect(session.user_data.permissions).not.toContain('finance.view');
    const bookings = (await (await request.get('/api/booking/list?page_size=100', { headers: adminHeaders })).json()) as {
      data: Booking[];
    };
    const confirmed = bookings.data.find(
      (booking) => booking.status === 'confirmed' && booking.outstanding !== null && booking.outstanding > 0,
    );
    if (!confirmed) throw new Error('the demo data has no confirmed booking with money owed');
    const api = watchApi(page);
    await storeSession(page, session);

    // Home is the cars on site.
    await page.goto('/1');
    await expect(page).toHaveURL(/\/1\/on-site$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cars on site' })).toBeVisible();
    await settledWithoutRefusal(page, api);

    await page.goto('/1/scan');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await settledWithoutRefusal(page, api);

    // The booking offers its check-in, and shows no price, payments, edit or status moves.
    await page.goto(`/1/bookings/${confirmed.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Booking ${confirmed.reference}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Check in', exact: true })).toBeVisible();
    await expect(page.getByTestId('booking-price')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Payments' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await settledWithoutRefusal(page, api);

    // The handover screen: the car and the stay, without what is owed or a payment it could not take.
    await page.getByRole('link', { name: 'Check in', exact: true }).click();
    await expect(page.getByTestId('handover-vehicle')).toBeVisible();
    await expect(page.getByTestId('handover-outstanding')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Take payment' })).toHaveCount(0);
    await settledWithoutRefusal(page, api);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);

    // The same in Tamil.
    await setLanguage(page, 'ta');
    await page.goto('/1/on-site');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await settledWithoutRefusal(page, api);
    await page.goto(`/1/bookings/${confirmed.id}`);
    await expect(page.getByTestId('booking-price')).toHaveCount(0);
    await settledWithoutRefusal(page, api);
  },
);

test('an administrator makes a ground-staff role from the usual roles, and changes it before saving', async ({ page, request }) => {
  const admin = await apiSignIn(request);
  await storeSession(page, admin);
  await page.goto('/1/roles/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Add a role' })).toBeVisible();
  const startFrom = page.getByRole('group', { name: 'Start from' });
  await startFrom.getByRole('button', { name: 'Ground staff' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Ground staff');
  await expect(page.getByText('4 permissions chosen')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Handovers: Add' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Money figures: See' })).not.toBeChecked();
  // Changed before saving: this gate also takes payments.
  const name = `Gate crew ${Date.now().toString(36).slice(-5)}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  for (const cell of ['Payments: See', 'Payments: Add', 'Money figures: See']) await page.getByRole('checkbox', { name: cell }).check();
  await expect(page.getByText('7 permissions chosen')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add role' }).click();
  await expect(page).toHaveURL(/\/1\/roles$/);

  const roles = await request.get('/api/role/list?page_size=1000', { headers: { authorization: `Bearer ${admin.access_token}` } });
  const saved = ((await roles.json()) as { data: { name: string; permissions: string[] }[] }).data.find((role) => role.name === name);
  expect(saved?.permissions.sort()).toEqual(
    ['bookings.view', 'handovers.view', 'handovers.create', 'positions.view', 'payments.view', 'payments.create', 'finance.view'].sort(),
  );
});
