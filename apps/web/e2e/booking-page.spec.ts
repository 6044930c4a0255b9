import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startSmtpServer, type TestSmtpServer } from '../../api/test/smtp.ts';
import { OwnServer } from './ownServer';
import { PHONE_ONLY, seriousViolations } from './support';

/**
 * The customer's side (issue 23, "Done when"): the demo company's hosted booking page (`/book/<slug>`) and its manage
 * page, and a plain HTML site on another port that calls only the public booking API with the client key. The server
 * is this spec's own, with a real SMTP server beside it: the confirmation and the manage-my-booking codes are read as a
 * mail client receives them.
 */

interface Site {
  server: OwnServer;
  smtp: TestSmtpServer;
  slug: string;
  companyId: number;
  clientKey: string;
  /** The demo admin's session on this server, and their calls. */
  adminTokens: { access_token: string; refresh_token: string };
  admin: <T>(method: string, path: string, body?: unknown) => Promise<T>;
}

const test = base.extend<object, { site: Site }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use) => {
      const smtp = await startSmtpServer();
      const server = await OwnServer.start({
        SMTP_URL: smtp.url,
        // Every booking of the run comes from 127.0.0.1; the limits have their API tests.
        PUBLIC_BOOKINGS_PER_ADDRESS_PER_HOUR: '1000',
        PUBLIC_ACCESS_PER_ADDRESS_PER_HOUR: '1000',
      });
      const { tokens, admin } = await server.signInAdmin();
      const details = await admin<{ booking_slug: string }>('GET', '/api/company/details');
      const key = await admin<{ company_id: number; client_key: string }>('GET', '/api/company/client-key');
      await use({
        server,
        smtp,
        slug: details.booking_slug,
        companyId: key.company_id,
        clientKey: key.client_key,
        adminTokens: tokens,
        admin,
      });
      await server.stop();
      await smtp.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

/** The newest mail to `address` whose subject matches, once it has arrived. */
async function mailTo(site: Site, address: string, subject: RegExp) {
  await expect
    .poll(() => site.smtp.received.some(({ to, mail }) => to.includes(address) && subject.test(mail.subject ?? '')), { timeout: 20_000 })
    .toBe(true);
  const found = site.smtp.received.filter(({ to, mail }) => to.includes(address) && subject.test(mail.subject ?? '')).at(-1);
  if (!found) throw new Error(`no mail to ${address}`);
  return found.mail;
}

/** The 6-digit code of the newest code mail to `address`. */
async function codeFor(site: Site, address: string, count: number): Promise<string> {
  await expect
    .poll(() => site.smtp.received.filter(({ to, mail }) => to.includes(address) && /code/i.test(mail.subject ?? '')).length, {
      timeout: 20_000,
    })
    .toBe(count);
  const mail = await mailTo(site, address, /code/i);
  const code = mail.text?.match(/^(\d{6})$/m)?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
}

/** A booking made as a company's site makes one (the public add with the client key), `days` ahead. */
async function bookThroughApi(site: Site, email: string, fields: Record<string, unknown> = {}) {
  const headers = {
    authorization: `Basic ${Buffer.from(`${site.companyId}:${site.clientKey}`).toString('base64')}`,
    'content-type': 'application/json',
  };
  const airports = (await (await fetch(`${site.server.url}/api/public/airport/list?page_size=1000`, { headers })).json()) as {
    data: Array<{ id: number }>;
  };
  const airportId = airports.data[0]?.id;
  const places = (await (
    await fetch(`${site.server.url}/api/location/public/list?page_size=1000&airport_id=${airportId}`, { headers })
  ).json()) as { data: Array<{ id: number; type: string }> };
  const place = places.data.find((candidate) => candidate.type === 'car_park') ?? places.data[0];
  const ahead = (days: number, hour: number) => {
    const day = new Date();
    day.setUTCDate(day.getUTCDate() + days);
    day.setUTCHours(hour, 0, 0, 0);
    return day.toISOString();
  };
  const response = await fetch(`${site.server.url}/api/public/booking/add`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({
      customer_name: 'Amara Okafor',
      customer_email: email,
      vehicle_reg: 'LK21 ZPB',
      airport_id: airportId,
      departure_id: place?.id,
      arrival_id: place?.id,
      departure_at: ahead(10, 8),
      arrival_at: ahead(13, 18),
      form_started_at: new Date(Date.now() - 60_000).toISOString(),
      ...fields,
    }),
  });
  const answer = (await response.json()) as { data: { reference: string; total: number } };
  expect(response.status, JSON.stringify(answer)).toBe(201);
  const [booking] = await site.admin<Array<{ id: number }>>('GET', `/api/booking/list?search=${answer.data.reference}`);
  return { ...answer.data, id: booking?.id ?? 0 };
}

/** Opens a booking on the manage page: reference and e-mail, then the code from the mail. */
async function openBooking(page: Page, site: Site, reference: string, email: string, codesBefore = 0) {
  await page.goto(`${site.server.url}/book/${site.slug}/manage`);
  // The tab keeps the booking opened last: a customer with another booking closes it first.
  const close = page.getByRole('button', { name: 'Close my booking on this device' });
  await expect(page.getByLabel('Booking reference').or(close)).toBeVisible();
  if (await close.isVisible()) await close.click();
  await page.getByLabel('Booking reference').fill(reference);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText('If the reference and e-mail match a booking')).toBeVisible();
  await page.getByLabel('Code from the e-mail').fill(await codeFor(site, email, codesBefore + 1));
  await page.getByRole('button', { name: 'Open my booking' }).click();
  await expect(page.getByRole('heading', { name: `Booking ${reference}` })).toBeVisible();
}

const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1000)}@example.com`;

test(
  'a customer on a phone books in Tamil with a voucher: the price explained, the reference and its QR code, the mail',
  PHONE_ONLY,
  async ({ page, site }) => {
    const shownAt = Date.now();
    await page.goto(`${site.server.url}/book/${site.slug}`);
    await page.getByRole('button', { name: 'தமிழ்' }).click();
    await expect(page.getByRole('group', { name: '1. எங்கே' })).toBeVisible();
    await page.getByLabel('விமான நிலையம்').selectOption({ index: 1 });
    const total = page.getByTestId('price-total');
    await expect(total).toBeVisible();
    const before = await total.textContent();
    await page.getByLabel('வவுச்சர் குறியீடு').fill('WELCOME5');
    await expect(total).not.toHaveText(before ?? '');
    await page.getByText('இந்த விலை ஏன்').click();
    await expect(page.getByTestId('price-explanation')).toContainText('WELCOME5');

    const email = uniqueEmail('kavya');
    await page.getByLabel('முழுப் பெயர்').fill('கவியா ராமன்');
    await page.getByLabel('மின்னஞ்சல்').fill(email);
    await page.getByLabel('பதிவெண்').fill('KA01 AB 1234');
    // A person takes more than the form's 3 seconds; the test waits out what is left of them.
    await expect.poll(() => Date.now() - shownAt).toBeGreaterThan(3500);
    await page.getByRole('button', { name: /முன்பதிவு செய்/ }).click();

    const reference = (await page.getByTestId('booking-reference').textContent()) ?? '';
    expect(reference).toMatch(/^PS-[A-Z0-9]{4}-[A-Z0-9]{2}$/);
    await expect(page.getByRole('img', { name: `முன்பதிவு ${reference} இன் QR குறியீடு` })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: reference })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // The confirmation mail, in Tamil, names the reference.
    const mail = await mailTo(site, email, new RegExp(reference));
    expect(mail.text).toContain(reference);
    // The mail as a phone's mail program shows it: the company's look, the QR code, the manage link, nothing sideways.
    const mailView = await page.context().newPage();
    await mailView.setContent(String(mail.html));
    await expect(mailView.getByRole('img', { name: `முன்பதிவு ${reference}-இன் QR குறியீடு` })).toBeVisible();
    await expect(mailView.getByRole('link', { name: 'என் முன்பதிவை நிர்வகி' })).toHaveAttribute(
      'href',
      `http://localhost:${new URL(site.server.url).port}/book/${site.slug}/manage`,
    );
    await expect(mailView.getByText('வரைபடத்தில் திற').first()).toBeVisible();
    expect(await mailView.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await mailView.screenshot({ path: test.info().outputPath('confirmation-mail.png'), fullPage: true });
    await mailView.close();
    const [booking] = await site.admin<Array<{ channel: string; voucher_code: string; language: string }>>(
      'GET',
      `/api/booking/list?search=${reference}`,
    );
    expect(booking).toMatchObject({ channel: 'web', voucher_code: 'WELCOME5', language: 'ta' });
  },
);

test('a customer changes the return and confirms the new price; on landing calls for the car, which the office sees live; another cancels and is told the refund', async ({
  page,
  browser,
  site,
}) => {
  // Change: a longer stay costs more, shown before it is made.
  const changerEmail = uniqueEmail('amara');
  const made = await bookThroughApi(site, changerEmail);
  await openBooking(page, site, made.reference, changerEmail);
  await expect(page.getByTestId('booking-facts')).toContainText('Confirmed');
  const pickUp = page.getByLabel('Collection').last();
  const current = await pickUp.inputValue();
  const later = new Date(Date.parse(`${current}:00Z`) + 5 * 86_400_000).toISOString().slice(0, 16);
  await pickUp.fill(later);
  await page.getByLabel('Return flight').fill('BA 2491');
  await page.getByRole('button', { name: 'Check and change' }).click();
  await expect(page.getByText(/This change makes the price/)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm the new price' }).click();
  await expect(page.getByText(/Changed: the price is now/)).toBeVisible();
  await expect(page.getByTestId('booking-facts')).toContainText('BA2491');
  const [changed] = await site.admin<Array<{ total: number; return_flight: string }>>('GET', `/api/booking/list?search=${made.reference}`);
  expect(changed?.return_flight).toBe('BA2491');
  expect(changed?.total).toBeGreaterThan(made.total);

  // Bring my car: a meet-and-greet customer lands within the hour; the car is with the company.
  const landingEmail = uniqueEmail('jonas');
  const valet = await bookThroughApi(site, landingEmail, { type: 'meet_and_greet' });
  const soon = new Date(Date.now() + 3_600_000).toISOString();
  await site.admin('PATCH', `/api/booking/update/${valet.id}`, {
    departure_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    arrival_at: soon,
  });
  await site.admin('PATCH', `/api/booking/status/update/${valet.id}`, { status: 'checked_in' });
  const office = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await office.goto(`${site.server.url}/auth/login`);
  await office.evaluate((tokens) => {
    localStorage.setItem('token', tokens.access_token);
    localStorage.setItem('ref_token', tokens.refresh_token);
    localStorage.setItem('org_id', '1');
    localStorage.setItem('company_id', '1');
  }, site.adminTokens);
  await office.goto(`${site.server.url}/1/dashboard`);
  const card = office.getByTestId('board-out').locator(`[data-reference="${valet.reference}"]`);
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByTestId('car-request')).toHaveCount(0);

  await openBooking(page, site, valet.reference, landingEmail);
  await page.getByLabel('Out of baggage claim in').selectOption('15');
  await page.getByRole('button', { name: 'Bring my car' }).click();
  await expect(page.getByText(/We are bringing your car: it will be at the terminal at about/)).toBeVisible();
  // The office did not reload: the live event brought it.
  await expect(card.getByTestId('car-request')).toContainText('Car wanted at the terminal at');
  await office.close();

  // Cancel: the refund due is stated (nothing was paid, so nothing is due back).
  await openBooking(page, site, made.reference, changerEmail, 1);
  await page.getByRole('button', { name: 'Cancel my booking' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('heading', { name: 'Your booking is cancelled' })).toBeVisible();
  await expect(page.getByText(`Your booking ${made.reference} is cancelled. Nothing was paid`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a plain HTML page on another port books, opens and cancels a booking through the public API with the client key', async ({
  page,
  site,
}) => {
  const template = readFileSync(join(import.meta.dirname, 'fixtures/plain-site.html'), 'utf8');
  let html = '';
  const other: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  html = template.replace(
    '{ "fill": "SETTINGS" }',
    JSON.stringify({ api: site.server.url, company_id: site.companyId, client_key: site.clientKey }).replaceAll('<', '\\u003c'),
  );
  try {
    // Until the company lists the site, its browser calls are refused.
    const shownAt = Date.now();
    await page.goto(origin);
    const email = uniqueEmail('lena');
    await page.getByLabel('Name').fill('Lena Ortiz');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Registration').fill('WX70 KTB');
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page.locator('#booked')).toContainText('Refused');

    await site.admin('PATCH', '/api/company/details/update', { public_booking_origins: [origin] });
    await expect.poll(() => Date.now() - shownAt).toBeGreaterThan(3500);
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page.locator('#price')).toContainText('Price:');
    await expect(page.locator('#booked')).toContainText('Booked PS-');
    const reference = ((await page.locator('#booked').textContent()) ?? '').match(/PS-[A-Z0-9]{4}-[A-Z0-9]{2}/)?.[0] ?? '';
    await mailTo(site, email, new RegExp(reference));

    await page.getByLabel('Reference').fill(reference);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Code').fill(await codeFor(site, email, 1));
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page.locator('#booking')).toHaveText(`${reference} is confirmed`);
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.locator('#outcome')).toContainText(`Your booking ${reference} is cancelled`);
  } finally {
    await site.admin('PATCH', '/api/company/details/update', { public_booking_origins: [] });
    await new Promise((resolve) => other.close(resolve));
  }
});
