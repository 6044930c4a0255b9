import { expect, type Page, test } from '@playwright/test';
import { apiSignIn, openAsAdmin, SUPER_ADMIN, storeSession, toast, uniqueIata } from './support';

const records = (page: Page) => page.locator('tbody tr, [data-testid="record-card"]');
const record = (page: Page, code: string) => records(page).filter({ has: page.getByText(code, { exact: true }) });

test('the super admin adds and edits a core airport, and a company admin can start an airport from it', async ({
  page,
  request,
  browser,
}) => {
  const code = uniqueIata();
  await storeSession(page, await apiSignIn(request, SUPER_ADMIN.email, SUPER_ADMIN.password), null);
  await page.goto('/org/core-airports');
  await page.getByRole('link', { name: 'Add core airport' }).click();
  await expect(page).toHaveURL(/\/org\/core-airports\/new$/);
  await expect(page).toHaveTitle('Add core airport · Parking Solutions');

  await page.getByRole('textbox', { name: 'IATA code' }).fill(code);
  await page.getByRole('textbox', { name: 'Name' }).fill('Kit Core Field');
  const country = page.getByRole('combobox', { name: 'Country' });
  await country.fill('Japan');
  await page.getByRole('option', { name: 'Japan' }).click();
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.click();
  await zone.fill('Tokyo');
  await page.getByRole('option', { name: /Tokyo/ }).first().click();
  await page.getByRole('button', { name: 'Create airport' }).click();
  await expect(toast(page, `Airport ${code} created.`)).toBeVisible();
  await expect(page).toHaveURL(/\/org\/core-airports$/);

  await page.getByRole('searchbox', { name: 'Search airports' }).fill(code);
  // The search applies after a pause and the list is redrawn then: the link is clicked in the filtered list only (a
  // click on the card being replaced went nowhere once at 375 px).
  await expect(page).toHaveURL(new RegExp(`search=${code}`));
  await expect(records(page)).toHaveCount(1);
  await record(page, code)
    .getByRole('link', { name: `Edit ${code}` })
    .click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Kit Core Field East');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, `Airport ${code} saved.`)).toBeVisible();
  await expect(record(page, code)).toContainText('Kit Core Field East');

  // A company admin now finds it in "Start from a core airport", which fills the form.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await openAsAdmin(admin, context.request, '/1/airports/new');
  const fromCore = admin.getByRole('combobox', { name: 'Start from a core airport' });
  await fromCore.click();
  await fromCore.fill(code);
  await admin.getByRole('option', { name: `${code} – Kit Core Field East` }).click();
  await expect(admin.getByRole('textbox', { name: 'IATA code' })).toHaveValue(code);
  await expect(admin.getByRole('textbox', { name: 'Name' })).toHaveValue('Kit Core Field East');
  await context.close();
});
