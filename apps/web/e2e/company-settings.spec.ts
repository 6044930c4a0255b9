import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { brandShades, type CompanyDetails, type WebConfig } from '@ps/contracts';
import { noSidewaysScroll } from './catalogue';
import { apiSignIn, openAsAdmin, PHONE_ONLY, seriousViolations, storeSession, toast } from './support';

/**
 * Company settings: the demo company's name, colours and logo. Each test puts back what it changed
 * (afterEach), so the other specs see the demo company as it was.
 */

const HOSTILE_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 48" onload="window.__logoScript = true">
  <script>window.__logoScript = true</script>
  <rect width="48" height="48" rx="10" fill="#0b7285"/>
  <text x="60" y="32" font-size="22" font-family="Arial" fill="#111">Harbour</text>
  <image href="https://evil.example/track.png" width="1" height="1"/>
</svg>`;

let original: WebConfig;
let originalDetails: CompanyDetails;

async function adminToken(request: APIRequestContext) {
  return (await apiSignIn(request)).access_token;
}

async function webConfig(request: APIRequestContext): Promise<WebConfig> {
  const response = await request.get('/api/web-config/company', { headers: { Authorization: `Bearer ${await adminToken(request)}` } });
  return ((await response.json()) as { data: WebConfig }).data;
}

async function companyDetails(request: APIRequestContext): Promise<CompanyDetails> {
  const response = await request.get('/api/company/details', { headers: { Authorization: `Bearer ${await adminToken(request)}` } });
  return ((await response.json()) as { data: CompanyDetails }).data;
}

test.beforeEach(async ({ request }) => {
  original = await webConfig(request);
  originalDetails = await companyDetails(request);
});

test.afterEach(async ({ request }) => {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  await request.patch('/api/web-config/update', {
    headers,
    data: { name: original.name, primary_color: original.primary_color, background_color: original.background_color },
  });
  if (original.login_page_logo?.startsWith('data:image/svg+xml;base64,')) {
    const svg = Buffer.from(original.login_page_logo.split(',')[1] ?? '', 'base64');
    await request.post('/api/web-config/logo', {
      headers,
      multipart: { file: { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: svg } },
    });
  }
  const { company_id, name, mail_from_address, ...editable } = originalDetails;
  await request.patch('/api/company/details/update', { headers, data: editable });
  expect(await companyDetails(request)).toEqual(originalDetails);
  expect(await webConfig(request)).toEqual(original);
});

async function openSettings(page: Page, request: APIRequestContext, language: 'en' | 'ta' = 'en') {
  if (language === 'ta') {
    await storeSession(page, await apiSignIn(request));
    await page.evaluate(() => localStorage.setItem('language', 'ta'));
    await page.goto('/1/settings');
  } else {
    await openAsAdmin(page, request, '/1/settings');
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(language === 'en' ? 'Company settings' : 'நிறுவன அமைப்புகள்');
}

/** Types a colour and leaves the field, as a user does: the picker's dropdown closes. */
async function fillColour(page: Page, name: string, colour: string) {
  await page.getByRole('textbox', { name }).fill(colour);
  await page.keyboard.press('Escape');
  await expect(page.locator('.mantine-ColorInput-dropdown')).toBeHidden();
}

/** Someone else, not signed in, in a browser of their own. */
async function visitorPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: test.info().project.use.viewport });
  return context.newPage();
}

const cssVariable = (page: Page, name: string) =>
  page.evaluate((variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(), name);

test('an admin renames the company and themes the app with colours that keep AA contrast', async ({ page, request, browser }) => {
  await openSettings(page, request);
  const main = page.getByRole('textbox', { name: 'Main colour' });

  // A light orange: the live check says it fails, and the server refuses it with the ratio.
  await fillColour(page, 'Main colour', '#f59f00');
  await expect(page.getByText('White text on buttons: 3.60:1, below AA (4.5:1 needed)')).toBeVisible();
  await page.getByRole('button', { name: 'Save name and colours' }).click();
  await expect(page.getByText(/reach a contrast of 3\.60:1; at least 4\.5:1 is needed/)).toBeVisible();
  await expect(main).toHaveAttribute('aria-invalid', 'true');
  expect((await webConfig(request)).primary_color).toBe(original.primary_color);

  // Not a colour: the text stays as typed when the field is left (never the colour before it), and the form says why.
  await fillColour(page, 'Main colour', 'blue');
  await expect(main).toHaveValue('blue');
  await page.getByRole('button', { name: 'Save name and colours' }).click();
  await expect(page.getByText('Enter a colour as # and six hexadecimal digits, e.g. #0095e8')).toBeVisible();
  await expect(main).toHaveValue('blue');

  await page.getByRole('textbox', { name: 'Name shown to users' }).fill('Harbour Parking');
  await fillColour(page, 'Main colour', '#0b7285');
  await fillColour(page, 'Page background', '#f8f9fa');
  await expect(page.getByText(/White text on buttons: \d+\.\d\d:1, meets AA/)).toBeVisible();
  await page.getByRole('button', { name: 'Save name and colours' }).click();
  await expect(toast(page, 'Name and colours saved.')).toBeVisible();

  // The app follows at once: header, theme colour and page background.
  await expect(page.getByRole('banner').getByText('Harbour Parking')).toBeVisible();
  await expect.poll(() => cssVariable(page, '--mantine-color-brand-7')).toBe(brandShades('#0b7285')[7]);
  await expect.poll(() => cssVariable(page, '--ps-color-background')).toBe('#f8f9fa');
  await page.mouse.move(0, 0);
  const saveColour = await page
    .getByRole('button', { name: 'Save name and colours' })
    .evaluate((button) => getComputedStyle(button).backgroundColor);
  expect(saveColour).toBe('rgb(8, 87, 101)');

  // So does the sign-in page, for anyone who opens it.
  const visitor = await visitorPage(browser);
  await visitor.goto('/auth/login');
  await expect(visitor.getByRole('img', { name: 'Harbour Parking logo' })).toBeVisible();
  await expect.poll(() => cssVariable(visitor, '--mantine-color-brand-7')).toBe(brandShades('#0b7285')[7]);
  expect(await seriousViolations(visitor)).toEqual([]);
  await visitor.context().close();

  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});

test('an admin uploads an SVG logo: it is shown without its script, on the sign-in page too; a GIF is refused', async ({
  page,
  request,
  browser,
}) => {
  await openSettings(page, request);
  const file = page.locator('input[type="file"]');

  await file.setInputFiles({ name: 'logo.gif', mimeType: 'image/png', buffer: Buffer.from('GIF89a\x01\x00\x01\x00') });
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await expect(page.getByText('A logo must be a PNG, JPEG or SVG image: this file is a GIF image.')).toBeVisible();

  await file.setInputFiles({ name: 'harbour.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(HOSTILE_LOGO) });
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await expect(toast(page, 'Logo uploaded.')).toBeVisible();
  const logo = page.getByRole('img', { name: /^Current logo of/ });
  const source = (await logo.getAttribute('src')) ?? '';
  const stored = Buffer.from(source.split(',')[1] ?? '', 'base64').toString('utf8');
  expect(stored).toContain('<text x="60" y="32" font-size="22" font-family="Arial" fill="#111">Harbour</text>');
  expect(stored).not.toMatch(/script|onload|evil\.example/);
  expect(await page.evaluate(() => (window as unknown as { __logoScript?: boolean }).__logoScript)).toBeUndefined();

  const visitor = await visitorPage(browser);
  await visitor.goto('/auth/login');
  await expect(visitor.getByRole('img', { name: /logo/i })).toHaveAttribute('src', source);
  await visitor.context().close();

  await page.getByRole('button', { name: 'Remove logo' }).click();
  await expect(toast(page, 'Logo removed.')).toBeVisible();
  await expect(page.getByText('No logo: the name is shown instead.')).toBeVisible();
});

test(
  'the settings in Tamil: the refusal of a colour in Tamil, nothing scrolls sideways, no serious axe finding',
  PHONE_ONLY,
  async ({ page, request }) => {
    await openSettings(page, request, 'ta');
    await fillColour(page, 'பக்கப் பின்னணி', '#343a40');
    await expect(page.getByText(/AA தரத்துக்குக் கீழே/)).toBeVisible();
    await page.getByRole('button', { name: 'பெயரையும் வண்ணங்களையும் சேமி' }).click();
    await expect(page.getByText(/இந்தப் பின்னணியின் மேல் எழுத்துகளும் இணைப்புகளும் \d\.\d\d:1 மாறுபாடு மட்டுமே/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    expect(await seriousViolations(page)).toEqual([]);
  },
);

test("an admin keeps the company's details: saved, still there after a reload, on the agency statement; a wrong address is refused beside its field", async ({
  page,
  request,
}) => {
  await openSettings(page, request);
  const details = page.getByRole('region', { name: 'Company details' });
  const replyTo = details.getByRole('textbox', { name: 'Reply-to address' });

  await details.getByRole('textbox', { name: 'Address', exact: true }).fill('Harbour House\n12 Quay Street\nPortsmouth PO1 3AB');
  await details.getByRole('textbox', { name: 'Phone', exact: true }).fill('+44 (0)23 9200 0000');
  await details.getByRole('textbox', { name: 'Tax/VAT number' }).fill('GB 987 6543 21');
  await details.getByRole('textbox', { name: 'Sender name' }).fill('Harbour Bookings');
  await replyTo.fill('desk@harbour');
  await details.getByRole('textbox', { name: 'Terms', exact: true }).fill('Payable within 14 days.\nQuote the statement period.');
  await details.getByRole('combobox', { name: /^First day of the week/ }).click();
  await page.getByRole('option', { name: 'Sunday' }).click();
  // What the customer's mail program will show, from what is typed.
  await expect(details.getByTestId('settings-mail-preview')).toContainText('Mails are sent as “Harbour Bookings”');

  // A reply-to that is not an address: said beside the field, and nothing is saved.
  await details.getByRole('button', { name: 'Save company details' }).click();
  await expect(details.getByText('Wrong email format')).toBeVisible();
  await expect(replyTo).toHaveAttribute('aria-invalid', 'true');
  await expect(replyTo).toBeFocused();
  expect((await companyDetails(request)).tax_number).toBe(originalDetails.tax_number);

  await replyTo.fill('desk@harbour.example');
  await details.getByRole('button', { name: 'Save company details' }).click();
  await expect(toast(page, 'Company details saved.')).toBeVisible();
  await expect(details.getByTestId('settings-mail-preview')).toContainText('Replies go to desk@harbour.example.');

  // The calendars' first day reaches the app's web config at once.
  await expect.poll(async () => page.evaluate(() => JSON.parse(localStorage.getItem('persist:config') ?? '{}').first_day_of_week)).toBe(7);

  await page.reload();
  const reloaded = page.getByRole('region', { name: 'Company details' });
  await expect(reloaded.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue(
    'Harbour House\n12 Quay Street\nPortsmouth PO1 3AB',
  );
  await expect(reloaded.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue('+44 (0)23 9200 0000');
  await expect(reloaded.getByRole('textbox', { name: 'Tax/VAT number' })).toHaveValue('GB 987 6543 21');
  await expect(reloaded.getByRole('textbox', { name: 'Sender name' })).toHaveValue('Harbour Bookings');
  await expect(reloaded.getByRole('textbox', { name: 'Reply-to address' })).toHaveValue('desk@harbour.example');
  await expect(reloaded.getByRole('combobox', { name: /^First day of the week/ })).toHaveValue('Sunday');
  await expect(reloaded.getByRole('textbox', { name: 'Terms', exact: true })).toHaveValue(
    'Payable within 14 days.\nQuote the statement period.',
  );
  expect(await seriousViolations(page)).toEqual([]);

  // An agency's statement carries them as a document would: who issues it, their VAT number, and the terms at its foot.
  await page.goto('/1/agencies/1/statement');
  const letterhead = page.getByTestId('statement-letterhead');
  await expect(letterhead).toContainText(originalDetails.name);
  await expect(letterhead).toContainText('12 Quay Street');
  await expect(letterhead).toContainText('Phone: +44 (0)23 9200 0000');
  await expect(letterhead).toContainText('Tax/VAT number: GB 987 6543 21');
  await expect(page.getByRole('region', { name: 'Terms' })).toContainText('Quote the statement period.');
});

test(
  "the company's details in Tamil: a refusal in Tamil beside its field, nothing scrolls sideways, no serious axe finding",
  PHONE_ONLY,
  async ({ page, request }) => {
    await openSettings(page, request, 'ta');
    const details = page.getByRole('region', { name: 'நிறுவன விவரங்கள்' });
    const taxNumber = details.getByRole('textbox', { name: 'வரி (VAT) எண்' });
    await taxNumber.fill('GB<123>');
    await details.getByRole('button', { name: 'நிறுவன விவரங்களைச் சேமி' }).click();
    await expect(details.getByText(/சாய்வுக்கோடு மட்டும் பயன்படுத்தவும்/)).toBeVisible();
    await expect(taxNumber).toHaveAttribute('aria-invalid', 'true');
    expect((await companyDetails(request)).tax_number).toBe(originalDetails.tax_number);
    await expect(details.getByRole('combobox', { name: /^வாரத்தின் முதல் நாள்/ })).toHaveValue('திங்கள்');
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
  },
);

test('an admin switches online booking off and to paid in advance, lists the web site, and replaces the client key after confirming', async ({
  page,
  request,
  browser,
}) => {
  await openSettings(page, request);
  const online = page.getByRole('region', { name: 'Online booking' });
  const companyId = await online.getByTestId('public-booking-company-id').inputValue();
  const oldKey = await online.getByTestId('public-booking-client-key').inputValue();
  const basic = (key: string) => ({ Authorization: `Basic ${Buffer.from(`${companyId}:${key}`).toString('base64')}` });
  expect((await request.get('/api/public/airport/list', { headers: basic(oldKey) })).status()).toBe(200);

  await online.getByRole('switch', { name: 'Take bookings online' }).click({ force: true });
  await online.getByRole('radio', { name: 'In advance' }).check();
  const refundHours = online.getByRole('textbox', { name: /^Full refund until/ });
  await refundHours.fill('800');
  await expect(online.getByText('Enter whole hours from 0 to 720.')).toBeVisible();
  await refundHours.fill('72');
  // The company's own site: an address with a path is refused where it is typed; a right one is kept as browsers send it.
  const origins = online.getByRole('combobox', { name: "Your web site's addresses" });
  await origins.fill('https://www.shop.example/book');
  await origins.press('Enter');
  await expect(online.getByText('https://www.shop.example/book is not a web site')).toBeVisible();
  await origins.press('Backspace');
  await origins.fill('HTTPS://WWW.Shop.Example/');
  await origins.press('Enter');
  await online.getByRole('button', { name: 'Save online booking' }).click();
  await expect(toast(page, 'Online booking saved.')).toBeVisible();
  expect(await companyDetails(request)).toMatchObject({
    public_booking_enabled: false,
    public_booking_payment: 'in_advance',
    public_booking_refund_hours: 72,
    public_booking_origins: ['https://www.shop.example'],
  });
  await expect(online.getByText('https://www.shop.example', { exact: true })).toBeVisible();
  const off = await request.get('/api/public/airport/list', { headers: { ...basic(oldKey), Origin: 'https://www.shop.example' } });
  expect(off.status()).toBe(401);
  expect(((await off.json()) as { code: string }).code).toBe('public_booking_off');
  // The listed site reads the answer (it can tell its visitors); another site is refused.
  expect(off.headers()['access-control-allow-origin']).toBe('https://www.shop.example');
  const elsewhere = await request.get('/api/public/airport/list', { headers: { ...basic(oldKey), Origin: 'https://elsewhere.example' } });
  expect(elsewhere.status()).toBe(403);

  // Replacing the key asks first; Cancel changes nothing.
  await online.getByRole('button', { name: 'Replace key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace the client key?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(online.getByTestId('public-booking-client-key')).toHaveValue(oldKey);
  await online.getByRole('button', { name: 'Replace key' }).click();
  await dialog.getByRole('button', { name: 'Replace key' }).click();
  await expect(toast(page, 'A new key is in place: put it in your web site now.')).toBeVisible();
  await expect(online.getByTestId('public-booking-client-key')).not.toHaveValue(oldKey);
  const newKey = await online.getByTestId('public-booking-client-key').inputValue();
  expect((await request.get('/api/web-config', { headers: basic(oldKey) })).status()).toBe(401);
  expect((await request.get('/api/web-config', { headers: basic(newKey) })).status()).toBe(200);
  // The sign-in page carries the new key by itself, for a visitor and for this browser's next visit.
  const visitor = await visitorPage(browser);
  await visitor.goto('/auth/login');
  await expect(visitor.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await visitor.evaluate(() => localStorage.getItem('basic_token'))).toBe(Buffer.from(`${companyId}:${newKey}`).toString('base64'));
  expect(await page.evaluate(() => localStorage.getItem('basic_token'))).toBe(Buffer.from(`${companyId}:${newKey}`).toString('base64'));
  await visitor.context().close();
});
