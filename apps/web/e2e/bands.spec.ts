import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Band } from '@ps/contracts';
import { api, axeOnList, exportCsv, isMobile, noSidewaysScroll, record, setLanguage, uniqueName } from './catalogue';
import { apiSignIn, BOTH_WIDTHS, openAsAdmin, seriousViolations, storeSession, toast, widthFor } from './support';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search bands' });

/**
 * A free range of `width` days for active bands of a type: the demo has bands up to 30 days, and other specs
 * (prices, quote) take single days of their own on the same server, so this takes the first gap wide enough.
 */
async function freeDays(request: APIRequestContext, token: string, type: Band['type'], width = 3) {
  const bands = await api<Band[]>(request, token, 'GET', `/api/band/list?type=${type}&status=1&page_size=1000`);
  const taken = (day: number) => bands.some((band) => band.min_days <= day && day <= band.max_days);
  for (let first = 1; first + width - 1 <= 365; first++) {
    const days = Array.from({ length: width }, (_, index) => first + index);
    if (!days.some(taken)) return { min_days: first, max_days: first + width - 1 };
  }
  throw new Error('no free days left for bands of this type');
}

async function addBand(request: APIRequestContext, token: string, overrides: Partial<Band> = {}) {
  const days = await freeDays(request, token, overrides.type ?? 'park_and_ride');
  return api<Band>(request, token, 'POST', '/api/band/add', { name: uniqueName('Band'), type: 'park_and_ride', ...days, ...overrides });
}

test(
  'adds a band with the form: the type is chosen by name, days show as a range, an overlap is named beside its field',
  BOTH_WIDTHS,
  async ({ page, request }) => {
    const session = await openAsAdmin(page, request, '/1/bands');
    await expect(page.getByRole('heading', { name: 'Bands' })).toBeVisible();
    await expect(record(page, '1-3 days')).toContainText('Parking');
    await page.getByRole('link', { name: 'Add band' }).click();
    await expect(page).toHaveURL(/\/1\/bands\/new$/);

    // The contract's rules speak first.
    await page.getByRole('button', { name: 'Create band' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(3);
    const name = uniqueName('Long stay');
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'From day' }).fill('9');
    await page.getByRole('textbox', { name: 'To day' }).fill('5');
    await page.getByRole('button', { name: 'Create band' }).click();
    await expect(page.getByText('The last day must not be before the first day')).toBeVisible();

    // An active parking band over the demo's "1-3 days": the server's 409 sits beside "From day".
    await page.getByRole('textbox', { name: 'From day' }).fill('2');
    await page.getByRole('textbox', { name: 'To day' }).fill('5');
    await page.getByRole('button', { name: 'Create band' }).click();
    const overlap = 'These days overlap another active band of the same type.';
    await expect(toast(page, overlap)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'From day' })).toHaveAttribute('aria-invalid', 'true');

    // Park and ride, on free days, is fine.
    const days = await freeDays(request, session.access_token, 'park_and_ride');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Park and ride' }).click();
    await page.getByRole('textbox', { name: 'From day' }).fill(String(days.min_days));
    await page.getByRole('textbox', { name: 'To day' }).fill(String(days.max_days));
    await page.getByRole('button', { name: 'Create band' }).click();
    await expect(toast(page, `Band ${name} created.`)).toBeVisible();
    await expect(page).toHaveURL(/\/1\/bands$/);
    await searchBox(page).fill(name);
    await expect(record(page, name)).toContainText('Park and ride');
    await expect(record(page, name)).toContainText(`${days.min_days}-${days.max_days} days`);
    if (isMobile()) await noSidewaysScroll(page);
  },
);

test('edits a band, filters by type and status in the URL, exports, and deletes', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const band = await addBand(request, session.access_token, { status: 0 });
  await storeSession(page, session);
  await page.goto('/1/bands');

  // Filters: type and status, kept in the URL.
  await page.getByRole('combobox', { name: 'Filter by type' }).click();
  await page.getByRole('option', { name: 'Park and ride' }).click();
  await expect(page).toHaveURL(/type=park_and_ride/);
  await page.getByRole('radiogroup', { name: 'Filter by status' }).getByText('Inactive', { exact: true }).click();
  await expect(page).toHaveURL(/status=0/);
  await expect(record(page, band.name)).toBeVisible();
  await expect(record(page, 'P&R 1-30 days')).toHaveCount(0);
  await page.reload();
  await expect(record(page, band.name)).toBeVisible();

  // Export: every filtered row, translated headers, the type in words.
  const file = await exportCsv(page);
  expect(file.name).toBe('bands.csv');
  expect(file.lines[0]).toBe('Name,Type,From day,To day,Status');
  expect(file.lines).toContain(`${band.name},Park and ride,${band.min_days},${band.max_days},Inactive`);

  // Edit: rename it.
  await record(page, band.name)
    .getByRole('link', { name: `Edit ${band.name}` })
    .click();
  await expect(page.getByRole('heading', { name: `Edit band ${band.name}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'From day' })).toHaveValue(String(band.min_days));
  const renamed = `${band.name} renamed`;
  await page.getByRole('textbox', { name: 'Name' }).fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, `Band ${renamed} saved.`)).toBeVisible();
  // Back to the list as it was left: park and ride, inactive.
  await expect(page).toHaveURL(/\/1\/bands\?.*type=park_and_ride/);
  await expect(page).toHaveURL(/status=0/);
  await expect(record(page, renamed)).toBeVisible();

  // Delete, after confirming.
  await searchBox(page).fill(renamed);
  await record(page, renamed)
    .getByRole('button', { name: `Delete ${renamed}` })
    .click();
  await page.getByRole('dialog', { name: 'Delete band' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `Band ${renamed} deleted.`)).toBeVisible();
  await expect(record(page, renamed)).toHaveCount(0);
});

test('reactivating an overlapping band is refused with the reason', async ({ page, request }) => {
  const session = await apiSignIn(request);
  // Inactive bands may overlap; switching one on over the demo's "1-3 days" is refused.
  const band = await api<Band>(request, session.access_token, 'POST', '/api/band/add', {
    name: uniqueName('Dormant'),
    type: 'parking',
    min_days: 2,
    max_days: 3,
    status: 0,
  });
  await storeSession(page, session);
  await page.goto(`/1/bands?search=${encodeURIComponent(band.name)}`);
  await record(page, band.name).getByRole('switch').click({ force: true });
  await page.getByRole('dialog', { name: 'Make active?' }).getByRole('button', { name: 'Make active' }).click();
  await expect(toast(page, 'These days overlap another active band of the same type.')).toBeVisible();
  await expect(record(page, band.name).getByRole('switch')).not.toBeChecked();
});

for (const [lang, deleteLabel, heading] of [
  ['en', (name: string) => `Delete ${name}`, 'Add band'],
  ['ta', (name: string) => `${name}-ஐ நீக்கு`, 'வரம்பைச் சேர்'],
] as const) {
  test(`bands list, dialogs and form have no serious accessibility violations (${lang})`, widthFor(lang), async ({ page, request }) => {
    const session = await apiSignIn(request);
    const band = await addBand(request, session.access_token);
    await storeSession(page, session);
    await setLanguage(page, lang);
    await page.goto(`/1/bands?search=${encodeURIComponent(band.name)}`);
    await axeOnList(page, band.name, deleteLabel(band.name));

    await page.goto('/1/bands/new');
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('combobox', { name: lang === 'en' ? 'Type' : 'வகை' }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    expect(await seriousViolations(page), 'type list open').toEqual([]);
  });
}
