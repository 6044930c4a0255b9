import { expect, type Page, test } from '@playwright/test';
import { apiSignIn, BOTH_WIDTHS, openAsAdmin, PHONE_ONLY, SUPER_ADMIN, seriousViolations, storeSession } from './support';

const row = (page: Page, name: string) =>
  page.locator('tbody tr, [data-testid="record-card"]').filter({ has: page.getByText(name, { exact: true }) });
const isMobile = () => test.info().project.name.startsWith('mobile');

test(
  'an admin browses the countries: search by name, code or dialling code, sorted, kept in the URL',
  BOTH_WIDTHS,
  async ({ page, request }) => {
    await openAsAdmin(page, request, '/1/airports');
    if (isMobile()) await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'Countries' }).click();
    await expect(page).toHaveURL(/\/1\/countries$/);
    await expect(page).toHaveTitle('Countries · Parking Solutions');
    await expect(page.getByText(/of 249$/)).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Search countries' });
    await search.fill('lanka');
    await expect(page).toHaveURL(/search=lanka/);
    await expect(row(page, 'Sri Lanka')).toContainText('LK');
    await expect(row(page, 'Sri Lanka')).toContainText('+94');
    await expect(page.getByText('1–1 of 1')).toBeVisible();

    await search.fill('+44');
    await expect(row(page, 'United Kingdom')).toBeVisible();
    await search.fill('no such country');
    await expect(page.getByText('No country matches your search.')).toBeVisible();
    await search.fill('');
    await expect(page).not.toHaveURL(/search=/);

    if (isMobile()) {
      await page.getByLabel('Sort by').selectOption('-dialling_code');
    } else {
      const header = page.getByRole('button', { name: /^Dialling code (Not sorted|Sorted)/ });
      await header.click();
      await header.click();
    }
    await expect(page).toHaveURL(/sort=-dialling_code/);
    await page.reload();
    const first = page.locator('tbody tr, [data-testid="record-card"]').first();
    // Zone 9 last in the zone order, so first now (+998 Uzbekistan), not the largest number (+5999 Curaçao).
    await expect(first).toContainText('+998');
  },
);

test('in Tamil the countries are named, searched and sorted in Tamil, and the screen passes axe', PHONE_ONLY, async ({ page, request }) => {
  await storeSession(page, await apiSignIn(request));
  await page.evaluate(() => localStorage.setItem('language', 'ta'));
  await page.goto('/1/countries?search=%E0%AE%87%E0%AE%B2%E0%AE%99%E0%AF%8D%E0%AE%95%E0%AF%88');
  await expect(page.getByRole('heading', { name: 'நாடுகள்' })).toBeVisible();
  await expect(row(page, 'இலங்கை')).toContainText('+94');
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/1/countries');
  await expect(row(page, 'ஐக்கிய இராச்சியம்').or(page.locator('tbody tr, [data-testid="record-card"]').first())).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the super admin has the countries screen too, and it passes axe in English', async ({ page, request }) => {
  await storeSession(page, await apiSignIn(request, SUPER_ADMIN.email, SUPER_ADMIN.password), null);
  await page.goto('/org/countries?search=united');
  await expect(row(page, 'United Kingdom')).toContainText('+44');
  await expect(row(page, 'United States')).toContainText('+1');
  expect(await seriousViolations(page)).toEqual([]);
});
