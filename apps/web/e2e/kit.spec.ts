import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import type { Airport } from '@ps/contracts';
import { apiSignIn, createAirport, freeIata, openAsAdmin, PHONE_ONLY, storeSession, toast } from './support';

/** A record of a list: a table row from 768 px, a card below. */
const record = (page: Page, code: string) =>
  page.locator('tbody tr, [data-testid="record-card"]').filter({ has: page.getByText(code, { exact: true }) });

/** Twelve airports sharing a unique name, so a search finds exactly them. */
async function airportsTagged(request: Parameters<typeof createAirport>[0], token: string, count: number) {
  const tag = `Kit${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const created: Airport[] = [];
  for (let i = 0; i < count; i++) created.push(await createAirport(request, token, { name: `${tag} ${String.fromCharCode(65 + i)}` }));
  return { tag, created };
}

test('exports every filtered row as CSV, across pages, with translated headers', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const { tag, created } = await airportsTagged(request, session.access_token, 12);
  await storeSession(page, session);
  await page.goto(`/1/airports?search=${tag}&page_size=10`);
  await expect(page.getByText('1–10 of 12')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('airports.csv');
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('IATA code,Name,Country,Time zone,Status');
  // All twelve, not only the ten on the page.
  expect(lines).toHaveLength(13);
  for (const airport of created) expect(csv).toContain(`${airport.iata_code},${airport.name},United Kingdom,Europe/London,Active`);
  await expect(toast(page, 'Exported 12 rows.')).toBeVisible();

  // In Tamil the headers and values are Tamil.
  await page.evaluate(() => localStorage.setItem('language', 'ta'));
  await page.reload();
  const tamil = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV ஆக ஏற்றுமதி செய்' }).click();
  const tamilCsv = await readFile(await (await tamil).path(), 'utf8');
  expect(tamilCsv.slice(1).split('\r\n')[0]).toBe('IATA குறியீடு,பெயர்,நாடு,நேர மண்டலம்,நிலை');
  expect(tamilCsv).toContain('ஐக்கிய இராச்சியம்');
});

test('sets the status of the selected rows, after asking', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const { tag, created } = await airportsTagged(request, session.access_token, 3);
  await storeSession(page, session);
  await page.goto(`/1/airports?search=${tag}`);
  const [first, second, third] = created as [Airport, Airport, Airport];
  await record(page, first.iata_code)
    .getByRole('checkbox', { name: `Select ${first.iata_code} – ${first.name}` })
    .check();
  await record(page, second.iata_code)
    .getByRole('checkbox', { name: `Select ${second.iata_code} – ${second.name}` })
    .check();
  const bar = page.getByRole('region', { name: 'Selected rows' });
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Set inactive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set inactive?' });
  await expect(dialog).toContainText('Set 2 records inactive?');
  await dialog.getByRole('button', { name: 'Set inactive' }).click();
  await expect(toast(page, '2 records are now inactive.')).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(record(page, first.iata_code).getByRole('switch')).not.toBeChecked();
  await expect(record(page, second.iata_code).getByRole('switch')).not.toBeChecked();
  await expect(record(page, third.iata_code).getByRole('switch')).toBeChecked();

  // The server kept it.
  const response = await request.get(`/api/airport/list?search=${tag}&status=0`, {
    headers: { Authorization: `Bearer ${session.access_token}` },
  });
  expect(((await response.json()).data as Airport[]).map((airport) => airport.iata_code).sort()).toEqual(
    [first.iata_code, second.iata_code].sort(),
  );
});

test('deleting the last row of the last page steps back to a page with rows', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const { tag, created } = await airportsTagged(request, session.access_token, 11);
  await storeSession(page, session);
  await page.goto(`/1/airports?search=${tag}&page_size=10&page=2&sort=name`);
  const last = created[10] as Airport;
  await expect(record(page, last.iata_code)).toBeVisible();
  await record(page, last.iata_code)
    .getByRole('button', { name: `Delete ${last.iata_code}` })
    .click();
  await page.getByRole('dialog', { name: 'Delete airport' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByText('1–10 of 10')).toBeVisible();
});

test('asks before leaving a form with unsaved changes: Cancel, links and reload', async ({ page, request }) => {
  await openAsAdmin(page, request, '/1/airports/new');
  // Untouched, Cancel just leaves.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/1\/airports$/);

  await page.goto('/1/airports/new');
  await page.getByRole('textbox', { name: 'Name' }).fill('Half typed');
  await page.getByRole('link', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/1\/airports\/new$/);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Half typed');

  // Reload or close: the browser's own question (beforeunload).
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.type());
      void d.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
});

test('leaves a form after confirming, and not after saving', async ({ page, request }) => {
  const session = await openAsAdmin(page, request, '/1/airports/new');
  await page.getByRole('textbox', { name: 'Name' }).fill('Half typed');
  await page.getByRole('link', { name: '← Back to airports' }).click();
  await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/1\/airports$/);

  // A saved form leaves without asking.
  const airport = await createAirport(request, session.access_token, { name: 'Before' });
  await page.goto(`/1/airports/${airport.id}/edit`);
  await page.getByRole('textbox', { name: 'Name' }).fill('After');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/1\/airports$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('saving, cancelling or going back from a form returns to the list as it was left: search, sort, page', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const { tag, created } = await airportsTagged(request, session.access_token, 12);
  await storeSession(page, session);
  // Sorted by name, ten a page: the second page holds K and L.
  await page.goto(`/1/airports?search=${tag}&page_size=10&page=2&sort=name`);
  await expect(page.getByText('11–12 of 12')).toBeVisible();
  const listAsLeft = { search: tag, page_size: '10', page: '2', sort: 'name' };
  const expectTheListAsLeft = async () => {
    await expect(page).toHaveURL((url) => url.pathname === '/1/airports');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual(listAsLeft);
    await expect(page.getByText('11–12 of 12')).toBeVisible();
  };
  const openEdit = async (airport: Airport) => {
    await record(page, airport.iata_code)
      .getByRole('link', { name: `Edit ${airport.iata_code}` })
      .click();
    await expect(page.getByRole('heading', { name: `Edit airport ${airport.iata_code}` })).toBeVisible();
  };
  const last = created[11] as Airport;

  await openEdit(last);
  await page.getByRole('textbox', { name: 'Name' }).fill(`${tag} L renamed`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, `Airport ${last.iata_code} saved.`)).toBeVisible();
  await expectTheListAsLeft();
  await expect(record(page, last.iata_code)).toContainText(`${tag} L renamed`);

  await openEdit(last);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expectTheListAsLeft();

  await openEdit(created[10] as Airport);
  await page.getByRole('link', { name: '← Back to airports' }).click();
  await expectTheListAsLeft();
});

test("a form's own error toast closes once it succeeds; other errors stay", async ({ page, request }) => {
  const session = await openAsAdmin(page, request, '/1/airports/new');
  const existing = await createAirport(request, session.access_token);
  const code = await freeIata(request, session.access_token);
  const taken = 'An airport with this IATA code already exists.';

  await page.getByRole('textbox', { name: 'IATA code' }).fill(existing.iata_code);
  await page.getByRole('textbox', { name: 'Name' }).fill('Toast test');
  await page.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('combobox', { name: 'Country' }).fill('Japan');
  await page.getByRole('option', { name: 'Japan', exact: true }).click();
  // Japan's zone comes first.
  await page.getByRole('combobox', { name: 'Time zone' }).click();
  await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText(/· Asia\/Tokyo$/);
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.getByRole('button', { name: 'Create airport' }).click();
  await expect(toast(page, taken)).toBeVisible();

  await page.getByRole('textbox', { name: 'IATA code' }).fill(code);
  await page.getByRole('button', { name: 'Create airport' }).click();
  await expect(toast(page, `Airport ${code} created.`)).toBeVisible();
  await expect(toast(page, taken)).toHaveCount(0);
});

test('adds an airport by picking a core airport, which fills the form', async ({ page, request }) => {
  const session = await openAsAdmin(page, request, '/1/airports/new');
  const core = page.getByRole('combobox', { name: 'Start from a core airport' });
  await core.click();
  await core.fill('Jaffna');
  await page.getByRole('option', { name: 'JAF – Jaffna' }).click();
  await expect(page.getByRole('textbox', { name: 'IATA code' })).toHaveValue('JAF');
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Jaffna');
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Sri Lanka');
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue(/· Asia\/Colombo$/);

  // Both projects share one server: give it a free code, the core link stays.
  const code = await freeIata(request, session.access_token);
  await page.getByRole('textbox', { name: 'IATA code' }).fill(code);
  await page.getByRole('button', { name: 'Create airport' }).click();
  await expect(toast(page, `Airport ${code} created.`)).toBeVisible();
  const response = await request.get(`/api/airport/list?search=${code}`, { headers: { Authorization: `Bearer ${session.access_token}` } });
  const created = ((await response.json()).data as Airport[]).find((airport) => airport.iata_code === code);
  expect(created).toMatchObject({ iata_code: code, name: 'Jaffna', country_iso_code: 'LK', time_zone: 'Asia/Colombo' });
  expect(created?.core_airport_id).toEqual(expect.any(Number));
});

test('time zones: the country first, searchable by city, in Tamil, Asia/Kolkata accepted', async ({ page, request }) => {
  const session = await apiSignIn(request);
  await storeSession(page, session);
  await page.evaluate(() => localStorage.setItem('language', 'ta'));
  await page.goto('/1/airports/new');
  const code = await freeIata(request, session.access_token);
  await page.getByRole('textbox', { name: 'IATA குறியீடு' }).fill(code);
  await page.getByRole('textbox', { name: 'பெயர்' }).fill('Chennai');
  const country = page.getByRole('combobox', { name: 'நாடு' });
  await country.click();
  await country.fill('இந்தியா');
  await page.getByRole('option', { name: 'இந்தியா', exact: true }).click();
  const zoneInput = page.getByRole('combobox', { name: 'நேர மண்டலம்' });
  await zoneInput.click();
  await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText('Kolkata — இந்திய நிலையான நேரம் (GMT+5:30) · Asia/Kolkata');
  await zoneInput.fill('Kolk');
  await page.getByRole('option', { name: /Asia\/Kolkata$/ }).click();
  await page.getByRole('button', { name: 'விமான நிலையத்தை உருவாக்கு' }).click();
  await expect(toast(page, `விமான நிலையம் ${code} உருவாக்கப்பட்டது.`)).toBeVisible();
  const response = await request.get(`/api/airport/list?search=${code}`, { headers: { Authorization: `Bearer ${session.access_token}` } });
  // The search also matches names holding these three letters (other tests' tagged names): pick the code.
  const saved = ((await response.json()).data as Airport[]).find((airport) => airport.iata_code === code);
  expect(saved?.time_zone).toBe('Asia/Kolkata');
});

test(
  'tap targets: 24 px or more with spacing, 44 px for primary actions, no sideways scroll at 375 px',
  PHONE_ONLY,
  async ({ page, request }) => {
    const session = await apiSignIn(request);
    const { tag, created } = await airportsTagged(request, session.access_token, 11);
    await storeSession(page, session);
    await page.goto(`/1/airports?search=${tag}&page_size=10&sort=name`);
    const first = created.find((airport) => airport.name.endsWith(' A')) as Airport;
    await expect(record(page, first.iata_code)).toBeVisible();

    const box = async (locator: ReturnType<Page['locator']>) => {
      const b = await locator.boundingBox();
      if (!b) throw new Error('not rendered');
      return b;
    };
    const edit = await box(record(page, first.iata_code).getByRole('link', { name: `Edit ${first.iata_code}` }));
    const remove = await box(record(page, first.iata_code).getByRole('button', { name: `Delete ${first.iata_code}` }));
    for (const b of [edit, remove]) {
      expect(b.width).toBeGreaterThanOrEqual(24);
      expect(b.height).toBeGreaterThanOrEqual(24);
    }
    expect(remove.x - (edit.x + edit.width)).toBeGreaterThanOrEqual(8);
    const next = await box(page.getByRole('button', { name: 'Next page' }));
    expect(next.height).toBeGreaterThanOrEqual(24);
    for (const label of ['All', 'Active', 'Inactive']) {
      const segment = await box(
        page
          .getByRole('radiogroup', { name: 'Filter by status' })
          .locator('label')
          .filter({ hasText: new RegExp(`^${label}$`) }),
      );
      expect(segment.height, label).toBeGreaterThanOrEqual(24);
    }
    const add = await box(page.getByRole('link', { name: 'Add airport' }));
    expect(add.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // A toast's close button.
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const close = await box(page.locator('.Toastify').getByRole('button', { name: 'Close' }).first());
    expect(close.width).toBeGreaterThanOrEqual(24);
    expect(close.height).toBeGreaterThanOrEqual(24);

    // The form's primary actions.
    await page.goto('/1/airports/new');
    expect((await box(page.getByRole('button', { name: 'Create airport' }))).height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  },
);
