import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Booking } from '@ps/contracts';
import { setLanguage } from './catalogue';
import { apiSignIn, finishFirstSignIn, openAsAdmin, PHONE_ONLY, seriousViolations, storeSession } from './support';

/**
 * Screens follow the role (issue 9): a read-only role (only `*.view` permissions) meets lists without Add, Edit,
 * Delete, status switches or selection; a booking without its edit, status moves or payment form; and an address
 * it may not open (another screen, or a list's add page) says so instead of failing.
 */

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;
// A read-only accountant: it sees money (finance.view), so the booking's payments are listed.
const READ_ONLY = ['airports.view', 'agencies.view', 'bookings.view', 'payments.view', 'finance.view'];

/** A new office user holding a new role with only `READ_ONLY`, signed in (first sign-in finished). */
async function readOnlyUser(request: APIRequestContext, page: Page) {
  const admin = await apiSignIn(request);
  const headers = { authorization: `Bearer ${admin.access_token}` };
  const suffix = `${isMobile(page) ? 'M' : 'D'}${Date.now().toString(36).slice(-5)}`;
  const role = await request.post('/api/role/add', { headers, data: { name: `Read only ${suffix}`, permissions: READ_ONLY } });
  expect(role.status(), await role.text()).toBe(201);
  const roleId = ((await role.json()) as { data: { id: number } }).data.id;
  const email = `readonly.${suffix.toLowerCase()}@example.com`;
  const name = `Vani ${suffix.replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')}`;
  const added = await request.post('/api/auth/admin/add', {
    headers,
    data: { name, email, temporary_password: 'Harbour-gate-4417', role_id: roleId },
  });
  expect(added.status(), await added.text()).toBe(201);
  const session = await finishFirstSignIn(request, email, 'Harbour-gate-4417', 'Vani-reads-2026');
  expect(session.user_data.permissions).not.toContain('airports.update');
  return { session, admin };
}

/** What a list offers a role that may only look. */
async function expectReadOnlyList(page: Page, heading: string, add: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  const rows = page.locator('tbody tr, [data-testid="record-card"]');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('status-read-only').first()).toBeVisible();
  await expect(page.getByRole('link', { name: add })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(page.getByRole('switch')).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
}

test('a read-only role sees lists and a booking without actions, and a screen it may not open says so', async ({ page, request }) => {
  const { session, admin } = await readOnlyUser(request, page);
  const bookings = await request.get('/api/booking/list?page_size=50', { headers: { authorization: `Bearer ${admin.access_token}` } });
  const open = ((await bookings.json()) as { data: Booking[] }).data.find((booking) => booking.status === 'confirmed');
  if (!open) throw new Error('the demo data has no confirmed booking');

  await storeSession(page, session);
  await page.goto('/1/airports');
  await expectReadOnlyList(page, 'Airports', 'Add airport');
  await page.goto('/1/agencies');
  await expectReadOnlyList(page, 'Agencies', 'Add agency');

  // The booking: read, not changed. Its payments are listed (payments.view) without the form to record one.
  await page.goto(`/1/bookings/${open.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Booking ${open.reference}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Record a payment' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Status history' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  // The page asks for nothing the role may not read: no "You do not have permission" toast once it has loaded.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('alert')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // An add page of a list it may read, and a screen it may not read at all: the no-access page, not an API error.
  for (const path of ['/1/airports/new', `/1/agencies/1/edit`, '/1/location-prices']) {
    await page.goto(path);
    await expect(page.getByTestId('no-access')).toBeVisible();
    await expect(page.getByText('This screen is not available to your account')).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
  }
  expect(await seriousViolations(page)).toEqual([]);
  // Its way out is a screen it may open.
  await page.getByTestId('no-access').getByRole('link').click();
  await expect(page.getByTestId('no-access')).toHaveCount(0);
});

test('in Tamil: the no-access page and a list without its add button', PHONE_ONLY, async ({ page, request }) => {
  const { session } = await readOnlyUser(request, page);
  await storeSession(page, session);
  await setLanguage(page, 'ta');
  await page.goto('/1/airports/new');
  await expect(page.getByTestId('no-access')).toContainText('இந்தத் திரை உங்கள் கணக்குக்குக் கிடைக்காது');
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/1/airports');
  await expect(page.getByTestId('status-read-only').first()).toBeVisible();
  await expect(page.getByRole('switch')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the admin still has every action on the same list', async ({ page, request }) => {
  await openAsAdmin(page, request, '/1/airports');
  await expect(page.getByRole('link', { name: 'Add airport' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Edit / }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete / }).first()).toBeVisible();
  await expect(page.getByRole('switch').first()).toBeVisible();
  await expect(page.getByTestId('status-read-only')).toHaveCount(0);
});
