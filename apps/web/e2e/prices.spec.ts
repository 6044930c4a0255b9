import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Band, Location } from '@ps/contracts';
import { apiSignIn, BOTH_WIDTHS, createAirport, seriousViolations, storeSession, toast, widthFor } from './support';

/**
 * The price grid, the defaults grid, copying a season and the location prices list. Everything a test needs
 * is made through the API (airport, car parks, bands) with names unique to the run; rows and cells are
 * found by those names. Bands are park-and-ride bands of one day each in a range no demo band uses, so they
 * overlap nothing (bands of one type must not overlap) and the grid of that type shows them.
 */

const isMobile = () => test.info().project.name.startsWith('mobile');
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

let nextDay = 200 + Math.floor(Math.random() * 150);
async function createBand(request: APIRequestContext, token: string, name: string): Promise<Band> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const day = nextDay;
    nextDay = nextDay >= 365 ? 200 : nextDay + 1;
    const response = await request.post('/api/band/add', {
      headers: auth(token),
      data: { name, type: 'park_and_ride', min_days: day, max_days: day, status: 1 },
    });
    if (response.status() === 409) continue;
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: Band }).data;
  }
  throw new Error('no free band days');
}

async function createCarPark(request: APIRequestContext, token: string, airportId: number, name: string): Promise<Location> {
  const response = await request.post('/api/location/add', {
    headers: auth(token),
    data: { airport_id: airportId, name, type: 'car_park', capacity: 150, status: 1 },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Location }).data;
}

/** An airport with two car parks and two bands, and a default for the first band in March (£12.50). */
async function pricingSetup(request: APIRequestContext) {
  const session = await apiSignIn(request);
  const token = session.access_token;
  const tag = unique();
  const airport = await createAirport(request, token, { name: `Prices ${tag}` });
  const longStay = await createCarPark(request, token, airport.id, `Long Stay ${tag}`);
  const shortStay = await createCarPark(request, token, airport.id, `Short Stay ${tag}`);
  const first = await createBand(request, token, `Shuttle A ${tag}`);
  const second = await createBand(request, token, `Shuttle B ${tag}`);
  const defaultPrice = await request.post('/api/band-month/add', {
    headers: auth(token),
    data: { band_id: first.id, month: 3, price: 1250 },
  });
  expect(defaultPrice.status(), await defaultPrice.text()).toBe(201);
  const gridUrl = (location: Location) =>
    `/1/prices?airport_id=${airport.id}&departure_id=${location.id}&arrival_id=${location.id}&type=park_and_ride`;
  return { session, token, tag, airport, longStay, shortStay, first, second, gridUrl };
}

const cell = (page: Page, band: string, month: string) => page.getByRole('textbox', { name: `${band}, ${month}`, exact: true });

test('a route’s prices are edited in the grid and saved together; the default shows greyed until then', async ({ page, request }) => {
  const setup = await pricingSetup(request);
  await storeSession(page, setup.session);
  await page.goto(setup.gridUrl(setup.longStay));
  await expect(page).toHaveTitle('Price grid · Parking Solutions');
  await expect(page.getByText(`Prices of ${setup.longStay.name}: bands down, months across`)).toBeVisible();

  const march = cell(page, setup.first.name, 'March');
  await expect(march).toHaveValue('');
  await expect(march).toHaveAttribute('placeholder', '12.50');

  await cell(page, setup.first.name, 'January').fill('20');
  await cell(page, setup.second.name, 'Every month').fill('35.5');
  // The keyboard moves down a column (to the next band's row: other specs add bands of this type too).
  const july = cell(page, setup.first.name, 'July');
  await july.fill('44');
  const [row, column] = ((await july.getAttribute('data-grid-cell')) ?? '').split('-').map(Number) as [number, number];
  await july.press('Enter');
  await expect(page.locator(`[data-grid-cell="${row + 1}-${column}"]`)).toBeFocused();
  await expect(page.getByText('3 unsaved changes')).toBeVisible();
  await expect(cell(page, setup.first.name, 'January')).toHaveAttribute('data-changed', 'true');

  await page.getByRole('button', { name: 'Save all' }).click();
  await expect(toast(page, 'Prices saved: 3 added, 0 changed, 0 removed.')).toBeVisible();
  await expect(page.getByText('No unsaved changes')).toBeVisible();

  await page.reload();
  await expect(cell(page, setup.first.name, 'January')).toHaveValue('20.00');
  await expect(cell(page, setup.second.name, 'Every month')).toHaveValue('35.50');
  // The route's every-month price now shows greyed in the band's other months.
  await expect(cell(page, setup.second.name, 'May')).toHaveAttribute('placeholder', '35.50');

  // Emptying a cell removes the route's own price: the default applies again.
  await cell(page, setup.first.name, 'January').fill('');
  await page.getByRole('button', { name: 'Save all' }).click();
  await expect(toast(page, 'Prices saved: 0 added, 0 changed, 1 removed.')).toBeVisible();
});

test('a cell that is not an amount is named and nothing is saved; leaving with changes asks first', async ({ page, request }) => {
  const setup = await pricingSetup(request);
  await storeSession(page, setup.session);
  await page.goto(setup.gridUrl(setup.longStay));
  await cell(page, setup.first.name, 'April').fill('abc');
  await cell(page, setup.first.name, 'May').fill('15');
  await page.getByRole('button', { name: 'Save all' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'These cells need your attention' })).toContainText(
    `${setup.first.name}, April: Enter an amount, e.g. 35.00`,
  );
  await expect(cell(page, setup.first.name, 'April')).toHaveAttribute('aria-invalid', 'true');
  const listed = await request.get(`/api/location-price/list?departure_id=${setup.longStay.id}`, { headers: auth(setup.token) });
  expect(((await listed.json()) as { data: unknown[] }).data).toEqual([]);

  // An in-app link (the error toast covers the navigation button on a phone).
  await page.getByRole('link', { name: 'All location prices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/1\/prices/);
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByText('No unsaved changes')).toBeVisible();
  await expect(cell(page, setup.first.name, 'May')).toHaveValue('');
});

test('copying a season to another route, then again with replace', async ({ page, request }) => {
  const setup = await pricingSetup(request);
  const saved = await request.put('/api/location-price/grid', {
    headers: auth(setup.token),
    data: {
      airport_id: setup.airport.id,
      departure_id: setup.longStay.id,
      arrival_id: setup.longStay.id,
      cells: [
        { band_id: setup.first.id, month: 8, price: 4800 },
        { band_id: setup.second.id, month: null, price: 3000 },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await storeSession(page, setup.session);
  await page.goto(setup.gridUrl(setup.longStay));

  const copyOnce = async (replace: boolean) => {
    await page.getByRole('button', { name: 'Copy season to another route' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy season to another route' });
    await dialog.getByRole('combobox', { name: 'Departure of the other route' }).click();
    await page.getByRole('option', { name: setup.shortStay.name, exact: true }).click();
    await expect(dialog.getByRole('combobox', { name: 'Arrival of the other route' })).toHaveValue(setup.shortStay.name);
    if (replace) await dialog.getByRole('checkbox', { name: 'Replace prices the other route already has' }).check();
    await dialog.getByRole('button', { name: 'Copy prices' }).click();
    return dialog;
  };

  const first = await copyOnce(false);
  await expect(toast(page, '2 prices copied (0 replaced).')).toBeVisible();
  await expect(first).toBeHidden();

  const second = await copyOnce(false);
  await expect(second.getByRole('alert')).toContainText('The other route already has 2 prices');
  expect(await seriousViolations(page)).toEqual([]);
  await second.getByRole('checkbox', { name: 'Replace prices the other route already has' }).check();
  await second.getByRole('button', { name: 'Copy prices' }).click();
  await expect(toast(page, '2 prices copied (2 replaced).')).toBeVisible();

  await page.goto(setup.gridUrl(setup.shortStay));
  await expect(cell(page, setup.first.name, 'August')).toHaveValue('48.00');
  await expect(cell(page, setup.second.name, 'Every month')).toHaveValue('30.00');
});

test('the defaults grid saves the band-month defaults', async ({ page, request }) => {
  const setup = await pricingSetup(request);
  await storeSession(page, setup.session);
  await page.goto('/1/prices?tab=defaults&type=park_and_ride');
  await expect(page.getByRole('tab', { name: 'Default prices (band-months)' })).toHaveAttribute('aria-selected', 'true');
  await expect(cell(page, setup.first.name, 'March')).toHaveValue('12.50');
  await cell(page, setup.first.name, 'March').fill('13');
  await cell(page, setup.second.name, 'December').fill('99.99');
  await page.getByRole('button', { name: 'Save all' }).click();
  await expect(toast(page, 'Prices saved: 1 added, 1 changed, 0 removed.')).toBeVisible();
  const list = await request.get(`/api/band-month/list?band_id=${setup.second.id}`, { headers: auth(setup.token) });
  expect(((await list.json()) as { data: Array<{ month: number; price: number }> }).data).toMatchObject([{ month: 12, price: 9999 }]);
});

test('the location prices list filters in the URL, exports CSV and deletes a price', BOTH_WIDTHS, async ({ page, request }) => {
  const setup = await pricingSetup(request);
  await request.put('/api/location-price/grid', {
    headers: auth(setup.token),
    data: {
      airport_id: setup.airport.id,
      departure_id: setup.longStay.id,
      arrival_id: setup.longStay.id,
      cells: [
        { band_id: setup.first.id, month: 1, price: 1000 },
        { band_id: setup.first.id, month: 2, price: 1100 },
        { band_id: setup.second.id, month: null, price: 2000 },
      ],
    },
  });
  await storeSession(page, setup.session);
  await page.goto(`/1/location-prices?search=${setup.tag}`);
  await expect(page).toHaveTitle('Location prices · Parking Solutions');
  const rows = page.locator('tbody tr, [data-testid="record-card"]').filter({ hasText: setup.longStay.name });
  await expect(rows).toHaveCount(3);
  if (isMobile()) await expect(page.getByTestId('record-card').first()).toContainText(setup.longStay.name);

  await page.getByRole('combobox', { name: 'Month' }).click();
  await page.getByRole('option', { name: 'Every month', exact: true }).click();
  await expect(page).toHaveURL(/month=every/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(setup.second.name);
  await expect(rows.first()).toContainText('£20.00');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const lines = csv.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('Airport,Departure,Arrival,Band,Month,Price in minor units (GBP),Price');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${setup.second.name},Every month,2000,£20.00`);

  await page.goto(`/1/location-prices?search=${setup.tag}&month=1`);
  await expect(rows).toHaveCount(1);
  await rows
    .first()
    .getByRole('button', { name: /^Delete / })
    .click();
  await page.getByRole('dialog', { name: 'Delete price' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `The price of ${setup.longStay.name} for ${setup.first.name} was deleted.`)).toBeVisible();
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('No price matches these filters')).toBeVisible();
});

test('a single price is added and changed with the form; a taken band and month is shown beside the month', async ({ page, request }) => {
  const setup = await pricingSetup(request);
  await storeSession(page, setup.session);
  await page.goto(`/1/location-prices?search=${setup.tag}`);
  await page.getByRole('link', { name: 'Add price' }).click();
  await expect(page).toHaveURL(/\/1\/location-prices\/new$/);
  await page.getByRole('button', { name: 'Add price' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();

  const choose = async (label: string, option: string | RegExp) => {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option }).click();
  };
  // A band is offered with its type, labelled by the API ("Shuttle A … (Park and ride)").
  const band = new RegExp(`^${setup.first.name} \\(`);
  await choose('Airport', `${setup.airport.iata_code} – ${setup.airport.name}`);
  await choose('Band', band);
  await choose('Departure', setup.longStay.name);
  await choose('Arrival', setup.longStay.name);
  await page.getByRole('textbox', { name: 'Price' }).fill('27.5');
  await page.getByRole('button', { name: 'Add price' }).click();
  await expect(toast(page, `Price of ${setup.longStay.name} for ${setup.first.name} added.`)).toBeVisible();
  // The list shows every price of the company (other specs add theirs): narrow it to this test's.
  await expect(page).toHaveURL(/\/1\/location-prices/);
  await page.goto(`/1/location-prices?search=${setup.tag}`);
  const row = page.locator('tbody tr, [data-testid="record-card"]').filter({ hasText: setup.first.name });
  await expect(row).toContainText('Every month');
  await expect(row).toContainText('£27.50');

  // The same route, band and month again: 409 beside the month.
  await page.goto('/1/location-prices/new');
  await choose('Airport', `${setup.airport.iata_code} – ${setup.airport.name}`);
  await choose('Band', band);
  await choose('Departure', setup.longStay.name);
  await choose('Arrival', setup.longStay.name);
  await page.getByRole('textbox', { name: 'Price' }).fill('30');
  await page.getByRole('button', { name: 'Add price' }).click();
  const taken = 'This route already has a price for this band and month.';
  await expect(toast(page, taken)).toBeVisible();
  await expect(page.locator('form').getByText(taken)).toBeVisible();

  await page.goto(`/1/location-prices?search=${setup.tag}`);
  await row.getByRole('link', { name: /^Edit / }).click();
  await expect(page.getByRole('heading', { name: 'Edit location price' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Price' })).toHaveValue('27.50');
  await choose('Month', 'June');
  await page.getByRole('textbox', { name: 'Price' }).fill('31');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, `Price of ${setup.longStay.name} for ${setup.first.name} saved.`)).toBeVisible();
  await page.goto(`/1/location-prices?search=${setup.tag}`);
  await expect(row).toContainText('June');
  await expect(row).toContainText('£31.00');
});

for (const language of ['en', 'ta'] as const) {
  test(
    `the price screens have no serious accessibility findings (${language}), dialogs open`,
    widthFor(language),
    async ({ page, request }) => {
      const setup = await pricingSetup(request);
      await storeSession(page, setup.session);
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
      await page.goto(setup.gridUrl(setup.longStay));
      await expect(page.getByTestId('price-grid')).toBeVisible();
      // The first month of the first band (month names in Tamil come from the API).
      await page.locator('[data-grid-cell="0-1"]').fill('x');
      await page.getByRole('button', { name: language === 'en' ? 'Save all' : 'அனைத்தையும் சேமி' }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: language === 'en' ? 'Discard' : 'கைவிடு' }).click();
      await page.getByRole('button', { name: language === 'en' ? 'Copy season to another route' : 'பருவத்தை வேறொரு வழிக்கு நகலெடு' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.goto('/1/prices?tab=defaults&type=park_and_ride');
      await expect(page.getByTestId('price-grid')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`/1/location-prices?search=${setup.tag}`);
      await expect(page.locator('h1')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/1/location-prices/new');
      await page.locator('form').getByRole('button').last().click();
      await expect(page.locator('form [aria-invalid="true"]').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      // At 375 px the grid scrolls sideways and the band column stays in view.
      if (isMobile()) {
        await page.goto(setup.gridUrl(setup.longStay));
        const grid = page.getByTestId('price-grid');
        await grid.evaluate((element) => element.scrollBy({ left: 600 }));
        const bandCell = page.getByRole('rowheader', { name: new RegExp(setup.first.name) });
        const box = await bandCell.boundingBox();
        expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect(box?.x ?? 999).toBeLessThan(40);
      }
    },
  );
}
