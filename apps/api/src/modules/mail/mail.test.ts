import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import { and, eq } from 'drizzle-orm';
import jsqr from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertBookingPlace, insertPackage } from '../../../test/factories/booking-rows.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant } from '../../../test/kit.ts';
import { freePort, memoryLog, startSmtpServer, type TestSmtpServer, until } from '../../../test/smtp.ts';
import type { Config } from '../../config.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { auditLog, bookings, mailOutbox } from '../../db/schema/index.ts';
import { LIVE_CHANNEL } from '../live/live-events.ts';
import { type MailWorker, mailWorkerFromConfig } from './mail.worker.ts';

type Message = {
  id: number;
  booking_id: number | null;
  state: string;
  attempts: number;
  subject: string;
  to_address: string;
  last_error: string | null;
  text_body: string;
  html_body: string;
};

/** Fast retries and polls, so a test waits for outcomes in milliseconds (never asserting how long they took). */
const fastMail = (smtpUrl: string | undefined): Partial<Config> => ({
  SMTP_URL: smtpUrl,
  MAIL_FROM: 'Parking Solutions <bookings@parking.test>',
  MAIL_POLL_INTERVAL_MS: 50,
  MAIL_RETRY_BASE_MS: 50,
  MAIL_MAX_ATTEMPTS: 50,
  MAIL_LEASE_MS: 60_000,
});

async function bookingOf(ctx: TestContext, options: Parameters<typeof insertBooking>[3] = {}, timeZone = 'Europe/London') {
  const tenant = await createTenant(ctx);
  const place = await insertBookingPlace(ctx.db, tenant.company.id, timeZone);
  const booking = await insertBooking(ctx.db, tenant.company.id, place, options);
  return { tenant, place, booking };
}

const rowOf = async (ctx: TestContext, id: number) => (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

describe('the outbox without a mail server', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('queues the confirmation (202 with the message and its bodies), audited, and lists it with smtp_configured false', async () => {
    const { tenant, booking } = await bookingOf(ctx);
    const sent = await call(ctx.app, 'POST', `/api/booking/send-mail/${booking.id}`, tenant.headers);
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const message = sent.body.data as Message;
    expect(message).toMatchObject({
      booking_id: booking.id,
      state: 'queued',
      attempts: 0,
      to_address: 'ada@example.com',
      last_error: null,
    });
    expect(message.subject).toContain(booking.reference);
    expect(message.text_body).toContain(booking.reference);

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'mail_message'), eq(auditLog.entity_id, String(message.id))));
    expect(entry).toMatchObject({ action: 'create', actor_user_id: tenant.user.id, company_id: tenant.company.id });

    const listed = await call(ctx.app, 'GET', '/api/mail/outbox/list', tenant.headers);
    expect(listed.status).toBe(200);
    expect(listed.body.smtp_configured).toBe(false);
    expect(listed.body.pagination).toEqual({ page: 1, page_size: 20, total: 1 });
    const [item] = listed.body.data as Array<Record<string, unknown>>;
    // Named by the booking's reference (the outbox screen's link), not only its number.
    expect(item).toMatchObject({ id: message.id, state: 'queued', booking_id: booking.id, booking_reference: booking.reference });
    expect(item).not.toHaveProperty('text_body');
    expect(item).not.toHaveProperty('html_body');

    const got = await call(ctx.app, 'GET', `/api/mail/outbox/get/${message.id}`, tenant.headers);
    expect(got.body.data).toMatchObject({ id: message.id, text_body: message.text_body, html_body: message.html_body });
  });

  it('filters the outbox by state and booking, newest first', async () => {
    const { tenant, place, booking } = await bookingOf(ctx);
    const second = await insertBooking(ctx.db, tenant.company.id, place);
    const first = (await call(ctx.app, 'POST', `/api/booking/send-mail/${booking.id}`, tenant.headers)).body.data as Message;
    const later = (await call(ctx.app, 'POST', `/api/booking/send-mail/${second.id}`, tenant.headers)).body.data as Message;
    await ctx.db.update(mailOutbox).set({ state: 'failed' }).where(eq(mailOutbox.id, first.id));
    const ids = async (query: string) =>
      ((await call(ctx.app, 'GET', `/api/mail/outbox/list${query}`, tenant.headers)).body.data as Message[]).map((row) => row.id);
    expect(await ids('')).toEqual([later.id, first.id]);
    expect(await ids('?state=failed')).toEqual([first.id]);
    expect(await ids(`?booking_id=${second.id}`)).toEqual([later.id]);
    expect((await call(ctx.app, 'GET', '/api/mail/outbox/list?state=lost', tenant.headers)).status).toBe(400);
  });

  it('refuses a booking without an e-mail address (409 booking_no_email) and writes nothing', async () => {
    const { tenant, booking } = await bookingOf(ctx, { customer_email: null });
    const refused = await call(ctx.app, 'POST', `/api/booking/send-mail/${booking.id}`, tenant.headers);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'booking_no_email', message: 'This booking has no e-mail address to send to' });
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.booking_id, booking.id))).toEqual([]);
  });

  it("answers 404 for another company's booking and messages, and never lists them", async () => {
    const { tenant, booking } = await bookingOf(ctx);
    const other = await createTenant(ctx);
    const message = (await call(ctx.app, 'POST', `/api/booking/send-mail/${booking.id}`, tenant.headers)).body.data as Message;
    expect((await call(ctx.app, 'POST', `/api/booking/send-mail/${booking.id}`, other.headers)).status).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/mail/outbox/get/${message.id}`, other.headers)).status).toBe(404);
    const resend = await call(ctx.app, 'POST', `/api/mail/outbox/resend/${message.id}`, other.headers);
    expect(resend.status).toBe(404);
    expect(resend.body.message).toBe(en.errors.not_found);
    expect((await call(ctx.app, 'GET', '/api/mail/outbox/list', other.headers)).body.data).toEqual([]);
    expect((await call(ctx.app, 'GET', `/api/mail/outbox/list?booking_id=${booking.id}`, other.headers)).body.data).toEqual([]);
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.booking_id, booking.id))).toHaveLength(1);
  });

  it('escapes every value in the HTML part (the plain-text part keeps them as typed)', async () => {
    const { tenant, booking } = await bookingOf(ctx, { customer_name: '<b>Bobby</b> "Tables" & Co' });
    const message = (await call(ctx.app, 'POST', `/api/booking/send-mail/${booking.id}`, tenant.headers)).body.data as Message;
    expect(message.html_body).toContain('&lt;b&gt;Bobby&lt;/b&gt; &quot;Tables&quot; &amp; Co');
    expect(message.html_body).not.toContain('<b>Bobby');
    expect(message.text_body).toContain('Dear <b>Bobby</b> "Tables" & Co,');
  });

  it('resends: a failed message is queued again with fresh tries, a sent one is copied into a new message, one being sent is 409', async () => {
    const { tenant, booking } = await bookingOf(ctx);
    const message = (await call(ctx.app, 'POST', `/api/booking/send-mail/${booking.id}`, tenant.headers)).body.data as Message;
    const resend = () => call(ctx.app, 'POST', `/api/mail/outbox/resend/${message.id}`, tenant.headers);

    await ctx.db.update(mailOutbox).set({ state: 'failed', attempts: 8, last_error: 'refused' }).where(eq(mailOutbox.id, message.id));
    const again = await resend();
    expect(again.status).toBe(202);
    expect(again.body.data).toMatchObject({ id: message.id, state: 'queued', attempts: 0 });

    await ctx.db
      .update(mailOutbox)
      .set({ state: 'sending', locked_until: new Date(Date.now() + 60_000) })
      .where(eq(mailOutbox.id, message.id));
    const busy = await resend();
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ code: 'mail_in_progress' });

    await ctx.db.update(mailOutbox).set({ state: 'sent', sent_at: new Date(), locked_until: null }).where(eq(mailOutbox.id, message.id));
    const copy = await resend();
    expect(copy.status).toBe(202);
    const copied = copy.body.data as Message;
    expect(copied.id).not.toBe(message.id);
    expect(copied).toMatchObject({
      state: 'queued',
      attempts: 0,
      booking_id: booking.id,
      subject: message.subject,
      text_body: message.text_body,
    });
    expect((await rowOf(ctx, message.id))?.state).toBe('sent');
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'mail_message'));
    expect(audits.filter((entry) => entry.entity_id === String(message.id)).map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(audits.filter((entry) => entry.entity_id === String(copied.id)).map((entry) => entry.action)).toEqual(['create']);
  });
});

describe('the confirmation over a real SMTP server', () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  let worker: MailWorker;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext(fastMail(smtp.url));
    worker = mailWorkerFromConfig(ctx.config, ctx.database, memoryLog());
    await worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
    await smtp?.close();
  });

  const delivered = async (messageId: number) => {
    await until(async () => (await rowOf(ctx, messageId))?.state === 'sent', `message ${messageId} sent`);
    return rowOf(ctx, messageId);
  };

  it('delivers the English confirmation with a plain-text and an HTML part and every detail of the booking', async () => {
    const { tenant, booking } = await bookingOf(ctx, {
      customer_name: 'Ada Lovelace',
      departure_at: new Date('2026-06-01T08:00:00Z'),
      arrival_at: new Date('2026-06-08T17:30:00Z'),
      outbound_flight: 'BA2490',
      base_price: 4500,
      package_price: 1000,
      discount: 500,
      voucher_code: 'SUMMER10',
      services: [{ name: 'Car wash', price: 1200 }],
    });
    const pkg = await insertPackage(ctx.db, tenant.company.id, { name: 'Meet and greet' });
    await ctx.db.update(bookings).set({ package_id: pkg.id }).where(eq(bookings.id, booking.id));
    await call(ctx.app, 'POST', '/api/payment/add', tenant.headers, { booking_id: booking.id, amount: 2000, method: 'card' });

    const queued = (await call(ctx.app, 'POST', `/api/booking/send-mail/${booking.id}`, tenant.headers)).body.data as Message;
    const row = await delivered(queued.id);
    expect(row).toMatchObject({ state: 'sent', attempts: 1, last_error: null });
    expect(row?.sent_at).toBeInstanceOf(Date);
    expect(row?.message_id).toMatch(/^<.+>$/);

    const received = smtp.received.filter((item) => item.mail.messageId === row?.message_id);
    expect(received).toHaveLength(1);
    const [{ mail, to }] = received as [(typeof received)[number]];
    expect(to).toEqual(['ada@example.com']);
    expect(mail.from?.text).toContain('bookings@parking.test');
    expect(mail.subject).toBe(`Your booking ${booking.reference} with ${tenant.company.name}`);
    const text = mail.text ?? '';
    const html = String(mail.html);
    for (const part of [text, html]) {
      expect(part).toContain(booking.reference);
      expect(part).toContain('Ada Lovelace');
      expect(part).toContain('Gatwick');
      expect(part).toContain('Long Stay South → North Terminal');
      expect(part).toContain('AB12 CDE, Blue Volvo XC40');
      expect(part).toContain('Meet and greet');
      expect(part).toContain('Car wash (£12.00)');
      expect(part).toContain('BA2490');
      // 08:00 UTC on 1 June is 09:00 in London (summer time); 17:30 UTC on 8 June is 18:30.
      expect(part).toContain('1 June 2026');
      expect(part).toContain('09:00');
      expect(part).toContain('8 June 2026');
      expect(part).toContain('18:30');
      expect(part).toContain('£45.00');
      expect(part).toContain('£10.00');
      expect(part).toContain('SUMMER10');
      expect(part).toContain('£62.00'); // total: 45 + 10 + 12 - 5
      expect(part).toContain('£20.00'); // paid
      expect(part).toContain('£42.00'); // still to pay
      expect(part).toContain(tenant.company.name);
    }
    expect(text).toContain('Still to pay: £42.00');
    expect(html).toContain('<table');
    // The ticket's QR code, drawn as a table (no image to block): read back with a QR decoder, it is the reference.
    expect(html).toContain(`aria-label="QR code of booking ${booking.reference}"`);
    expect(decodeQrTable(html)).toBe(booking.reference);
  });

  it('writes the confirmation in Tamil for a Tamil booking, with times in the airport’s time zone', async () => {
    const { tenant, booking } = await bookingOf(
      ctx,
      { language: 'ta', departure_at: new Date('2026-06-01T20:00:00Z'), base_price: 4500 },
      'Asia/Colombo',
    );
    const queued = (await call(ctx.app, 'POST', `/api/booking/send-mail/${booking.id}`, tenant.headers)).body.data as Message;
    const row = await delivered(queued.id);
    const [item] = smtp.received.filter((entry) => entry.mail.messageId === row?.message_id);
    const text = item?.mail.text ?? '';
    expect(item?.mail.subject).toBe(`${tenant.company.name} உடன் உங்கள் முன்பதிவு ${booking.reference}`);
    expect(text).toContain('முன்பதிவுக் குறிப்பு எண்');
    expect(text).toContain('செலுத்த வேண்டியது');
    expect(text).toContain('£45.00');
    // 20:00 UTC is 01:30 on 2 June in Colombo.
    expect(text).toContain('செவ்வாய், 2 ஜூன், 2026 அன்று 01:30');
    expect(String(item?.mail.html)).toContain('lang="ta"');
  });
  it("is signed with the company's sender name and reply-to, and carries its name, address, phone and e-mail at the foot", async () => {
    const { tenant, booking } = await bookingOf(ctx, { customer_name: 'Ada Lovelace' });
    const saved = await call(ctx.app, 'PATCH', '/api/company/details/update', tenant.headers, {
      mail_sender_name: 'Harbour "Quay" Parking',
      mail_reply_to: 'desk@harbour.example',
      address: 'Harbour House\n12 Quay Street\nPortsmouth <PO1 3AB>',
      contact_phone: '+44 23 9200 0000',
      contact_email: 'office@harbour.example',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const queued = (await call(ctx.app, 'POST', `/api/booking/send-mail/${booking.id}`, tenant.headers)).body.data as Message & {
      from_name: string | null;
      reply_to: string | null;
    };
    // The outbox shows how the message goes out.
    expect(queued).toMatchObject({ from_name: 'Harbour "Quay" Parking', reply_to: 'desk@harbour.example' });
    const row = await delivered(queued.id);
    const [item] = smtp.received.filter((entry) => entry.mail.messageId === row?.message_id);
    const mail = item?.mail;
    // The company's name with the server's own sending address (MAIL_FROM's), never the company's address as sender.
    expect(mail?.from?.value).toEqual([{ name: 'Harbour "Quay" Parking', address: 'bookings@parking.test' }]);
    expect(mail?.replyTo?.value).toEqual([{ name: '', address: 'desk@harbour.example' }]);
    const text = mail?.text ?? '';
    const footer = text.slice(text.indexOf('\n-- \n'));
    expect(footer).toBe(
      `\n-- \n${tenant.company.name}\nHarbour House\n12 Quay Street\nPortsmouth <PO1 3AB>\nPhone: +44 23 9200 0000\nE-mail: office@harbour.example\n`,
    );
    const html = String(mail?.html);
    expect(html).toContain(
      `font-size:13px">${tenant.company.name}<br>Harbour House<br>12 Quay Street<br>Portsmouth &lt;PO1 3AB&gt;<br>Phone: +44 23 9200 0000<br>E-mail: office@harbour.example</td>`,
    );

    // A resend of the sent message is signed as it was written, even after the settings change.
    await call(ctx.app, 'PATCH', '/api/company/details/update', tenant.headers, { mail_sender_name: null, mail_reply_to: null });
    const copy = (await call(ctx.app, 'POST', `/api/mail/outbox/resend/${queued.id}`, tenant.headers)).body.data as Message;
    const resent = await delivered(copy.id);
    const [again] = smtp.received.filter((entry) => entry.mail.messageId === resent?.message_id);
    expect(again?.mail.from?.value).toEqual([{ name: 'Harbour "Quay" Parking', address: 'bookings@parking.test' }]);
    expect(again?.mail.replyTo?.value).toEqual([{ name: '', address: 'desk@harbour.example' }]);

    // A new message after the change: MAIL_FROM as it is, no Reply-To.
    const plain = (await call(ctx.app, 'POST', `/api/booking/send-mail/${booking.id}`, tenant.headers)).body.data as Message;
    const plainRow = await delivered(plain.id);
    const [unsigned] = smtp.received.filter((entry) => entry.mail.messageId === plainRow?.message_id);
    expect(unsigned?.mail.from?.value).toEqual([{ name: 'Parking Solutions', address: 'bookings@parking.test' }]);
    expect(unsigned?.mail.replyTo).toBeUndefined();
  });

  it('a company that set only its phone has its name and phone at the foot, in the mail’s language', async () => {
    const { tenant, booking } = await bookingOf(ctx, { language: 'ta' });
    await call(ctx.app, 'PATCH', '/api/company/details/update', tenant.headers, { contact_phone: '044 2345 6789' });
    const queued = (await call(ctx.app, 'POST', `/api/booking/send-mail/${booking.id}`, tenant.headers)).body.data as Message;
    const row = await delivered(queued.id);
    const [item] = smtp.received.filter((entry) => entry.mail.messageId === row?.message_id);
    const text = item?.mail.text ?? '';
    expect(text.slice(text.indexOf('\n-- \n'))).toBe(`\n-- \n${tenant.company.name}\nதொலைபேசி: 044 2345 6789\n`);
  });

  it('takes over a message whose sender died mid-send once its lease has run out, and tells the live board', async () => {
    const { tenant, booking } = await bookingOf(ctx);
    const heard: string[] = [];
    const stopListening = await ctx.database.listen(
      LIVE_CHANNEL,
      (payload) => heard.push(payload),
      () => {},
    );
    try {
      // As a process that crashed while sending leaves it: claimed once, its lease now over.
      const [orphan] = await ctx.db
        .insert(mailOutbox)
        .values({
          company_id: tenant.company.id,
          kind: 'booking_confirmation',
          booking_id: booking.id,
          language: 'en',
          to_address: 'ada@example.com',
          subject: `Orphan ${booking.reference}`,
          text_body: 'text',
          html_body: '<p>html</p>',
          state: 'sending',
          attempts: 1,
          locked_until: new Date(Date.now() - 1000),
        })
        .returning();
      const id = orphan?.id ?? 0;
      await until(async () => (await rowOf(ctx, id))?.state === 'sent', 'the orphan sent');
      expect(await rowOf(ctx, id)).toMatchObject({ attempts: 2, locked_until: null });
      expect(smtp.received.filter((item) => item.mail.subject === `Orphan ${booking.reference}`)).toHaveLength(1);
      await until(() => heard.length > 0, 'the live event');
      expect(heard.map((payload) => JSON.parse(payload))).toContainEqual({
        company_id: tenant.company.id,
        booking_id: booking.id,
        action: 'mail',
      });
    } finally {
      await stopListening();
    }
  });
});

describe('a mail server that is down', () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer | undefined;
  let worker: MailWorker;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    ctx = await createTestContext(fastMail(`smtp://127.0.0.1:${port}`));
    worker = mailWorkerFromConfig(ctx.config, ctx.database, memoryLog());
    await worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
    await smtp?.close();
  });

  it('delays the mail (202, queued with the error and the tries) and delivers it exactly once when the server is back', async () => {
    const { tenant, booking } = await bookingOf(ctx);
    const sent = await call(ctx.app, 'POST', `/api/booking/send-mail/${booking.id}`, tenant.headers);
    expect(sent.status).toBe(202);
    const id = (sent.body.data as Message).id;
    await until(async () => ((await rowOf(ctx, id))?.attempts ?? 0) >= 2, 'two failed tries');
    const waiting = await call(ctx.app, 'GET', `/api/mail/outbox/get/${id}`, tenant.headers);
    expect(['queued', 'sending']).toContain((waiting.body.data as Message).state);
    expect((waiting.body.data as Message).last_error).toMatch(/ECONNREFUSED|connect/i);
    expect((await call(ctx.app, 'GET', '/api/mail/outbox/list', tenant.headers)).body.smtp_configured).toBe(true);

    smtp = await startSmtpServer(port);
    await until(async () => (await rowOf(ctx, id))?.state === 'sent', 'delivery after the server is back');
    const server = smtp;
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.mail.subject).toContain(booking.reference);
    // Queue one more and see it through: the first was not sent again meanwhile.
    const next = (await call(ctx.app, 'POST', `/api/booking/send-mail/${booking.id}`, tenant.headers)).body.data as Message;
    await until(async () => (await rowOf(ctx, next.id))?.state === 'sent', 'the second message');
    expect(server.received).toHaveLength(2);
  });
});

describe('stopping the worker (server shutdown)', () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer(0, 300);
    ctx = await createTestContext(fastMail(smtp.url));
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('finishes the message in hand before it resolves, and claims nothing more', async () => {
    const worker = mailWorkerFromConfig(ctx.config, ctx.database, memoryLog());
    const { tenant, booking } = await bookingOf(ctx);
    const first = ((await call(ctx.app, 'POST', `/api/booking/send-mail/${booking.id}`, tenant.headers)).body.data as Message).id;
    const second = ((await call(ctx.app, 'POST', `/api/booking/send-mail/${booking.id}`, tenant.headers)).body.data as Message).id;
    await worker.start();
    await until(async () => (await rowOf(ctx, first))?.state === 'sending', 'the first message in hand');
    await worker.stop();
    expect((await rowOf(ctx, first))?.state).toBe('sent');
    expect(smtp.received).toHaveLength(1);
    expect(await rowOf(ctx, second)).toMatchObject({ state: 'queued', attempts: 0 });
  });
});

describe('the worker without SMTP_URL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(fastMail(undefined));
  });
  afterAll(() => ctx?.close());

  it('does not start: it says so, and messages wait in the outbox', async () => {
    const log = memoryLog();
    const worker = mailWorkerFromConfig(ctx.config, ctx.database, log);
    await worker.start();
    expect(log.lines.map((line) => line.message)).toEqual(['SMTP_URL not set: mail stays in the outbox']);
    const { tenant, booking } = await bookingOf(ctx);
    const sent = await call(ctx.app, 'POST', `/api/booking/send-mail/${booking.id}`, tenant.headers);
    expect(sent.status).toBe(202);
    await worker.stop();
    expect(await rowOf(ctx, (sent.body.data as Message).id)).toMatchObject({ state: 'queued', attempts: 0 });
  });
});

describe('the worker on a message it cannot ever send', () => {
  let ctx: TestContext;
  let worker: MailWorker;
  beforeAll(async () => {
    ctx = await createTestContext({ ...fastMail(`smtp://127.0.0.1:${await freePort()}`), MAIL_MAX_ATTEMPTS: 2 });
    worker = mailWorkerFromConfig(ctx.config, ctx.database, memoryLog());
    await worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
  });

  it('marks it failed after the last try, keeping the error', async () => {
    const { tenant, booking } = await bookingOf(ctx);
    const id = ((await call(ctx.app, 'POST', `/api/booking/send-mail/${booking.id}`, tenant.headers)).body.data as Message).id;
    await until(async () => (await rowOf(ctx, id))?.state === 'failed', 'the message to fail');
    expect(await rowOf(ctx, id)).toMatchObject({ state: 'failed', attempts: 2, locked_until: null });
    expect((await rowOf(ctx, id))?.last_error).toBeTruthy();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two server processes on one database (PostgreSQL)', () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  let secondDatabase: Database;
  const workers: MailWorker[] = [];
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext(fastMail(smtp.url));
    secondDatabase = await openDatabase({ databaseUrl: ctx.config.DATABASE_URL, dataDir: 'memory://', connectTimeoutMs: 3000 });
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await secondDatabase?.close();
    await ctx?.close();
    await smtp?.close();
  });

  it('delivers each of 20 messages exactly once while two workers drain the outbox together', async () => {
    const tenant = await createTenant(ctx);
    const place = await insertBookingPlace(ctx.db, tenant.company.id);
    const references: string[] = [];
    for (let i = 0; i < 20; i++) {
      const booking = await insertBooking(ctx.db, tenant.company.id, place);
      references.push(booking.reference);
      expect((await call(ctx.app, 'POST', `/api/booking/send-mail/${booking.id}`, tenant.headers)).status).toBe(202);
    }
    workers.push(
      mailWorkerFromConfig(ctx.config, ctx.database, memoryLog()),
      mailWorkerFromConfig(ctx.config, secondDatabase, memoryLog()),
    );
    await Promise.all(workers.map((worker) => worker.start()));
    await until(async () => {
      const rows = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.company_id, tenant.company.id));
      return rows.length === 20 && rows.every((row) => row.state === 'sent');
    }, 'all 20 sent');
    expect(smtp.received).toHaveLength(20);
    const subjects = smtp.received.map((item) => item.mail.subject ?? '');
    for (const reference of references)
      expect(
        subjects.filter((subject) => subject.includes(reference)),
        reference,
      ).toHaveLength(1);
    const rows = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.company_id, tenant.company.id));
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
  });
});

/** The QR code table of a mail's HTML (mail.render.ts `qrCodeTable`) painted module by module and read by jsQR. */
function decodeQrTable(html: string): string | null {
  const table = html.match(/<table role="img"[^>]*>(.*?)<\/table>/s)?.[1] ?? '';
  const rows = [...table.matchAll(/<tr>(.*?)<\/tr>/gs)].map(([, row]) =>
    [...(row ?? '').matchAll(/<td(?: colspan="(\d+)")? bgcolor="(#[0-9a-f]{6})"/g)].flatMap(([, span, colour]) =>
      Array.from({ length: Number(span ?? 1) }, () => colour === '#000000'),
    ),
  );
  expect(rows.length).toBeGreaterThan(20);
  expect(rows.every((modules) => modules.length === rows.length)).toBe(true);
  const scale = 4;
  const size = rows.length * scale;
  const pixels = new Uint8ClampedArray(size * size * 4);
  for (const [y, modules] of rows.entries()) {
    for (const [x, dark] of modules.entries()) {
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const at = ((y * scale + dy) * size + x * scale + dx) * 4;
          pixels.set(dark ? [0, 0, 0, 255] : [255, 255, 255, 255], at);
        }
      }
    }
  }
  // jsQR is CommonJS: Node hands its exports over as the default import, the decoder on its `default`.
  return jsqr.default(pixels, size, size)?.data ?? null;
}
