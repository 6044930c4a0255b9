import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiSignIn, SUPER_ADMIN, seriousViolations, storeSession, toast, widthFor } from './support';

/**
 * Issue 22, section 6: a new company knows what to do first. The super admin makes a company and is shown what to hand
 * on (the sign-in page, the admin's e-mail, the client key); the company's first admin signs in there and finds the
 * setup checklist on the dashboard, follows a step's link, does it, and finds it ticked on coming back. In English at
 * 1440 px, in Tamil at 375 px; axe on every screen on the way.
 */

const words = {
  en: {
    created: (name: string) => `${name} is ready`,
    checklist: 'Set up your company',
    progress: (done: number) => `${done} of 6 steps done`,
    fold: 'Hide the steps',
    unfold: 'Show the steps',
    airportDone: '1 airport',
    bandDone: '1 band',
  },
  ta: {
    created: (name: string) => `${name} தயார்`,
    checklist: 'உங்கள் நிறுவனத்தை அமைக்கவும்',
    progress: (done: number) => `6 படிகளில் ${done} முடிந்தன`,
    fold: 'படிகளை மறை',
    unfold: 'படிகளைக் காட்டு',
    airportDone: '1 விமான நிலையம்',
    bandDone: '1 வரம்பு',
  },
} as const;

const step = (page: Page, name: string) => page.getByTestId(`setup-step-${name}`);

/** No part of the page needs a sideways scroll (the phone's width holds everything). */
async function fitsTheWidth(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The super admin fills the add page (fields by their names: the same in both languages) and creates the company. */
async function createCompanyOnScreen(page: Page, tag: string) {
  const name = `Harbour Parking ${tag}`;
  const adminEmail = `admin.${tag}@harbour.example`;
  await page.goto('/org/companies/new');
  const form = page.locator('form');
  await form.locator('input[name="name"]').fill(name);
  await form.locator('input[name="contact_email"]').fill(`office.${tag}@harbour.example`);
  await form.locator('input[name="admin.name"]').fill('Meena Sivakumar');
  await form.locator('input[name="admin.email"]').fill(adminEmail);
  await form.locator('input[name="admin.temporary_password"]').fill('Harbour-gate-4417');
  await form.locator('button[type="submit"]').click();
  return { name, adminEmail };
}

/** The first admin, in a browser of their own, opens the sign-in page they were given and signs in for the first time. */
async function firstSignIn(
  browser: Browser,
  language: 'en' | 'ta',
  signInPage: string,
  email: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'Europe/London', reducedMotion: 'reduce' });
  await context.addInitScript((lang) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
  }, language);
  const admin = await context.newPage();
  await admin.goto(signInPage);
  await admin.locator('input[autocomplete="username"]').fill(email);
  await admin.locator('input[autocomplete="current-password"]').fill('Harbour-gate-4417');
  await admin.locator('form button[type="submit"]').click();
  await expect(admin).toHaveURL(/\/auth\/change-password$/);
  const passwords = admin.locator('input[autocomplete="new-password"]');
  await passwords.nth(0).fill('Lantern-quay-2290');
  await passwords.nth(1).fill('Lantern-quay-2290');
  await admin.locator('form button[type="submit"]').click();
  // Whoever sees the figures lands on the dashboard.
  await expect(admin).toHaveURL(/\/\d+\/dashboard$/);
  return { admin, context, companyId: Number(new URL(admin.url()).pathname.split('/')[1]) };
}

for (const language of ['en', 'ta'] as const) {
  const say = words[language];
  test(
    `a new company: its key and sign-in page, then its checklist, one step done and ticked (${language})`,
    widthFor(language),
    async ({ page, request, browser, baseURL }) => {
      const phone = language === 'ta';
      const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
      const superAdmin = await apiSignIn(request, SUPER_ADMIN.email, SUPER_ADMIN.password);
      await storeSession(page, superAdmin, null);
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
      if (!phone) await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

      // The super admin makes the company and sees what to hand on; the temporary password is not among it.
      const { name, adminEmail } = await createCompanyOnScreen(page, tag);
      const created = page.getByTestId('company-created');
      await expect(created.getByRole('heading', { name: say.created(name) })).toBeVisible();
      const listed = await request.get(`/api/company/list?search=${tag}`, {
        headers: { Authorization: `Bearer ${superAdmin.access_token}` },
      });
      const [company] = ((await listed.json()) as { data: { id: number; client_key: string }[] }).data;
      if (!company) throw new Error('the new company is not listed');
      const signInPage = `${baseURL}/auth/login`;
      await expect(created.getByTestId('sign-in-page')).toHaveValue(signInPage);
      await expect(created.getByTestId('admin-email')).toHaveValue(adminEmail);
      await expect(created.getByTestId('client-key')).toHaveValue(company.client_key);
      // The key the company's own sign-in page holds in <meta name="ps-client-key">: Basic company_id:client_key.
      const basic = await created.getByTestId('basic-key').inputValue();
      expect(Buffer.from(basic, 'base64').toString('utf8')).toBe(`${company.id}:${company.client_key}`);
      await expect(created.locator('input[type="password"]')).toHaveCount(0);
      await expect(created).not.toContainText('Harbour-gate-4417');
      expect(
        await created.locator('input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
      ).not.toContain('Harbour-gate-4417');
      if (phone) await fitsTheWidth(page);
      else {
        // Each value has a copy button that copies exactly it.
        await created.getByRole('button', { name: 'Copy Client key' }).click();
        await expect(created.getByRole('button', { name: 'Client key copied' })).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(company.client_key);
      }
      expect(await seriousViolations(page)).toEqual([]);

      // The first admin signs in on the page given, and lands on the dashboard with every step open.
      const { admin, context, companyId } = await firstSignIn(
        browser,
        language,
        signInPage,
        adminEmail,
        page.viewportSize() ?? { width: 1440, height: 900 },
      );
      expect(companyId).toBe(company.id);
      const checklist = admin.getByTestId('setup-checklist');
      await expect(checklist.getByRole('heading', { name: say.checklist })).toBeVisible();
      await expect(admin.getByTestId('setup-progress')).toHaveText(say.progress(0));
      for (const name of ['airport', 'car_park', 'bands', 'prices', 'users', 'web_config']) {
        await expect(step(admin, name)).toHaveAttribute('data-done', 'false');
        // The first admin may do every step: each one links to its screen.
        await expect(step(admin, name).getByRole('link')).toHaveCount(1);
      }
      if (phone) await fitsTheWidth(admin);
      expect(await seriousViolations(admin)).toEqual([]);

      if (!phone) {
        // English, at 1440 px: the airport step's link opens the add page; the airport is added there.
        await step(admin, 'airport').getByRole('link', { name: 'Add airport' }).click();
        await expect(admin).toHaveURL(new RegExp(`/${companyId}/airports/new$`));
        // The company has no airport yet: any code is free.
        const code = 'QHB';
        await admin.getByRole('textbox', { name: 'IATA code' }).fill(code);
        await admin.getByRole('textbox', { name: 'Name' }).fill('Harbour Airport');
        const country = admin.getByRole('combobox', { name: 'Country' });
        await country.click();
        await country.fill('United');
        await admin.getByRole('option', { name: 'United Kingdom', exact: true }).click();
        const zone = admin.getByRole('combobox', { name: 'Time zone' });
        await zone.click();
        await zone.fill('London');
        await admin.getByRole('option', { name: / · Europe\/London$/ }).click();
        await admin.getByRole('button', { name: 'Create airport' }).click();
        await expect(toast(admin, `Airport ${code} created.`)).toBeVisible();
      } else {
        // Tamil, at 375 px: the bands step's link opens the add page; a band is added there.
        await step(admin, 'bands').getByRole('link').click();
        await expect(admin).toHaveURL(new RegExp(`/${companyId}/bands/new$`));
        const form = admin.locator('form');
        await form.locator('input[name="name"]').fill('Short stay');
        await form.locator('input[name="min_days"]').fill('1');
        await form.locator('input[name="max_days"]').fill('3');
        await fitsTheWidth(admin);
        await form.locator('button[type="submit"]').click();
        await expect(admin).toHaveURL(new RegExp(`/${companyId}/bands(\\?.*)?$`));
      }

      // Back on the dashboard, the step is ticked and counted.
      await admin.goto(`/${companyId}/dashboard`);
      const doneStep = step(admin, phone ? 'bands' : 'airport');
      await expect(doneStep).toHaveAttribute('data-done', 'true');
      await expect(doneStep).toContainText(phone ? say.bandDone : say.airportDone);
      await expect(doneStep.getByRole('link')).toHaveCount(0);
      await expect(admin.getByTestId('setup-progress')).toHaveText(say.progress(1));
      expect(await seriousViolations(admin)).toEqual([]);

      // Folded away, it stays folded for this user on this browser; it unfolds again.
      await checklist.getByRole('button', { name: say.fold }).click();
      await expect(step(admin, 'prices')).toBeHidden();
      await admin.reload();
      await expect(checklist.getByRole('button', { name: say.unfold })).toHaveAttribute('aria-expanded', 'false');
      await expect(step(admin, 'prices')).toBeHidden();
      await checklist.getByRole('button', { name: say.unfold }).click();
      await expect(step(admin, 'prices')).toBeVisible();
      await context.close();
    },
  );
}

test('empty lists lead to the screen that fills them; a role that may not add gets the words alone', async ({
  browser,
  request,
  baseURL,
}) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const superAdmin = await apiSignIn(request, SUPER_ADMIN.email, SUPER_ADMIN.password);
  const email = `admin.${tag}@quay.example`;
  const made = await request.post('/api/company/add', {
    headers: { Authorization: `Bearer ${superAdmin.access_token}` },
    data: {
      name: `Quay Valet ${tag}`,
      contact_email: `office.${tag}@quay.example`,
      time_zone: 'Europe/London',
      currency: 'GBP',
      admin: { name: 'Ravi Perera', email, temporary_password: 'Harbour-gate-4417' },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { admin, context, companyId } = await firstSignIn(browser, 'en', `${baseURL}/auth/login`, email, { width: 1440, height: 900 });

  // The dashboard's "No car parks yet." says how to add one.
  await admin.getByRole('region', { name: 'Car parks now' }).getByRole('link', { name: 'Add a car park with its spaces' }).click();
  await expect(admin).toHaveURL(new RegExp(`/${companyId}/locations/new$`));

  // A company without an airport: its empty locations lead to adding the airport first.
  await admin.goto(`/${companyId}/locations`);
  await admin.getByTestId('empty-state').getByRole('link', { name: 'Add an airport' }).click();
  await expect(admin).toHaveURL(new RegExp(`/${companyId}/airports/new$`));

  for (const [path, action] of [
    ['airports', 'Add airport'],
    ['bands', 'Add band'],
    ['yards', 'Add yard'],
  ] as const) {
    await admin.goto(`/${companyId}/${path}`);
    await admin.getByTestId('empty-state').getByRole('link', { name: action }).click();
    await expect(admin).toHaveURL(new RegExp(`/${companyId}/${path}/new$`));
  }
  // Route prices: the grid; the grid without bands: the bands.
  await admin.goto(`/${companyId}/location-prices`);
  await admin.getByTestId('empty-state').getByRole('link', { name: 'Open the price grid' }).click();
  await expect(admin).toHaveURL(new RegExp(`/${companyId}/prices$`));
  // The defaults of the bands, without a band: the bands.
  await admin.goto(`/${companyId}/prices?tab=defaults`);
  await admin.getByTestId('empty-state').getByRole('link', { name: 'Add band' }).click();
  await expect(admin).toHaveURL(new RegExp(`/${companyId}/bands/new$`));
  // People: only the first admin, and how to add the others.
  await admin.goto(`/${companyId}/people`);
  await admin.getByTestId('empty-state').getByRole('button', { name: 'Add office user' }).click();
  await expect(admin.getByRole('dialog')).toBeVisible();
  await admin.keyboard.press('Escape');

  // A searched list that finds nothing is not offered a new record.
  await admin.goto(`/${companyId}/yards?search=nothing-like-this`);
  await expect(admin.getByText('No yards match your search.')).toBeVisible();
  await expect(admin.getByTestId('empty-state')).toHaveCount(0);
  expect(await seriousViolations(admin)).toEqual([]);

  // Someone who reads the dashboard and the lists but adds nothing: no links, and the checklist says who does it.
  const role = await admin.request.post('/api/role/add', {
    headers: { Authorization: `Bearer ${await admin.evaluate(() => localStorage.getItem('token'))}` },
    data: { name: 'Desk', permissions: ['statistics.view', 'airports.view', 'yards.view'] },
  });
  expect(role.status(), await role.text()).toBe(201);
  const roleId = ((await role.json()) as { data: { id: number } }).data.id;
  const deskEmail = `desk.${tag}@quay.example`;
  const added = await admin.request.post('/api/auth/admin/add', {
    headers: { Authorization: `Bearer ${await admin.evaluate(() => localStorage.getItem('token'))}` },
    data: { name: 'Desk Person', email: deskEmail, temporary_password: 'Harbour-gate-4417', role_id: roleId },
  });
  expect(added.status(), await added.text()).toBe(201);
  await context.close();

  const desk = await firstSignIn(browser, 'en', `${baseURL}/auth/login`, deskEmail, { width: 1440, height: 900 });
  await expect(desk.admin.getByTestId('setup-checklist')).toBeVisible();
  // The people step is done now (the desk person is the first admin's colleague); the others are for an admin.
  await expect(step(desk.admin, 'users')).toHaveAttribute('data-done', 'true');
  await expect(step(desk.admin, 'airport')).toContainText('An admin of your company does this.');
  await expect(desk.admin.getByTestId('setup-checklist').getByRole('link')).toHaveCount(0);
  await expect(desk.admin.getByRole('region', { name: 'Car parks now' }).getByRole('link')).toHaveCount(0);
  await desk.admin.goto(`/${companyId}/airports`);
  await expect(desk.admin.getByText('No airports yet. Add the first one.')).toBeVisible();
  await expect(desk.admin.getByTestId('empty-state')).toHaveCount(0);
  await desk.context.close();
});
