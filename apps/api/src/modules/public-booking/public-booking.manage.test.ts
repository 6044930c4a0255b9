import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookOnline, mailedCode as mailedCodeOf } from '../../../test/factories/public-booking.ts';
import { insertPricedRoute } from '../../../test/factories/quote.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, changeCompany, clientKeyHeaders, createTenant, type Tenant } from '../../../test/kit.ts';
import { auditLog, bookings, bookingTokens, mailOutbox } from '../../db/schema/index.ts';

/**
 * Manage my booking (issue 23, section 1): reference and e-mail -> a code by mail -> a booking token -> the booking.
 * `access` answers the same whatever the pair; a code has 5 tries and one use; a token reads its own booking only, of
 * its own company, while it lasts; the code is never kept in clear, nor in the audit log.
 */

let ctx: TestContext;
type Company = Tenant & { company: { id: number; client_key: string } };
let owner: Company;
let other: Company;
let route: Awaited<ReturnType<typeof insertPricedRoute>>;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = (await createTenant(ctx)) as Company;
  other = (await createTenant(ctx)) as Company;
  route = await insertPricedRoute(ctx.db, owner.company.id);
});
afterAll(() => ctx?.close());

const basic = clientKeyHeaders;

const book = (email: string, name: string) => bookOnline(ctx, owner.company, route, { email, name });

const access = (reference: string, email: string, company = owner.company) =>
  call(ctx.app, 'POST', '/api/public/booking/access', basic(company), { reference, email });
const verify = (reference: string, code: string, company = owner.company) =>
  call(ctx.app, 'POST', '/api/public/booking/verify', basic(company), { reference, code });
const get = (token: string, company = owner.company) =>
  call(ctx.app, 'GET', '/api/public/booking/get', { ...basic(company), 'booking-token': token });

const mailedCode = (reference: string, count: number) => mailedCodeOf(ctx, owner.company.id, reference, count);

describe('manage my booking: access, verify, get', () => {
  it('answers access the same for a wrong reference, a wrong e-mail and a match; only the match gets a code, kept out of the audit', async () => {
    const booking = await book('mira@example.com', 'Mira Das');
    const answers = await Promise.all([
      access('PS-ZZZZ-ZZ', 'mira@example.com'),
      access(booking.reference, 'someone@example.com'),
      access(booking.reference.toLowerCase(), 'MIRA@example.com'),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual(answers[0]?.body);
    }
    const { code, mailId } = await mailedCode(booking.reference, 1);
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
    expect(mail?.to_address).toBe('mira@example.com');
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'mail_message'), eq(auditLog.entity_id, String(mailId))));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(code);

    const token = await verify(booking.reference, code);
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    const { booking_token } = token.body.data as { booking_token: string; expires_at: string };
    // Kept as a hash only.
    expect(JSON.stringify(await ctx.db.select().from(bookingTokens))).not.toContain(booking_token);

    const seen = await get(booking_token);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({
      reference: booking.reference,
      customer_name: 'Mira Das',
      total: booking.total,
      paid: 0,
      outstanding: booking.total,
    });
    for (const field of ['id', 'company_id', 'channel', 'notes', 'agency_id', 'created_by'])
      expect(seen.body.data).not.toHaveProperty(field);

    // The code is used once.
    expect((await verify(booking.reference, code)).body.code).toBe('booking_code_invalid');
  });

  it('ends a code after 5 wrong tries; a new code ends the old one; every failure is the same 400', async () => {
    const booking = await book('ravi@example.com', 'Ravi Kumar');
    await access(booking.reference, 'ravi@example.com');
    const first = await mailedCode(booking.reference, 1);
    const wrong = first.code === '000000' ? '000001' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      const refused = await verify(booking.reference, wrong);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('booking_code_invalid');
    }
    // Tries used up: the right code no longer opens it.
    expect((await verify(booking.reference, first.code)).status).toBe(400);

    await access(booking.reference, 'ravi@example.com');
    const second = await mailedCode(booking.reference, 2);
    await access(booking.reference, 'ravi@example.com');
    const third = await mailedCode(booking.reference, 3);
    if (second.code !== third.code) expect((await verify(booking.reference, second.code)).status).toBe(400);
    expect((await verify(booking.reference, third.code)).status).toBe(200);

    const unknown = await verify('PS-ZZZZ-ZZ', third.code);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual((await verify(booking.reference, wrong)).body);
    const malformed = await verify(booking.reference, '12ab');
    expect(malformed.status).toBe(400);
  });

  it("reads only the token's booking, with the key of the token's company, while the token lasts", async () => {
    const mine = await book('lena@example.com', 'Lena Ortiz');
    await book('lena@example.com', 'Lena Ortiz (second stay)');
    await access(mine.reference, 'lena@example.com');
    const { code } = await mailedCode(mine.reference, 1);
    const { booking_token } = (await verify(mine.reference, code)).body.data as { booking_token: string };
    expect(((await get(booking_token)).body.data as { reference: string }).reference).toBe(mine.reference);

    // Another company's key with this token, a made-up token, no token: refused, nothing answered.
    for (const refused of [
      await get(booking_token, other.company),
      await get(`${booking_token.slice(0, -4)}AAAA`),
      await call(ctx.app, 'GET', '/api/public/booking/get', basic(owner.company)),
    ]) {
      expect([400, 401]).toContain(refused.status);
      expect(refused.body).not.toHaveProperty('data');
    }
    expect((await get(booking_token, other.company)).body.code).toBe('booking_token_invalid');
    // Another company's key cannot ask for this booking's code either: the same 202, and no mail.
    const elsewhere = await access(mine.reference, 'lena@example.com', other.company);
    expect(elsewhere.status).toBe(202);
    expect((await verify(mine.reference, code, other.company)).status).toBe(400);

    // Past its end.
    await ctx.db.update(bookingTokens).set({ expires_at: new Date(Date.now() - 1000) });
    const ended = await get(booking_token);
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe('booking_token_invalid');
    // The other company's access (several requests ago, its follow-up long run) mailed nothing, in either company.
    await mailedCode(mine.reference, 1);
    const theirs = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'booking_access_code'), eq(mailOutbox.company_id, other.company.id)));
    expect(theirs).toEqual([]);
  });

  it("cancels the booking, states the refund under the company's policy, and ends the token", async () => {
    async function tokenFor(email: string, name: string) {
      const made = await book(email, name);
      await access(made.reference, email);
      const { code } = await mailedCode(made.reference, 1);
      const { booking_token } = (await verify(made.reference, code)).body.data as { booking_token: string };
      const [row] = await ctx.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, made.reference));
      // The customer paid £15 at the desk.
      const paid = await call(ctx.app, 'POST', '/api/payment/add', owner.headers, { booking_id: row?.id, amount: 1500, method: 'card' });
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      return { made, token: booking_token };
    }

    // Drop-off 12 days ahead: more than 48 hours, so all that was paid is due back.
    const early = await tokenFor('early@example.com', 'Early Canceller');
    const cancelled = await call(ctx.app, 'POST', '/api/public/booking/cancel', { ...basic(owner.company), 'booking-token': early.token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({ reference: early.made.reference, status: 'cancelled', paid: 1500, refund_due: 1500 });
    expect((cancelled.body.data as { refund_text: string }).refund_text).toContain('£15.00 you paid will be refunded');
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.reference, early.made.reference));
    expect(row?.status).toBe('cancelled');
    // The token ended with it: no second cancel, no read.
    const again = await call(ctx.app, 'POST', '/api/public/booking/cancel', { ...basic(owner.company), 'booking-token': early.token });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('booking_token_invalid');
    expect((await get(early.token)).status).toBe(401);
    // The cancellation mail says the refund, in the booking's language.
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'booking_cancelled'), eq(mailOutbox.to_address, 'early@example.com')));
    expect(mail?.subject).toBe(`Your booking ${early.made.reference} is cancelled`);
    expect(mail?.text_body).toContain('£15.00 you paid will be refunded');

    // A policy of 30 days' notice: the same drop-off is too near, nothing is due back, and it says so in Tamil.
    await changeCompany(ctx, owner.company.id, { public_booking_refund_hours: 720 });
    try {
      const late = await tokenFor('late@example.com', 'Late Canceller');
      const answer = await call(ctx.app, 'POST', '/api/public/booking/cancel', {
        ...basic(owner.company),
        'booking-token': late.token,
        'accept-language': 'ta',
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ status: 'cancelled', paid: 1500, refund_due: 0 });
      expect((answer.body.data as { refund_text: string }).refund_text).toContain('720');
    } finally {
      await changeCompany(ctx, owner.company.id, { public_booking_refund_hours: 48 });
    }
  });
});
