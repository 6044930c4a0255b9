import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Yard, YardCreate } from '@ps/contracts';
import { apiSignIn, openAsAdmin, seriousViolations, storeSession, toast, widthFor } from './support';

/** A record of the list: a table row from 768 px, a card below; looked up by its exact (unique) name. */
const row = (page: Page, name: string) =>
  page.locator('tbody tr, [data-testid="record-card"]').filter({ has: page.getByText(name, { exact: true }) });
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search yards' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

async function createYard(request: APIRequestContext, token: string, body: Partial<YardCreate> & { name: string }) {
  const response = await request.post('/api/yards/add', { headers: { Authorization: `Bearer ${token}` }, data: { capacity: 60, ...body } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Yard }).data;
}

test('adds a yard from the navigation; a name the company has (in any case) is refused beside the field', async ({ page, request }) => {
  await openAsAdmin(page, request, '/1/airports');
  if (test.info().project.name.startsWith('mobile')) await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('link', { name: 'Yards' }).click();
  await expect(page).toHaveURL(/\/1\/yards$/);
  await expect(page).toHaveTitle('Yards · Parking Solutions');
  await expect(row(page, 'Crawley Valet Yard')).toBeVisible();

  await page.getByRole('link', { name: 'Add yard' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('crawley VALET yard');
  await page.getByRole('button', { name: 'Create yard' }).click();
  const message = 'A yard with this name already exists.';
  await expect(toast(page, message)).toBeVisible();
  await expect(page.locator('form').getByText(message)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');

  const name = unique('E2E Yard');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Capacity' }).fill('140');
  await page.getByRole('textbox', { name: 'Address' }).fill('Gatwick Road, Crawley RH10 9RD');
  await page.getByRole('button', { name: 'Create yard' }).click();
  await expect(toast(page, `Yard ${name} created.`)).toBeVisible();
  await searchFor(page, name);
  await expect(row(page, name)).toContainText('140');
  await expect(row(page, name)).toContainText('Gatwick Road, Crawley RH10 9RD');
});

test('edits, deactivates, filters, exports and deletes a yard', async ({ page, request }) => {
  const session = await openAsAdmin(page, request, '/1/yards');
  const tag = unique('Yard Kit');
  const yard = await createYard(request, session.access_token, { name: `${tag} A` });
  const other = await createYard(request, session.access_token, { name: `${tag} B`, status: 0 });
  await searchFor(page, tag);

  await row(page, yard.name)
    .getByRole('link', { name: `Edit ${yard.name}` })
    .click();
  await expect(page.getByRole('heading', { name: `Edit yard ${yard.name}` })).toBeVisible();
  await page.getByRole('textbox', { name: 'Capacity' }).fill('75');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, `Yard ${yard.name} saved.`)).toBeVisible();
  await expect(page).toHaveURL(/\/1\/yards/);
  await searchFor(page, tag);
  await expect(row(page, yard.name)).toContainText('75');

  await page.getByRole('radiogroup', { name: 'Filter by status' }).getByText('Inactive', { exact: true }).click();
  await expect(page).toHaveURL(/status=0/);
  await expect(row(page, other.name)).toBeVisible();
  await expect(row(page, yard.name)).toHaveCount(0);
  await page.reload();
  await expect(row(page, other.name)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('yards.csv');
  const lines = (await readFile(await file.path(), 'utf8')).slice(1).trimEnd().split('\r\n');
  expect(lines).toEqual(['Name,Address,Capacity,Status', `${other.name},,60,Inactive`]);

  await row(page, other.name)
    .getByRole('button', { name: `Delete ${other.name}` })
    .click();
  await page.getByRole('dialog', { name: 'Delete yard' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `Yard ${other.name} deleted.`)).toBeVisible();
  await expect(row(page, other.name)).toHaveCount(0);
  await expect(page.getByText('No yards match your search.')).toBeVisible();
});

for (const l of [
  { lang: 'en', title: 'Yards', add: 'Add yard', deleteOne: (name: string) => `Delete ${name}` },
  { lang: 'ta', title: 'வாகனக் கிடங்குகள்', add: 'கிடங்கைச் சேர்', deleteOne: (name: string) => `${name}-ஐ நீக்கு` },
] as const) {
  test(`in ${l.lang}: the yards list, its dialogs and the form pass axe`, widthFor(l.lang), async ({ page, request }) => {
    const session = await apiSignIn(request);
    const yard = await createYard(request, session.access_token, { name: unique('Axe Yard') });
    await storeSession(page, session);
    await page.evaluate((value) => localStorage.setItem('language', value), l.lang);
    await page.goto('/1/yards');
    await expect(page.getByRole('heading', { name: l.title })).toBeVisible();
    await expect(row(page, 'Crawley Valet Yard')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/1/yards?search=${encodeURIComponent(yard.name)}`);
    await row(page, yard.name)
      .getByRole('button', { name: l.deleteOne(yard.name) })
      .click();
    await expect(page.locator('.mantine-Modal-content')).toHaveCSS('opacity', '1');
    await expect(page.locator('.mantine-Modal-overlay')).toHaveCSS('opacity', '1');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.goto('/1/yards/new');
    await expect(page.getByRole('heading', { name: l.add })).toBeVisible();
    await page
      .locator('form')
      .getByRole('button', { name: l.lang === 'en' ? 'Create yard' : 'கிடங்கை உருவாக்கு' })
      .click();
    await expect(page.getByRole('textbox').first()).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);
  });
}
