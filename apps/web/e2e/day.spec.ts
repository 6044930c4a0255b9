import { expect, test } from '@playwright/test';
import type { Booking, Location } from '@ps/contracts';
import appEn from '../src/app/shell/locales/en.json' with { type: 'json' };
import appTa from '../src/app/shell/locales/ta.json' with { type: 'json' };
import bookingsEn from '../src/features/bookings/locales/en.json' with { type: 'json' };
import bookingsTa from '../src/features/bookings/locales/ta.json' with { type: 'json' };
import dashboardEn from '../src/features/dashboard/locales/en.json' with { type: 'json' };
import dashboardNavEn from '../src/features/dashboard/locales/nav.en.json' with { type: 'json' };
import dashboardNavTa from '../src/features/dashboard/locales/nav.ta.json' with { type: 'json' };
import dashboardTa from '../src/features/dashboard/locales/ta.json' with { type: 'json' };
import handoversEn from '../src/features/handovers/locales/en.json' with { type: 'json' };
import handoversTa from '../src/features/handovers/locales/ta.json' with { type: 'json' };
import outboxEn from '../src/features/outbox/locales/en.json' with { type: 'json' };
import outboxTa from '../src/features/outbox/locales/ta.json' with { type: 'json' };
import quoteEn from '../src/features/quote/locales/en.json' with { type: 'json' };
import quoteTa from '../src/features/quote/locales/ta.json' with { type: 'json' };
import baseEn from '../src/locales/en.json' with { type: 'json' };
import baseTa from '../src/locales/ta.json' with { type: 'json' };
import { call } from './bookingWorld';
import { exportCsv, isMobile, noSidewaysScroll } from './catalogue';
import { ADMIN, apiSignIn, figure, navLink, seriousViolations, widthFor } from './support';

/**
 * Issue 7's "done when", in English at 1440 px and in Tamil at 375 px: sign in, land on the dashboard, take a phone
 * booking from a quote with a voucher, find it on today's board and check the car in, check it out, record a
 * payment, send the confirmation (the e2e server has no mail server: it waits in the outbox, which shows it), and
 * export the day's bookings as CSV. The screens' words come from the catalogues the screens use.
 */

const words = {
  en: {
    app: appEn,
    nav: dashboardNavEn.nav,
    base: baseEn,
    bookings: bookingsEn.bookings,
    dashboard: dashboardEn.dashboard,
    handovers: handoversEn.handovers,
    outbox: outboxEn.outbox,
    quote: quoteEn.quote,
  },
  ta: {
    app: appTa,
    nav: dashboardNavTa.nav,
    base: baseTa,
    bookings: bookingsTa.bookings,
    dashboard: dashboardTa.dashboard,
    handovers: handoversTa.handovers,
    outbox: outboxTa.outbox,
    quote: quoteTa.quote,
  },
};

/** A catalogue text with its {{placeholders}} filled in. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

for (const lang of ['en', 'ta'] as const) {
  test(`in ${lang}: the operator's day, from a quote to the CSV`, widthFor(lang), async ({ page, request }) => {
    const w = words[lang];
    const session = await apiSignIn(request);
    const token = session.access_token;
    // The demo's Heathrow Long Stay is priced every day; a voucher of this run, valid this month.
    const [carPark] = await call<Location[]>(request, token, 'GET', '/location/list?search=Heathrow%20Long%20Stay&page_size=10');
    if (!carPark) throw new Error('The demo data has no Heathrow Long Stay Car Park');
    const today = new Date();
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
    const code = `DAY${tag}`.slice(0, 20);
    await call(request, token, 'POST', '/voucher/add', {
      code,
      discount_type: 'percent',
      discount_value: 10,
      valid_from: isoDay(new Date(today.getTime() - 2 * 86_400_000)),
      valid_to: isoDay(new Date(today.getTime() + 30 * 86_400_000)),
    });
    const customer = `Day Customer ${tag}`;
    const reg = `Y${tag}`.slice(0, 10);

    // Sign in with the form, in the user's language; the first screen is the dashboard.
    await page.goto('/auth/login');
    await page.evaluate((value) => localStorage.setItem('language', value), lang);
    await page.reload();
    await page.getByLabel(w.base.auth.identifierLabel).fill(ADMIN.email);
    await page.getByLabel(w.base.auth.password, { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: w.base.auth.signIn }).click();
    await expect(page).toHaveURL(/\/1\/dashboard$/);
    await expect(page.getByRole('heading', { name: w.nav.dashboard, level: 1 })).toBeVisible();

    // A phone call: the operator prices the stay on the Quote screen (two days, with the voucher) and books it.
    const departure = isoDay(today);
    const arrival = isoDay(new Date(today.getTime() + 2 * 86_400_000));
    await page.goto(
      `/1/quote?airport_id=${carPark.airport_id}&departure_id=${carPark.id}&arrival_id=${carPark.id}&departure_date=${departure}&arrival_date=${arrival}&voucher_code=${code}`,
    );
    await expect(page.getByTestId('quote-total')).toBeVisible();
    await page.getByRole('link', { name: w.quote.bookThis }).click();
    await expect(page).toHaveURL(/\/1\/bookings\/new\?/);
    await expect(page.getByTestId('live-total')).toBeVisible();
    await page.getByRole('textbox', { name: startsWith(w.bookings.fields.customer_name) }).fill(customer);
    await page.getByRole('textbox', { name: startsWith(w.bookings.fields.customer_phone) }).fill('+44 7700 900777');
    await page.getByRole('textbox', { name: startsWith(w.bookings.fields.customer_email) }).fill(`day.${tag.toLowerCase()}@example.com`);
    await page.getByRole('textbox', { name: startsWith(w.bookings.fields.vehicle_reg) }).fill(reg);
    await page.getByRole('button', { name: w.bookings.form.create }).click();
    await expect(page).toHaveURL(/\/1\/bookings\/\d+$/);
    const bookingId = Number(page.url().split('/').pop());
    const booking = await call<Booking>(request, token, 'GET', `/booking/get/${bookingId}`);
    expect(booking).toMatchObject({ channel: 'phone', voucher_code: code, status: 'confirmed' });
    expect(booking.discount).toBeGreaterThan(0);

    // Today's IN board has it; its button opens the handover screen, where the check-in is recorded and confirmed.
    if (isMobile()) await page.getByRole('button', { name: w.app.shell.openNav }).click();
    // Its group of the navigation starts closed on the booking page: navLink opens it first, as a user does.
    await (await navLink(page, w.nav.dashboard, { navigation: w.app.shell.navigation })).click();
    const card = page.getByTestId('board-in').locator(`[data-reference="${booking.reference}"]`);
    await expect(card).toBeVisible();
    await card.getByRole('link', { name: fill(w.dashboard.board.checkInNamed, { reference: booking.reference, name: customer }) }).click();
    await page.getByRole('button', { name: w.handovers.screen.review.check_in }).click();
    await page.getByRole('dialog').getByRole('button', { name: w.handovers.confirm.confirm.check_in }).click();

    // The booking page: checked in; check out on the handover screen, then take the payment of what is owed.
    await expect(page).toHaveURL(new RegExp(`/1/bookings/${bookingId}$`));
    await expect(page.getByTestId('booking-status')).toHaveText(w.bookings.statuses.checked_in);
    await page.getByRole('link', { name: w.handovers.actions.check_out, exact: true }).click();
    await page.getByRole('button', { name: w.handovers.screen.review.check_out }).click();
    await page.getByRole('dialog').getByRole('button', { name: w.handovers.confirm.confirm.check_out }).click();
    await expect(page).toHaveURL(new RegExp(`/1/bookings/${bookingId}$`));
    await expect(page.getByTestId('booking-status')).toHaveText(w.bookings.statuses.checked_out);
    const owed = await page.getByTestId('booking-outstanding').innerText();
    const payments = page.getByRole('form', { name: w.bookings.payments.formLabel });
    await payments.getByRole('textbox', { name: startsWith(w.bookings.payments.amount) }).fill((figure(booking.total) / 100).toFixed(2));
    await payments.getByRole('button', { name: w.bookings.payments.record }).click();
    await expect(page.getByTestId('booking-payment')).toHaveCount(1);
    await expect(page.getByTestId('booking-payment')).toContainText(owed);
    await expect(page.getByTestId('booking-paid')).toHaveText(owed);
    await expect(page.getByTestId('booking-outstanding')).not.toHaveText(owed);
    await expect(page.getByTestId('booking-audit')).toContainText(w.bookings.audit.actions.payment.create);

    // The confirmation, made when the booking was saved, and the check-out's receipt (issue 22: the marks at both ends);
    // the confirmation is sent again on request; all wait in the outbox.
    await expect(page.getByTestId('booking-mail')).toHaveCount(2);
    await page.getByRole('button', { name: w.bookings.mail.sendAgain }).click();
    // It asks first, naming where the copy goes; then the toast says what was queued.
    const again = page.getByRole('dialog', { name: w.bookings.mail.sendAgainTitle });
    await expect(again).toContainText(booking.reference);
    await again.getByRole('button', { name: w.bookings.mail.sendAgain }).click();
    await expect(page.getByTestId('booking-mail')).toHaveCount(3);
    await expect(page.getByTestId('booking-mail-state').first()).toHaveText(w.bookings.mail.states.queued);
    await expect(page.getByTestId('booking-mail-no-server')).toBeVisible();
    if (isMobile()) await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: w.bookings.mail.openOutbox }).click();
    await expect(page.getByRole('heading', { name: w.outbox.title, level: 1 })).toBeVisible();
    await expect(page.locator('tbody tr, [data-testid="record-card"]').filter({ hasText: booking.reference }).first()).toBeVisible();

    // The day's bookings as CSV: today's departures, this booking among them, paid in full.
    await page.goto(`/1/bookings?from=${departure}&to=${departure}&search=${encodeURIComponent(reg)}`);
    const csv = await exportCsv(page, w.app.kit.export.button);
    expect(csv.lines).toHaveLength(2);
    expect(csv.lines[1]).toContain(booking.reference);
    expect(csv.lines[1]).toMatch(
      new RegExp(`,${(figure(booking.total) / 100).toFixed(2)},${(figure(booking.total) / 100).toFixed(2)},0\\.00$`),
    );
  });
}
