import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { DocumentType, DocumentTypeCreateInput } from '@ps/contracts';
import { noSidewaysScroll, openNav } from './catalogue';
import { apiSignIn, openAsAdmin, seriousViolations, storeSession, toast, widthFor } from './support';

/** A record of the list: a table row from 768 px, a card below; looked up by its exact (unique) name. */
const row = (page: Page, name: string) =>
  page.locator('tbody tr, [data-testid="record-card"]').filter({ has: page.getByText(name, { exact: true }) });
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search document types' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

/** The demo company's own types, which the drivers, dispatch and payouts specs rely on. */
const DEMO_TYPES = new Set(['Driving licence', 'Insurance certificate', 'Photo ID']);

// The specs share one server: a required type left behind would keep every driver of later specs off trips.
test.afterEach(async ({ request }) => {
  const session = await apiSignIn(request);
  const headers = { Authorization: `Bearer ${session.access_token}` };
  const listed = await request.get('/api/document/list?page_size=1000', { headers });
  const types = ((await listed.json()) as { data: DocumentType[] }).data;
  for (const type of types.filter((each) => !DEMO_TYPES.has(each.name))) {
    const removed = await request.delete(`/api/document/delete/${type.id}`, { headers });
    expect(removed.status(), await removed.text()).toBe(200);
  }
});

async function createDocumentType(request: APIRequestContext, token: string, body: DocumentTypeCreateInput) {
  const response = await request.post('/api/document/add', { headers: { Authorization: `Bearer ${token}` }, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: DocumentType }).data;
}

test('adds a document type from the navigation; a name the company has (in any case) is refused beside the field', async ({
  page,
  request,
}) => {
  const session = await openAsAdmin(page, request, '/1/airports');
  const existing = await createDocumentType(request, session.access_token, { name: unique('Licence') });
  await openNav(page, 'Document types');
  await expect(page).toHaveURL(/\/1\/document-types$/);
  await expect(page).toHaveTitle('Document types · Parking Solutions');
  await searchFor(page, existing.name);
  await expect(row(page, existing.name)).toBeVisible();

  await page.getByRole('link', { name: 'Add document type' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(existing.name.toUpperCase());
  await page.getByRole('button', { name: 'Create document type' }).click();
  const message = 'A document type with this name already exists.';
  await expect(toast(page, message)).toBeVisible();
  await expect(page.locator('form').getByText(message)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');

  const name = unique('E2E Insurance');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('switch', { name: /^Required/ }).check({ force: true });
  await page.getByRole('switch', { name: /^Has an expiry date/ }).check({ force: true });
  await page.getByRole('button', { name: 'Create document type' }).click();
  await expect(toast(page, `Document type ${name} created.`)).toBeVisible();
  await expect(page).toHaveURL(/\/1\/document-types/);
  await searchFor(page, name);
  // Required and has expiry: two Yes badges.
  await expect(row(page, name).getByText('Yes', { exact: true })).toHaveCount(2);
  await expect(row(page, name).getByRole('switch')).toBeChecked();
});

test('edits, filters by required and status, sets inactive in bulk, exports and deletes document types', async ({ page, request }) => {
  const session = await openAsAdmin(page, request, '/1/document-types');
  const tag = unique('Doc Kit');
  const required = await createDocumentType(request, session.access_token, { name: `${tag} A`, required: true });
  const optional = await createDocumentType(request, session.access_token, { name: `${tag} B`, has_expiry: true });
  await searchFor(page, tag);
  await expect(row(page, required.name).getByText('Yes', { exact: true })).toHaveCount(1);

  await row(page, required.name)
    .getByRole('link', { name: `Edit ${required.name}` })
    .click();
  await expect(page.getByRole('heading', { name: `Edit document type ${required.name}` })).toBeVisible();
  await expect(page.getByRole('switch', { name: /^Required/ })).toBeChecked();
  await page.getByRole('switch', { name: /^Has an expiry date/ }).check({ force: true });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, `Document type ${required.name} saved.`)).toBeVisible();
  await expect(page).toHaveURL(/\/1\/document-types/);
  await searchFor(page, tag);
  await expect(row(page, required.name).getByText('Yes', { exact: true })).toHaveCount(2);

  const requiredFilter = page.getByRole('radiogroup', { name: 'Filter by required or optional' });
  await requiredFilter.getByText('Optional', { exact: true }).click();
  await expect(page).toHaveURL(/required=0/);
  await expect(row(page, optional.name)).toBeVisible();
  await expect(row(page, required.name)).toHaveCount(0);
  await page.reload();
  await expect(row(page, optional.name)).toBeVisible();
  await expect(row(page, required.name)).toHaveCount(0);
  await requiredFilter.getByText('All', { exact: true }).click();
  await expect(row(page, required.name)).toBeVisible();

  // Both set inactive at once.
  await row(page, required.name).getByRole('checkbox').check();
  await row(page, optional.name).getByRole('checkbox').check();
  await page.getByRole('region', { name: 'Selected rows' }).getByRole('button', { name: 'Set inactive' }).click();
  await page.getByRole('dialog', { name: 'Set inactive?' }).getByRole('button', { name: 'Set inactive' }).click();
  await expect(toast(page, '2 records are now inactive.')).toBeVisible();
  await expect(row(page, required.name).getByRole('switch')).not.toBeChecked();
  await expect(row(page, optional.name).getByRole('switch')).not.toBeChecked();

  await page.getByRole('radiogroup', { name: 'Filter by status' }).getByText('Inactive', { exact: true }).click();
  await expect(page).toHaveURL(/status=0/);
  await requiredFilter.getByText('Optional', { exact: true }).click();
  await expect(page).toHaveURL(/required=0/);
  await expect(row(page, required.name)).toHaveCount(0);
  await expect(row(page, optional.name)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('document-types.csv');
  const lines = (await readFile(await file.path(), 'utf8')).slice(1).trimEnd().split('\r\n');
  expect(lines).toEqual(['Name,Required,Has expiry,Status', `${optional.name},No,Yes,Inactive`]);

  await row(page, optional.name)
    .getByRole('button', { name: `Delete ${optional.name}` })
    .click();
  await page.getByRole('dialog', { name: 'Delete document type' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `Document type ${optional.name} deleted.`)).toBeVisible();
  await expect(row(page, optional.name)).toHaveCount(0);
  await expect(page.getByText('No document types match your search.')).toBeVisible();
});

for (const l of [
  {
    lang: 'en',
    title: 'Document types',
    add: 'Add document type',
    create: 'Create document type',
    deleteOne: (name: string) => `Delete ${name}`,
    taken: 'A document type with this name already exists.',
  },
  {
    lang: 'ta',
    title: 'ஆவண வகைகள்',
    add: 'ஆவண வகையைச் சேர்',
    create: 'ஆவண வகையை உருவாக்கு',
    deleteOne: (name: string) => `${name}-ஐ நீக்கு`,
    taken: 'இந்தப் பெயரில் ஓர் ஆவண வகை ஏற்கனவே உள்ளது.',
  },
] as const) {
  test(
    `in ${l.lang}: the document types list, its dialogs and the form pass axe; a taken name is said beside the field`,
    widthFor(l.lang),
    async ({ page, request }) => {
      const session = await apiSignIn(request);
      const type = await createDocumentType(request, session.access_token, { name: unique('Axe Document'), required: true });
      await storeSession(page, session);
      await page.evaluate((value) => localStorage.setItem('language', value), l.lang);
      await page.goto(`/1/document-types?search=${encodeURIComponent(type.name)}`);
      await expect(page.getByRole('heading', { name: l.title })).toBeVisible();
      await expect(row(page, type.name)).toBeVisible();
      // Both filters and the cards fit at 375 px, Tamil words too.
      await noSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);

      await row(page, type.name)
        .getByRole('button', { name: l.deleteOne(type.name) })
        .click();
      await expect(page.locator('.mantine-Modal-content')).toHaveCSS('opacity', '1');
      await expect(page.locator('.mantine-Modal-overlay')).toHaveCSS('opacity', '1');
      expect(await seriousViolations(page), 'delete dialog').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      // The status switch asks first; its question passes too.
      await row(page, type.name).getByRole('switch').click({ force: true });
      await expect(page.locator('.mantine-Modal-content')).toHaveCSS('opacity', '1');
      expect(await seriousViolations(page), 'status dialog').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await page.goto('/1/document-types/new');
      await expect(page.getByRole('heading', { name: l.add })).toBeVisible();
      const submit = page.locator('form').getByRole('button', { name: l.create });
      await submit.click();
      await expect(page.getByRole('textbox').first()).toHaveAttribute('aria-invalid', 'true');
      await noSidewaysScroll(page);
      expect(await seriousViolations(page), 'form with errors').toEqual([]);

      await page.getByRole('textbox').first().fill(type.name.toLowerCase());
      await submit.click();
      await expect(page.locator('form').getByText(l.taken)).toBeVisible();
      await expect(page.getByRole('textbox').first()).toHaveAttribute('aria-invalid', 'true');
    },
  );
}
