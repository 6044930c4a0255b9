import { expect, type Page, test } from '@playwright/test';
import type { AdditionalService } from '@ps/contracts';
import { api, axeOnList, exportCsv, isMobile, noSidewaysScroll, record, setLanguage, uniqueName } from './catalogue';
import { apiSignIn, BOTH_WIDTHS, openAsAdmin, seriousViolations, storeSession, toast, widthFor } from './support';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search services' });

test('adds an additional service with the form', BOTH_WIDTHS, async ({ page, request }) => {
  // Other specs add services to the same company: the demo one is found by name, not by being on page one.
  await openAsAdmin(page, request, '/1/additional-services?search=EV%20charging');
  await expect(page.getByRole('heading', { name: 'Additional services' })).toBeVisible();
  await expect(record(page, 'EV charging')).toContainText('£20.00');
  await page.getByRole('link', { name: 'Add service' }).click();

  await page.getByRole('button', { name: 'Create service' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(2);
  const name = uniqueName('Tyre check');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Price' }).fill('7.5');
  await page.getByRole('textbox', { name: 'Description' }).fill('Pressures checked and set.');
  await page.getByRole('button', { name: 'Create service' }).click();

  await expect(toast(page, `Service ${name} created.`)).toBeVisible();
  // Back to the list as it was left: still searching for EV charging.
  await expect(page).toHaveURL(/\/1\/additional-services\?search=EV/);
  await searchBox(page).fill(name);
  await expect(record(page, name)).toContainText('£7.50');
  await expect(record(page, name)).toContainText('Pressures checked and set.');
  if (isMobile()) await noSidewaysScroll(page);
});

test('edits a service, filters by status, exports and deletes', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const service = await api<AdditionalService>(request, session.access_token, 'POST', '/api/additional_services/add', {
    name: uniqueName('Interior valet'),
    price: 3500,
    status: 0,
  });
  await storeSession(page, session);
  await page.goto('/1/additional-services');
  await page.getByRole('radiogroup', { name: 'Filter by status' }).getByText('Inactive', { exact: true }).click();
  await expect(page).toHaveURL(/status=0/);
  await expect(record(page, service.name)).toBeVisible();
  await expect(record(page, 'Car wash')).toHaveCount(0);

  const file = await exportCsv(page);
  expect(file.name).toBe('additional-services.csv');
  expect(file.lines[0]).toBe('Name,Price,Description,Status');
  expect(file.lines).toContain(`${service.name},£35.00,,Inactive`);

  await record(page, service.name)
    .getByRole('link', { name: `Edit ${service.name}` })
    .click();
  await expect(page.getByRole('textbox', { name: 'Price' })).toHaveValue('35.00');
  await page.getByRole('textbox', { name: 'Price' }).fill('30');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, `Service ${service.name} saved.`)).toBeVisible();
  await searchBox(page).fill(service.name);
  await expect(record(page, service.name)).toContainText('£30.00');

  await record(page, service.name)
    .getByRole('button', { name: `Delete ${service.name}` })
    .click();
  await page.getByRole('dialog', { name: 'Delete service' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `Service ${service.name} deleted.`)).toBeVisible();
  await expect(record(page, service.name)).toHaveCount(0);
});

for (const [lang, deleteLabel, heading] of [
  ['en', (name: string) => `Delete ${name}`, 'Add service'],
  ['ta', (name: string) => `${name}-ஐ நீக்கு`, 'சேவையைச் சேர்'],
] as const) {
  test(`services list, dialogs and form have no serious accessibility violations (${lang})`, widthFor(lang), async ({ page, request }) => {
    const session = await apiSignIn(request);
    const service = await api<AdditionalService>(request, session.access_token, 'POST', '/api/additional_services/add', {
      name: uniqueName('Axe service'),
      price: 900,
    });
    await storeSession(page, session);
    await setLanguage(page, lang);
    await page.goto(`/1/additional-services?search=${encodeURIComponent(service.name)}`);
    await axeOnList(page, service.name, deleteLabel(service.name));
    await page.goto('/1/additional-services/new');
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
