import { expect, type Page, test } from '@playwright/test';
import { BOTH_WIDTHS, createAirport, freeIata, openAsAdmin, toast } from './support';

/** A record of the list: a table row from 768 px, a card below. */
const row = (page: Page, code: string) =>
  page.locator('tbody tr, [data-testid="record-card"]').filter({ has: page.getByText(code, { exact: true }) });
const isMobile = () => test.info().project.name.startsWith('mobile');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search airports' });

/** Picks an option of a searchable Mantine select by typing part of it. */
async function choose(page: Page, label: string, typed: string, option: string | RegExp) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option }).click();
}

/** A time zone option ends with its IANA name ("Colombo — ... · Asia/Colombo"). */
const zone = (name: string) => new RegExp(` · ${name.replace('/', '\\/')}$`);

test('creates an airport with the form', async ({ page, request }) => {
  const session = await openAsAdmin(page, request);
  await page.getByRole('link', { name: 'Add airport' }).click();
  await expect(page).toHaveURL(/\/1\/airports\/new$/);
  await expect(page.getByRole('heading', { name: 'Add airport' })).toBeVisible();

  // The contracts' schema speaks first.
  await page.getByRole('button', { name: 'Create airport' }).click();
  await expect(page.getByText('An IATA code is three letters, e.g. LHR')).toBeVisible();
  await expect(page.getByText('This field is required')).toHaveCount(2);
  await expect(page.getByText('Choose a time zone from the list')).toBeVisible();

  const code = await freeIata(request, session.access_token);
  const iata = page.getByRole('textbox', { name: 'IATA code' });
  await iata.fill(code.toLowerCase());
  await expect(iata).toHaveValue(code);
  await page.getByRole('textbox', { name: 'Name' }).fill(`Created ${code}`);
  await choose(page, 'Country', 'Sri', 'Sri Lanka');
  await choose(page, 'Time zone', 'Colombo', zone('Asia/Colombo'));
  await page.getByRole('button', { name: 'Create airport' }).click();

  await expect(toast(page, `Airport ${code} created.`)).toBeVisible();
  await expect(page).toHaveURL(/\/1\/airports$/);
  await searchBox(page).fill(code);
  await expect(row(page, code)).toContainText(`Created ${code}`);
  await expect(row(page, code)).toContainText('Sri Lanka');
  await expect(row(page, code)).toContainText('Asia/Colombo');
  await expect(row(page, code).getByRole('switch')).toBeChecked();
  await expect(page).toHaveTitle('Airports · Parking Solutions');
});

test('a duplicate IATA code is shown beside the field and as a toast', async ({ page, request }) => {
  const session = await openAsAdmin(page, request, '/1/airports/new');
  const existing = await createAirport(request, session.access_token);

  await page.getByRole('textbox', { name: 'IATA code' }).fill(existing.iata_code);
  await page.getByRole('textbox', { name: 'Name' }).fill('Another airport');
  await choose(page, 'Country', 'United', 'United Kingdom');
  await choose(page, 'Time zone', 'London', zone('Europe/London'));
  await page.getByRole('button', { name: 'Create airport' }).click();

  const message = 'An airport with this IATA code already exists.';
  await expect(toast(page, message)).toBeVisible();
  await expect(page.locator('form').getByText(message)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'IATA code' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/1\/airports\/new$/);
});

test('edits an airport', async ({ page, request }) => {
  const session = await openAsAdmin(page, request);
  const airport = await createAirport(request, session.access_token, { name: 'Before edit' });
  await searchBox(page).fill(airport.iata_code);
  await row(page, airport.iata_code)
    .getByRole('link', { name: `Edit ${airport.iata_code}` })
    .click();

  await expect(page.getByRole('heading', { name: `Edit airport ${airport.iata_code}` })).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue('Before edit');
  await name.fill('  ');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('This field cannot contain only blankspaces')).toBeVisible();
  await name.fill('After edit');
  await page.getByRole('button', { name: 'Save changes' }).click();

  await expect(toast(page, `Airport ${airport.iata_code} saved.`)).toBeVisible();
  await searchBox(page).fill(airport.iata_code);
  await expect(row(page, airport.iata_code)).toContainText('After edit');
});

test('deletes an airport after confirmation', async ({ page, request }) => {
  const session = await openAsAdmin(page, request);
  const airport = await createAirport(request, session.access_token);
  await searchBox(page).fill(airport.iata_code);
  await row(page, airport.iata_code)
    .getByRole('button', { name: `Delete ${airport.iata_code}` })
    .click();

  const dialog = page.getByRole('dialog', { name: 'Delete airport' });
  await expect(dialog).toContainText(`Delete ${airport.iata_code} – ${airport.name}?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, airport.iata_code)).toBeVisible();

  await row(page, airport.iata_code)
    .getByRole('button', { name: `Delete ${airport.iata_code}` })
    .click();
  await page.getByRole('dialog', { name: 'Delete airport' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `Airport ${airport.iata_code} deleted.`)).toBeVisible();
  await expect(row(page, airport.iata_code)).toHaveCount(0);
  await page.reload();
  await expect(searchBox(page)).toHaveValue(airport.iata_code);
  await expect(row(page, airport.iata_code)).toHaveCount(0);
});

test('the status switch names its airport, asks first, and the server keeps the change', async ({ page, request }) => {
  const session = await openAsAdmin(page, request);
  const airport = await createAirport(request, session.access_token);
  await searchBox(page).fill(airport.iata_code);
  const toggle = row(page, airport.iata_code).getByRole('switch', { name: `Active: ${airport.iata_code} – ${airport.name}` });
  await expect(toggle).toBeChecked();

  // One stray tap changes nothing: it asks, and Cancel leaves the airport active.
  await toggle.click({ force: true });
  const dialog = page.getByRole('dialog', { name: 'Make inactive?' });
  await expect(dialog).toContainText(`Make ${airport.iata_code} – ${airport.name} inactive?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(toggle).toBeChecked();

  await toggle.click({ force: true });
  await page.getByRole('dialog', { name: 'Make inactive?' }).getByRole('button', { name: 'Make inactive' }).click();
  await expect(toggle).not.toBeChecked();
  await expect(row(page, airport.iata_code)).toContainText('Inactive');
  await expect(toast(page, `Airport ${airport.iata_code} is now inactive.`)).toBeVisible();

  await page.reload();
  await expect(row(page, airport.iata_code).getByRole('switch')).not.toBeChecked();
});

test('search, status filter, sort and paging are kept in the URL', BOTH_WIDTHS, async ({ page, request }) => {
  const session = await openAsAdmin(page, request);
  // Twelve airports sharing a unique name, one of them inactive.
  const tag = `Paging ${Date.now().toString(36)}`;
  const created = [];
  for (let i = 0; i < 12; i++) {
    created.push(
      await createAirport(request, session.access_token, {
        name: `${tag} ${String.fromCharCode(65 + i)}`,
        status: i === 0 ? 0 : 1,
      }),
    );
  }
  const inactive = created[0];
  if (!inactive) throw new Error('no airports created');

  await searchBox(page).fill(tag);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(tag).replace(/%20/g, '(\\+|%20)')}`));
  await expect(page.getByText('1–12 of 12')).toBeVisible();

  // Status filter.
  const statusFilter = page.getByRole('radiogroup', { name: 'Filter by status' });
  await statusFilter.getByText('Inactive', { exact: true }).click();
  await expect(page).toHaveURL(/status=0/);
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  await expect(row(page, inactive.iata_code)).toBeVisible();
  await statusFilter.getByText('All', { exact: true }).click();
  await expect(page).not.toHaveURL(/status=/);

  if (isMobile()) {
    // Cards: a sort choice and large paging controls instead of headers.
    await page.getByLabel('Sort by').selectOption('-name');
    await expect(page).toHaveURL(/sort=-name/);
    await expect(page.getByTestId('record-card').first()).toContainText(`${tag} L`);
    await page.goto(page.url().replace(/$/, '&page_size=10'));
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText('11–12 of 12')).toBeVisible();
    await page.reload();
    await expect(searchBox(page)).toHaveValue(tag);
    await expect(page.getByText('11–12 of 12')).toBeVisible();
    await expect(page.getByTestId('record-card').first()).toContainText(`${tag} B`);
    await expect(page.getByLabel('Sort by')).toHaveValue('-name');
    return;
  }

  // Sort by name, descending on the second click.
  const nameHeader = page.getByRole('button', { name: /^Name (Not sorted|Sorted)/ });
  await nameHeader.click();
  await expect(page).toHaveURL(/sort=name/);
  await nameHeader.click();
  await expect(page).toHaveURL(/sort=-name/);
  await expect(page.getByRole('row').nth(1)).toContainText(`${tag} L`);

  // Ten rows a page, then the second page.
  await page.getByRole('button', { name: '20' }).click();
  await page.getByRole('menuitem', { name: '10', exact: true }).click();
  await expect(page).toHaveURL(/page_size=10/);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText('11–12 of 12')).toBeVisible();

  // Everything survives a reload.
  await page.reload();
  await expect(searchBox(page)).toHaveValue(tag);
  await expect(page.getByText('11–12 of 12')).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText(`${tag} B`);
  await expect(page.getByRole('button', { name: 'Name Sorted descending' })).toBeVisible();
});

test('an empty search result says so', async ({ page, request }) => {
  await openAsAdmin(page, request, `/1/airports?search=${encodeURIComponent('no such airport anywhere')}`);
  await expect(page.getByText('No airports match your search.')).toBeVisible();
  await expect(searchBox(page)).toHaveValue('no such airport anywhere');
});
