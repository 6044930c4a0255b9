import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { openAsAdmin } from './support';

/** Serious and critical findings of axe (WCAG 2.x A/AA rules). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('the sign-in page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Also with the validation messages showing, in Tamil.
  await page.getByLabel('Language').selectOption('ta');
  await page.getByRole('button', { name: 'உள்நுழை' }).click();
  await expect(page.getByText('இந்தப் புலம் கட்டாயமானது')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the airports list has no serious accessibility violations', async ({ page, request }) => {
  await openAsAdmin(page, request);
  // Whatever other tests added: wait for the first data row.
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
