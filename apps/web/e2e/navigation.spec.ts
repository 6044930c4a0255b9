import { expect, type Page, test } from '@playwright/test';
import shellEn from '../src/app/shell/locales/en.json' with { type: 'json' };
import shellTa from '../src/app/shell/locales/ta.json' with { type: 'json' };
import { dialogOpen, noSidewaysScroll, setLanguage } from './catalogue';
import { openAsAdmin, PHONE_ONLY, seriousViolations } from './support';

/**
 * Issue 21, section 3: the navigation of 28 screens in groups that open and close and fit a 1366 x 768 screen, a skip
 * link as the first tab stop, and one search box for bookings, drivers and agencies (Ctrl+K / Cmd+K, "/", the header's
 * box, a phone's icon). The demo admin sees every screen; the demo data's Amelia Hart drives LD21 KXP.
 */

const mainNavigation = (page: Page, name = shellEn.shell.navigation) => page.getByRole('navigation', { name });

/** The navigation bar's own scroll: none when everything in it is on the screen. */
const navOverflow = (page: Page) =>
  mainNavigation(page).evaluate((nav) => {
    const own = nav.scrollHeight - nav.clientHeight;
    const inner = [...nav.querySelectorAll<HTMLElement>('*')].map((element) =>
      getComputedStyle(element).overflowY === 'auto' || getComputedStyle(element).overflowY === 'scroll'
        ? element.scrollHeight - element.clientHeight
        : 0,
    );
    return Math.max(own, ...inner);
  });

test.describe('the grouped navigation', () => {
  test('a group opens and closes from its heading, by mouse or keyboard, and stays as the user left it', async ({ page, request }) => {
    await openAsAdmin(page, request, '/1/dashboard');
    const nav = mainNavigation(page);
    const places = nav.getByRole('button', { name: 'Places' });
    const prices = nav.getByRole('button', { name: 'Prices' });
    // The admin's screens do not all fit open: the groups other than the screen's start closed.
    await expect(places).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Airports' })).toBeHidden();

    await places.click();
    await expect(places).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Airports' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Yards' })).toBeVisible();

    // The keyboard: the heading is a button, Enter and Space work it.
    await prices.focus();
    await page.keyboard.press('Enter');
    await expect(prices).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Vouchers' })).toBeVisible();
    await page.keyboard.press('Space');
    await expect(prices).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Vouchers' })).toBeHidden();

    // Kept for this user: the same after the page is loaded again.
    await page.reload();
    await expect(places).toHaveAttribute('aria-expanded', 'true');
    await expect(prices).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    // The group of the screen on view is open on arrival, even one the user closed; its heading still closes it.
    await nav.getByRole('link', { name: 'Yards' }).click();
    await expect(page).toHaveURL(/\/1\/yards$/);
    await places.click();
    await expect(places).toHaveAttribute('aria-expanded', 'false');
    await page.goto('/1/bands');
    await expect(prices).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Bands' })).toHaveAttribute('aria-current', 'page');
    await expect(places).toHaveAttribute('aria-expanded', 'false');
    await page.goto('/1/airports');
    await expect(places).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Airports' })).toHaveAttribute('aria-current', 'page');
  });

  test('at 1366 x 768 every entry fits without the navigation scrolling, whichever screen is on view', async ({ page, request }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await openAsAdmin(page, request, '/1/dashboard');
    const nav = mainNavigation(page);
    const screens = [
      { path: '/1/dashboard', entry: 'Dashboard' },
      { path: '/1/bookings', entry: 'Bookings', group: 'Bookings' },
      { path: '/1/drivers', entry: 'Drivers', group: 'Drivers and trips' },
      { path: '/1/airports', entry: 'Airports', group: 'Places' },
      { path: '/1/bands', entry: 'Bands', group: 'Prices' },
      { path: '/1/people', entry: 'People', group: 'Company' },
      { path: '/1/settings', entry: 'Company settings' },
    ];
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(nav.getByRole('link', { name: screen.entry, exact: true })).toHaveAttribute('aria-current', 'page');
      if (screen.group) await expect(nav.getByRole('button', { name: screen.group, exact: true })).toHaveAttribute('aria-expanded', 'true');
      // The last entry is on the screen, and nothing in the bar scrolls.
      await expect(nav.getByRole('link', { name: 'Company settings' }), screen.path).toBeInViewport({ ratio: 1 });
      expect(await navOverflow(page), screen.path).toBeLessThanOrEqual(0);
    }
  });
});

test('the skip link is the first tab stop, shows when it has the focus, and takes the focus to the screen', async ({ page, request }) => {
  await openAsAdmin(page, request, '/1/bookings');
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).not.toBeInViewport();

  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(skip).not.toBeInViewport();
  // The next stop is on the screen itself, past the header and the navigation.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});

test.describe('the global search', () => {
  test('Ctrl+K opens it; a registration as typed shows its booking with what identifies it, and Enter opens it', async ({
    page,
    request,
  }) => {
    await openAsAdmin(page, request, '/1/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialogOpen(page);
    const box = dialog.getByRole('combobox', { name: 'Reference, registration, name or phone' });
    await expect(box).toBeFocused();
    // Before two characters it says what it finds, for this role: all three kinds.
    await expect(dialog.getByText('Type at least 2 characters to find:')).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveText([
      'bookings by reference, registration, customer name or phone',
      'drivers by name or phone',
      'agencies by name',
    ]);

    // Typed as a person would, lower case without the space: it answers as the keys come.
    await box.pressSequentially('ld21kxp', { delay: 40 });
    const bookings = dialog.getByRole('group', { name: 'Bookings' });
    const amelia = bookings.getByRole('option', { name: /LD21 KXP/ });
    await expect(amelia).toContainText('Amelia Hart');
    await expect(amelia).toContainText(/PS-[A-Z0-9]{4}-[A-Z0-9]{2}/);
    await expect(amelia).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await amelia.getAttribute('id')) ?? 'none');
    await expect(dialog.getByTestId('search-status')).toHaveText('1 result');
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/1\/bookings\/\d+$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Amelia Hart').first()).toBeVisible();
    await expect(page.getByText('LD21 KXP').first()).toBeVisible();
  });

  test('the header’s box and "/" open it too; arrows choose among bookings, drivers and agencies; nothing found says so', async ({
    page,
    request,
  }) => {
    await openAsAdmin(page, request, '/1/bookings');
    await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const box = dialog.getByRole('combobox');

    await page.getByTestId('search-box').click();
    await dialogOpen(page);
    await box.fill('zzqq');
    await expect(dialog.getByTestId('search-status')).toHaveText('Nothing found for “zzqq”.');
    await expect(dialog.getByRole('option')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // "/" outside a field opens it (the focus is back on the header's box), empty again.
    await page.keyboard.press('/');
    await dialogOpen(page);
    await expect(box).toHaveValue('');
    // Tom Fletcher is a customer (an agency's booking) and a driver: both kinds, each under its heading.
    await box.fill('tom fletcher');
    const booking = dialog.getByRole('group', { name: 'Bookings' }).getByRole('option', { name: /Tom Fletcher/ });
    const driver = dialog.getByRole('group', { name: 'Drivers' }).getByRole('option', { name: /Tom Fletcher/ });
    await expect(booking.first()).toBeVisible();
    await expect(driver).toBeVisible();
    await expect(booking.first()).toHaveAttribute('aria-selected', 'true');
    const options = await dialog.getByRole('option').count();
    for (let step = 1; step < options; step++) await page.keyboard.press('ArrowDown');
    await expect(driver).toHaveAttribute('aria-selected', 'true');
    await expect(booking.first()).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/1\/drivers\/\d+$/);

    // An agency by its name opens its form for an admin.
    await page.keyboard.press('Control+k');
    await dialogOpen(page);
    await box.fill('lanka jour');
    await dialog
      .getByRole('group', { name: 'Agencies' })
      .getByRole('option', { name: /Lanka Journeys/ })
      .click();
    await expect(page).toHaveURL(/\/1\/agencies\/\d+\/edit$/);
  });
});

test.describe('on a phone, in Tamil', PHONE_ONLY, () => {
  const w = shellTa.shell;

  test('the drawer shows the groups, one opens from its heading, nothing scrolls sideways, axe finds nothing serious', async ({
    page,
    request,
  }) => {
    await openAsAdmin(page, request, '/1/dashboard');
    await setLanguage(page, 'ta');
    await page.reload();
    await page.getByRole('button', { name: w.openNav }).click();
    const nav = mainNavigation(page, w.navigation);
    const places = nav.getByRole('button', { name: w.navGroups.places });
    await expect(places).toHaveAttribute('aria-expanded', 'false');
    await places.click();
    await expect(places).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'விமான நிலையங்கள்' })).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the search icon opens the same search: a registration shows its booking, a tap opens it; axe finds nothing serious', async ({
    page,
    request,
  }) => {
    await openAsAdmin(page, request, '/1/dashboard');
    await setLanguage(page, 'ta');
    await page.reload();
    await page.getByRole('button', { name: w.search.title }).click();
    const dialog = page.getByRole('dialog', { name: w.search.title });
    await dialogOpen(page);
    await expect(dialog.getByText(w.search.hint.replace('{{count}}', '2'))).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('combobox', { name: w.search.label }).fill('LD21 KXP');
    const amelia = dialog.getByRole('group', { name: w.search.kinds.bookings }).getByRole('option', { name: /LD21 KXP/ });
    await expect(amelia).toContainText('Amelia Hart');
    await expect(dialog.getByTestId('search-status')).toHaveText(w.search.results_one.replace('{{count}}', '1'));
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await amelia.click();
    await expect(page).toHaveURL(/\/1\/bookings\/\d+$/);
    await expect(page.getByText('Amelia Hart').first()).toBeVisible();
    await noSidewaysScroll(page);
  });
});
