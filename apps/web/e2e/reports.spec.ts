import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { choose } from './bookingWorld';
import { noSidewaysScroll, openNav, setLanguage } from './catalogue';
import { openAsAdmin, PHONE_ONLY, seriousViolations, toast } from './support';

/**
 * The Reports screen against the real API and the demo data (issue 24, section 3): every report's section with its
 * table, the XLSX of all reports read back (a real workbook, a sheet per report, numbers as numbers), a report's CSV,
 * subscribing someone to the report by mail and stopping it; in Tamil at 375 px. Axe on both.
 */

const SECTIONS = ['revenue', 'occupancy', 'forecast', 'stays', 'lead_time', 'outcomes', 'channels', 'agencies', 'vouchers', 'drivers'];

test('a manager reads the reports, downloads them as XLSX and CSV, and subscribes to them by mail', async ({ page, request }) => {
  await openAsAdmin(page, request, '/1/dashboard');
  await openNav(page, 'Reports');
  await expect(page).toHaveURL(/\/1\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  for (const kind of SECTIONS) await expect(page.getByTestId(`report-${kind}`)).toBeVisible();
  // The demo company's car parks: the occupancy of each day of this month, the forecast of 60 days, drawn and tabled.
  await expect(page.getByTestId('report-occupancy').getByRole('row')).not.toHaveCount(0);
  await expect(page.getByTestId('report-forecast').getByRole('row')).toHaveCount(61);
  await expect(page.getByTestId('report-forecast').getByTestId('report-chart')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Car park' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Every report in one workbook: a sheet each, the headers in English, the occupancy's days as dates.
  const workbookDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download all (XLSX)' }).click();
  const workbookFile = await workbookDownload;
  expect(workbookFile.suggestedFilename()).toMatch(/^report-all-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await workbookFile.path())) as unknown as ArrayBuffer);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
    'Revenue',
    'Occupancy',
    'Forecast',
    'Length of stay',
    'Lead time',
    'Cancellations and no-shows',
    'Channels',
    'Agencies',
    'Vouchers',
    'Drivers',
  ]);
  const occupancy = workbook.getWorksheet('Occupancy');
  expect(occupancy?.getRow(1).values).toEqual([undefined, 'Date', 'Stays', 'Spaces', 'Occupancy']);
  expect(occupancy?.getRow(2).getCell(1).value).toBeInstanceOf(Date);
  expect(typeof occupancy?.getRow(2).getCell(2).value).toBe('number');
  expect(workbook.getWorksheet('Forecast')?.rowCount).toBe(61);
  await expect(toast(page, /was downloaded/)).toBeVisible();

  // One report as CSV.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Channels as CSV' }).click();
  const csvFile = await csvDownload;
  const csv = await readFile(await csvFile.path(), 'utf8');
  expect(csv.startsWith('\uFEFFSource,Channel,Bookings,Revenue\r\n')).toBe(true);

  // Subscribing the demo admin to the monthly report in Tamil, then stopping it.
  const subscriptions = page.getByRole('region', { name: 'Reports by mail' });
  await choose(page, 'Who receives it', 'Demo', /^Demo Admin/);
  await subscriptions.getByRole('combobox', { name: 'How often' }).click();
  await page.getByRole('option', { name: 'Monthly', exact: true }).click();
  await subscriptions.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Tamil', exact: true }).click();
  await subscriptions.getByRole('button', { name: 'Send the report' }).click();
  await expect(toast(page, 'Demo Admin will receive the report.')).toBeVisible();
  const card = subscriptions.getByTestId('report-subscription').filter({ hasText: 'Demo Admin' });
  await expect(card).toContainText('Monthly · Tamil · Last period sent: Not yet');
  expect(await seriousViolations(page)).toEqual([]);
  await card.getByRole('button', { name: 'Stop the report for Demo Admin' }).click();
  await expect(toast(page, 'Demo Admin will no longer receive the report.')).toBeVisible();
  await expect(subscriptions.getByTestId('report-subscription')).toHaveCount(0);
});

test('the reports in Tamil on a phone: every section, cards instead of tables, nothing sideways', PHONE_ONLY, async ({ page, request }) => {
  await openAsAdmin(page, request, '/1/dashboard');
  await setLanguage(page, 'ta');
  await page.goto('/1/reports');
  await expect(page.getByRole('heading', { name: 'அறிக்கைகள்', level: 1 })).toBeVisible();
  for (const kind of SECTIONS) await expect(page.getByTestId(`report-${kind}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'நாள்வாரியான நிரம்பல்' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'அனைத்தையும் பதிவிறக்கு (XLSX)' })).toBeVisible();
  // Below 768 px a report's rows are cards.
  await expect(page.getByTestId('report-forecast').getByRole('listitem')).toHaveCount(60);
  await expect(page.getByRole('region', { name: 'அஞ்சலில் அறிக்கைகள்' })).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
});
