import { expect, type Page, test } from '@playwright/test';
import shellEn from '../src/app/shell/locales/en.json' with { type: 'json' };
import shellTa from '../src/app/shell/locales/ta.json' with { type: 'json' };
import airportsEn from '../src/features/airports/locales/en.json' with { type: 'json' };
import airportsTa from '../src/features/airports/locales/ta.json' with { type: 'json' };
import baseEn from '../src/locales/en.json' with { type: 'json' };
import baseTa from '../src/locales/ta.json' with { type: 'json' };
import { api, isMobile, setLanguage } from './catalogue';
import { ADMIN, animationsSettled, apiSignIn, BOTH_WIDTHS, createAirport, storeSession } from './support';

/**
 * Issue 21, section 4: toasts sit where they hide nothing that can be clicked (docs/decisions.md, "Where toasts sit").
 * On a list whose heading row has actions (airports: Export CSV, Add airport), an error toast that stays and several
 * success toasts show at once; no control of the header and of the page's top is under them, the account and Sign out
 * are clicked while the error still shows, and the sign-in page's toast leaves its language and form clear. In English
 * and in Tamil (the header's longest labels), at 1440 px (the header's free room) and at 375 px (the sheet at the foot).
 */

const words = {
  en: { shell: shellEn, airports: airportsEn.airports, base: baseEn },
  ta: { shell: shellTa, airports: airportsTa.airports, base: baseTa },
};

/**
 * The controls (links, buttons, fields) in `scopes` that a toast covers: what the browser finds at a control's centre
 * or at one of its corners (2 px in) is inside the toasts' section. With `topHalf`, only controls starting in the
 * upper half of the viewport (a phone's heading and action rows; the sheet sits at its foot).
 */
function controlsUnderToasts(page: Page, scopes: string[], { topHalf = false } = {}) {
  return page.evaluate(
    ({ scopes, topHalf }) => {
      const clickable = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="combobox"], [role="switch"], [tabindex="0"]';
      const covered: string[] = [];
      let checked = 0;
      for (const scope of scopes) {
        for (const element of document.querySelectorAll<HTMLElement>(`${scope} :is(${clickable})`)) {
          if (element.closest('.Toastify')) continue;
          const box = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
          if (box.bottom <= 0 || box.top >= window.innerHeight || box.right <= 0 || box.left >= window.innerWidth) continue;
          if (topHalf && box.top > window.innerHeight / 2) continue;
          checked += 1;
          const inset = 2;
          const points: { x: number; y: number }[] = [
            { x: box.left + box.width / 2, y: box.top + box.height / 2 },
            { x: box.left + inset, y: box.top + inset },
            { x: box.right - inset, y: box.top + inset },
            { x: box.left + inset, y: box.bottom - inset },
            { x: box.right - inset, y: box.bottom - inset },
          ].filter(({ x, y }) => x >= 0 && y >= 0 && x < window.innerWidth && y < window.innerHeight);
          if (points.some(({ x, y }) => document.elementFromPoint(x, y)?.closest('.Toastify'))) {
            covered.push(element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName);
          }
        }
      }
      return { checked, covered };
    },
    { scopes, topHalf },
  );
}

/** The toasts' boxes on screen, the one in front last (stacked: the newest is the container's last toast). */
function toastBoxes(page: Page) {
  return page.locator('.Toastify__toast').evaluateAll((toasts) =>
    toasts
      .filter((toast) => getComputedStyle(toast).visibility !== 'hidden')
      .map((toast) => {
        const box = toast.getBoundingClientRect();
        return { top: box.top, bottom: box.bottom, left: box.left, right: box.right };
      }),
  );
}

for (const language of ['en', 'ta'] as const) {
  test(`toasts hide none of the header’s controls nor the page’s actions (${language})`, BOTH_WIDTHS, async ({ page, request }) => {
    const { shell, airports, base } = words[language];
    const session = await apiSignIn(request);
    // An airport with a car park: deleting it is refused (409), an error toast that stays until closed.
    const airport = await createAirport(request, session.access_token, { name: `Toast Airport ${Date.now().toString(36)}` });
    await api(request, session.access_token, 'POST', '/api/location/add', {
      airport_id: airport.id,
      name: `Toast Car Park ${airport.iata_code}`,
      type: 'car_park',
      capacity: 10,
    });
    await storeSession(page, session);
    await setLanguage(page, language);
    await page.goto(`/1/airports?search=${airport.iata_code}`);

    await page.getByRole('button', { name: airports.deleteOne.replace('{{name}}', airport.iata_code) }).click();
    await page.getByRole('dialog').getByRole('button', { name: shell.kit.delete.confirm, exact: true }).click();
    const error = page.locator('.Toastify__toast--error');
    await expect(error).toBeVisible();
    await expect(error.locator('.Toastify__progress-bar--wrp')).toHaveAttribute('data-hidden', 'true');

    // Three success toasts over it. Each is paused once shown (react-toastify pauses toasts when the window loses the
    // focus), so all are on screen together.
    const successes = page.locator('.Toastify__toast--success');
    for (let count = 1; count <= 3; count++) {
      await page.getByRole('button', { name: shell.kit.export.button }).click();
      await expect(successes).toHaveCount(count);
      await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    }
    await animationsSettled(page);
    await page.screenshot({ path: test.info().outputPath(`toasts-${language}.png`) });

    // Stacked: the four take one toast's room, in the header's free room on a wide screen, in the sheet on a phone.
    const boxes = await toastBoxes(page);
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    const front = boxes.at(-1);
    if (!front) throw new Error('no toast on screen');
    const top = Math.min(...boxes.map((box) => box.top));
    const bottom = Math.max(...boxes.map((box) => box.bottom));
    expect(bottom - top).toBeLessThanOrEqual(front.bottom - front.top + 12);
    if (isMobile()) {
      expect(top).toBeGreaterThan((page.viewportSize()?.height ?? 0) - 120);
    } else {
      const header = await page.locator('header').boundingBox();
      expect(bottom).toBeLessThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    }

    // Nothing clickable under them: on a wide screen nothing on screen at all, on a phone the header and the page's top
    // (its heading, actions and filters).
    const onScreen = await controlsUnderToasts(page, ['header', 'main'], { topHalf: isMobile() });
    expect(onScreen.checked).toBeGreaterThanOrEqual(5);
    expect(onScreen.covered).toEqual([]);

    if (isMobile()) {
      // The page keeps the sheet's room free at its end: its last control scrolls clear of the sheet.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const lastControl = await page.locator('main').locator('a[href]:visible, button:visible').last().boundingBox();
      const sheetTop = Math.min(...(await toastBoxes(page)).map((box) => box.top));
      expect((lastControl?.y ?? 0) + (lastControl?.height ?? 0)).toBeLessThanOrEqual(sheetTop);
      // So does the navigation's foot (the account, the language) once the navigation is scrolled to its end.
      await page.getByRole('button', { name: shell.shell.openNav }).click();
      const navbar = page.locator('.mantine-AppShell-navbar');
      // It slides in: measured once it is all on screen.
      await expect.poll(async () => (await navbar.boundingBox())?.x).toBe(0);
      await navbar.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      const foot = await controlsUnderToasts(page, ['.mantine-AppShell-navbar > .mantine-AppShell-section:last-child']);
      expect(foot.checked).toBe(2);
      expect(foot.covered).toEqual([]);
    }

    // The account and Sign out are clicked while the error shows (the success toasts are let go first: they close, the
    // error stays until closed).
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    if (isMobile()) await page.getByRole('navigation').getByRole('link', { name: base.account.menu }).click();
    else
      await page
        .locator('header')
        .getByRole('link', { name: new RegExp(base.account.menu) })
        .click();
    await expect(page).toHaveURL(/\/1\/account$/);
    await expect(successes).toHaveCount(0);
    await expect(error).toBeVisible();
    const header = await controlsUnderToasts(page, ['header']);
    expect(header.covered).toEqual([]);
    await page.locator('header').getByRole('button', { name: shell.shell.signOut }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);

    // The sign-in page: its toast sits left of the language selector (wide) or at the foot (phone).
    await page.getByLabel(base.auth.identifierLabel).fill(ADMIN.email);
    await page.getByLabel(base.auth.password, { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: base.auth.signIn }).click();
    await expect(page.locator('.Toastify__toast--error').filter({ visible: true }).first()).toBeVisible();
    await animationsSettled(page);
    await page.screenshot({ path: test.info().outputPath(`sign-in-${language}.png`) });
    const signIn = await controlsUnderToasts(page, ['body']);
    expect(signIn.checked).toBeGreaterThanOrEqual(4);
    expect(signIn.covered).toEqual([]);
  });
}
