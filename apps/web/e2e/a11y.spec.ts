import { expect, type Page, test } from '@playwright/test';
import { apiSignIn, createAirport, openAsAdmin, SUPER_ADMIN, seriousViolations, storeSession, widthFor } from './support';

/** A record of a list: a table row from 768 px, a card below. */
const record = (page: Page, code: string) =>
  page.locator('tbody tr, [data-testid="record-card"]').filter({ has: page.getByText(code, { exact: true }) });

const languages = [
  {
    lang: 'en',
    signIn: 'Sign In',
    required: 'This field is required',
    search: 'Search airports',
    deleteOne: (code: string) => `Delete ${code}`,
    close: 'Close',
    country: 'Country',
    timeZone: 'Time zone',
    fromCore: 'Start from a core airport',
    add: 'Add airport',
  },
  {
    lang: 'ta',
    signIn: 'உள்நுழை',
    required: 'இந்தப் புலம் கட்டாயமானது',
    search: 'விமான நிலையங்களைத் தேடு',
    deleteOne: (code: string) => `${code}-ஐ நீக்கு`,
    close: 'மூடு',
    country: 'நாடு',
    timeZone: 'நேர மண்டலம்',
    fromCore: 'முதன்மை விமான நிலையத்திலிருந்து தொடங்கு',
    add: 'விமான நிலையத்தைச் சேர்',
  },
] as const;

/** A dialog has finished its opening transition (axe measures contrast on what is painted). */
async function dialogOpen(page: Page) {
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('.mantine-Modal-content')).toHaveCSS('opacity', '1');
  await expect(page.locator('.mantine-Modal-overlay')).toHaveCSS('opacity', '1');
}

async function setLanguage(page: Page, lang: string) {
  await page.evaluate((value) => localStorage.setItem('language', value), lang);
}

for (const l of languages) {
  test.describe(`in ${l.lang}`, widthFor(l.lang), () => {
    test('the sign-in page has no serious accessibility violations, with messages showing too', async ({ page }) => {
      await page.goto('/auth/login');
      await setLanguage(page, l.lang);
      await page.reload();
      await expect(page.getByRole('button', { name: l.signIn })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: l.signIn }).click();
      await expect(page.getByText(l.required)).toHaveCount(2);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the airports list, its delete and status dialogs have no serious accessibility violations', async ({ page, request }) => {
      const session = await apiSignIn(request);
      const airport = await createAirport(request, session.access_token);
      await storeSession(page, session);
      await setLanguage(page, l.lang);
      await page.goto(`/1/airports?search=${airport.iata_code}`);
      await expect(record(page, airport.iata_code)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      // The delete dialog: its close button has a name (axe: critical without one).
      await record(page, airport.iata_code)
        .getByRole('button', { name: l.deleteOne(airport.iata_code) })
        .click();
      const dialog = page.getByRole('dialog');
      await dialogOpen(page);
      await expect(dialog.getByRole('button', { name: l.close })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: l.close }).click();
      await expect(dialog).toBeHidden();

      // The status change asks first; the question is accessible too.
      await record(page, airport.iata_code).getByRole('switch').click({ force: true });
      await dialogOpen(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      // Rows selected: the bulk bar.
      await record(page, airport.iata_code).getByRole('checkbox').check();
      await expect(page.getByRole('region', { name: l.lang === 'en' ? 'Selected rows' : 'தேர்ந்தெடுத்த வரிசைகள்' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the airport form has no serious accessibility violations with each dropdown open', async ({ page, request }) => {
      await openAsAdmin(page, request, '/auth/login');
      await setLanguage(page, l.lang);
      await page.goto('/1/airports/new');
      await expect(page.getByRole('heading', { name: l.add })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      for (const label of [l.fromCore, l.country, l.timeZone]) {
        const input = page.getByRole('combobox', { name: label });
        await input.click();
        await expect(page.getByRole('listbox')).toBeVisible();
        await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
        // The list scrolls from the keyboard: the arrow keys move the active option.
        await input.press('ArrowDown');
        await input.press('ArrowDown');
        expect(await seriousViolations(page), `${label} open`).toEqual([]);
        await input.press('Escape');
        await expect(page.getByRole('listbox')).toBeHidden();
      }
    });
  });
}

test("the super admin's core airports list has no serious accessibility violations", async ({ page, request }) => {
  const session = await apiSignIn(request, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await storeSession(page, session, null);
  await page.goto('/org/core-airports');
  await expect(record(page, 'LHR')).toBeVisible();
  // The status badges must be readable (they once rendered as blank pills).
  await expect(page.getByText('Active').first()).toBeVisible();
  await expect(page).toHaveTitle('Core airports · Parking Solutions');
  expect(await seriousViolations(page)).toEqual([]);
});
