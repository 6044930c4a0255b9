import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatMoney } from '@ps/contracts/common/format';
import paymentsEn from '@ps/contracts/locales/payments.en.json' with { type: 'json' };
import paymentsTa from '@ps/contracts/locales/payments.ta.json' with { type: 'json' };
import bookingsEn from '../src/features/bookings/locales/en.json' with { type: 'json' };
import bookingsTa from '../src/features/bookings/locales/ta.json' with { type: 'json' };
import { heathrowMeetAndGreet } from './bookingWorld';
import { dialogOpen, isMobile, noSidewaysScroll, setLanguage } from './catalogue';
import { ADMIN, apiSignIn, figure, seriousViolations, storeSession, toast, widthFor } from './support';

/**
 * Money that adds up (issue 22, section 4), against the real API, in English at 1440 px and in Tamil at 375 px: a
 * payment above what is outstanding is said so before it is sent and goes only as a declared deposit/credit (the
 * server's 409 shows on the amount when the page's figure is out of date); the booking then shows its credit, never a
 * negative outstanding; a deletion asks for its reason, and the deleted payment stays in the ledger, struck through,
 * with who deleted it, when and why.
 */

const words = { en: bookingsEn.bookings, ta: bookingsTa.bookings };
/** The API's messages (a refused payment's, shown on its field). */
const apiWords = { en: paymentsEn.errors, ta: paymentsTa.errors };

/** A catalogue text with its {{placeholders}} filled in. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWith = (text: string) => new RegExp(`^${escaped(text)}`);
/** A catalogue text as a pattern: the values given filled in, any other {{placeholder}} as "something". */
const pattern = (text: string, values: Record<string, string>) =>
  new RegExp(escaped(text).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, name: string) => (name in values ? escaped(values[name] ?? '') : '.+')));

/** A payment recorded through the API, as another desk would while this page is open. */
async function payBehindThePage(request: APIRequestContext, token: string, bookingId: number, amount: number) {
  const paid = await request.post('/api/payment/add', {
    headers: { Authorization: `Bearer ${token}` },
    data: { booking_id: bookingId, amount, method: 'cash', reference: 'OTHER-DESK' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
}

const amountBox = (page: Page, lang: 'en' | 'ta') =>
  page.getByRole('form', { name: words[lang].payments.formLabel }).getByRole('textbox', { name: startsWith(words[lang].payments.amount) });
const toPounds = (minor: number) => (minor / 100).toFixed(2);

for (const lang of ['en', 'ta'] as const) {
  test(
    `in ${lang}: an overpayment is refused unless kept as credit, and a payment is deleted with its reason`,
    widthFor(lang),
    async ({ page, request }) => {
      const w = words[lang];
      const money = (minor: number) => formatMoney(lang, minor, 'GBP');
      const session = await apiSignIn(request);
      const booking = await heathrowMeetAndGreet(request, session.access_token, {
        daysAhead: 9,
        customer: 'Ledger Customer',
        regPrefix: 'LG',
      });
      expect(booking.total).toBeGreaterThan(1000);
      await storeSession(page, session);
      await setLanguage(page, lang);
      await page.goto(`/${ADMIN.companyId}/bookings/${booking.id}`);

      // The form shows what is outstanding.
      const form = page.getByRole('form', { name: w.payments.formLabel });
      await expect(form).toContainText(fill(w.payments.suggested, { amount: money(figure(booking.total)) }));
      await expect(page.getByTestId('booking-outstanding')).toHaveText(money(figure(booking.total)));

      // Another desk takes £10.00 while the page still says the whole total is owed: the whole total is now too much,
      // and the server's 409 shows on the amount, naming what is really outstanding.
      await payBehindThePage(request, session.access_token, booking.id, 1000);
      const owed = figure(booking.total) - 1000;
      await amountBox(page, lang).fill(toPounds(figure(booking.total)));
      await expect(page.getByTestId('payment-excess')).toHaveCount(0);
      await form.getByRole('button', { name: w.payments.record }).click();
      await expect(amountBox(page, lang)).toHaveAccessibleDescription(
        new RegExp(escaped(fill(apiWords[lang].payment_exceeds_outstanding, { outstanding: money(owed) }))),
      );
      await expect(page.getByTestId('booking-outstanding')).toHaveText(money(owed));

      // £320.91 more than is owed: said before sending; without the tick it is not sent.
      const excess = 32_091;
      await amountBox(page, lang).fill(toPounds(owed + excess));
      const notice = page.getByTestId('payment-excess');
      await expect(notice).toContainText(
        fill(w.payments.exceeds, { amount: money(owed + excess), excess: money(excess), outstanding: money(owed) }),
      );
      await form.getByRole('button', { name: w.payments.record }).click();
      await expect(amountBox(page, lang)).toHaveAccessibleDescription(
        new RegExp(escaped(fill(w.payments.exceedsError, { outstanding: money(owed) }))),
      );
      if (isMobile()) await noSidewaysScroll(page);
      expect(await seriousViolations(page), 'the excess notice').toEqual([]);

      // Ticked: recorded, and the booking is in credit, owing nothing (never a negative outstanding).
      const asCredit = page.getByRole('checkbox', { name: fill(w.payments.asCredit, { excess: money(excess) }) });
      await asCredit.check();
      await form.getByRole('button', { name: w.payments.record }).click();
      await expect(
        toast(page, fill(w.payments.recordedCredit, { amount: money(owed + excess), reference: booking.reference, excess: money(excess) })),
      ).toBeVisible();
      await expect(page.getByTestId('booking-outstanding')).toHaveText(money(0));
      await expect(page.getByTestId('booking-credit')).toHaveText(`${w.fields.credit} ${money(excess)}`);
      const deposit = page.getByTestId('booking-payment').filter({ hasText: money(owed + excess) });
      await expect(deposit).toContainText(fill(w.payments.ofWhichCredit, { amount: money(excess) }));
      await expect(page.getByTestId('payment-excess')).toHaveCount(0);

      // Deleting asks why; without a reason nothing is deleted.
      await deposit
        .getByRole('button', { name: fill(w.payments.deleteNamed, { amount: money(owed + excess), method: w.payments.methods.card }) })
        .click();
      await dialogOpen(page);
      const dialog = page.getByRole('dialog', { name: w.payments.deleteTitle });
      await dialog.getByRole('button', { name: w.payments.deleteConfirm }).click();
      const reasonBox = dialog.getByRole('textbox', { name: startsWith(w.payments.reason) });
      await expect(reasonBox).toHaveAccessibleDescription(new RegExp(escaped(w.payments.reasonRequired)));
      expect(await seriousViolations(page), 'the delete dialog').toEqual([]);
      const reason = lang === 'en' ? 'Customer paid at the desk and online' : 'வாடிக்கையாளர் இரண்டு முறை செலுத்தினார்';
      await reasonBox.fill(reason);
      await dialog.getByRole('button', { name: w.payments.deleteConfirm }).click();
      await expect(toast(page, fill(w.payments.removed, { amount: money(owed + excess) }))).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Still in the ledger: struck through (and said "deleted" to a screen reader), with who, when and why.
      const struck = deposit.getByTestId('booking-payment-struck');
      await expect(struck).toHaveText(`${w.payments.deletedLabel} ${money(owed + excess)}`);
      expect(await struck.evaluate((element) => element.tagName)).toBe('S');
      await expect(struck).toHaveCSS('text-decoration-line', 'line-through');
      await expect(deposit).toContainText(pattern(w.payments.deletedBy, { who: ADMIN.name }));
      await expect(deposit.getByTestId('booking-payment-reason')).toHaveText(fill(w.payments.deletedReason, { reason }));
      await expect(deposit.getByRole('button')).toHaveCount(0);
      // The credit went with it: what the other desk took is all that is paid.
      await expect(page.getByTestId('booking-credit')).toHaveCount(0);
      await expect(page.getByTestId('booking-outstanding')).toHaveText(money(owed));
      await expect(page.getByTestId('booking-paid')).toHaveText(money(1000));
      if (isMobile()) await noSidewaysScroll(page);
      expect(await seriousViolations(page), 'the ledger with a deleted payment').toEqual([]);
    },
  );
}
