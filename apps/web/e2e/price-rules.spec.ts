import { expect, test } from '@playwright/test';
import { record } from './catalogue';
import { openAsAdmin, seriousViolations, toast } from './support';

/** Price rules: added from the list, found, changed, deleted; the screens pass axe. */
test('adds, finds, changes and deletes a price rule', async ({ page, request }) => {
  const name = `Price rule ${Date.now().toString(36)}`;
  await openAsAdmin(page, request, '/1/price-rules');
  await expect(page.getByRole('heading', { level: 1, name: 'Price rules' })).toBeVisible();
  await page.getByRole('link', { name: 'Add price rule' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Notes' }).fill('By the north gate');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create price rule' }).click();
  await expect(toast(page, `Price rule ${name} created.`)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search price rules' }).fill(name);
  await expect(record(page, name)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await record(page, name)
    .getByRole('link', { name: `Edit ${name}` })
    .click();
  await page.getByRole('textbox', { name: 'Notes' }).fill('By the south gate');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, `Price rule ${name} saved.`)).toBeVisible();

  await record(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `Price rule ${name} deleted.`)).toBeVisible();
  await expect(record(page, name)).toHaveCount(0);
});
