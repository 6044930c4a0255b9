import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertBookingPlace } from '../../../test/factories/booking-rows.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant } from '../../../test/kit.ts';
import { memoryLog, startSmtpServer, type TestSmtpServer, until } from '../../../test/smtp.ts';
import { companies, companyWebConfigs, locations, mailOutbox } from '../../db/schema/index.ts';
import { type MailWorker, mailWorkerFromConfig } from './mail.worker.ts';

/**
 * Mail that looks like the company (issue 23, section 3), as a mail client receives it from a real SMTP server: its
 * colour and logo (a PNG sent inline, an SVG left out), the places with their map links and arrival instructions,
 * the manage link to the company's booking page, in the booking's language.
 */

/** A 1 x 1 PNG: a logo mail programs show when it is attached inline. */
const PNG_LOGO = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const SVG_LOGO = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;

let ctx: TestContext;
let smtp: TestSmtpServer;
let worker: MailWorker;
beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Parking Solutions <bookings@parking.test>',
    MAIL_POLL_INTERVAL_MS: 50,
    MAIL_RETRY_BASE_MS: 50,
    PUBLIC_URL: 'https://book.harbour.example',
  });
  worker = mailWorkerFromConfig(ctx.config, ctx.database, memoryLog());
  await worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await ctx?.close();
  await smtp?.close();
});

/** A company with a look of its own and a booking at a car park with coordinates and instructions. */
async function brandedBooking(options: { logo: string; language: 'en' | 'ta' }) {
  const tenant = await createTenant(ctx);
  const companyId = tenant.company.id;
  await ctx.db
    .insert(companyWebConfigs)
    .values({ company_id: companyId, name: 'Harbour Parking', primary_color: '#7c3aed', login_page_logo: options.logo })
    .onConflictDoUpdate({
      target: companyWebConfigs.company_id,
      set: { name: 'Harbour Parking', primary_color: '#7c3aed', login_page_logo: options.logo },
    });
  await ctx.db
    .update(companies)
    .set({ booking_slug: `harbour-${companyId}` })
    .where(eq(companies.id, companyId));
  const place = await insertBookingPlace(ctx.db, companyId);
  await ctx.db
    .update(locations)
    .set({
      address: 'Perimeter Road\nGatwick RH6 0PJ',
      latitude: 51.1537,
      longitude: -0.1821,
      arrival_instructions: 'Take a ticket at barrier 3 and call 0300 123 4567 from the kiosk.',
    })
    .where(eq(locations.id, place.carPark.id));
  const booking = await insertBooking(ctx.db, companyId, place, {
    customer_name: 'Ada Lovelace',
    language: options.language,
    departure_id: place.carPark.id,
    arrival_id: place.carPark.id,
  });
  return { tenant, booking, slug: `harbour-${companyId}` };
}

async function deliveredConfirmation(tenant: Awaited<ReturnType<typeof createTenant>>, bookingId: number) {
  const queued = await call(ctx.app, 'POST', `/api/booking/send-mail/${bookingId}`, tenant.headers);
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  const id = (queued.body.data as { id: number }).id;
  let messageId: string | null = null;
  await until(async () => {
    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    messageId = row?.state === 'sent' ? row.message_id : null;
    return messageId !== null;
  }, `message ${id} sent`);
  const item = smtp.received.find((entry) => entry.mail.messageId === messageId);
  if (!item) throw new Error('the message did not arrive');
  return item.mail;
}

describe('a booking mail in the company look', () => {
  it('carries the colour, the logo inline, the place with its map and instructions, and the manage link', async () => {
    const { tenant, booking, slug } = await brandedBooking({ logo: PNG_LOGO, language: 'en' });
    const mail = await deliveredConfirmation(tenant, booking.id);
    const html = String(mail.html);

    // The colour band: the shade of #7c3aed that carries white text; the company's name in it.
    expect(html).toMatch(/<td bgcolor="#[0-9a-f]{6}" style="background:#[0-9a-f]{6};padding:16px 24px/);
    expect(html).toContain('>Harbour Parking</div>');
    // The logo went as an inline attachment named by a cid (mailparser, like a mail program, shows it in its place).
    const logo = mail.attachments.find((attachment) => attachment.contentType === 'image/png');
    expect(logo).toMatchObject({ contentDisposition: 'inline', related: true });
    expect(logo?.cid).toBeTruthy();

    expect(html).toContain('Where you leave and collect the car: Long Stay South');
    expect(html).toContain('https://www.google.com/maps/search/?api=1&amp;query=51.1537%2C-0.1821');
    expect(mail.text).toContain('Take a ticket at barrier 3 and call 0300 123 4567 from the kiosk.');
    expect(mail.text).toContain('Perimeter Road\nGatwick RH6 0PJ');
    expect(mail.text).toContain(`https://book.harbour.example/book/${slug}/manage`);
    expect(html).toContain(`href="https://book.harbour.example/book/${slug}/manage"`);
  });

  it('writes it in the booking language, and leaves an SVG logo out (most mail programs do not show one)', async () => {
    const { tenant, booking } = await brandedBooking({ logo: SVG_LOGO, language: 'ta' });
    const mail = await deliveredConfirmation(tenant, booking.id);
    const html = String(mail.html);
    expect(html).toContain('<html lang="ta">');
    expect(html).toContain('என் முன்பதிவை நிர்வகி');
    expect(mail.text).toContain('வரைபடம்');
    expect(mail.attachments).toEqual([]);
    expect(html).not.toContain('<img');
  });
});
