import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Booking } from '@ps/contracts';
import shellEn from '../src/app/shell/locales/en.json' with { type: 'json' };
import shellTa from '../src/app/shell/locales/ta.json' with { type: 'json' };
import bookingsEn from '../src/features/bookings/locales/en.json' with { type: 'json' };
import bookingsTa from '../src/features/bookings/locales/ta.json' with { type: 'json' };
import onSiteEn from '../src/features/on-site/locales/en.json' with { type: 'json' };
import onSiteNavEn from '../src/features/on-site/locales/nav.en.json' with { type: 'json' };
import onSiteNavTa from '../src/features/on-site/locales/nav.ta.json' with { type: 'json' };
import onSiteTa from '../src/features/on-site/locales/ta.json' with { type: 'json' };
import positionsEn from '../src/features/positions/locales/en.json' with { type: 'json' };
import positionsTa from '../src/features/positions/locales/ta.json' with { type: 'json' };
import { call, heathrowMeetAndGreet } from './bookingWorld';
import { dialogOpen, isMobile, noSidewaysScroll, record, setLanguage, uniqueName } from './catalogue';
import { ADMIN, apiSignIn, navLink, seriousViolations, storeSession, toast, widthFor } from './support';

/**
 * Where every car and key is (issue 22, section 2), against the real API, in English at 1440 px and in Tamil at 375 px:
 * positions added on their screen (one, then several at once, a taken name reported), two cars checked in through the
 * API, the cars on site with their position and key (one flagged overdue, in words), found by registration; the
 * booking's ticket with its QR code; the Scan screen, whose search by registration (there is no camera here) leads to
 * the booking's handover screen. Axe on each screen and dialog.
 */

const words = {
  en: { ...positionsEn, ...onSiteEn, ...onSiteNavEn, shell: shellEn.shell, bookings: bookingsEn.bookings },
  ta: { ...positionsTa, ...onSiteTa, ...onSiteNavTa, shell: shellTa.shell, bookings: bookingsTa.bookings },
};

/** A catalogue text with its {{placeholders}} filled in. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A catalogue text as a pattern: its {{placeholders}} as "something". */
const pattern = (text: string) => new RegExp(escaped(text).replace(/\\\{\\\{\w+\\\}\\\}/g, '.+'));
const startsWith = (text: string) => new RegExp(`^${escaped(text)}`);

/** Checks a car in through the API, as the handover screen would: its position and its key. */
async function checkIn(request: APIRequestContext, token: string, booking: Booking, positionId: number, key: string) {
  const response = await request.post('/api/handover/add', {
    headers: { Authorization: `Bearer ${token}` },
    data: { booking_id: booking.id, kind: 'check_in', position_id: positionId, key_location: key },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Picks an option of a searchable select inside `scope` (a page or a dialog), by typing part of it. */
async function choose(scope: Page | ReturnType<Page['getByRole']>, page: Page, label: string, option: string) {
  const input = scope.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(option.slice(-5));
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

for (const lang of ['en', 'ta'] as const) {
  test(
    `in ${lang}: positions, the cars on site with their position and key, the ticket's QR code and the scan's search`,
    widthFor(lang),
    async ({ page, request }) => {
      test.slow();
      const w = words[lang];
      const session = await apiSignIn(request);
      const token = session.access_token;
      const yardName = uniqueName('Site yard');
      const yard = await call<{ id: number }>(request, token, 'POST', '/yards/add', { name: yardName, capacity: 40 });
      await storeSession(page, session);
      await setLanguage(page, lang);

      // --- Positions: one through the form, then S1 to S3 at once (S1 is taken and said so).
      await page.goto(`/${ADMIN.companyId}/positions`);
      await expect(page.getByRole('heading', { level: 1, name: w.positions.title })).toBeVisible();
      await page.getByRole('link', { name: w.positions.add }).first().click();
      await choose(page, page, w.positions.fields.place, yardName);
      await page.getByRole('textbox', { name: w.positions.fields.name }).fill('S1');
      await expect(page.getByRole('radio', { name: w.positions.kinds.bay })).toBeChecked();
      expect(await seriousViolations(page), 'the position form').toEqual([]);
      await page.getByRole('button', { name: w.positions.form.create }).click();
      await expect(toast(page, fill(w.positions.toast.created, { name: 'S1' }))).toBeVisible();

      await page.getByRole('button', { name: w.positions.bulk.open }).click();
      await dialogOpen(page);
      const dialog = page.getByRole('dialog', { name: w.positions.bulk.title });
      await choose(dialog, page, w.positions.fields.place, yardName);
      await dialog.getByRole('textbox', { name: w.positions.bulk.prefix }).fill('S');
      await dialog.getByRole('textbox', { name: w.positions.bulk.from }).fill('1');
      await dialog.getByRole('textbox', { name: w.positions.bulk.to }).fill('3');
      await expect(dialog.getByTestId('bulk-preview')).toHaveText(
        fill(w.positions.bulk.preview_other, { count: 3, first: 'S1', last: 'S3' }),
      );
      expect(await seriousViolations(page), 'the add-several dialog').toEqual([]);
      await dialog.getByRole('button', { name: fill(w.positions.bulk.submit_other, { count: 3 }) }).click();
      const outcome = dialog.getByTestId('bulk-outcome');
      await expect(outcome).toContainText(fill(w.positions.bulk.added_other, { count: 2 }));
      await expect(outcome).toContainText(fill(w.positions.bulk.taken_one, { count: 1, names: 'S1' }));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      // The list of the yard's positions, with their place and kind.
      await page.getByRole('combobox', { name: w.positions.placeFilter }).selectOption({ label: yardName });
      for (const name of ['S1', 'S2', 'S3']) {
        await expect(record(page, name)).toContainText(yardName);
        await expect(record(page, name)).toContainText(w.positions.kinds.bay);
      }
      if (isMobile()) await noSidewaysScroll(page);
      expect(await seriousViolations(page), 'the positions list').toEqual([]);

      // --- Two cars checked in through the API: one whose customer was due back a day ago, one due in two days.
      const positions = await call<{ id: number; name: string }[]>(
        request,
        token,
        'GET',
        `/position/list?yard_id=${yard.id}&page_size=100`,
      );
      const idOf = (name: string) => positions.find((position) => position.name === name)?.id ?? 0;
      const overdue = await heathrowMeetAndGreet(request, token, { daysAhead: -4, customer: 'Overdue Customer', regPrefix: 'OV' });
      const later = await heathrowMeetAndGreet(request, token, { daysAhead: -1, customer: 'Later Customer', regPrefix: 'LT' });
      await checkIn(request, token, overdue, idOf('S1'), 'Box 3, hook 12');
      await checkIn(request, token, later, idOf('S2'), 'Box 3, hook 13');

      // --- Cars on site, from the navigation: the yard's two cars, where each is and where its key hangs.
      if (isMobile()) await page.getByRole('button', { name: w.shell.openNav }).click();
      await (await navLink(page, w.nav.onSite, { navigation: w.shell.navigation })).click();
      await expect(page.getByRole('heading', { level: 1, name: w.onSite.title })).toBeVisible();
      await page.getByRole('combobox', { name: w.onSite.placeFilter }).selectOption({ label: yardName });
      const overdueCar = record(page, overdue.vehicle_reg);
      const laterCar = record(page, later.vehicle_reg);
      await expect(overdueCar).toContainText('S1');
      await expect(overdueCar).toContainText('Box 3, hook 12');
      await expect(overdueCar).toContainText(overdue.reference);
      // Overdue in words, not in colour alone; the other one is not flagged.
      await expect(overdueCar.getByTestId('due-badge')).toHaveText(pattern(w.onSite.due.overdueBy));
      await expect(laterCar).toContainText('S2');
      await expect(laterCar).toContainText('Box 3, hook 13');
      await expect(laterCar.getByTestId('due-badge')).toHaveCount(0);
      // The overdue one leads.
      await expect(page.getByTestId('on-site-registration').first()).toHaveText(overdue.vehicle_reg);
      if (isMobile()) await noSidewaysScroll(page);
      expect(await seriousViolations(page), 'the cars on site').toEqual([]);

      // Only the overdue ones.
      await page.getByRole('radiogroup', { name: w.onSite.flagFilter }).getByText(startsWith(w.onSite.flags.overdue)).click();
      await expect(overdueCar).toBeVisible();
      await expect(laterCar).toHaveCount(0);
      await page.getByRole('radiogroup', { name: w.onSite.flagFilter }).getByText(startsWith(w.onSite.flags.all)).click();

      // Found by its registration, typed without spaces and in lower case.
      await page.getByRole('searchbox', { name: w.onSite.search }).fill(later.vehicle_reg.replace(/\s+/g, '').toLowerCase());
      await expect(overdueCar).toHaveCount(0);
      await expect(laterCar).toBeVisible();

      // --- The booking's ticket and key tag, from the booking page: the reference as a QR code.
      await laterCar.getByRole('link', { name: later.reference }).click();
      await page.getByRole('link', { name: w.bookings.page.ticket }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: fill(w.onSite.ticket.title, { reference: later.reference }) }),
      ).toBeVisible();
      const ticket = page.getByTestId('ticket');
      await expect(ticket).toContainText(later.vehicle_reg);
      await expect(ticket.getByRole('img', { name: fill(w.onSite.ticket.qrLabel, { reference: later.reference }) })).toBeVisible();
      await expect(
        page.getByTestId('key-tag').getByRole('img', { name: fill(w.onSite.ticket.qrLabelKey, { reference: later.reference }) }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: w.onSite.ticket.print })).toBeVisible();
      expect(await seriousViolations(page), 'the ticket').toEqual([]);

      // --- Scan: no camera here, so the search by registration leads to the booking's handover screen.
      await page.goto(`/${ADMIN.companyId}/on-site`);
      await page.locator('#main-content').getByRole('link', { name: w.onSite.scan }).click();
      await expect(page.getByRole('heading', { level: 1, name: w.onSite.scanPage.title })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: pattern(w.onSite.scanPage.useSearch) })).toBeVisible();
      await page.getByRole('searchbox', { name: w.onSite.scanPage.searchLabel }).fill(overdue.vehicle_reg.toLowerCase());
      const match = page.getByTestId('scan-match').filter({ hasText: overdue.reference });
      await expect(match).toBeVisible();
      if (isMobile()) await noSidewaysScroll(page);
      expect(await seriousViolations(page), 'the scan screen').toEqual([]);
      await match.getByRole('link', { name: fill(w.onSite.scanPage.checkOutOne, { registration: overdue.vehicle_reg }) }).click();
      await expect(page).toHaveURL(new RegExp(`/${ADMIN.companyId}/bookings/${overdue.id}/handover$`));
    },
  );
}
