import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support';

/** Helpers of the catalogue specs (bands, packages, additional services, vouchers). */

/** A record of a list: a table row from 768 px, a card below; found by its exact name or code. */
export const record = (page: Page, name: string) =>
  page.locator('tbody tr, [data-testid="record-card"]').filter({ has: page.getByText(name, { exact: true }) });

export const isMobile = () => test.info().project.name.startsWith('mobile');

/** Opens a screen from the main navigation, as a user does: on a phone the drawer first. */
export async function openNav(page: Page, name: string) {
  if (isMobile()) await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name }).click();
}

/** A name no other test or run has: the project and a random tag. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${test.info().project.name.replace('desktop-', 'D').replace('mobile-', 'M')} ${Math.random().toString(36).slice(2, 7)}`;

/** Calls the API as the signed-in admin and expects the status given. */
export async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PATCH', url: string, data?: unknown) {
  const response = await request.fetch(url, { method, headers: { Authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

export async function setLanguage(page: Page, lang: 'en' | 'ta') {
  await page.evaluate((value) => localStorage.setItem('language', value), lang);
}

/** A dialog has finished its opening transition (axe measures contrast on what is painted). */
export async function dialogOpen(page: Page) {
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('.mantine-Modal-content')).toHaveCSS('opacity', '1');
  await expect(page.locator('.mantine-Modal-overlay')).toHaveCSS('opacity', '1');
}

/** Exports the list and returns the CSV's lines (without the BOM). */
export async function exportCsv(page: Page, button = 'Export CSV') {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await download;
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  return { name: file.suggestedFilename(), lines: csv.slice(1).trimEnd().split('\r\n') };
}

/**
 * Axe on a list in one language: the page, a record's delete dialog and its status question. `deleteLabel`
 * is the record's delete button in that language.
 */
export async function axeOnList(page: Page, name: string, deleteLabel: string) {
  await expect(record(page, name)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await record(page, name).getByRole('button', { name: deleteLabel }).click();
  await dialogOpen(page);
  expect(await seriousViolations(page), 'delete dialog').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await record(page, name).getByRole('switch').click({ force: true });
  await dialogOpen(page);
  expect(await seriousViolations(page), 'status dialog').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
}

/** Nothing scrolls sideways (cards at 375 px). */
export async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
