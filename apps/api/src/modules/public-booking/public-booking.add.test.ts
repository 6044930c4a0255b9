import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLocation, insertPricedRoute, insertService, insertVoucher } from '../../../test/factories/quote.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, changeCompany, clientKeyHeaders, createTenant, type Headers, type Tenant } from '../../../test/kit.ts';
import { auditLog, bookings, mailOutbox, vouchers } from '../../db/schema/index.ts';

/**
 * POST /api/public/booking/add (issue 23, section 1): a customer books on the company's web site with its client key.
 * The booking is the back-office's booking (same quote, capacity and voucher rules), channel web, confirmed or pending
 * by the company's setting; a retried form books once; scripts are turned away; a key books only its own company's.
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
/** The form was shown a minute ago, as a person fills it in. */
const shownAMinuteAgo = () => new Date(Date.now() - 60_000).toISOString();

function form(overrides: Record<string, unknown> = {}) {
  return {
    customer_name: 'Kavya Raman',
    customer_email: 'kavya@example.com',
    customer_phone: '+44 7700 900123',
    vehicle_reg: 'ab12 cde',
    airport_id: route.airport.id,
    departure_id: route.carPark.id,
    arrival_id: route.terminal.id,
    departure_at: '2026-12-10T08:00:00Z',
    arrival_at: '2026-12-14T18:00:00Z',
    return_flight: 'BA 2490',
    form_started_at: shownAMinuteAgo(),
    ...overrides,
  };
}

const book = (body: unknown, key: string | null = randomUUID(), headers: Headers = basic(owner.company)) =>
  call(ctx.app, 'POST', '/api/public/booking/add', { ...headers, ...(key === null ? {} : { 'idempotency-key': key }) }, body);

async function bookingByReference(reference: string) {
  const [row] = await ctx.db.select().from(bookings).where(eq(bookings.reference, reference));
  return row;
}

describe('POST /api/public/booking/add', () => {
  it("books the stay at the public quote's price: channel web, no user, confirmed when paid on arrival, and the confirmation queued", async () => {
    const wash = await insertService(ctx.db, owner.company.id, { name: 'Wash', price: 1200 });
    const body = form({ service_ids: [wash.id] });
    const quote = await call(
      ctx.app,
      'GET',
      `/api/public/quote?airport_id=${route.airport.id}&departure_id=${route.carPark.id}&arrival_id=${route.terminal.id}&departure_date=2026-12-10&arrival_date=2026-12-14&service_ids=${wash.id}`,
      basic(owner.company),
    );
    const quoted = (quote.body.data as { quote: { total: number } }).quote.total;

    const answer = await book(body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const receipt = answer.body.data as Record<string, unknown>;
    expect(receipt).toEqual({
      reference: expect.stringMatching(/^PS-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{2}$/),
      status: 'confirmed',
      total: quoted,
      currency: 'GBP',
      next_step: 'pay_on_arrival',
      next_step_text: expect.stringContaining('you pay at the car park'),
    });
    const row = await bookingByReference(receipt.reference as string);
    expect(row).toMatchObject({
      company_id: owner.company.id,
      channel: 'web',
      status: 'confirmed',
      created_by: null,
      customer_email: 'kavya@example.com',
      vehicle_reg: 'AB12 CDE',
      return_flight: 'BA2490',
      total: quoted,
      agency_id: null,
    });
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.booking_id, row?.id ?? 0));
    expect(mails.map((mail) => mail.to_address)).toEqual(['kavya@example.com']);
    // Audited as made without a user.
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'booking'), eq(auditLog.entity_id, String(row?.id ?? 0))));
    expect(audit.map((entry) => [entry.action, entry.actor_user_id])).toEqual([['create', null]]);
  });

  it('keeps the booking pending when the company is paid in advance, and says what comes next in Tamil', async () => {
    await changeCompany(ctx, owner.company.id, { public_booking_payment: 'in_advance' });
    try {
      const answer = await call(
        ctx.app,
        'POST',
        '/api/public/booking/add',
        { ...basic(owner.company), 'idempotency-key': randomUUID(), 'accept-language': 'ta' },
        form(),
      );
      expect(answer.status).toBe(201);
      const receipt = answer.body.data as { reference: string; status: string; next_step: string; next_step_text: string };
      expect(receipt).toMatchObject({ status: 'pending', next_step: 'pay_in_advance' });
      expect(receipt.next_step_text).toContain('முன்பதிவு');
      expect(receipt.next_step_text).toContain(receipt.reference);
      expect(await bookingByReference(receipt.reference)).toMatchObject({ status: 'pending', language: 'ta' });
    } finally {
      await changeCompany(ctx, owner.company.id, { public_booking_payment: 'on_arrival' });
    }
  });

  it('books once per Idempotency-Key: the same form again answers the same booking, another form with the key is 409', async () => {
    const key = randomUUID();
    const body = form({ customer_name: 'Retried Customer' });
    const [first, second] = await Promise.all([book(body, key), book(body, key)]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((second.body.data as { reference: string }).reference).toBe((first.body.data as { reference: string }).reference);
    const third = await book(body, key);
    expect(third.status).toBe(201);
    expect(third.response.headers['idempotent-replayed']).toBe('true');
    expect((third.body.data as { reference: string }).reference).toBe((first.body.data as { reference: string }).reference);
    const made = await ctx.db.select().from(bookings).where(eq(bookings.customer_name, 'Retried Customer'));
    expect(made).toHaveLength(1);

    const reused = await book(form({ customer_name: 'Someone Else' }), key);
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('idempotency_key_reused');
    // The key belongs to the company: another company's site may use the same key for its own booking.
    const otherRoute = await insertPricedRoute(ctx.db, other.company.id);
    const elsewhere = await book(
      form({ airport_id: otherRoute.airport.id, departure_id: otherRoute.carPark.id, arrival_id: otherRoute.terminal.id }),
      key,
      basic(other.company),
    );
    expect(elsewhere.status).toBe(201);
  });

  it('needs the Idempotency-Key, and refuses a form a script sent: the hidden field filled, sent at once, or shown a day ago', async () => {
    const missing = await book(form(), null);
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([expect.objectContaining({ field: 'idempotency-key' })]);

    const cases: [Record<string, unknown>, string][] = [
      [{ website: 'http://spam.example' }, 'public_form_rejected'],
      [{ form_started_at: new Date().toISOString() }, 'public_form_too_fast'],
      [{ form_started_at: new Date(Date.now() - 25 * 3_600_000).toISOString() }, 'public_form_expired'],
    ];
    for (const [overrides, code] of cases) {
      const refused = await book(form({ customer_name: `Script ${code}`, ...overrides }));
      expect(refused.status, code).toBe(400);
      expect(refused.body.code).toBe(code);
      expect(
        await ctx.db
          .select()
          .from(bookings)
          .where(eq(bookings.customer_name, `Script ${code}`)),
      ).toEqual([]);
    }

    const noEmail = await book(form({ customer_email: null }));
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.details).toEqual([expect.objectContaining({ field: 'customer_email' })]);
    // The office's fields are not the customer's to set.
    for (const field of [{ channel: 'phone' }, { status: 'confirmed' }, { agency_id: 1 }, { total: 0 }]) {
      const strict = await book(form(field));
      expect(strict.status, JSON.stringify(field)).toBe(400);
    }
  });

  it('holds to the car park capacity and the voucher usage limit, as the office does', async () => {
    const small = await insertLocation(ctx.db, owner.company.id, route.airport.id, { name: 'One-bay car park', capacity: 1 });
    const stay = { departure_id: small.id, departure_at: '2026-12-20T08:00:00Z', arrival_at: '2026-12-22T08:00:00Z' };
    expect((await book(form(stay))).status).toBe(201);
    const full = await book(form(stay));
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('car_park_full');

    const voucher = await insertVoucher(ctx.db, owner.company.id, { discount_type: 'percent', discount_value: 10, usage_limit: 1 });
    expect((await book(form({ voucher_code: voucher.code }))).status).toBe(201);
    const usedUp = await book(form({ voucher_code: voucher.code }));
    expect(usedUp.status).toBe(400);
    expect(usedUp.body.code).toBe('voucher_used_up');
    const [after] = await ctx.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(after?.times_used).toBe(1);
  });

  it("books only the key's company's active records, and nothing when the key is wrong, rotated or the booking switched off", async () => {
    const theirs = await insertPricedRoute(ctx.db, other.company.id);
    const foreign = await book(form({ airport_id: theirs.airport.id, departure_id: theirs.carPark.id, arrival_id: theirs.terminal.id }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.details).toEqual([expect.objectContaining({ field: 'airport_id' })]);
    expect(JSON.stringify(foreign.body)).not.toContain(theirs.airport.name);

    const shut = await insertLocation(ctx.db, owner.company.id, route.airport.id, { name: 'Shut car park', status: 0 });
    const inactive = await book(form({ departure_id: shut.id }));
    expect(inactive.status).toBe(400);
    expect(inactive.body.details).toEqual([expect.objectContaining({ field: 'departure_id' })]);

    const wrong = await book(form({ customer_name: 'Wrong Key' }), randomUUID(), basic(owner.company, 'not-the-key'));
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('client_key_invalid');

    await changeCompany(ctx, owner.company.id, { public_booking_enabled: false });
    try {
      for (const [method, url, body] of [
        ['POST', '/api/public/booking/add', form({ customer_name: 'Switched Off' })],
        ['GET', '/api/public/airport/list', undefined],
        [
          'GET',
          `/api/public/quote?airport_id=${route.airport.id}&departure_id=${route.carPark.id}&arrival_id=${route.terminal.id}&departure_date=2026-12-10&arrival_date=2026-12-14`,
          undefined,
        ],
      ] as const) {
        const off = await call(ctx.app, method, url, { ...basic(owner.company), 'idempotency-key': randomUUID() }, body);
        expect(off.status, url).toBe(401);
        expect(off.body.code).toBe('public_booking_off');
        expect(off.body).not.toHaveProperty('data');
      }
    } finally {
      await changeCompany(ctx, owner.company.id, { public_booking_enabled: true });
    }

    // A key rotated in the database is refused on the next request (read on every call, in every process).
    const oldKey = owner.company.client_key;
    await changeCompany(ctx, owner.company.id, { client_key: 'rotated-key-value' });
    try {
      const rotated = await book(form({ customer_name: 'Old Key' }));
      expect(rotated.status).toBe(401);
      expect((await book(form(), randomUUID(), basic(owner.company, 'rotated-key-value'))).status).toBe(201);
    } finally {
      await changeCompany(ctx, owner.company.id, { client_key: oldKey });
    }
    for (const name of ['Wrong Key', 'Switched Off', 'Old Key']) {
      expect(await ctx.db.select().from(bookings).where(eq(bookings.customer_name, name))).toEqual([]);
    }
  });
});

describe('the public add’s rate limits', () => {
  let limited: TestContext;
  let company: Company;
  let limitedRoute: Awaited<ReturnType<typeof insertPricedRoute>>;
  beforeAll(async () => {
    limited = await createTestContext({ PUBLIC_BOOKINGS_PER_ADDRESS_PER_HOUR: 2 });
    company = (await createTenant(limited)) as Company;
    limitedRoute = await insertPricedRoute(limited.db, company.company.id);
  });
  afterAll(() => limited?.close());

  it('answers 429 once an address has booked its share in the hour, and books nothing more', async () => {
    const body = () =>
      form({
        airport_id: limitedRoute.airport.id,
        departure_id: limitedRoute.carPark.id,
        arrival_id: limitedRoute.terminal.id,
        customer_name: 'Busy Address',
      });
    const send = () =>
      call(limited.app, 'POST', '/api/public/booking/add', { ...basic(company.company), 'idempotency-key': randomUUID() }, body());
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    const third = await send();
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('too_many_requests');
    expect(await limited.db.select().from(bookings).where(eq(bookings.customer_name, 'Busy Address'))).toHaveLength(2);
  });
});
