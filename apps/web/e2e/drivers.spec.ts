import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Driver } from '@ps/contracts';
import { noSidewaysScroll, openNav } from './catalogue';
import { apiSignIn, finishFirstSignIn, openAsAdmin, seriousViolations, storeSession, toast, widthFor } from './support';

/** A record of the list: a table row from 768 px, a card below. */
const row = (page: Page, name: string) =>
  page.locator('tbody tr, [data-testid="record-card"]').filter({ has: page.getByText(name, { exact: true }) });
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** Letters only: driver names refuse digits. */
const letters = () =>
  tag()
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')
    .replace(/^./, (first) => first.toUpperCase());

/** The smallest PDF a viewer opens, and a shell script wearing a .pdf name. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const SCRIPT = Buffer.from('#!/bin/sh\nrm -rf /\n');

async function addDriverByApi(request: APIRequestContext, token: string, lastName: string) {
  const response = await request.post('/api/auth/driver/add', {
    headers: { Authorization: `Bearer ${token}` },
    data: { first_name: 'Selvi', last_name: lastName, email: `selvi.${tag()}@example.com`, temporary_password: 'Tmp-4821x-driver' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Driver }).data;
}

test('adds a driver, uploads their documents, sets a rate and approves them: they can take trips', async ({ page, request }) => {
  await openAsAdmin(page, request, '/1/dashboard');
  await openNav(page, 'Drivers', { exact: true });
  await expect(page).toHaveTitle('Drivers · Parking Solutions');
  await expect(row(page, 'Kavin Raj')).toContainText('Driving licence is missing');

  await page.getByRole('link', { name: 'Add driver' }).click();
  const last = letters();
  const name = `Anbu ${last}`;
  await page.getByRole('textbox', { name: 'First name' }).fill('Anbu');
  await page.getByRole('textbox', { name: 'Last name' }).fill(last);
  await page.getByRole('textbox', { name: 'E-mail (sign-in)' }).fill('kavin.raj@example.com');
  await page.getByRole('textbox', { name: 'Licence number' }).fill('anbu 7781');
  // One source of truth: the licence expiry is the licence document's, never typed on the profile.
  await expect(page.getByLabel('Licence expiry')).toHaveAttribute('readonly');
  await expect(page.getByText("From the driver's latest “Driving licence” document")).toBeVisible();
  await page.getByLabel('Temporary password').fill('Tmp-4821x-driver');
  await page.getByRole('button', { name: 'Create driver' }).click();
  const taken = 'This email address is already in use.';
  await expect(page.locator('form').getByText(taken)).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail (sign-in)' }).fill(`anbu.${tag()}@example.com`);
  await page.getByRole('button', { name: 'Create driver' }).click();
  await expect(toast(page, `Driver ${name} created.`)).toBeVisible();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  const trips = page.getByRole('region', { name: 'Can this driver take trips?' });
  await expect(trips).toContainText('Not approved yet');
  await expect(trips).toContainText('Driving licence is missing');
  await expect(trips).toContainText('Insurance certificate is missing');

  const documents = page.getByRole('region', { name: 'Documents' });
  // A script renamed .pdf is refused by its bytes, beside the file field, and nothing is listed.
  await documents.getByRole('combobox', { name: 'Document type' }).click();
  await page.getByRole('option', { name: 'Driving licence (required)' }).click();
  await documents.getByLabel('Expiry date').fill('2030-12-31');
  await documents.locator('input[type="file"]').setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: SCRIPT });
  await documents.getByRole('button', { name: 'Upload' }).click();
  await expect(documents.getByText(/Only PDF, JPEG and PNG files can be uploaded/)).toBeVisible();
  await expect(documents.getByText('No documents yet.')).toBeVisible();

  // A licence that has already run out is refused beside its date.
  await documents.getByRole('combobox', { name: 'Document type' }).click();
  await page.getByRole('option', { name: 'Driving licence (required)' }).click();
  await documents.getByLabel('Expiry date').fill('2020-12-31');
  await documents.locator('input[type="file"]').setInputFiles({ name: 'old-licence.pdf', mimeType: 'application/pdf', buffer: PDF });
  await documents.getByRole('button', { name: 'Upload' }).click();
  await expect(documents.getByText('This expiry date has passed: enter the date until which the new document is valid.')).toBeVisible();
  await expect(documents.getByText('No documents yet.')).toBeVisible();

  for (const type of ['Driving licence', 'Insurance certificate']) {
    await documents.getByRole('combobox', { name: 'Document type' }).click();
    await page.getByRole('option', { name: `${type} (required)` }).click();
    await documents.getByLabel('Expiry date').fill('2030-12-31');
    await documents.locator('input[type="file"]').setInputFiles({ name: `${type}.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await documents.getByRole('button', { name: 'Upload' }).click();
    await expect(toast(page, `${type} uploaded.`)).toBeVisible();
  }
  await expect(trips).not.toContainText('is missing');
  // The profile shows the licence document's date: the same one everywhere.
  await expect(page.getByRole('region', { name: 'Profile' }).getByLabel('Licence expiry')).toHaveValue('2030-12-31');

  const download = page.waitForEvent('download');
  await documents.getByRole('button', { name: 'Download Driving licence.pdf' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Driving licence.pdf');
  expect(await readFile(await file.path())).toEqual(PDF);

  const rates = page.getByRole('region', { name: 'Rate per hour' });
  await rates.getByRole('textbox', { name: 'Per hour' }).fill('15.50');
  await rates.getByRole('button', { name: 'Add rate' }).click();
  await expect(toast(page, /^£15\.50 per hour from .+ added\.$/)).toBeVisible();
  await expect(rates.getByText('In force')).toBeVisible();
  await expect(rates).toContainText('£15.50');

  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, `${name} is approved.`)).toBeVisible();
  await expect(page.getByText('Can take trips', { exact: true })).toBeVisible();
  await expect(trips).toContainText('this driver can be given trips today');

  await page.getByRole('link', { name: '← Back to drivers' }).click();
  await page.getByRole('searchbox', { name: 'Search drivers' }).fill(last);
  await expect(row(page, name)).toContainText('Can take trips');
  await expect(row(page, name)).toContainText('£15.50');
});

test("turning a driver's sign-in off ends their session; the list filters by approval", async ({ page, request }) => {
  const session = await openAsAdmin(page, request, '/1/drivers');
  const driver = await addDriverByApi(request, session.access_token, letters());
  const name = `${driver.first_name} ${driver.last_name}`;
  const own = await request.post('/api/auth/login', {
    data: { type: 'email', email: driver.email, password: 'Tmp-4821x-driver', org_instance_id: 1 },
  });
  expect(own.status()).toBe(200);

  await page.goto(`/1/drivers?approve_status=pending&search=${encodeURIComponent(driver.last_name)}`);
  await expect(page.getByRole('combobox', { name: 'Approval' })).toHaveValue('Pending');
  await row(page, name).getByRole('link', { name, exact: true }).click();
  // Each action on the driver says it succeeded: no longer taking work, then sign-in off.
  await page.getByRole('switch', { name: `Active: ${name}` }).click({ force: true });
  await page.getByRole('dialog', { name: 'Make inactive?' }).getByRole('button', { name: 'Make inactive' }).click();
  await expect(toast(page, `${name} no longer takes work.`)).toBeVisible();
  await page.getByRole('switch', { name: `${name} may sign in` }).click();
  await page.getByRole('dialog', { name: 'Turn sign-in off?' }).getByRole('button', { name: 'Turn off' }).click();
  await expect(toast(page, `${name}'s sign-in is off; their sessions have ended.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Can this driver take trips?' })).toContainText('Sign-in is turned off');
  const refused = await request.post('/api/auth/login', {
    data: { type: 'email', email: driver.email, password: 'Tmp-4821x-driver', org_instance_id: 1 },
  });
  expect(refused.status()).toBe(401);

  await page.getByRole('button', { name: 'Delete driver' }).click();
  await page.getByRole('dialog', { name: 'Delete driver' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `Driver ${name} deleted.`)).toBeVisible();
  // Back to the list as it was left: pending drivers, searched by name.
  await expect(page).toHaveURL(/\/1\/drivers\?.*approve_status=pending/);
});

test('"Sign out everywhere" ends every session of a driver, who can still sign in', async ({ page, request }) => {
  const session = await openAsAdmin(page, request, '/1/drivers');
  const driver = await addDriverByApi(request, session.access_token, letters());
  const name = `${driver.first_name} ${driver.last_name}`;
  // The driver's first sign-in (its password step) and a second one: two open sessions.
  const password = 'Driving-9876x';
  const firstToken = (await finishFirstSignIn(request, driver.email ?? '', 'Tmp-4821x-driver', password)).access_token;
  await apiSignIn(request, driver.email ?? '', password);

  await page.goto(`/1/drivers/${driver.id}`);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await expect(dialog).toContainText(`Every session of ${name} ends at once.`);
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(toast(page, `${name} is signed out (2 sessions ended).`)).toBeVisible();
  const refused = await request.get('/api/auth/get-details-by-token', { headers: { Authorization: `Bearer ${firstToken}` } });
  expect(refused.status()).toBe(401);
  await apiSignIn(request, driver.email ?? '', password);
});

for (const l of [
  { lang: 'en', title: 'Drivers', add: 'Add driver', trips: 'Can this driver take trips?', del: 'Delete driver' },
  { lang: 'ta', title: 'ஓட்டுநர்கள்', add: 'ஓட்டுநரைச் சேர்', trips: 'இந்த ஓட்டுநர் பயணங்களை ஏற்கலாமா?', del: 'ஓட்டுநரை நீக்கு' },
] as const) {
  test(
    `in ${l.lang}: the drivers list, a driver's page with its dialog, and the add form pass axe`,
    widthFor(l.lang),
    async ({ page, request }) => {
      const session = await apiSignIn(request);
      const driver = await addDriverByApi(request, session.access_token, letters());
      await storeSession(page, session);
      await page.evaluate((value) => localStorage.setItem('language', value), l.lang);
      await page.goto('/1/drivers');
      await expect(page.getByRole('heading', { name: l.title, level: 1 })).toBeVisible();
      await expect(row(page, 'Kavin Raj')).toBeVisible();
      // A phone's cards keep long Tamil labels and badges within the width.
      await noSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`/1/drivers/${driver.id}`);
      await expect(page.getByRole('region', { name: l.trips })).toBeVisible();
      await noSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: l.del }).click();
      await expect(page.locator('.mantine-Modal-content')).toHaveCSS('opacity', '1');
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await page.goto('/1/drivers/new');
      await expect(page.getByRole('heading', { name: l.add, level: 1 })).toBeVisible();
      await page
        .locator('form')
        .getByRole('button', { name: l.lang === 'en' ? 'Create driver' : 'ஓட்டுநரை உருவாக்கு' })
        .click();
      await expect(page.getByRole('textbox').first()).toHaveAttribute('aria-invalid', 'true');
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
}
