import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertBookingPlace } from '../../../test/factories/booking-rows.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant, type Tenant } from '../../../test/kit.ts';
import { auditLog, payments } from '../../db/schema/index.ts';
import { LIVE_CHANNEL } from '../live/live-events.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Detail = { field: string; code: string; message: string };
type PaymentRecord = {
  id: number;
  booking_id: number;
  amount: number;
  credit: number;
  method: string;
  deleted_at: string | null;
  deleted_by: number | null;
  deleted_by_name: string | null;
  delete_reason: string | null;
};

/** A company with a signed-in admin, a route and one booking (total 4500 unless told). */
async function setUp(overrides: Parameters<typeof insertBooking>[3] = {}) {
  const tenant = await createTenant(ctx);
  const place = await insertBookingPlace(ctx.db, tenant.company.id);
  const booking = await insertBooking(ctx.db, tenant.company.id, place, overrides);
  return { tenant, place, booking };
}

const pay = (tenant: Tenant, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(ctx.app, 'POST', '/api/payment/add', { ...tenant.headers, ...headers }, body);
const remove = (tenant: Tenant, id: number, body: unknown = { reason: 'Entered twice' }, headers: Record<string, string> = {}) =>
  call(ctx.app, 'DELETE', `/api/payment/delete/${id}`, { ...tenant.headers, ...headers }, body);
const bookingOf = (tenant: Tenant, id: number) => call(ctx.app, 'GET', `/api/booking/get/${id}`, tenant.headers);
const list = (tenant: Tenant, query = '') => call(ctx.app, 'GET', `/api/payment/list${query}`, tenant.headers);
const sums = (tenant: Tenant, query = '') => call(ctx.app, 'GET', `/api/booking/get/amount-details/list${query}`, tenant.headers);
const fields = (response: { body: Record<string, unknown> }) =>
  ((response.body.details as Detail[] | undefined) ?? []).map((item) => item.field);

describe('POST /api/payment/add', () => {
  it('records a payment (201) with its audit entry, and tells the live board', async () => {
    const { tenant, booking } = await setUp();
    const heard: string[] = [];
    const stop = await ctx.database.listen(
      LIVE_CHANNEL,
      (payload) => heard.push(payload),
      () => {},
    );
    try {
      const added = await pay(tenant, {
        booking_id: booking.id,
        amount: 2000,
        method: 'card',
        reference: ' AUTH-1 ',
        paid_at: '2026-05-01T10:00:00Z',
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const payment = added.body.data as PaymentRecord & Record<string, unknown>;
      expect(payment).toMatchObject({
        booking_id: booking.id,
        amount: 2000,
        method: 'card',
        reference: 'AUTH-1',
        paid_at: '2026-05-01T10:00:00.000Z',
        idempotency_key: null,
        created_by: tenant.user.id,
        deleted_at: null,
      });
      expect(payment).not.toHaveProperty('request_hash');
      const [entry] = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'payment'), eq(auditLog.entity_id, String(payment.id))));
      expect(entry).toMatchObject({ action: 'create', actor_user_id: tenant.user.id, company_id: tenant.company.id });
      for (let i = 0; i < 100 && heard.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(heard.map((payload) => JSON.parse(payload))).toContainEqual({
        company_id: tenant.company.id,
        booking_id: booking.id,
        action: 'payment',
      });
    } finally {
      await stop();
    }
  });

  it('defaults paid_at to now', async () => {
    const { tenant, booking } = await setUp();
    const before = Date.now();
    const added = await pay(tenant, { booking_id: booking.id, amount: 100, method: 'cash' });
    expect(added.status).toBe(201);
    const paidAt = Date.parse((added.body.data as { paid_at: string }).paid_at);
    expect(paidAt).toBeGreaterThanOrEqual(before - 1000);
    expect(paidAt).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('refuses 0, fractions, unknown methods, a bad paid_at and fields a caller may not set (400, nothing written)', async () => {
    const { tenant, booking } = await setUp();
    const zero = await pay(tenant, { booking_id: booking.id, amount: 0, method: 'card' });
    expect(zero.status).toBe(400);
    expect(zero.body.details).toEqual([{ field: 'amount', code: 'validation.notZero', message: en.validation.notZero }]);
    expect(fields(await pay(tenant, { booking_id: booking.id, amount: 10.5, method: 'card' }))).toEqual(['amount']);
    expect(fields(await pay(tenant, { booking_id: booking.id, amount: 10, method: 'cheque' }))).toEqual(['method']);
    expect(fields(await pay(tenant, { booking_id: booking.id, amount: 10, method: 'card', paid_at: 'yesterday' }))).toEqual(['paid_at']);
    for (const extra of ['company_id', 'id', 'deleted_at', 'idempotency_key', 'created_by']) {
      const response = await pay(tenant, { booking_id: booking.id, amount: 10, method: 'card', [extra]: 1 });
      expect(response.status, extra).toBe(400);
    }
    expect(await ctx.db.select().from(payments).where(eq(payments.booking_id, booking.id))).toEqual([]);
  });

  it("refuses another company's booking and an unknown one with 400 on booking_id", async () => {
    const { tenant } = await setUp();
    const other = await setUp();
    for (const bookingId of [other.booking.id, 2_000_000_000]) {
      const response = await pay(tenant, { booking_id: bookingId, amount: 500, method: 'card' });
      expect(response.status).toBe(400);
      expect(fields(response)).toEqual(['booking_id']);
    }
    expect(await ctx.db.select().from(payments).where(eq(payments.booking_id, other.booking.id))).toEqual([]);
  });

  it('takes refunds (negative) down to a paid sum of 0, never below (400 on amount, naming what was paid)', async () => {
    const { tenant, booking } = await setUp();
    expect((await pay(tenant, { booking_id: booking.id, amount: -1, method: 'card' })).status).toBe(400);
    expect((await pay(tenant, { booking_id: booking.id, amount: 3000, method: 'card' })).status).toBe(201);
    expect((await pay(tenant, { booking_id: booking.id, amount: -1000, method: 'card' })).status).toBe(201);
    const tooMuch = await pay(tenant, { booking_id: booking.id, amount: -2001, method: 'card' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ code: 'refund_exceeds_paid' });
    expect(tooMuch.body.message).toBe("This refund is more than the booking's payments (£20.00 paid)");
    expect(fields(tooMuch)).toEqual(['amount']);
    expect((await pay(tenant, { booking_id: booking.id, amount: -2000, method: 'card' })).status).toBe(201);
    expect((await sums(tenant)).body.data).toMatchObject({ paid: 0, outstanding: 4500 });
  });
});

describe('A payment above the outstanding (issue 22)', () => {
  it('is refused with 409 payment_exceeds_outstanding on amount, naming the outstanding in the language asked, and nothing is written', async () => {
    const { tenant, booking } = await setUp({ base_price: 17_909 });
    expect((await pay(tenant, { booking_id: booking.id, amount: 5000, method: 'card' })).status).toBe(201);
    const refused = await pay(tenant, { booking_id: booking.id, amount: 50_000, method: 'card' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'payment_exceeds_outstanding',
      message: "This payment is more than the booking's outstanding (£129.09): record the excess as a deposit/credit, or lower the amount",
    });
    expect(refused.body.details).toEqual([{ field: 'amount', code: 'errors.payment_exceeds_outstanding', message: refused.body.message }]);
    const tamil = await pay(tenant, { booking_id: booking.id, amount: 50_000, method: 'card' }, { 'accept-language': 'ta' });
    expect(tamil.status).toBe(409);
    expect(tamil.body.message).toContain('£129.09');
    expect(tamil.body.message).toContain('நிலுவை');
    // `as_credit: false` is no flag at all.
    expect((await pay(tenant, { booking_id: booking.id, amount: 50_000, method: 'card', as_credit: false })).status).toBe(409);
    expect(await ctx.db.select().from(payments).where(eq(payments.booking_id, booking.id))).toHaveLength(1);
    expect((await bookingOf(tenant, booking.id)).body.data).toMatchObject({ paid: 5000, outstanding: 12_909, credit: 0 });
    // Exactly the outstanding is fine, and then any payment at all is above it.
    expect((await pay(tenant, { booking_id: booking.id, amount: 12_909, method: 'cash' })).status).toBe(201);
    expect((await pay(tenant, { booking_id: booking.id, amount: 1, method: 'cash' })).body).toMatchObject({
      code: 'payment_exceeds_outstanding',
    });
  });

  it('is recorded with as_credit: the excess is the payment’s credit, the booking shows outstanding 0 and its credit', async () => {
    const { tenant, booking } = await setUp({ base_price: 17_909 });
    const added = await pay(tenant, { booking_id: booking.id, amount: 50_000, method: 'card', reference: 'DEP-1', as_credit: true });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toMatchObject({ amount: 50_000, credit: 32_091, delete_reason: null, deleted_by_name: null });
    expect((await bookingOf(tenant, booking.id)).body.data).toMatchObject({ total: 17_909, paid: 50_000, outstanding: 0, credit: 32_091 });
    expect((await sums(tenant)).body.data).toEqual({
      bookings: 1,
      total: 17_909,
      paid: 50_000,
      outstanding: 0,
      credit: 32_091,
      currency: 'GBP',
    });
    // A further deposit is all credit; a refund brings the credit down.
    expect((await pay(tenant, { booking_id: booking.id, amount: 1000, method: 'cash', as_credit: true })).body.data).toMatchObject({
      credit: 1000,
    });
    expect((await pay(tenant, { booking_id: booking.id, amount: -33_091, method: 'card' })).status).toBe(201);
    expect((await bookingOf(tenant, booking.id)).body.data).toMatchObject({ paid: 17_909, outstanding: 0, credit: 0 });
    // The flag on a payment that fits takes nothing as credit.
    const other = await setUp();
    const fits = await pay(other.tenant, { booking_id: other.booking.id, amount: 4000, method: 'card', as_credit: true });
    expect(fits.body.data).toMatchObject({ amount: 4000, credit: 0 });
  });

  it('sums outstanding and credit per booking: one booking’s credit does not hide what another owes', async () => {
    const { tenant, place, booking } = await setUp({ base_price: 1000 });
    const owing = await insertBooking(ctx.db, tenant.company.id, place, { base_price: 3000 });
    await pay(tenant, { booking_id: booking.id, amount: 1500, method: 'card', as_credit: true });
    await pay(tenant, { booking_id: owing.id, amount: 1000, method: 'card' });
    expect((await sums(tenant)).body.data).toMatchObject({ total: 4000, paid: 2500, outstanding: 2000, credit: 500 });
  });

  it('refuses as_credit on a refund, and a flag that is not a boolean (400 on as_credit)', async () => {
    const { tenant, booking } = await setUp();
    await pay(tenant, { booking_id: booking.id, amount: 1000, method: 'card' });
    expect(fields(await pay(tenant, { booking_id: booking.id, amount: -500, method: 'card', as_credit: true }))).toEqual(['as_credit']);
    expect(fields(await pay(tenant, { booking_id: booking.id, amount: 500, method: 'card', as_credit: 'yes' }))).toEqual(['as_credit']);
    expect(await ctx.db.select().from(payments).where(eq(payments.booking_id, booking.id))).toHaveLength(1);
  });

  it('keys the Idempotency-Key digest on the flag: a replay with it answers the payment, the same key without it is 409', async () => {
    const { tenant, booking } = await setUp();
    const body = { booking_id: booking.id, amount: 6000, method: 'card', as_credit: true };
    const first = await pay(tenant, body, { 'idempotency-key': 'deposit-1' });
    expect(first.status).toBe(201);
    const again = await pay(tenant, body, { 'idempotency-key': 'deposit-1' });
    expect(again.response.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data).toEqual(first.body.data);
    const withoutFlag = await pay(tenant, { ...body, as_credit: undefined }, { 'idempotency-key': 'deposit-1' });
    expect(withoutFlag.body).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await ctx.db.select().from(payments).where(eq(payments.booking_id, booking.id))).toHaveLength(1);
  });
});

describe('Idempotency-Key', () => {
  const body = (bookingId: number) => ({ booking_id: bookingId, amount: 1500, method: 'bank_transfer', reference: 'TR-9' });

  it('records the payment once: the same key and body again answer the same payment, marked as replayed', async () => {
    const { tenant, booking } = await setUp();
    const first = await pay(tenant, body(booking.id), { 'idempotency-key': 'order-42/attempt' });
    expect(first.status).toBe(201);
    expect(first.response.headers['idempotent-replayed']).toBeUndefined();
    const second = await pay(tenant, body(booking.id), { 'idempotency-key': 'order-42/attempt' });
    expect(second.status).toBe(201);
    expect(second.response.headers['idempotent-replayed']).toBe('true');
    expect(second.body.data).toEqual(first.body.data);
    expect(await ctx.db.select().from(payments).where(eq(payments.booking_id, booking.id))).toHaveLength(1);
    // Without a key, the same body is another payment.
    expect((await pay(tenant, body(booking.id))).status).toBe(201);
    expect(await ctx.db.select().from(payments).where(eq(payments.booking_id, booking.id))).toHaveLength(2);
  });

  it('refuses the same key with another body (409 idempotency_key_reused), also for another booking', async () => {
    const { tenant, place, booking } = await setUp();
    const second = await insertBooking(ctx.db, tenant.company.id, place);
    expect((await pay(tenant, body(booking.id), { 'idempotency-key': 'k-1' })).status).toBe(201);
    const other = await pay(tenant, { ...body(booking.id), amount: 1600 }, { 'idempotency-key': 'k-1' });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({
      code: 'idempotency_key_reused',
      message: 'This Idempotency-Key was already used for a different payment',
    });
    expect((await pay(tenant, body(second.id), { 'idempotency-key': 'k-1' })).status).toBe(409);
    expect(await ctx.db.select().from(payments).where(eq(payments.company_id, tenant.company.id))).toHaveLength(1);
  });

  it('keeps keys per company: another company may use the same key', async () => {
    const a = await setUp();
    const b = await setUp();
    const first = await pay(a.tenant, body(a.booking.id), { 'idempotency-key': 'shared-key' });
    const second = await pay(b.tenant, body(b.booking.id), { 'idempotency-key': 'shared-key' });
    expect(second.status).toBe(201);
    expect(second.response.headers['idempotent-replayed']).toBeUndefined();
    expect((second.body.data as PaymentRecord).id).not.toBe((first.body.data as PaymentRecord).id);
  });

  it('takes 1 to 100 visible ASCII characters only', async () => {
    const { tenant, booking } = await setUp();
    for (const key of ['two words', 'x'.repeat(101), 'clé']) {
      const response = await pay(tenant, body(booking.id), { 'idempotency-key': key });
      expect(response.status, key).toBe(400);
      expect(fields(response)).toEqual(['idempotency-key']);
    }
    expect((await pay(tenant, body(booking.id), { 'idempotency-key': 'x'.repeat(100) })).status).toBe(201);
  });
});

describe('GET /api/payment/list', () => {
  it("lists the company's payments with filters and sorts, never another company's", async () => {
    const { tenant, place, booking } = await setUp();
    const second = await insertBooking(ctx.db, tenant.company.id, place);
    await pay(tenant, { booking_id: booking.id, amount: 1000, method: 'card', paid_at: '2026-05-01T10:00:00Z' });
    await pay(tenant, { booking_id: booking.id, amount: 3000, method: 'cash', paid_at: '2026-05-03T10:00:00Z' });
    await pay(tenant, { booking_id: second.id, amount: 2000, method: 'card', paid_at: '2026-05-02T10:00:00Z' });
    const other = await setUp();
    await pay(other.tenant, { booking_id: other.booking.id, amount: 999, method: 'card' });

    const all = await list(tenant);
    expect(all.status).toBe(200);
    expect((all.body.data as PaymentRecord[]).map((row) => row.amount)).toEqual([3000, 2000, 1000]);
    expect(all.body.pagination).toEqual({ page: 1, page_size: 20, total: 3 });
    const byBooking = await list(tenant, `?booking_id=${booking.id}&sort=amount`);
    expect((byBooking.body.data as PaymentRecord[]).map((row) => row.amount)).toEqual([1000, 3000]);
    const cards = await list(tenant, '?method=card&sort=-amount');
    expect((cards.body.data as PaymentRecord[]).map((row) => row.amount)).toEqual([2000, 1000]);
    expect((await list(tenant, `?booking_id=${other.booking.id}`)).body.data).toEqual([]);
    expect((await list(tenant, '?sort=method')).status).toBe(400);
  });
});

describe('DELETE /api/payment/delete/{id}', () => {
  it('keeps the row (deleted_at, deleted_by), audits the whole payment, and leaves it out of lists and sums', async () => {
    const { tenant, booking } = await setUp();
    const kept = await pay(tenant, { booking_id: booking.id, amount: 1000, method: 'card' });
    const added = await pay(tenant, { booking_id: booking.id, amount: 2500, method: 'cash', reference: 'TILL-3' });
    const id = (added.body.data as PaymentRecord).id;
    const deleted = await remove(tenant, id);
    expect(deleted.status).toBe(200);

    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, id));
    expect(row?.deleted_by).toBe(tenant.user.id);
    expect(row?.deleted_at).toBeInstanceOf(Date);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment'), eq(auditLog.entity_id, String(id)), eq(auditLog.action, 'delete')));
    expect(entry?.changes).toMatchObject({
      amount: { from: 2500 },
      method: { from: 'cash' },
      reference: { from: 'TILL-3' },
      booking_id: { from: booking.id },
    });

    expect((await list(tenant)).body.data).toEqual([kept.body.data]);
    const withDeleted = (await list(tenant, '?include_deleted=1')).body.data as PaymentRecord[];
    expect(withDeleted.find((payment) => payment.id === id)).toMatchObject({ deleted_by: tenant.user.id, amount: 2500 });
    expect(withDeleted.find((payment) => payment.id === id)?.deleted_at).toEqual(expect.any(String));
    expect((await sums(tenant)).body.data).toMatchObject({ paid: 1000, outstanding: 3500 });
    // Once deleted it is gone for a second delete.
    expect((await remove(tenant, id)).status).toBe(404);
  });

  it("answers 404 for another company's payment and leaves it alone", async () => {
    const { tenant } = await setUp();
    const other = await setUp();
    const added = await pay(other.tenant, { booking_id: other.booking.id, amount: 700, method: 'card' });
    const id = (added.body.data as PaymentRecord).id;
    expect((await remove(tenant, id)).status).toBe(404);
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, id));
    expect(row?.deleted_at).toBeNull();
  });

  it('refuses to delete a payment whose refund would then exceed what was paid (409)', async () => {
    const { tenant, booking } = await setUp();
    const payment = await pay(tenant, { booking_id: booking.id, amount: 1000, method: 'card' });
    const refund = await pay(tenant, { booking_id: booking.id, amount: -600, method: 'card' });
    const paymentId = (payment.body.data as PaymentRecord).id;
    const refused = await remove(tenant, paymentId);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'payment_delete_leaves_negative' });
    // Deleting the refund first, then the payment, is fine.
    expect((await remove(tenant, (refund.body.data as PaymentRecord).id)).status).toBe(200);
    expect((await remove(tenant, paymentId)).status).toBe(200);
  });
});

describe('DELETE /api/payment/delete/{id}: the reason (issue 22)', () => {
  it('refuses a deletion without a reason (400 on reason) and changes nothing', async () => {
    const { tenant, booking } = await setUp();
    const id = ((await pay(tenant, { booking_id: booking.id, amount: 1000, method: 'card' })).body.data as PaymentRecord).id;
    const required = [{ field: 'reason', code: 'validation.required', message: en.validation.required }];
    const noBody = await call(ctx.app, 'DELETE', `/api/payment/delete/${id}`, tenant.headers);
    expect(noBody.status).toBe(400);
    expect(noBody.body.details).toEqual(required);
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: null }]) {
      const response = await remove(tenant, id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.details, JSON.stringify(body)).toEqual(required);
    }
    const tooLong = await remove(tenant, id, { reason: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(fields(tooLong)).toEqual(['reason']);
    expect(fields(await remove(tenant, id, { reason: 'ok', extra: 1 }))).toEqual(['extra']);
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, id));
    expect(row).toMatchObject({ deleted_at: null, deleted_by: null, delete_reason: null });
    expect(
      await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'payment'), eq(auditLog.entity_id, String(id)), eq(auditLog.action, 'delete'))),
    ).toEqual([]);
    expect((await sums(tenant)).body.data).toMatchObject({ paid: 1000 });
  });

  it('stores the trimmed reason, audits it, and answers the deleted payment with who deleted it', async () => {
    const { tenant, booking } = await setUp();
    const id = ((await pay(tenant, { booking_id: booking.id, amount: 1000, method: 'card' })).body.data as PaymentRecord).id;
    const deleted = await remove(tenant, id, { reason: `  Card declined after the slip was printed ${'·'.repeat(10)}  ` });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const reason = `Card declined after the slip was printed ${'·'.repeat(10)}`;
    expect(deleted.body.data).toMatchObject({
      id,
      deleted_by: tenant.user.id,
      deleted_by_name: tenant.user.name,
      delete_reason: reason,
      deleted_at: expect.any(String),
    });
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, id));
    expect(row?.delete_reason).toBe(reason);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment'), eq(auditLog.entity_id, String(id)), eq(auditLog.action, 'delete')));
    expect(entry?.changes).toMatchObject({ amount: { from: 1000 }, delete_reason: { to: reason } });
    const listed = (await list(tenant, '?include_deleted=1')).body.data as PaymentRecord[];
    expect(listed.find((payment) => payment.id === id)).toMatchObject({ delete_reason: reason, deleted_by_name: tenant.user.name });
    // 500 characters is the limit.
    const next = ((await pay(tenant, { booking_id: booking.id, amount: 500, method: 'cash' })).body.data as PaymentRecord).id;
    expect((await remove(tenant, next, { reason: 'y'.repeat(500) })).status).toBe(200);
  });

  it("answers 404 to a second company's admin, even with a reason, and leaves the payment alone", async () => {
    const { tenant } = await setUp();
    const other = await setUp();
    const id = ((await pay(other.tenant, { booking_id: other.booking.id, amount: 700, method: 'card' })).body.data as PaymentRecord).id;
    const response = await remove(tenant, id, { reason: 'Not ours' });
    expect(response.status).toBe(404);
    expect(response.body).not.toHaveProperty('data');
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, id));
    expect(row).toMatchObject({ deleted_at: null, delete_reason: null });
  });
});

describe('GET /api/booking/get/amount-details/list', () => {
  it("sums totals, paid and outstanding of the company's bookings, leaving cancelled ones out by default", async () => {
    const { tenant, place, booking } = await setUp({ base_price: 5000 });
    const withServices = await insertBooking(ctx.db, tenant.company.id, place, {
      base_price: 3000,
      discount: 500,
      services: [{ name: 'Wash', price: 1500 }],
    });
    const cancelled = await insertBooking(ctx.db, tenant.company.id, place, { status: 'cancelled', base_price: 9000 });
    await pay(tenant, { booking_id: booking.id, amount: 5000, method: 'card' });
    await pay(tenant, { booking_id: withServices.id, amount: 1000, method: 'cash' });
    await pay(tenant, { booking_id: cancelled.id, amount: 9000, method: 'card' });
    const other = await setUp({ base_price: 77_700 });
    await pay(other.tenant, { booking_id: other.booking.id, amount: 100, method: 'card' });

    const response = await sums(tenant);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ bookings: 2, total: 9000, paid: 6000, outstanding: 3000, credit: 0, currency: 'GBP' });
    expect((await sums(tenant, '?status=cancelled')).body.data).toEqual({
      bookings: 1,
      total: 9000,
      paid: 9000,
      outstanding: 0,
      credit: 0,
      currency: 'GBP',
    });
    expect((await sums(tenant, '?status=confirmed,cancelled')).body.data).toMatchObject({ bookings: 3, total: 18_000 });
    expect((await sums(tenant, '?status=lost')).status).toBe(400);
  });

  it('filters by airport and by departure day in the time zone asked for (else the company’s)', async () => {
    const tenant = await createTenant(ctx);
    const london = await insertBookingPlace(ctx.db, tenant.company.id);
    const colombo = await insertBookingPlace(ctx.db, tenant.company.id, 'Asia/Colombo');
    // 23:30 UTC on 1 June is 2 June in Colombo (+05:30) and still 1 June in London (+01:00 in summer: 00:30 on the 2nd!).
    await insertBooking(ctx.db, tenant.company.id, london, { departure_at: new Date('2026-06-01T22:30:00Z'), base_price: 100 });
    await insertBooking(ctx.db, tenant.company.id, colombo, { departure_at: new Date('2026-06-01T20:00:00Z'), base_price: 200 });
    const day = (query: string) =>
      sums(tenant, query).then((response) => (response.body.data as { bookings: number; total: number }).total);
    // Company time zone Europe/London: 22:30 UTC is 23:30 on 1 June; 20:00 UTC is 21:00 on 1 June.
    expect(await day('?from=2026-06-01&to=2026-06-01')).toBe(300);
    // In Asia/Colombo both are on 2 June (04:00 and 01:30).
    expect(await day('?from=2026-06-01&to=2026-06-01&time_zone=Asia/Colombo')).toBe(0);
    expect(await day('?from=2026-06-02&to=2026-06-02&time_zone=Asia/Colombo')).toBe(300);
    expect(await day(`?airport_id=${colombo.airport.id}`)).toBe(200);
    expect(await day('?from=2026-06-02')).toBe(0);
    expect((await sums(tenant, '?from=2026-06-03&to=2026-06-01')).status).toBe(400);
    expect((await sums(tenant, '?time_zone=Mars/Olympus')).status).toBe(400);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('payments under concurrency (PostgreSQL)', () => {
  it('records one row for many concurrent requests with one Idempotency-Key, and all answer that payment', async () => {
    const { tenant, booking } = await setUp();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        pay(tenant, { booking_id: booking.id, amount: 1200, method: 'card' }, { 'idempotency-key': 'race-key' }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(201));
    const ids = new Set(responses.map((response) => (response.body.data as PaymentRecord).id));
    expect(ids.size).toBe(1);
    expect(responses.filter((response) => response.response.headers['idempotent-replayed'] === 'true')).toHaveLength(11);
    expect(await ctx.db.select().from(payments).where(eq(payments.booking_id, booking.id))).toHaveLength(1);
  });

  it('lets concurrent payments take the outstanding to 0 and no further (409 for the rest), unless declared as credit', async () => {
    const { tenant, booking } = await setUp();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => pay(tenant, { booking_id: booking.id, amount: 1000, method: 'card' })),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(4);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(6);
    expect((await bookingOf(tenant, booking.id)).body.data).toMatchObject({ paid: 4000, outstanding: 500, credit: 0 });
    const deposits = await Promise.all(
      Array.from({ length: 4 }, () => pay(tenant, { booking_id: booking.id, amount: 300, method: 'cash', as_credit: true })),
    );
    // One after the other, whatever the order: 300 fits, the next owes 200 and keeps 100 as credit, the rest is all credit.
    expect(deposits.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    const credits = deposits.map((response) => (response.body.data as PaymentRecord).credit).sort((a, b) => a - b);
    expect(credits).toEqual([0, 100, 300, 300]);
    expect((await bookingOf(tenant, booking.id)).body.data).toMatchObject({ paid: 5200, outstanding: 0, credit: 700 });
  });

  it('lets concurrent refunds take the paid sum to 0 and no further', async () => {
    const { tenant, booking } = await setUp();
    await pay(tenant, { booking_id: booking.id, amount: 1000, method: 'card' });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => pay(tenant, { booking_id: booking.id, amount: -300, method: 'card' })),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(3);
    expect(responses.filter((response) => response.status === 400)).toHaveLength(7);
    expect((await sums(tenant)).body.data).toMatchObject({ paid: 100 });
  });
});
