import { expect, test } from '@playwright/test';
import type { Agency } from '@ps/contracts';
import { call, choose } from './bookingWorld';
import { exportCsv, isMobile, noSidewaysScroll, openNav, record, setLanguage, uniqueName } from './catalogue';
import { BOTH_WIDTHS, openAsAdmin, seriousViolations } from './support';

/**
 * The Audit screen against the real API (issue 9, section 5): an agency renamed, then found in the log through the
 * screen's filters, its name before and after shown, the same in the CSV the screen downloads; in English and Tamil, at
 * 375 and 1440 px, with axe.
 */

test(
  'an agency renamed is found in the audit log by its filters, with its name before and after, and in the CSV',
  BOTH_WIDTHS,
  async ({ page, request }) => {
    const session = await openAsAdmin(page, request, '/1/dashboard');
    const before = uniqueName('Audit Before');
    const after = uniqueName('Audit After');
    const agency = await call<Agency>(request, session.access_token, 'POST', '/agency/add', { name: before, commission_percent: 10 });
    await call(request, session.access_token, 'PATCH', `/agency/update/${agency.id}`, { name: after, commission_percent: 12.5 });

    await openNav(page, 'Audit');
    await expect(page).toHaveURL(/\/1\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit', level: 1 })).toBeVisible();

    // Resource and record narrow to the agency's two entries; the action to its change.
    await choose(page, 'Resource', 'Agen', 'Agency');
    await page.getByRole('textbox', { name: 'Record id' }).fill(String(agency.id));
    await expect(page).toHaveURL(new RegExp(`entity=agency.*entity_id=${agency.id}|entity_id=${agency.id}.*entity=agency`));
    const entries = page.locator('tbody tr, [data-testid="record-card"]');
    await expect(entries).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Changed', exact: true }).click();
    await expect(page).toHaveURL(/action=update/);
    await expect(entries).toHaveCount(1);
    // The record by its name (the agency's name now), not its id.
    const entry = record(page, after);
    await expect(entry).toContainText('Demo Admin');

    await entry.getByRole('button', { name: 'Show 2 fields' }).click();
    const changes = entry.getByTestId('audit-changes');
    await expect(changes.locator('dd[data-field="name"]')).toHaveText(`${before} → ${after}`);
    await expect(changes.locator('dd[data-field="commission_percent"]')).toHaveText('10.00 → 12.50');
    await expect(changes.getByText('Commission %')).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    // The URL keeps the filters: a reload shows the same entry.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Audit', level: 1 })).toBeVisible();
    await expect(entries).toHaveCount(1);

    const csv = await exportCsv(page);
    expect(csv.name).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.lines[0]).toMatch(/^Time \([^)]+\),User,Resource,Record,Action,Field,Before,After$/);
    expect(csv.lines.slice(1).map((line) => line.replace(/^[^,]+,/, ''))).toEqual([
      `Demo Admin,Agency,${after},Changed,Commission %,10.00,12.50`,
      `Demo Admin,Agency,${after},Changed,Name,${before},${after}`,
    ]);

    // A filter nothing matches: the filtered empty state.
    await page.getByRole('textbox', { name: 'Record id' }).fill('999999999');
    await expect(page.getByText('No changes match these filters.')).toBeVisible();

    // In Tamil: the heading, the filters and the columns.
    await setLanguage(page, 'ta');
    await page.goto(`/1/audit?entity=agency&entity_id=${agency.id}&action=update`);
    await expect(page.getByRole('heading', { name: 'தணிக்கை', level: 1 })).toBeVisible();
    for (const label of ['பயனர்', 'வளம்', 'செயல்']) await expect(page.getByRole('combobox', { name: label })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'பதிவு எண்' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'CSV ஏற்றுமதி' })).toBeVisible();
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('முகவர் நிறுவனம்');
    await entries.first().getByRole('button', { name: '2 புலங்களைக் காட்டு' }).click();
    await expect(entries.first().getByTestId('audit-changes').locator('dd[data-field="name"]')).toHaveText(`${before} → ${after}`);
    if (!isMobile()) await expect(page.getByRole('columnheader', { name: 'மாற்றங்கள்' })).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
  },
);
