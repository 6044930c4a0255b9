import { expect, type Page, test } from '@playwright/test';
import { apiSignIn, BOTH_WIDTHS, finishFirstSignIn, openAsAdmin, PHONE_ONLY, seriousViolations, storeSession, toast } from './support';

/**
 * Roles (issue 9): a company admin sets up a dispatcher role on the matrix, gives it to an office user on the people
 * screen, and that user's app then offers only what the role allows. Each test makes its own role and person.
 */

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;
const tag = (page: Page) => `${isMobile(page) ? 'M' : 'D'}${Date.now().toString(36).slice(-5)}`;
const roleCard = (page: Page, name: string) => page.getByTestId('role').filter({ hasText: name });
const matrixRow = (page: Page, resource: string) => page.locator(`[data-testid="matrix-row"][data-resource="${resource}"]`);
const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);

test(
  'an admin sets up a dispatcher role, gives it to an office user, who then sees only dispatch work',
  BOTH_WIDTHS,
  async ({ page, request }) => {
    const suffix = tag(page);
    const roleName = `Dispatcher ${suffix}`;
    await openAsAdmin(page, request, '/1/roles');
    await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
    await expect(roleCard(page, 'Admin')).toContainText('Built-in');

    await page.getByRole('link', { name: 'Add role' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add a role' })).toBeVisible();
    // Nothing chosen: both refusals beside their fields, nothing saved.
    await page.getByRole('button', { name: 'Add role' }).click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await expect(page.getByText('Choose at least one permission')).toBeVisible();

    await page.getByRole('textbox', { name: 'Name' }).fill(roleName);
    await page.getByRole('textbox', { name: 'What it is for' }).fill('Plans the day’s trips and follows the flights');
    // Everything about trips and flights, and seeing bookings and drivers.
    await page.getByRole('checkbox', { name: 'Everything about Trips and dispatch' }).check();
    await page.getByRole('checkbox', { name: 'Everything about Flight tracking' }).check();
    await matrixRow(page, 'bookings')
      .getByRole('checkbox', { name: isMobile(page) ? 'See' : 'Bookings: See' })
      .check();
    await matrixRow(page, 'drivers')
      .getByRole('checkbox', { name: isMobile(page) ? 'See' : 'Drivers: See' })
      .check();
    await expect(page.getByText('11 permissions chosen')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Add role' }).click();
    await expect(toast(page, `The role ${roleName} was added.`)).toBeVisible();
    await expect(roleCard(page, roleName)).toContainText('0 people · 11 permissions');

    // An office user to give it to.
    const session = await apiSignIn(request);
    const email = `dispatch.${suffix.toLowerCase()}@example.com`;
    // A person's name is letters only.
    const person = `Kala ${suffix.replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')}`;
    const headers = { authorization: `Bearer ${session.access_token}` };
    const roles = (await (await request.get('/api/role/list?page_size=1000', { headers })).json()) as {
      data: Array<{ id: number; key: string | null }>;
    };
    const adminRoleId = roles.data.find((role) => role.key === 'admin')?.id;
    const added = await request.post('/api/auth/admin/add', {
      headers,
      data: { name: person, email, temporary_password: 'Harbour-gate-4417', role_id: adminRoleId },
    });
    expect(added.status(), await added.text()).toBe(201);

    await page.goto('/1/people');
    const row = page.getByTestId('person').filter({ hasText: person });
    await expect(row).toContainText('Admin');
    await row.getByRole('button', { name: `Change role: ${person}` }).click();
    const dialog = page.getByRole('dialog', { name: `The role of ${person}` });
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: roleName }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Give this role' }).click();
    await expect(toast(page, `${person} now has the role ${roleName}.`)).toBeVisible();
    await expect(row).toContainText(roleName);

    // The dispatcher signs in: dispatch is there, prices and people are not, and the API agrees.
    const dispatcher = await finishFirstSignIn(request, email, 'Harbour-gate-4417', 'Kala-dispatch-2026');
    expect(dispatcher.user_data.permissions).toContain('trips.status_admin');
    expect(dispatcher.user_data.permissions).not.toContain('location_prices.view');
    await storeSession(page, dispatcher);
    await page.goto('/1');
    if (isMobile(page)) await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Dispatch' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Price grid' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'People' })).toHaveCount(0);
    const prices = await request.get('/api/location-price/list', { headers: { authorization: `Bearer ${dispatcher.access_token}` } });
    expect(prices.status()).toBe(403);
  },
);

test('a built-in role is read only: its matrix says what it allows in words', BOTH_WIDTHS, async ({ page, request }) => {
  await openAsAdmin(page, request, '/1/roles');
  await roleCard(page, 'Driver').getByRole('link', { name: 'Open the role Driver' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The role Driver' })).toBeVisible();
  await expect(page.getByText('A built-in role cannot be changed.')).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(matrixRow(page, 'trips')).toContainText('Trips and dispatch: See: Allowed');
  await expect(matrixRow(page, 'trips')).toContainText('Trips and dispatch: Correct a status: Not allowed');
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test(
  'roles in Tamil: the list, the matrix and deleting a role, nothing scrolls sideways, no serious axe finding',
  PHONE_ONLY,
  async ({ page, request }) => {
    const session = await apiSignIn(request);
    const name = `Accountant ${tag(page)}`;
    const created = await request.post('/api/role/add', {
      headers: { authorization: `Bearer ${session.access_token}` },
      data: { name, permissions: ['bookings.view', 'payments.view', 'payouts.view'] },
    });
    expect(created.status()).toBe(201);
    await storeSession(page, session);
    await page.evaluate(() => localStorage.setItem('language', 'ta'));
    await page.goto('/1/roles');
    await expect(page.getByRole('heading', { level: 1, name: 'பங்குகள்' })).toBeVisible();
    await expect(roleCard(page, 'நிர்வாகி')).toContainText('உள்ளமைந்தது');
    await expect(roleCard(page, name)).toContainText('3 அனுமதிகள்');
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    await roleCard(page, name)
      .getByRole('link', { name: `${name} பங்கை மாற்று` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: `${name} பங்கை மாற்று` })).toBeVisible();
    await expect(page.getByText('3 அனுமதிகள் தேர்ந்தெடுக்கப்பட்டன')).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/1/roles');
    await roleCard(page, name)
      .getByRole('button', { name: `${name} பங்கை நீக்கு` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'இந்தப் பங்கை நீக்கவா?' });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'நீக்கு' }).click();
    await expect(toast(page, `${name} பங்கு நீக்கப்பட்டது.`)).toBeVisible();
    await expect(roleCard(page, name)).toHaveCount(0);
  },
);
