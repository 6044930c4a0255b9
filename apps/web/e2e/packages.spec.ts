import { expect, type Page, test } from '@playwright/test';
import type { Package } from '@ps/contracts';
import { api, axeOnList, exportCsv, isMobile, noSidewaysScroll, record, setLanguage, uniqueName } from './catalogue';
import { apiSignIn, BOTH_WIDTHS, openAsAdmin, seriousViolations, storeSession, toast, widthFor } from './support';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search packages' });

test('adds a package with a price and a list of included items', BOTH_WIDTHS, async ({ page, request }) => {
  // Other specs add packages to the same company: the demo ones are found by name, not by being on page one.
  await openAsAdmin(page, request, `/1/packages?search=${encodeURIComponent('Meet and Greet Standard')}`);
  await expect(record(page, 'Meet and Greet Standard')).toContainText('£15.00');
  await searchBox(page).fill('Park and Ride Economy');
  await expect(record(page, 'Park and Ride Economy')).toContainText('£0.00');
  await page.getByRole('link', { name: 'Add package' }).click();
  await expect(page).toHaveURL(/\/1\/packages\/new$/);

  const name = uniqueName('Valet Premium');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Price' }).fill('24.5');
  await page.getByRole('textbox', { name: 'Description' }).fill('Valet parking with a wash.');
  // Included items: add three, blank one is refused, remove it.
  const addItem = page.getByRole('button', { name: 'Add item' });
  await addItem.click();
  await page.getByRole('textbox', { name: 'Included item 1' }).fill('Meet at the terminal');
  await addItem.click();
  await page.getByRole('textbox', { name: 'Included item 2' }).fill('   ');
  await addItem.click();
  await page.getByRole('textbox', { name: 'Included item 3' }).fill('Car returned washed');
  await page.getByRole('button', { name: 'Create package' }).click();
  await expect(page.getByText('This field cannot contain only blankspaces')).toBeVisible();
  await page.getByRole('button', { name: 'Remove Included item 2' }).click();
  await expect(page.getByRole('textbox', { name: 'Included item 2' })).toHaveValue('Car returned washed');
  await page.getByRole('button', { name: 'Create package' }).click();

  await expect(toast(page, `Package ${name} created.`)).toBeVisible();
  // Back to the list as it was left, with its search.
  await expect(page).toHaveURL(/\/1\/packages\?search=/);
  await searchBox(page).fill(name);
  await expect(record(page, name)).toContainText('£24.50');
  await expect(record(page, name)).toContainText('Meet and greet');
  await expect(record(page, name)).toContainText('Meet at the terminal · Car returned washed');
  if (isMobile()) await noSidewaysScroll(page);
});

test('edits a package, filters by type and status, exports and deletes', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const item = await api<Package>(request, session.access_token, 'POST', '/api/package/add', {
    name: uniqueName('Shuttle Plus'),
    type: 'park_and_ride',
    price: 500,
    included: ['Shuttle', 'Luggage help'],
    status: 0,
  });
  await storeSession(page, session);
  await page.goto('/1/packages');
  await page.getByRole('combobox', { name: 'Filter by type' }).click();
  await page.getByRole('option', { name: 'Park and ride' }).click();
  await expect(page).toHaveURL(/type=park_and_ride/);
  await page.getByRole('radiogroup', { name: 'Filter by status' }).getByText('Inactive', { exact: true }).click();
  await expect(page).toHaveURL(/status=0/);
  await expect(record(page, item.name)).toBeVisible();
  await expect(record(page, 'Park and Ride Economy')).toHaveCount(0);

  const file = await exportCsv(page);
  expect(file.name).toBe('packages.csv');
  expect(file.lines[0]).toBe('Name,Type,Price,Included,Description,Status');
  expect(file.lines).toContain(`${item.name},Park and ride,£5.00,Shuttle; Luggage help,,Inactive`);

  await record(page, item.name)
    .getByRole('link', { name: `Edit ${item.name}` })
    .click();
  await expect(page.getByRole('textbox', { name: 'Included item 2' })).toHaveValue('Luggage help');
  await expect(page.getByRole('textbox', { name: 'Price' })).toHaveValue('5.00');
  await page.getByRole('textbox', { name: 'Price' }).fill('0');
  await page.getByRole('button', { name: 'Remove Luggage help' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, `Package ${item.name} saved.`)).toBeVisible();
  await searchBox(page).fill(item.name);
  await expect(record(page, item.name)).toContainText('£0.00');
  await expect(record(page, item.name)).not.toContainText('Luggage help');

  await record(page, item.name)
    .getByRole('button', { name: `Delete ${item.name}` })
    .click();
  await page.getByRole('dialog', { name: 'Delete package' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `Package ${item.name} deleted.`)).toBeVisible();
  await expect(record(page, item.name)).toHaveCount(0);
});

for (const [lang, deleteLabel, heading] of [
  ['en', (name: string) => `Delete ${name}`, 'Add package'],
  ['ta', (name: string) => `${name}-ஐ நீக்கு`, 'தொகுப்பைச் சேர்'],
] as const) {
  test(`packages list, dialogs and form have no serious accessibility violations (${lang})`, widthFor(lang), async ({ page, request }) => {
    const session = await apiSignIn(request);
    const item = await api<Package>(request, session.access_token, 'POST', '/api/package/add', {
      name: uniqueName('Axe package'),
      type: 'meet_and_greet',
      price: 1000,
      included: ['Valet'],
    });
    await storeSession(page, session);
    await setLanguage(page, lang);
    await page.goto(`/1/packages?search=${encodeURIComponent(item.name)}`);
    await axeOnList(page, item.name, deleteLabel(item.name));

    await page.goto('/1/packages/new');
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await page.getByRole('button', { name: lang === 'en' ? 'Add item' : 'உருப்படியைச் சேர்' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: lang === 'en' ? 'Create package' : 'தொகுப்பை உருவாக்கு' }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    expect(await seriousViolations(page), 'with errors').toEqual([]);
  });
}
