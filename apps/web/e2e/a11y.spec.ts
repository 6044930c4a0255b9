import { expect, test } from '@playwright/test';
import { apiSignIn, openAsAdmin, SUPER_ADMIN, seriousViolations, storeSession } from './support';

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

test("the super admin's core airports list has no serious accessibility violations", async ({ page, request }) => {
  const session = await apiSignIn(request, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await storeSession(page, session, null);
  await page.goto('/org/core-airports');
  await expect(page.getByRole('cell', { name: 'LHR', exact: true })).toBeVisible();
  // The status badges must be readable (they once rendered as blank pills).
  await expect(page.getByText('Active').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
