import { expect, type Page, test } from '@playwright/test';
import { apiSignIn, SUPER_ADMIN, seriousViolations, storeSession, toast, widthFor } from './support';

/** A record of a list: a table row from 768 px, a card below. */
const record = (page: Page, name: string) =>
  page.locator('tbody tr, [data-testid="record-card"]').filter({ has: page.getByText(name, { exact: true }) });

async function openAsSuperAdmin(page: Page, request: Parameters<typeof apiSignIn>[0], path: string) {
  await storeSession(page, await apiSignIn(request, SUPER_ADMIN.email, SUPER_ADMIN.password), null);
  await page.goto(path);
}

test('the super admin adds a company; its admin signs in with the temporary password and sees nothing of another company', async ({
  page,
  request,
  browser,
}) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const name = `Harbour Parking ${tag}`;
  const adminEmail = `admin.${tag}@harbour.example`;
  await openAsSuperAdmin(page, request, '/org/companies');
  await expect(page).toHaveTitle('Companies · Parking Solutions');
  await page.getByRole('link', { name: 'Add company' }).click();
  await expect(page).toHaveURL(/\/org\/companies\/new$/);

  await page.getByLabel('Company name').fill(name);
  await page.getByLabel('Contact e-mail').fill(`office.${tag}@harbour.example`);
  await page.getByLabel("Admin's name").fill('Meena Sivakumar');
  await page.getByLabel("Admin's e-mail").fill(adminEmail);
  // A common password is refused beside the field, and nothing is created.
  await page.getByLabel('Temporary password', { exact: false }).fill('Password1');
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByText('This password is one of the most common passwords', { exact: false }).first()).toBeVisible();
  await page.getByLabel('Temporary password', { exact: false }).fill('Harbour-gate-4417');
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(toast(page, `Company ${name} created. Its admin chooses a new password at first sign-in.`)).toBeVisible();
  // What to hand on to the admin comes first (setup-checklist.spec.ts reads it); then back to the list.
  await expect(page.getByRole('heading', { name: `${name} is ready` })).toBeVisible();
  await page.getByRole('link', { name: '← Back to companies' }).click();
  await expect(page).toHaveURL(/\/org\/companies$/);
  await page.getByRole('searchbox', { name: 'Search companies' }).fill(tag);
  await expect(record(page, name)).toBeVisible();

  // The new admin, in a browser of their own.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto('/auth/login');
  await admin.getByPlaceholder('Email').fill(adminEmail);
  await admin.locator('input[type="password"]').fill('Harbour-gate-4417');
  await admin.getByRole('button', { name: 'Sign In' }).click();
  await expect(admin).toHaveURL(/\/auth\/change-password$/);
  await admin.getByLabel('New password').fill('Lantern-quay-2290');
  await admin.getByLabel('Confirm password').fill('Lantern-quay-2290');
  await admin.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(toast(admin, 'User Login successfully.!')).toBeVisible();
  const companyId = Number(await admin.evaluate(() => localStorage.getItem('company_id')));
  expect(companyId).toBeGreaterThan(1);

  // Nothing of the demo company: its airports list is empty, and the demo company's paths are not found.
  await admin.goto(`/${companyId}/airports`);
  await expect(admin.getByText('No airports yet. Add the first one.')).toBeVisible();
  await admin.goto('/1/airports');
  await expect(admin).toHaveURL(/\/notfound$/);
  await context.close();
});

test('deactivating a company asks first, and its admin is signed out at once', async ({ page, request }) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const superAdmin = await apiSignIn(request, SUPER_ADMIN.email, SUPER_ADMIN.password);
  const created = await request.post('/api/company/add', {
    headers: { Authorization: `Bearer ${superAdmin.access_token}` },
    data: {
      name: `Quay Valet ${tag}`,
      contact_email: `office.${tag}@quay.example`,
      time_zone: 'Asia/Colombo',
      currency: 'LKR',
      admin: { name: 'Ravi Perera', email: `admin.${tag}@quay.example`, temporary_password: 'Harbour-gate-4417' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await openAsSuperAdmin(page, request, `/org/companies?search=${tag}`);
  const row = record(page, `Quay Valet ${tag}`);
  await row.getByRole('switch', { name: `Active: Quay Valet ${tag}` }).click({ force: true });
  await page.getByRole('dialog').getByRole('button', { name: 'Make inactive' }).click();
  await expect(toast(page, `Company Quay Valet ${tag} is now inactive; its users have been signed out.`)).toBeVisible();

  const login = await request.post('/api/auth/login', {
    data: { type: 'email', email: `admin.${tag}@quay.example`, password: 'Harbour-gate-4417', org_instance_id: 1 },
  });
  expect(login.status()).toBe(401);
});

for (const language of ['en', 'ta'] as const) {
  test(
    `the companies screens have no serious accessibility findings (${language}), with a dropdown open`,
    widthFor(language),
    async ({ page, request }) => {
      await openAsSuperAdmin(page, request, '/org/companies');
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
      await page.goto('/org/companies');
      await expect(page.locator('h1')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/org/companies/new');
      await page.locator('form').getByRole('textbox').first().waitFor();
      await page.getByRole('button', { name: language === 'en' ? 'Create company' : 'நிறுவனத்தை உருவாக்கு' }).click();
      expect(await seriousViolations(page)).toEqual([]);
      // The currency list open.
      const currency = page.getByRole('combobox', { name: language === 'en' ? 'Currency' : 'நாணயம்' });
      await currency.click();
      await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
      await currency.press('ArrowDown');
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
}
