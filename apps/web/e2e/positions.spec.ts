import { expect, test } from '@playwright/test';
import { call, choose } from './bookingWorld';
import { record, uniqueName } from './catalogue';
import { openAsAdmin, seriousViolations, toast } from './support';

/** Positions: added from the list in a yard, found, changed (its yard shown, not changeable), deleted; axe on each screen. */
test('adds, finds, changes and deletes a position', async ({ page, request }) => {
  const name = `Position ${Date.now().toString(36)}`;
  const session = await openAsAdmin(page, request, '/1/positions');
  const yardName = uniqueName('Positions yard');
  await call(request, session.access_token, 'POST', '/yards/add', { name: yardName, capacity: 10 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Positions' })).toBeVisible();
  await page.getByRole('link', { name: 'Add position' }).first().click();
  // The place is required: nothing is sent without it.
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Create position' }).click();
  await expect(page.getByRole('combobox', { name: 'Yard or car park' })).toHaveAttribute('aria-invalid', 'true');
  await choose(page, 'Yard or car park', yardName.slice(-5), yardName);
  await page.getByRole('radio', { name: 'Zone' }).check();
  await page.getByRole('textbox', { name: 'Notes' }).fill('By the north gate');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create position' }).click();
  await expect(toast(page, `Position ${name} created.`)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search positions' }).fill(name);
  await expect(record(page, name)).toContainText(yardName);
  await expect(record(page, name)).toContainText('Zone');
  await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Bay' });
  await expect(record(page, name)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Zone' });
  await expect(record(page, name)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await record(page, name)
    .getByRole('link', { name: `Edit ${name}` })
    .click();
  await expect(page.getByRole('textbox', { name: 'Yard or car park' })).toHaveValue(`${yardName} (Yard)`);
  await expect(page.getByRole('textbox', { name: 'Yard or car park' })).toHaveAttribute('readonly', '');
  await page.getByRole('textbox', { name: 'Notes' }).fill('By the south gate');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, `Position ${name} saved.`)).toBeVisible();

  await record(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `Position ${name} deleted.`)).toBeVisible();
  await expect(record(page, name)).toHaveCount(0);
});
