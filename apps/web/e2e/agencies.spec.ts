import { type APIRequestContext, expect, test } from '@playwright/test';
import type { Agency, Booking } from '@ps/contracts';
import { addDays, call, choose, pricedParkRideBand } from './bookingWorld';
import { axeOnList, exportCsv, isMobile, noSidewaysScroll, openNav, record, setLanguage, uniqueName } from './catalogue';
import {
  apiSignIn,
  BOTH_WIDTHS,
  createAirport,
  openAsAdmin,
  SUPER_ADMIN,
  seriousViolations,
  storeSession,
  toast,
  widthFor,
} from './support';

/**
 * Agencies against the real API: the list and form (a core agency picked, the commission with its % sign), a
 * booking sold through one (the booking form asks for it), and the statement of a period with its figures, the
 * balance in words, and its CSV; in English at 1440 px and Tamil at 375 px, the flows at both (support.ts).
 */

/**
 * A priced stay of its own (an airport, a car park, a park-and-ride band of a free length at 123.45 in March 2027
 * and a +15.00 package: 138.45 a booking), an agency at 12.5 %, and two bookings it sold departing on 10 March
 * 2027: one the agency was paid for in full, one cancelled.
 */
async function agencyWithSales(request: APIRequestContext, token: string) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const airport = await createAirport(request, token, { name: `Agency Airport ${tag}` });
  const carPark = await call<{ id: number; name: string }>(request, token, 'POST', '/location/add', {
    airport_id: airport.id,
    name: `Agency Car Park ${tag}`,
    type: 'car_park',
    capacity: 20,
  });
  const { days } = await pricedParkRideBand(request, token, { airportId: airport.id, carParkId: carPark.id, name: `Agency band ${tag}` });
  const pkg = await call<{ id: number }>(request, token, 'POST', '/package/add', {
    name: `Agency Shuttle ${tag}`,
    description: 'Shuttle to the terminal',
    type: 'park_and_ride',
    price: 1500,
    included: ['Shuttle every 15 minutes'],
  });
  const agency = await call<Agency>(request, token, 'POST', '/agency/add', {
    name: uniqueName('Sales Agency'),
    commission_percent: 12.5,
    contact_email: 'desk@agency.example',
  });
  const sell = (customer: string) =>
    call<Booking>(request, token, 'POST', '/booking/add', {
      customer_name: `${customer} ${tag}`,
      customer_phone: '+44 7700 900123',
      vehicle_reg: `AG ${tag.slice(-6).toUpperCase()}`,
      airport_id: airport.id,
      departure_id: carPark.id,
      arrival_id: carPark.id,
      departure_at: '2027-03-10T08:00:00Z',
      arrival_at: `${addDays('2027-03-10', days - 1)}T18:00:00Z`,
      package_id: pkg.id,
      channel: 'agency',
      agency_id: agency.id,
    });
  const paid = await sell('Paid Customer');
  await call(request, token, 'POST', '/payment/add', { booking_id: paid.id, amount: paid.total, method: 'agency', reference: 'AG-1' });
  const cancelled = await sell('Cancelled Customer');
  await call(request, token, 'PATCH', `/booking/status/update/${cancelled.id}`, { status: 'cancelled', note: null });
  return { agency, paid, cancelled };
}

const STATEMENT = 'from=2027-03-01&to=2027-03-31';

test(
  'adds an agency with a core agency and its commission; a taken name is named beside the field',
  BOTH_WIDTHS,
  async ({ page, request }) => {
    const session = await openAsAdmin(page, request, '/1/bookings');
    await openNav(page, 'Agencies');
    await expect(page).toHaveURL(/\/1\/agencies$/);
    await expect(page.getByRole('heading', { name: 'Agencies', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Add agency' }).first().click();
    await expect(page.getByRole('heading', { name: 'Add agency', level: 1 })).toBeVisible();

    // The demo's agency name is taken; a commission with three decimals is refused before anything is sent.
    await page.getByRole('textbox', { name: /^Name/ }).fill('skyline travel');
    await page.getByRole('textbox', { name: /^Commission/ }).fill('12.5');
    await choose(page, /^Core agency/, 'Skyline', 'Skyline Travel Group');
    await page.getByRole('textbox', { name: /^Contact e-mail/ }).fill('not an e-mail');
    await page.getByRole('button', { name: 'Add agency' }).click();
    await expect(page.getByText('Wrong email format')).toBeVisible();
    await page.getByRole('textbox', { name: /^Contact e-mail/ }).fill('desk@new.example');
    await page.getByRole('button', { name: 'Add agency' }).click();
    await expect(toast(page, 'An agency with this name already exists.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');

    const name = uniqueName('Blue Sky Travel');
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('button', { name: 'Add agency' }).click();
    await expect(toast(page, `${name} added.`)).toBeVisible();
    await expect(page).toHaveURL(/\/1\/agencies$/);
    await page.getByRole('searchbox', { name: 'Search agencies' }).fill(name);
    await expect(record(page, name)).toContainText('12.5 %');
    await expect(record(page, name)).toContainText('Skyline Travel Group');
    const saved = (await call<Agency[]>(request, session.access_token, 'GET', `/agency/list?search=${encodeURIComponent(name)}`))[0];
    expect(saved).toMatchObject({ commission_percent: 12.5, contact_email: 'desk@new.example', core_agency_name: 'Skyline Travel Group' });

    const file = await exportCsv(page);
    expect(file.name).toBe('agencies.csv');
    expect(file.lines[0]).toBe('Name,Core agency,Commission,Contact name,Contact e-mail,Contact phone,Status');
    expect(file.lines).toContain(`${name},Skyline Travel Group,12.50,,desk@new.example,,Active`);
    if (isMobile()) await noSidewaysScroll(page);

    // The booking form asks for the agency of an agency's sale, and offers this one.
    await page.goto('/1/bookings/new');
    await page.getByRole('combobox', { name: /^Channel/ }).click();
    await page.getByRole('option', { name: 'Agency', exact: true }).click();
    await page.getByRole('button', { name: 'Save booking' }).click();
    await expect(page.getByRole('combobox', { name: /^Agency/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Choose the agency that sold this booking')).toBeVisible();
    await choose(page, /^Agency/, name.slice(0, 12), name);
    await expect(page.getByRole('combobox', { name: /^Agency/ })).toHaveValue(name);
  },
);

test(
  "an agency's statement: its bookings of the period, commission, what it collected, the balance in words, and a CSV",
  BOTH_WIDTHS,
  async ({ page, request }) => {
    const session = await apiSignIn(request);
    const { agency, paid, cancelled } = await agencyWithSales(request, session.access_token);
    await storeSession(page, session);

    // The booking page names the agency and the rate it sold at.
    await page.goto(`/1/bookings/${paid.id}`);
    await expect(page.getByTestId('booking-agency')).toHaveText(`Sold by ${agency.name} · commission 12.5 %`);

    // From the list's row to the statement, which opens on last month; the period goes in the URL.
    await page.goto(`/1/agencies?search=${encodeURIComponent(agency.name)}`);
    await record(page, agency.name)
      .getByRole('link', { name: `Statement of ${agency.name}` })
      .click();
    await expect(page.getByRole('heading', { name: `Statement: ${agency.name}`, level: 1 })).toBeVisible();
    const today = new Date();
    const lastMonthStart = new Date(Date.UTC(today.getFullYear(), today.getMonth() - 1, 1)).toISOString().slice(0, 10);
    await expect(page.getByLabel('From')).toHaveValue(lastMonthStart);
    await page.getByLabel('From').fill('2027-03-01');
    await page.getByLabel('To').fill('2027-03-31');
    await expect(page).toHaveURL(/from=2027-03-01&to=2027-03-31/);

    // 138.45 each; the cancelled one is listed but sells nothing. 12.5 % of 138.45 = 17.30625: 17.31.
    await expect(page.getByTestId('statement-line')).toHaveCount(2);
    await expect(page.getByTestId('statement-line').filter({ hasText: paid.reference })).toContainText('£17.31');
    await expect(page.getByTestId('statement-line').filter({ hasText: cancelled.reference })).toContainText('Cancelled');
    await expect(page.getByTestId('statement-bookings')).toContainText('2');
    await expect(page.getByTestId('statement-bookings')).toContainText('1 cancelled: no sale, no commission');
    await expect(page.getByTestId('statement-sales')).toContainText('£138.45');
    await expect(page.getByTestId('statement-commission')).toContainText('£17.31');
    await expect(page.getByTestId('statement-collected')).toContainText('£138.45');
    // The agency took the customer's 138.45 and earned 17.31: it owes the company 121.14.
    await expect(page.getByTestId('statement-balance')).toContainText(`${agency.name} owes you £121.14`);

    if (isMobile()) await noSidewaysScroll(page);
    // Before the export: axe measures what is painted, and the export's toast is still fading in after it.
    expect(await seriousViolations(page)).toEqual([]);

    const file = await exportCsv(page);
    expect(file.name).toBe('agency-statement-2027-03-01-2027-03-31.csv');
    expect(file.lines[0]).toBe(
      'Reference,Customer,Departure,Arrival,Status,Total (GBP),Commission %,Commission (GBP),Collected by agency (GBP)',
    );
    expect(file.lines[1]).toMatch(
      new RegExp(`^${paid.reference},Paid Customer \\w+,2027-03-10 08:00:00,[-0-9: ]+,Pending,138.45,12.50,17.31,138.45$`),
    );
    expect(file.lines[2]).toMatch(new RegExp(`^${cancelled.reference},.*,Cancelled,138.45,12.50,0.00,0.00$`));
    expect(file.lines.slice(3)).toEqual([
      '',
      'Bookings,2,',
      'Cancelled,1,',
      'Sales (GBP),138.45,',
      'Commission (GBP),17.31,',
      'Collected by the agency (GBP),138.45,',
      `Balance (GBP),121.14,${agency.name} owes you £121.14`,
    ]);

    // A period that ends before it starts is said beside the field; nothing is asked of the API.
    await page.getByLabel('To').fill('2027-02-01');
    await expect(page.getByText('The end date must not be before the start date')).toBeVisible();
    await expect(page.getByTestId('statement-line')).toHaveCount(0);
  },
);

test('the super admin adds and edits a core agency, which a company admin then finds to pick', BOTH_WIDTHS, async ({ page, request }) => {
  await storeSession(page, await apiSignIn(request, SUPER_ADMIN.email, SUPER_ADMIN.password), null);
  await page.goto('/org/companies');
  await openNav(page, 'Core agencies');
  await expect(page).toHaveURL(/\/org\/core-agencies$/);
  await expect(page).toHaveTitle('Core agencies · Parking Solutions');
  await page.getByRole('searchbox', { name: 'Search agencies' }).fill('Skyline');
  await expect(record(page, 'Skyline Travel Group')).toContainText('partners@skyline.example');
  await page.getByRole('link', { name: 'Add core agency' }).click();
  const name = uniqueName('Core Tours');
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('textbox', { name: /^Contact phone/ }).fill('call me');
  await page.getByRole('button', { name: 'Add core agency' }).click();
  await expect(page.getByText('Wrong phone number format')).toBeVisible();
  await page.getByRole('textbox', { name: /^Contact phone/ }).fill('+44 20 7946 0999');
  await page.getByRole('button', { name: 'Add core agency' }).click();
  await expect(toast(page, `${name} added.`)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search agencies' }).fill(name);
  // The search reaches the URL after a pause: wait for it, or it would take the page back from the form.
  await expect(page).toHaveURL(/search=/);
  await record(page, name)
    .getByRole('link', { name: `Edit ${name}` })
    .click();
  await page.getByRole('textbox', { name: /^Contact name/ }).fill('Mira Das');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, `${name} saved.`)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search agencies' }).fill(name);
  await expect(record(page, name)).toContainText('Mira Das · +44 20 7946 0999');
  if (isMobile()) await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  // A company admin picks it on the agency form.
  await storeSession(page, await apiSignIn(request));
  await page.goto('/1/agencies/new');
  await choose(page, /^Core agency/, name.slice(0, 14), name);
  await expect(page.getByRole('combobox', { name: /^Core agency/ })).toHaveValue(name);
});

for (const lang of ['en', 'ta'] as const) {
  test(
    `agencies list, dialogs, form and statement have no serious accessibility violations (${lang})`,
    widthFor(lang),
    async ({ page, request }) => {
      const session = await apiSignIn(request);
      const { agency } = await agencyWithSales(request, session.access_token);
      await storeSession(page, session);
      await setLanguage(page, lang);
      await page.goto(`/1/agencies?search=${encodeURIComponent(agency.name)}`);
      await axeOnList(page, agency.name, lang === 'en' ? `Delete ${agency.name}` : `${agency.name}-ஐ நீக்கு`);
      if (isMobile()) await noSidewaysScroll(page);

      await page.goto('/1/agencies/new');
      await expect(page.getByRole('heading', { name: lang === 'en' ? 'Add agency' : 'முகவரைச் சேர்', level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('combobox', { name: lang === 'en' ? /^Core agency/ : /^மைய முகவர்/ }).click();
      await expect(page.getByRole('listbox')).toBeVisible();
      expect(await seriousViolations(page), 'core agencies open').toEqual([]);

      await page.goto(`/1/agencies/${agency.id}/statement?${STATEMENT}`);
      const balance = page.getByTestId('statement-balance');
      await expect(balance).toContainText(
        lang === 'en' ? `${agency.name} owes you £121.14` : `${agency.name} உங்களுக்கு £121.14 செலுத்த வேண்டும்`,
      );
      if (isMobile()) await noSidewaysScroll(page);
      expect(await seriousViolations(page), 'statement').toEqual([]);
      if (lang === 'ta') {
        await expect(page.getByRole('heading', { name: `கணக்கறிக்கை: ${agency.name}`, level: 1 })).toBeVisible();
        await expect(page.getByTestId('statement-line').first()).toContainText('நிலுவையில்');
        const file = await exportCsv(page, 'CSV ஆக ஏற்றுமதி செய்');
        expect(file.lines[0]).toBe(
          'குறிப்பு எண்,வாடிக்கையாளர்,புறப்பாடு,வருகை,நிலை,மொத்தம் (GBP),தரகுக் கட்டணம் %,தரகுக் கட்டணம் (GBP),முகவர் வசூலித்தது (GBP)',
        );
        expect(file.lines.at(-1)).toBe(`நிலுவை (GBP),121.14,${agency.name} உங்களுக்கு £121.14 செலுத்த வேண்டும்`);
      }
    },
  );
}
