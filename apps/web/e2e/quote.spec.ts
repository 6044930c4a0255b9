import { type APIRequestContext, expect, test } from '@playwright/test';
import { formatDay } from '@ps/contracts/common/format';
import { addDays, choose, pricedParkRideBand } from './bookingWorld';
import { openNav } from './catalogue';
import { apiSignIn, BOTH_WIDTHS, createAirport, openAsAdmin, seriousViolations, storeSession, widthFor } from './support';

/**
 * The Quote screen against the real API. Everything it prices is made through the catalogue's own calls
 * (location, band, band-month, location-price, package, additional_services, voucher), with names unique to
 * the run; the band gets a length of stay no other band of its type covers (bands of one type must not overlap,
 * and both projects share one server).
 */

async function post<T>(request: APIRequestContext, token: string, path: string, data: Record<string, unknown>): Promise<T> {
  const response = await request.post(`/api${path}`, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { data: T }).data;
}

/**
 * An airport with a car park, a park-and-ride band of `days` days, its March default, the car park's own March
 * price (123.45), a package (+15.00), two services (10.00 and 2.50) and a 10 % voucher valid in March.
 */
async function pricedWorld(request: APIRequestContext, token: string) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const airport = await createAirport(request, token, { name: `Quote Airport ${tag}` });
  const carPark = await post<{ id: number; name: string }>(request, token, '/location/add', {
    airport_id: airport.id,
    name: `Quote Car Park ${tag}`,
    type: 'car_park',
    capacity: 120,
  });
  const { band, days } = await pricedParkRideBand(request, token, {
    airportId: airport.id,
    carParkId: carPark.id,
    name: `Quote band ${tag}`,
  });
  const pkg = await post<{ id: number; name: string }>(request, token, '/package/add', {
    name: `Quote Shuttle ${tag}`,
    description: 'Shuttle to the terminal',
    type: 'park_and_ride',
    price: 1500,
    included: ['Shuttle every 15 minutes'],
  });
  const wash = await post<{ id: number; name: string }>(request, token, '/additional_services/add', {
    name: `Quote Wash ${tag}`,
    description: 'Outside wash',
    price: 1000,
  });
  const tyres = await post<{ id: number; name: string }>(request, token, '/additional_services/add', {
    name: `Quote Tyres ${tag}`,
    description: 'Tyre pressure check',
    price: 250,
  });
  const code = `Q${tag}`.toUpperCase().slice(0, 20);
  await post(request, token, '/voucher/add', {
    code,
    discount_type: 'percent',
    discount_value: 10,
    valid_from: '2027-03-01',
    valid_to: '2027-03-31',
    usage_limit: null,
  });
  const departure = '2027-03-10';
  return { tag, airport, carPark, band, pkg, wash, tyres, code, days, departure, arrival: addDays(departure, days - 1) };
}

test('prices a stay, explains it, and the link reproduces it', BOTH_WIDTHS, async ({ page, request }) => {
  const session = await openAsAdmin(page, request, '/1/airports');
  const world = await pricedWorld(request, session.access_token);

  await openNav(page, 'Quote');
  await expect(page).toHaveURL(/\/1\/quote$/);
  await expect(page.getByRole('heading', { name: 'Quote', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Quote · Parking Solutions');

  // The required fields speak first.
  await page.getByRole('button', { name: 'Get quote' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(5);

  await choose(page, 'Airport', world.airport.iata_code, new RegExp(`^${world.airport.iata_code} · `));
  await choose(page, /^Departure location/, world.tag, world.carPark.name);
  // The arrival follows the departure (parking ends where it starts).
  await expect(page.getByRole('combobox', { name: /^Arrival location/ })).toHaveValue(world.carPark.name);
  await page.getByLabel('Departure date').fill(world.departure);
  await page.getByLabel('Arrival date').fill(world.arrival);
  await choose(page, 'Package', world.tag, new RegExp(`^${world.pkg.name} `));
  await choose(page, 'Additional services', 'Wash', new RegExp(`^${world.wash.name} `));
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Voucher code' }).fill(world.code.toLowerCase());
  await page.getByRole('button', { name: 'Get quote' }).click();

  // 123.45 + 15.00 + 10.00 = 148.45; 10 % is 14.845, rounded half up to 14.85; 133.60 to pay.
  await expect(page.getByTestId('quote-total')).toHaveText('£133.60');
  await expect(page.getByText(`${world.days} days in the band “${world.band.name}”, departing in March`)).toBeVisible();
  const explanation = page.getByTestId('quote-explanation');
  await expect(explanation.getByRole('listitem')).toHaveCount(8);
  // Days as every screen writes them (issue 21, section 2), never ISO.
  await expect(explanation).toContainText(
    `From ${formatDay('en', world.departure)} to ${formatDay('en', world.arrival)} is ${world.days} days, both dates counted.`,
  );
  await expect(explanation).toContainText(`has its own price for “${world.band.name}” in March: £123.45.`);
  await expect(explanation).toContainText(`Voucher ${world.code} gives 10% off the subtotal of £148.45: £14.85 off (rounded half up).`);
  await expect(explanation).toContainText('Base price £123.45 + package £15.00 + services £10.00 − discount £14.85 = £133.60 to pay.');
  await expect(page.getByTestId('quote-prices')).toContainText('£123.45');
  await expect(page.getByTestId('quote-prices')).toContainText('Used');

  // The address holds the quote: opened again (or shared), it shows the same price.
  await expect(page).toHaveURL(new RegExp(`departure_date=${world.departure}.*voucher_code=`));
  const shared = page.url();
  await page.goto('/1/airports');
  await page.goto(shared);
  await expect(page.getByTestId('quote-total')).toHaveText('£133.60');
  await expect(page.getByRole('combobox', { name: 'Airport' })).toHaveValue(new RegExp(`^${world.airport.iata_code} · `));
});

test('clicking the ticked arrival location keeps it (a required select cannot be emptied)', async ({ page, request }) => {
  const session = await openAsAdmin(page, request, '/1/airports');
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const airport = await createAirport(request, session.access_token, { name: `Quote Airport ${tag}` });
  const carPark = await post<{ id: number; name: string }>(request, session.access_token, '/location/add', {
    airport_id: airport.id,
    name: `Quote Car Park ${tag}`,
    type: 'car_park',
    capacity: 10,
  });
  await page.goto(`/1/quote?airport_id=${airport.id}&departure_id=${carPark.id}&arrival_id=${carPark.id}`);
  const arrival = page.getByRole('combobox', { name: /^Arrival location/ });
  await expect(arrival).toHaveValue(carPark.name);
  await arrival.click();
  await page.getByRole('option', { name: carPark.name, exact: true }).click();
  await expect(arrival).toHaveValue(carPark.name);
});

test('shows what is wrong beside the field and as an alert', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const world = await pricedWorld(request, session.access_token);
  await storeSession(page, session);
  const base = `/1/quote?airport_id=${world.airport.id}&departure_id=${world.carPark.id}&arrival_id=${world.carPark.id}`;

  await page.goto(`${base}&departure_date=2027-03-10&arrival_date=2027-03-09`);
  await expect(page.getByRole('alert').filter({ hasText: 'No quote for these details' })).toContainText(
    'The arrival date is before the departure date.',
  );
  await expect(page.getByLabel('Arrival date')).toHaveAttribute('aria-invalid', 'true');

  await page.goto(
    `${base}&departure_date=${world.departure}&arrival_date=${world.arrival}&package_id=${world.pkg.id}&voucher_code=NOSUCH${world.tag}`,
  );
  await expect(page.getByRole('alert').filter({ hasText: 'No quote for these details' })).toContainText(
    'There is no voucher with this code.',
  );
  await expect(page.getByRole('textbox', { name: 'Voucher code' })).toHaveAttribute('aria-invalid', 'true');

  // A stay of more than 365 days: no band covers it.
  await page.goto(`${base}&departure_date=${world.departure}&arrival_date=${addDays(world.arrival, 400)}&package_id=${world.pkg.id}`);
  await expect(page.getByRole('alert').filter({ hasText: 'No quote for these details' })).toContainText(
    /No active park and ride band covers a stay of \d+ days\./,
  );
});

for (const l of [
  { lang: 'en', heading: 'Quote', why: 'Why this price', services: 'Additional services' },
  { lang: 'ta', heading: 'விலை மதிப்பீடு', why: 'இந்த விலை ஏன்', services: 'கூடுதல் சேவைகள்' },
] as const) {
  test(
    `has no serious accessibility violations in ${l.lang}, with a quote and the services list open`,
    widthFor(l.lang),
    async ({ page, request }) => {
      const session = await apiSignIn(request);
      const world = await pricedWorld(request, session.access_token);
      await storeSession(page, session);
      await page.evaluate((value) => localStorage.setItem('language', value), l.lang);
      await page.goto('/1/quote');
      await expect(page.getByRole('heading', { name: l.heading, level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(
        `/1/quote?airport_id=${world.airport.id}&departure_id=${world.carPark.id}&arrival_id=${world.carPark.id}&departure_date=${world.departure}&arrival_date=${world.arrival}&package_id=${world.pkg.id}&service_ids=${world.wash.id},${world.tyres.id}&voucher_code=${world.code}`,
      );
      await expect(page.getByRole('heading', { name: l.why })).toBeVisible();
      // 123.45 + 15.00 + 12.50 = 150.95; 10 % = 15.095 -> 15.10; 135.85 to pay (the same money in either language).
      await expect(page.getByTestId('quote-total')).toHaveText('£135.85');
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('combobox', { name: l.services }).click();
      await expect(page.getByRole('listbox')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      // Nothing runs off the side at 375 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    },
  );
}
