import { expect, type Page, test } from '@playwright/test';
import type { Voucher } from '@ps/contracts';
import { api, axeOnList, exportCsv, isMobile, noSidewaysScroll, record, setLanguage } from './catalogue';
import { apiSignIn, BOTH_WIDTHS, openAsAdmin, seriousViolations, storeSession, toast, widthFor } from './support';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search vouchers' });
const code = (prefix: string) =>
  `${prefix}-${test.info().project.name.slice(0, 1).toUpperCase()}${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
const year = new Date().getFullYear();

test(
  'adds a voucher: percent or money, validity dates, usage limit; a taken code is named beside the field',
  BOTH_WIDTHS,
  async ({ page, request }) => {
    // Other specs add vouchers to the same company, so the demo ones are found by their code, not by page.
    await openAsAdmin(page, request, '/1/vouchers?search=SUMMER10');
    await expect(record(page, 'SUMMER10')).toContainText('10 %');
    await searchBox(page).fill('WELCOME5');
    await expect(record(page, 'WELCOME5')).toContainText('£5.00');
    await searchBox(page).fill('SPRING2025');
    await expect(record(page, 'SPRING2025')).toContainText('37 / 200');
    await expect(record(page, 'SPRING2025')).toContainText('Expired');
    await page.getByRole('link', { name: 'Add voucher' }).click();

    // A code already taken, in another case.
    await page.getByRole('textbox', { name: 'Code' }).fill('summer10');
    // The percent box keeps to 1..100 itself; the dates' order is the schema's.
    await page.getByRole('textbox', { name: 'Discount' }).fill('150');
    await page.getByRole('textbox', { name: 'Discount' }).blur();
    await expect(page.getByRole('textbox', { name: 'Discount' })).toHaveValue('100');
    await page.getByLabel('Valid from').fill(`${year}-08-01`);
    await page.getByLabel('Valid to').fill(`${year}-07-01`);
    await page.getByRole('button', { name: 'Create voucher' }).click();
    await expect(page.getByText('The end date must not be before the start date')).toBeVisible();
    await page.getByRole('textbox', { name: 'Discount' }).fill('15');
    await page.getByLabel('Valid to').fill(`${year}-08-31`);
    await page.getByRole('button', { name: 'Create voucher' }).click();
    await expect(toast(page, 'A voucher with this code already exists.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Code' })).toHaveAttribute('aria-invalid', 'true');

    // A fixed amount, with a limit.
    const newCode = code('AUTUMN');
    await page.getByRole('textbox', { name: 'Code' }).fill(newCode);
    await page.getByRole('combobox', { name: 'Discount type' }).click();
    await page.getByRole('option', { name: 'Fixed amount' }).click();
    await page.getByRole('textbox', { name: 'Discount' }).fill('7.5');
    await page.getByRole('textbox', { name: 'Usage limit' }).fill('100');
    await page.getByRole('button', { name: 'Create voucher' }).click();
    await expect(toast(page, `Voucher ${newCode} created.`)).toBeVisible();
    // Back to the list as it was left, with its search.
    await expect(page).toHaveURL(/\/1\/vouchers\?search=/);
    await searchBox(page).fill(newCode.toLowerCase());
    await expect(record(page, newCode)).toContainText('£7.50');
    await expect(record(page, newCode)).toContainText('0 / 100');
    await expect(record(page, newCode)).toContainText(`1 Aug ${year} – 31 Aug ${year}`);
    if (isMobile()) await noSidewaysScroll(page);
  },
);

test('edits a voucher, filters by validity day, exports, and deletes an unused one; a used one is kept', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const voucher = await api<Voucher>(request, session.access_token, 'POST', '/api/voucher/add', {
    code: code('EDIT'),
    discount_type: 'percent',
    discount_value: 20,
    valid_from: '2031-02-01',
    valid_to: '2031-02-28',
  });
  await storeSession(page, session);
  await page.goto('/1/vouchers');
  await page.getByLabel('Valid on').fill('2031-02-14');
  await expect(page).toHaveURL(/valid_on=2031-02-14/);
  await expect(record(page, voucher.code)).toContainText('0 / unlimited');
  await expect(record(page, 'SUMMER10')).toHaveCount(0);

  const file = await exportCsv(page);
  expect(file.name).toBe('vouchers.csv');
  expect(file.lines[0]).toBe('Code,Discount type,Discount,Valid from,Valid to,Usage limit,Times used,Status');
  expect(file.lines).toContain(`${voucher.code},Percentage,20 %,2031-02-01,2031-02-28,Unlimited,0,Active`);

  await record(page, voucher.code)
    .getByRole('link', { name: `Edit ${voucher.code}` })
    .click();
  await expect(page.getByText('Used so far: 0 / unlimited')).toBeVisible();
  await page.getByRole('textbox', { name: 'Discount' }).fill('25');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, `Voucher ${voucher.code} saved.`)).toBeVisible();
  // Back on the whole list, where other specs' vouchers may come first: found by its code.
  await searchBox(page).fill(voucher.code);
  await expect(record(page, voucher.code)).toContainText('25 %');

  await record(page, voucher.code)
    .getByRole('button', { name: `Delete ${voucher.code}` })
    .click();
  await page.getByRole('dialog', { name: 'Delete voucher' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `Voucher ${voucher.code} deleted.`)).toBeVisible();
  await expect(record(page, voucher.code)).toHaveCount(0);

  // The demo's SPRING2025 has been used 37 times: its deletion is refused with the reason.
  await page.goto('/1/vouchers?search=SPRING2025');
  await record(page, 'SPRING2025').getByRole('button', { name: 'Delete SPRING2025' }).click();
  await page.getByRole('dialog', { name: 'Delete voucher' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'This voucher has been used and cannot be deleted. Deactivate it instead.')).toBeVisible();
  await expect(record(page, 'SPRING2025')).toBeVisible();
});

for (const [lang, heading] of [
  ['en', 'Add voucher'],
  ['ta', 'வவுச்சரைச் சேர்'],
] as const) {
  test(`vouchers list, dialogs and form have no serious accessibility violations (${lang})`, widthFor(lang), async ({ page, request }) => {
    const session = await apiSignIn(request);
    await storeSession(page, session);
    await setLanguage(page, lang);
    await page.goto('/1/vouchers?search=WELCOME5');
    await axeOnList(page, 'WELCOME5', lang === 'en' ? 'Delete WELCOME5' : 'WELCOME5-ஐ நீக்கு');
    await page.goto('/1/vouchers/new');
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('combobox', { name: lang === 'en' ? 'Discount type' : 'தள்ளுபடி வகை' }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    expect(await seriousViolations(page), 'discount types open').toEqual([]);
  });
}
