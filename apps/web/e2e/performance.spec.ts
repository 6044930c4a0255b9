import { expect, test } from '@playwright/test';

/** Issue 5, section 5: what the sign-in page downloads, in which language, and how it is encoded. */

test('an English visitor downloads English messages only and no Tamil font', async ({ page }) => {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(new URL(request.url()).pathname));
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(urls.filter((path) => /noto-sans-tamil|\.woff2$/.test(path))).toEqual([]);
  expect(urls.filter((path) => /\/assets\/(ta|tamilFont)-/.test(path))).toEqual([]);
  expect(urls.filter((path) => /\/assets\/en-/.test(path)).length).toBeGreaterThan(0);
});

test('Tamil text renders with the bundled Noto Sans Tamil, loaded only then', async ({ page }) => {
  await page.goto('/auth/login');
  await page.evaluate(() => localStorage.setItem('language', 'ta'));
  const fonts: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.woff2')) fonts.push(new URL(response.url()).pathname);
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
  const heading = page.getByRole('heading').first();
  await expect(heading).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const usage = await heading.evaluate((element) => ({
    family: getComputedStyle(element).fontFamily,
    loaded: document.fonts.check(`700 16px "Parking Solutions Tamil"`, 'தமிழ்'),
    text: element.textContent ?? '',
  }));
  expect(usage.text).toMatch(/[\u0B80-\u0BFF]/);
  expect(usage.family.startsWith('"Parking Solutions Tamil"')).toBe(true);
  expect(usage.loaded).toBe(true);
  expect(fonts.some((path) => /noto-sans-tamil-tamil-\d00-normal-.*\.woff2$/.test(path))).toBe(true);
});

test('bundles come pre-compressed with brotli and are cached for a year', async ({ page, request }) => {
  await page.goto('/auth/login');
  const script = await page.locator('script[type="module"]').first().getAttribute('src');
  expect(script).toMatch(/^\/assets\/index-.*\.js$/);
  const response = await request.get(script ?? '', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-encoding']).toBe('br');
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers().vary).toMatch(/accept-encoding/i);
});
