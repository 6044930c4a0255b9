import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { navLink, seriousViolations } from './support';

/** Helpers of the catalogue specs (bands, packages, additional services, vouchers). */

/** A record of a list: a table row from 768 px, a card below; found by its exact name or code. */
export const record = (page: Page, name: string) =>
  page.locator('tbody tr, [data-testid="record-card"]').filter({ has: page.getByText(name, { exact: true }) });

export const isMobile = () => test.info().project.name.startsWith('mobile');

/** Opens a screen from the main navigation, as a user does: on a phone the drawer first, then the entry's group. */
export async function openNav(page: Page, name: string, { exact = false } = {}) {
  if (isMobile()) await page.getByRole('button', { name: 'Open navigation' }).click();
  await (await navLink(page, name, { exact })).click();
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

/**
 * The words of `text` that the page breaks inside although they would fit on a line of their own in the card, table
 * cell, field value or page section that shows them (each shown copy of the text). A word wider than that may break: it is the only
 * way it fits. A box squeezed narrower than a word by its neighbours counts as a break. Empty when every word is whole.
 */
export async function wordsWhole(page: Page, text: string) {
  return page.evaluate((wanted) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const data = node.textContent ?? '';
      const start = data.indexOf(wanted);
      if (start < 0 || !node.parentElement) continue;
      if (node.parentElement.getBoundingClientRect().width === 0) continue;
      const room = node.parentElement.closest(
        'td, th, dd, [data-testid="record-card"], .mantine-Card-root, .mantine-Paper-root, section, main',
      );
      const box = (room ?? document.body).getBoundingClientRect();
      let offset = start;
      for (const word of wanted.split(' ')) {
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + word.length);
        offset += word.length + 1;
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size <= 1) continue;
        // Measured on one line: the word's own width, in the same font.
        const probe = document.createElement('span');
        probe.style.cssText = 'position:absolute;white-space:nowrap;visibility:hidden';
        probe.textContent = word;
        node.parentElement.append(probe);
        const wordWidth = probe.getBoundingClientRect().width;
        probe.remove();
        if (wordWidth <= box.width) broken.push(`${word} (${Math.round(wordWidth)} px in a ${Math.round(box.width)} px box)`);
      }
    }
    return broken;
  }, text);
}
