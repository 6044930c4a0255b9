import { expect, type Page, test } from '@playwright/test';
import { apiSignIn, openAsAdmin, PHONE_ONLY, seriousViolations, storeSession, toast } from './support';

/** The people screen: each test adds an admin of its own (a unique e-mail) and removes it at the end. */

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;
const person = (page: Page, name: string) => page.getByTestId('person').filter({ hasText: name });

test('an admin adds another admin, turns their sign-in off and on, signs them out everywhere and removes them', async ({
  page,
  request,
}) => {
  const name = `Nila Selvam ${isMobile(page) ? 'M' : 'D'}`;
  const email = `nila.${Date.now()}@example.com`;
  await openAsAdmin(page, request, '/1/people');
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  // The signed-in admin's own row has no levers.
  await expect(person(page, 'Demo Admin')).toContainText('You (your own sessions are on My account)');

  // The button and the dialog say what they add: a user of the office, whatever the role.
  await page.getByRole('button', { name: 'Add office user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an office user' });
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog.getByText('This field is required').first()).toBeVisible();
  // A full admin may give the built-in Admin: it is chosen already.
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('Admin');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('admin@example.com');
  await dialog.getByLabel('Temporary password').fill('Harbour-gate-4417');
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog.getByText('This email address is already in use.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(toast(page, `${name} is added: give them the temporary password.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = person(page, name);
  await expect(row).toContainText(email);
  await expect(row).toContainText('Admin');
  // The new admin signs in: one more step, their own password.
  const step = await request.post('/api/auth/login', { data: { type: 'email', email, password: 'Harbour-gate-4417', org_instance_id: 1 } });
  expect(step.status()).toBe(200);

  const signIn = row.getByRole('switch', { name: `${name} may sign in` });
  await signIn.click({ force: true });
  await expect(toast(page, `${name} can no longer sign in: their sessions have ended.`)).toBeVisible();
  await expect(signIn).not.toBeChecked();
  const refused = await request.post('/api/auth/login', {
    data: { type: 'email', email, password: 'Harbour-gate-4417', org_instance_id: 1 },
  });
  expect(refused.status()).not.toBe(200);
  await signIn.click({ force: true });
  await expect(toast(page, `${name} may sign in again.`)).toBeVisible();
  await expect(signIn).toBeChecked();

  await row.getByRole('button', { name: `Sign out everywhere: ${name}` }).click();
  await page.getByRole('dialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(toast(page, new RegExp(`^${name} is signed out \\(0 sessions ended\\)\\.$`))).toBeVisible();

  await row.getByRole('button', { name: `Remove: ${name}` }).click();
  await page.getByRole('dialog', { name: 'Remove this user?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `${name} is no longer a user of the company.`)).toBeVisible();
  await expect(person(page, name)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});

test(
  'the people screen in Tamil: filters, the add dialog, nothing scrolls sideways, no serious axe finding',
  PHONE_ONLY,
  async ({ page, request }) => {
    await storeSession(page, await apiSignIn(request));
    await page.evaluate(() => localStorage.setItem('language', 'ta'));
    await page.goto('/1/people');
    await expect(page.getByRole('heading', { level: 1, name: 'நபர்கள்' })).toBeVisible();
    await page.getByRole('main').getByText('ஓட்டுநர்கள்', { exact: true }).click();
    await expect(person(page, 'Arun Prakash')).toBeVisible();
    await expect(person(page, 'Demo Admin')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'அலுவலகப் பயனரைச் சேர்' }).click();
    await expect(page.getByRole('dialog', { name: 'அலுவலகப் பயனரைச் சேர்' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  },
);
