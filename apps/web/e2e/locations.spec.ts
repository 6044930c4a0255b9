import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Airport, Location, LocationCreate } from '@ps/contracts';
import { apiSignIn, BOTH_WIDTHS, openAsAdmin, SUPER_ADMIN, seriousViolations, storeSession, toast, widthFor } from './support';

/** A record of the list: a table row from 768 px, a card below; looked up by its exact (unique) name. */
const row = (page: Page, name: string) =>
  page.locator('tbody tr, [data-testid="record-card"]').filter({ has: page.getByText(name, { exact: true }) });
const isMobile = () => test.info().project.name.startsWith('mobile');
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Types a search and waits until the list's URL has it (a click before that would be undone by it). */
async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search locations' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

/** The demo company's airport with this code. */
async function airportId(request: APIRequestContext, token: string, code: string): Promise<number> {
  const response = await request.get(`/api/airport/list?search=${code}&page_size=100`, { headers: { Authorization: `Bearer ${token}` } });
  const airport = ((await response.json()) as { data: Airport[] }).data.find((candidate) => candidate.iata_code === code);
  if (!airport) throw new Error(`no airport ${code}`);
  return airport.id;
}

async function createLocation(request: APIRequestContext, token: string, body: Partial<LocationCreate> & { name: string }) {
  const response = await request.post('/api/location/add', {
    headers: { Authorization: `Bearer ${token}` },
    data: { airport_id: await airportId(request, token, 'LGW'), type: 'car_park', capacity: 100, ...body },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Location }).data;
}

/** Picks an option of a Mantine select by typing part of it. */
async function choose(page: Page, label: string | RegExp, typed: string | null, option: string | RegExp) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  if (typed !== null) await input.fill(typed);
  await page.getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option }).click();
}

test(
  'adds a location with the form: airport, type, capacity and coordinates (pasted as one point)',
  BOTH_WIDTHS,
  async ({ page, request }) => {
    await openAsAdmin(page, request, '/1/locations');
    await expect(page).toHaveTitle('Locations · Parking Solutions');
    await page.getByRole('link', { name: 'Add location' }).click();
    await expect(page.getByRole('heading', { name: 'Add location' })).toBeVisible();

    // The contract's schema speaks first.
    await page.getByRole('button', { name: 'Create location' }).click();
    await expect(page.getByText('This field is required').first()).toBeVisible();

    const name = unique('E2E Car Park');
    await choose(page, 'Airport', 'Heath', 'LHR – London Heathrow');
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await choose(page, 'Type', null, 'Car park');
    await page.getByRole('textbox', { name: 'Capacity' }).fill('250');
    await page.getByRole('textbox', { name: 'Address' }).fill('Bath Road, Hounslow TW6 2AQ');
    // A point copied from a map goes into both fields.
    const latitude = page.getByRole('textbox', { name: 'Latitude' });
    await latitude.focus();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', '51.4812, -0.4453');
      document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(latitude).toHaveValue('51.4812');
    await expect(page.getByRole('textbox', { name: 'Longitude' })).toHaveValue('-0.4453');
    await page.getByRole('button', { name: 'Create location' }).click();

    await expect(toast(page, `Location ${name} created.`)).toBeVisible();
    await expect(page).toHaveURL(/\/1\/locations$/);
    await searchFor(page, name);
    const created = row(page, name);
    await expect(created).toContainText('LHR');
    await expect(created).toContainText('Car park');
    await expect(created).toContainText('250 spaces');
    await expect(created).toContainText('51.4812, -0.4453');
    const map = created.getByRole('link', { name: `Map of ${name} on OpenStreetMap (opens in a new tab)` });
    await expect(map).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/\?mlat=51\.4812&mlon=-0\.4453/);
    await expect(map).toHaveAttribute('target', '_blank');
    await expect(map).toHaveAttribute('rel', /noopener/);
    if (isMobile()) await expect(page.getByTestId('record-card').filter({ hasText: name })).toBeVisible();
  },
);

test('a latitude without a longitude is refused beside the field', async ({ page, request }) => {
  await openAsAdmin(page, request, '/1/locations/new');
  await choose(page, 'Airport', 'Gat', 'LGW – London Gatwick');
  await page.getByRole('textbox', { name: 'Name' }).fill(unique('Half Point'));
  await choose(page, 'Type', null, 'Other');
  await page.getByRole('textbox', { name: 'Latitude' }).fill('51.15');
  await page.getByRole('button', { name: 'Create location' }).click();
  await expect(page.getByRole('textbox', { name: 'Longitude' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/1\/locations\/new$/);
});

test('edits a location: a terminal is not a car park', async ({ page, request }) => {
  const session = await openAsAdmin(page, request, '/1/locations');
  const location = await createLocation(request, session.access_token, { name: unique('Before Edit') });
  await searchFor(page, location.name);
  await row(page, location.name)
    .getByRole('link', { name: `Edit ${location.name}` })
    .click();
  await expect(page.getByRole('heading', { name: `Edit location ${location.name}` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Airport' })).toHaveValue('LGW – London Gatwick');
  const renamed = unique('After Edit');
  await page.getByRole('textbox', { name: 'Name' }).fill(renamed);
  await choose(page, 'Type', null, 'Terminal');
  await page.getByRole('textbox', { name: 'Capacity' }).fill('0');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, `Location ${renamed} saved.`)).toBeVisible();
  await searchFor(page, renamed);
  await expect(row(page, renamed)).toContainText('Terminal');
  await expect(row(page, renamed)).toContainText('Not a car park');
  await expect(row(page, renamed)).toContainText('Not given');
});

test('airport, type and status filters are kept in the URL; the export has every filtered row', async ({ page, request }) => {
  const session = await openAsAdmin(page, request, '/auth/login');
  const tag = unique('Filter');
  const park = await createLocation(request, session.access_token, { name: `${tag} Park`, capacity: 40 });
  const terminal = await createLocation(request, session.access_token, { name: `${tag} Terminal`, type: 'terminal', capacity: 0 });
  const closed = await createLocation(request, session.access_token, {
    name: `${tag} Closed`,
    airport_id: await airportId(request, session.access_token, 'MAN'),
    status: 0,
  });
  await page.goto(`/1/locations?search=${encodeURIComponent(tag)}`);
  await expect(row(page, closed.name)).toBeVisible();

  await page.getByRole('combobox', { name: 'Airport' }).selectOption({ label: 'LGW – London Gatwick' });
  await expect(page).toHaveURL(/airport_id=\d+/);
  await expect(row(page, closed.name)).toHaveCount(0);
  await expect(row(page, park.name)).toBeVisible();
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Terminal' });
  await expect(page).toHaveURL(/type=terminal/);
  await expect(row(page, park.name)).toHaveCount(0);
  await expect(row(page, terminal.name)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('terminal');
  await expect(row(page, terminal.name)).toBeVisible();
  await expect(row(page, park.name)).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('locations.csv');
  const lines = (await readFile(await file.path(), 'utf8')).slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('Name,Airport,Type,Address,Latitude,Longitude,Capacity,Status');
  expect(lines.slice(1)).toEqual([`${terminal.name},LGW – London Gatwick,Terminal,,,,0,Active`]);

  // Back to all types and airports; the status filter finds the inactive one.
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'All types' });
  await page.getByRole('combobox', { name: 'Airport' }).selectOption({ label: 'All airports' });
  await page.getByRole('radiogroup', { name: 'Filter by status' }).getByText('Inactive', { exact: true }).click();
  await expect(page).toHaveURL(/status=0/);
  await expect(page).not.toHaveURL(/type=|airport_id=/);
  await expect(row(page, closed.name)).toBeVisible();
  await expect(row(page, park.name)).toHaveCount(0);
});

test('deletes a location after confirmation', async ({ page, request }) => {
  const session = await openAsAdmin(page, request, '/1/locations');
  const location = await createLocation(request, session.access_token, { name: unique('Delete Me') });
  await searchFor(page, location.name);
  await row(page, location.name)
    .getByRole('button', { name: `Delete ${location.name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete location' });
  await expect(dialog).toContainText(location.name);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `Location ${location.name} deleted.`)).toBeVisible();
  await expect(row(page, location.name)).toHaveCount(0);
  await expect(page.getByText('No locations match these filters.', { exact: false })).toBeVisible();
});

test('a new location can start from a core location, which fills the form and the airport', async ({ page, request }) => {
  await openAsAdmin(page, request, '/1/locations/new');
  await choose(page, 'Start from a core location', 'Terminal 2', 'LHR · Heathrow Terminal 2 Forecourt');
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Heathrow Terminal 2 Forecourt');
  await expect(page.getByRole('combobox', { name: 'Airport' })).toHaveValue('LHR – London Heathrow');
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('Terminal');
  await expect(page.getByRole('textbox', { name: 'Latitude' })).toHaveValue('51.4694');
  const name = unique('T2 Forecourt');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Create location' }).click();
  await expect(toast(page, `Location ${name} created.`)).toBeVisible();
});

test('the super admin adds and edits a core location', async ({ page, request }) => {
  await storeSession(page, await apiSignIn(request, SUPER_ADMIN.email, SUPER_ADMIN.password), null);
  await page.goto('/org/core-locations');
  await expect(page).toHaveTitle('Core locations · Parking Solutions');
  await expect(row(page, 'Heathrow Terminal 5 Forecourt')).toBeVisible();
  await page.getByRole('link', { name: 'Add core location' }).click();
  const name = unique('Core Desk');
  await choose(page, 'Airport', 'MAN', 'MAN – Manchester');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await choose(page, 'Type', null, 'Meeting point');
  await page.getByRole('button', { name: 'Create core location' }).click();
  await expect(toast(page, `Location ${name} created.`)).toBeVisible();
  await expect(page).toHaveURL(/\/org\/core-locations$/);
  await searchFor(page, name);
  await expect(row(page, name)).toContainText('MAN');
  await expect(row(page, name)).toContainText('Meeting point');
  await row(page, name)
    .getByRole('link', { name: `Edit ${name}` })
    .click();
  await page.getByRole('textbox', { name: 'Capacity' }).fill('12');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, `Location ${name} saved.`)).toBeVisible();
  await searchFor(page, name);
  await expect(row(page, name)).toContainText('12 spaces');
});

const languages = [
  { lang: 'en', add: 'Add location', title: 'Locations', deleteOne: (name: string) => `Delete ${name}`, close: 'Close' },
  { lang: 'ta', add: 'இடத்தைச் சேர்', title: 'இடங்கள்', deleteOne: (name: string) => `${name}-ஐ நீக்கு`, close: 'மூடு' },
] as const;

async function dialogOpen(page: Page) {
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('.mantine-Modal-content')).toHaveCSS('opacity', '1');
  await expect(page.locator('.mantine-Modal-overlay')).toHaveCSS('opacity', '1');
}

for (const l of languages) {
  test(`in ${l.lang}: the locations list, its dialogs and the form pass axe`, widthFor(l.lang), async ({ page, request }) => {
    const session = await apiSignIn(request);
    const location = await createLocation(request, session.access_token, {
      name: unique('Axe Place'),
      latitude: 51.15,
      longitude: -0.18,
    });
    await storeSession(page, session);
    await page.evaluate((value) => localStorage.setItem('language', value), l.lang);
    await page.goto(`/1/locations?search=${encodeURIComponent(location.name)}`);
    await expect(page.getByRole('heading', { name: l.title })).toBeVisible();
    await expect(row(page, location.name)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await row(page, location.name)
      .getByRole('button', { name: l.deleteOne(location.name) })
      .click();
    await dialogOpen(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: l.close }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    await row(page, location.name).getByRole('switch').click({ force: true });
    await dialogOpen(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    // The whole demo list (cards at 375 px) and the form with each dropdown open.
    // Other specs add car parks to the same company: the demo one is found by its name, not by page.
    await page.goto(`/1/locations?search=${encodeURIComponent('Heathrow Long Stay')}`);
    await expect(row(page, 'Heathrow Long Stay Car Park')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/1/locations/new');
    await expect(page.getByRole('heading', { name: l.add })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    for (const input of await page.locator('form').getByRole('combobox').all()) {
      await input.click();
      await expect(page.getByRole('listbox')).toBeVisible();
      await input.press('ArrowDown');
      expect(await seriousViolations(page)).toEqual([]);
      await input.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();
    }
  });

  test(`in ${l.lang}: the core locations list passes axe`, widthFor(l.lang), async ({ page, request }) => {
    await storeSession(page, await apiSignIn(request, SUPER_ADMIN.email, SUPER_ADMIN.password), null);
    await page.evaluate((value) => localStorage.setItem('language', value), l.lang);
    await page.goto('/org/core-locations');
    await expect(row(page, 'Heathrow Terminal 5 Forecourt')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/org/core-locations/new');
    await expect(page.getByRole('combobox').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
