import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CustomerDataErase, CustomerDataExport, CustomerDataFind } from '@ps/contracts';
import customerDataEn from '@ps/contracts/locales/customerData.en.json' with { type: 'json' };
import customerDataTa from '@ps/contracts/locales/customerData.ta.json' with { type: 'json' };
import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingThroughApi, insertBookingRoute } from '../../../test/factories/bookings.ts';
import { completedBookingWithImages, daysFromNow, moveBooking } from '../../../test/factories/customer-data.ts';
import { createUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, createTenant, mintAccessToken, type Tenant } from '../../../test/kit.ts';
import { JPEG } from '../../../test/multipart.ts';
import { auditLog, bookings, flightUpdates, handoverFiles, handovers, mailOutbox, payments, roles } from '../../db/schema/index.ts';

let ctx: TestContext;
let uploadDir: string;
beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'ps-customer-data-'));
  ctx = await createTestContext({ UPLOAD_DIR: uploadDir });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

const GRACE = { customer_name: 'Grace Hopper', customer_email: 'Grace.Hopper@Example.com', customer_phone: '+44 7700 900555' };
const BOTH = { email: 'grace.hopper@example.COM', phone: '+44 7700 900 555' };

const find = (tenant: Tenant, body: unknown, language = 'en') =>
  call(ctx.app, 'POST', '/api/customer-data/find', { ...tenant.headers, 'accept-language': language }, body);
const exportJson = (tenant: Tenant, body: unknown, language = 'en') =>
  call(ctx.app, 'POST', '/api/customer-data/export/json', { ...tenant.headers, 'accept-language': language }, body);
const exportCsv = (tenant: Tenant, body: unknown, language = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/customer-data/export/csv',
    headers: { ...tenant.headers, 'accept-language': language },
    payload: body as object,
  });
const erase = (tenant: Tenant, body: unknown, language = 'en') =>
  call(ctx.app, 'POST', '/api/customer-data/erase', { ...tenant.headers, 'accept-language': language }, body);

/**
 * One company and Grace Hopper's bookings in it: one completed two years ago with handovers (photos, signature, typed
 * name), a payment and flights; one cancelled a year and a half ago (in Tamil, her e-mail in lower case, no phone); one
 * completed ten days ago; one coming up, booked from another address with her phone written differently. And Alan
 * Turing's, closed long ago too.
 */
async function customerWorld() {
  const tenant = await createTenant(ctx);
  const route = await insertBookingRoute(ctx.db, tenant.company.id);
  const { booking: old, handovers: oldHandovers } = await completedBookingWithImages(ctx, tenant, route, {
    ...GRACE,
    vehicle_reg: 'GH12 OLD',
    vehicle_make: 'Volvo',
    vehicle_model: 'V60',
    vehicle_colour: 'Blue',
    departure_at: '2024-03-01T08:00:00Z',
    arrival_at: '2024-03-03T18:00:00Z',
    outbound_flight: 'BA 2490',
    return_flight: 'BA2491',
    notes: 'Child seat in the boot',
  });
  const paid = await call(ctx.app, 'POST', '/api/payment/add', tenant.headers, {
    booking_id: old.id,
    amount: old.total,
    method: 'card',
    reference: 'Till 4',
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  await ctx.db.insert(flightUpdates).values({
    company_id: tenant.company.id,
    booking_id: old.id,
    flight_number: 'BA2491',
    status: 'landed',
    source: 'manual',
  });
  const cancelled = await createBookingThroughApi(ctx, tenant, route, {
    customer_name: 'G. Hopper',
    customer_email: 'grace.hopper@example.com',
    customer_phone: null,
    vehicle_reg: 'GH12 CNL',
    language: 'ta',
    departure_at: '2025-03-01T08:00:00Z',
    arrival_at: '2025-03-03T18:00:00Z',
  });
  await moveBooking(ctx, tenant, cancelled.id, ['cancelled']);
  const recent = await createBookingThroughApi(ctx, tenant, route, {
    ...GRACE,
    departure_at: daysFromNow(-12),
    arrival_at: daysFromNow(-10),
  });
  await moveBooking(ctx, tenant, recent.id, ['checked_in', 'checked_out', 'completed']);
  const open = await createBookingThroughApi(ctx, tenant, route, {
    ...GRACE,
    customer_email: 'g.hopper@work.example',
    customer_phone: '+44 (7700) 900-555',
    departure_at: daysFromNow(20),
    arrival_at: daysFromNow(22),
  });
  const alan = await createBookingThroughApi(ctx, tenant, route, {
    customer_name: 'Alan Turing',
    customer_email: 'alan@example.com',
    customer_phone: '+44 7700 900999',
    departure_at: '2024-03-01T08:00:00Z',
    arrival_at: '2024-03-03T18:00:00Z',
  });
  await moveBooking(ctx, tenant, alan.id, ['cancelled']);
  return { tenant, route, old, oldHandovers, cancelled, recent, open, alan };
}

const bookingRow = async (id: number) => (await ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const imagesOf = (handoverIds: number[]) => ctx.db.select().from(handoverFiles).where(inArray(handoverFiles.handover_id, handoverIds));

describe("finding a customer's bookings (issue 23, section 4)", () => {
  it('finds them by e-mail whatever its case, by the phone’s digits, or by either, with what an erase would do', async () => {
    const { tenant, old, cancelled, recent, open } = await customerWorld();
    const byEmail = await find(tenant, { email: BOTH.email });
    expect(byEmail.status, JSON.stringify(byEmail.body)).toBe(200);
    expect((byEmail.body.data as CustomerDataFind).bookings.map((booking) => booking.reference)).toEqual([
      recent.reference,
      cancelled.reference,
      old.reference,
    ]);

    const byPhone = (await find(tenant, { phone: '+44 7700-900555' })).body.data as CustomerDataFind;
    expect(byPhone.bookings.map((booking) => booking.reference)).toEqual([open.reference, recent.reference, old.reference]);
    // The digits exactly: a national form of the same number is another number.
    expect(((await find(tenant, { phone: '07700 900555' })).body.data as CustomerDataFind).bookings).toEqual([]);

    const both = (await find(tenant, BOTH)).body.data as CustomerDataFind;
    expect(both.retention_days).toBe(365);
    expect(both.bookings.map((booking) => [booking.reference, booking.erasable, booking.kept_reason])).toEqual([
      [open.reference, false, 'open'],
      [recent.reference, false, 'recent'],
      [cancelled.reference, true, null],
      [old.reference, true, null],
    ]);
    expect([both.erasable_count, both.kept_count]).toEqual([2, 2]);
    expect(both.bookings[3]).toMatchObject({
      customer_name: 'Grace Hopper',
      customer_email: GRACE.customer_email,
      customer_phone: GRACE.customer_phone,
      vehicle_reg: 'GH12 OLD',
      status: 'completed',
      // The stay's end and a year.
      erasable_from: new Date(Date.parse('2024-03-03T18:00:00Z') + 365 * 86_400_000).toISOString(),
    });
  });

  it('follows the retention the company admin sets on the settings screen, within its bounds', async () => {
    const { tenant, old } = await customerWorld();
    const tooShort = await call(
      ctx.app,
      'PATCH',
      '/api/company/details/update',
      { ...tenant.headers, 'accept-language': 'ta' },
      { personal_data_retention_days: 7 },
    );
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.details).toEqual([
      expect.objectContaining({ field: 'personal_data_retention_days', message: ta.validation.retentionDays }),
    ]);
    const tooLong = await call(ctx.app, 'PATCH', '/api/company/details/update', tenant.headers, { personal_data_retention_days: 3651 });
    expect(tooLong.body.details).toEqual([
      expect.objectContaining({ field: 'personal_data_retention_days', message: en.validation.retentionDays }),
    ]);

    const saved = await call(ctx.app, 'PATCH', '/api/company/details/update', tenant.headers, { personal_data_retention_days: 3650 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ personal_data_retention_days: 3650 });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.company_id, tenant.company.id), eq(auditLog.entity, 'company')));
    expect(entry?.changes).toEqual({ personal_data_retention_days: { from: 365, to: 3650 } });

    // Ten years: the booking of two years ago is kept now, and says until when.
    const found = (await find(tenant, { email: BOTH.email })).body.data as CustomerDataFind;
    expect(found.bookings.find((booking) => booking.id === old.id)).toMatchObject({
      erasable: false,
      kept_reason: 'recent',
      erasable_from: new Date(Date.parse('2024-03-03T18:00:00Z') + 3650 * 86_400_000).toISOString(),
    });
    const erased = (await erase(tenant, { email: BOTH.email })).body.data as CustomerDataErase;
    expect(erased.erased).toEqual([]);
    expect((await bookingRow(old.id))?.customer_name).toBe('Grace Hopper');
  });
});

describe("exporting a customer's data", () => {
  it('answers every booking with its personal fields, stay, prices, payments, handovers (images by name) and mails; audited', async () => {
    const { tenant, old, cancelled, recent, open } = await customerWorld();
    const response = await exportJson(tenant, BOTH);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.response.headers['cache-control']).toBe('private, no-store');
    const exported = response.body.data as CustomerDataExport;
    expect(exported).toMatchObject({ company: tenant.company.name, searched: { email: 'grace.hopper@example.com', phone: BOTH.phone } });
    expect(exported.bookings.map((booking) => booking.reference)).toEqual([
      open.reference,
      recent.reference,
      cancelled.reference,
      old.reference,
    ]);
    const first = exported.bookings[3];
    expect(first).toMatchObject({
      status: 'completed',
      channel: 'phone',
      customer: { name: 'Grace Hopper', email: GRACE.customer_email, phone: GRACE.customer_phone },
      vehicle: { registration: 'GH12 OLD', make: 'Volvo', model: 'V60', colour: 'Blue' },
      stay: {
        departure_at: '2024-03-01T08:00:00.000Z',
        arrival_at: '2024-03-03T18:00:00.000Z',
        outbound_flight: 'BA2490',
        return_flight: 'BA2491',
        notes: 'Child seat in the boot',
        passengers: 1,
      },
      price: { total: old.total, currency: 'GBP', services: [] },
      payments: [{ amount: old.total, method: 'card', reference: 'Till 4', deleted_at: null }],
      paid: old.total,
    });
    expect(
      first?.handovers.map((handover) => [handover.kind, handover.signed_name, handover.images.map((image) => image.file_name)]),
    ).toEqual([
      ['check_in', 'Grace Hopper', ['check_in-photo-1.jpg', 'check_in-photo-2.png', 'check_in-signature-1.png']],
      ['check_out', null, ['check_out-photo-1.jpg']],
    ]);
    // The confirmation, and the receipt of the check-out.
    expect(first?.mails.map((mail) => [mail.kind, mail.to_address, mail.state])).toEqual([
      ['booking_confirmation', GRACE.customer_email, 'queued'],
      ['handover_receipt', GRACE.customer_email, 'queued'],
    ]);
    // Never the images' bytes.
    expect(JSON.stringify(response.body)).not.toContain(JPEG.toString('base64'));

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.company_id, tenant.company.id), eq(auditLog.entity, 'customer_data_export')));
    expect(entry).toMatchObject({
      entity_id: exported.export_id,
      action: 'create',
      actor_user_id: tenant.user.id,
      changes: {
        format: { to: 'json' },
        references: { to: [open, recent, cancelled, old].map((booking) => booking.reference).join(', ') },
      },
    });
    // The entry names the bookings, not the customer.
    expect(JSON.stringify(entry?.changes)).not.toMatch(/hopper|900555/i);
  });

  it('writes the same as CSV, a line per booking, in the reader’s language; audited as CSV', async () => {
    const { tenant, old } = await customerWorld();
    const english = await exportCsv(tenant, { email: BOTH.email });
    expect(english.statusCode, english.body).toBe(200);
    expect(english.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(english.headers['content-disposition']).toMatch(/^attachment; filename="customer-data-[0-9a-f-]{36}\.csv"/);
    expect(english.body.startsWith('\uFEFF')).toBe(true);
    const lines = english.body.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]?.split(',').slice(0, 7)).toEqual([
      'Reference',
      'Status',
      'Booked (local time)',
      'Customer name',
      'E-mail',
      'Phone',
      'Registration',
    ]);
    const oldLine = lines.find((line) => line.startsWith(old.reference)) ?? '';
    expect(oldLine).toContain(`${old.reference},Completed,`);
    expect(oldLine).toContain(',Grace Hopper,Grace.Hopper@Example.com,');
    expect(oldLine).toContain('2024-03-01 08:00:00');
    expect(oldLine).toContain('Card: £');
    expect(oldLine).toContain('reference Till 4');
    expect(oldLine).toMatch(/Check-in \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}, signed by Grace Hopper, images: /);
    expect(oldLine).toContain('images: check_in-photo-1.jpg check_in-photo-2.png check_in-signature-1.png');
    expect(oldLine).toContain('to Grace.Hopper@Example.com: Your booking');

    const tamil = await exportCsv(tenant, { email: BOTH.email }, 'ta');
    const header = tamil.body.slice(1).split('\r\n')[0] ?? '';
    expect(header.split(',').slice(0, 2)).toEqual([customerDataTa.customerData.csv.reference, customerDataTa.customerData.csv.status]);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.company_id, tenant.company.id), eq(auditLog.entity, 'customer_data_export')));
    expect(entries.map((entry) => entry.changes.format?.to)).toEqual(['csv', 'csv']);
  });
});

describe("erasing a customer's personal data", () => {
  it('blanks the closed bookings past the retention, deletes their images and mails’ addresses, keeps the money; keeps the others, saying why', async () => {
    const { tenant, old, oldHandovers, cancelled, recent, open, alan } = await customerWorld();
    const handoverIds = oldHandovers.map((handover) => handover.id);
    const storedNames = (await imagesOf(handoverIds)).map((image) => image.stored_name);
    expect(storedNames).toHaveLength(4);
    for (const name of storedNames) expect(existsSync(join(uploadDir, name))).toBe(true);
    const before = await bookingRow(old.id);
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.booking_id, old.id));

    const response = await erase(tenant, BOTH);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const answer = response.body.data as CustomerDataErase;
    expect(answer.erased).toEqual([
      { id: cancelled.id, reference: cancelled.reference, handover_images_deleted: 0, mails_blanked: 1 },
      { id: old.id, reference: old.reference, handover_images_deleted: 4, mails_blanked: 2 },
    ]);
    expect(answer.kept.map((booking) => [booking.reference, booking.reason])).toEqual([
      [open.reference, 'open'],
      [recent.reference, 'recent'],
    ]);

    // The personal fields are blank; the reference, the stay, the prices and the payment stay.
    const after = await bookingRow(old.id);
    expect(after).toMatchObject({
      customer_name: customerDataEn.customerData.erasedName,
      customer_email: null,
      customer_phone: null,
      vehicle_reg: 'ERASED',
      vehicle_make: null,
      vehicle_model: null,
      vehicle_colour: null,
      outbound_flight: null,
      return_flight: null,
      notes: null,
      reference: before?.reference,
      departure_at: before?.departure_at,
      arrival_at: before?.arrival_at,
      base_price: before?.base_price,
      total: before?.total,
      currency: before?.currency,
      status: 'completed',
    });
    expect(await ctx.db.select().from(payments).where(eq(payments.booking_id, old.id))).toEqual([payment]);
    const amounts = await call(ctx.app, 'GET', `/api/booking/get/${old.id}`, tenant.headers);
    expect(amounts.body.data).toMatchObject({ total: old.total, paid: old.total, outstanding: 0 });
    // In the booking's own language.
    expect((await bookingRow(cancelled.id))?.customer_name).toBe(customerDataTa.customerData.erasedName);

    // The images are gone, rows and files; the handovers stay, without the typed name.
    expect(await imagesOf(handoverIds)).toEqual([]);
    for (const name of storedNames) expect(existsSync(join(uploadDir, name))).toBe(false);
    const kept = await ctx.db.select().from(handovers).where(inArray(handovers.id, handoverIds)).orderBy(asc(handovers.id));
    expect(kept.map((handover) => [handover.mileage, handover.signed_name])).toEqual([
      [42_180, null],
      [42_260, null],
    ]);
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.booking_id, [old.id, cancelled.id]));
    // Three messages waiting to go (two confirmations, a receipt): blank, and failed rather than sent to nobody. The
    // subjects (the reference and the company) stay.
    expect(mails.map((mail) => [mail.to_address, mail.text_body, mail.html_body, mail.state])).toEqual(
      Array.from({ length: 3 }, () => ['', '', '', 'failed']),
    );
    expect(mails.every((mail) => mail.subject.includes(old.reference) || mail.subject.includes(cancelled.reference))).toBe(true);
    expect(await ctx.db.select().from(flightUpdates).where(eq(flightUpdates.booking_id, old.id))).toEqual([]);

    // The kept bookings and another customer's are as they were.
    expect(await bookingRow(recent.id)).toMatchObject({ customer_name: 'Grace Hopper', customer_email: GRACE.customer_email });
    expect(await bookingRow(open.id)).toMatchObject({ customer_name: 'Grace Hopper', customer_phone: '+44 (7700) 900-555' });
    expect(await bookingRow(alan.id)).toMatchObject({ customer_name: 'Alan Turing', customer_email: 'alan@example.com' });

    // One entry per booking erased, holding only the new values.
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.company_id, tenant.company.id), eq(auditLog.entity, 'booking'), eq(auditLog.entity_id, String(old.id))))
      .orderBy(asc(auditLog.id));
    const erasure = entries.at(-1);
    expect(erasure).toMatchObject({ action: 'update', actor_user_id: tenant.user.id });
    expect(erasure?.changes).toEqual({
      customer_name: { to: 'Erased' },
      customer_email: { to: null },
      customer_phone: { to: null },
      vehicle_reg: { to: 'ERASED' },
      vehicle_make: { to: null },
      vehicle_model: { to: null },
      vehicle_colour: { to: null },
      outbound_flight: { to: null },
      return_flight: { to: null },
      notes: { to: null },
      handover_images_deleted: { to: 4 },
      handover_signed_names_cleared: { to: 1 },
      mails_blanked: { to: 2 },
    });
    expect(JSON.stringify(erasure?.changes)).not.toMatch(/hopper|900555|GH12|volvo|child seat|BA249/i);
    const cancelledEntries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'booking'), eq(auditLog.entity_id, String(cancelled.id))))
      .orderBy(asc(auditLog.id));
    expect(cancelledEntries.at(-1)?.changes).toMatchObject({ customer_name: { to: customerDataTa.customerData.erasedName } });

    // Erased bookings are no longer hers: asked again, only the kept ones are found, and nothing more is erased.
    const again = (await erase(tenant, BOTH)).body.data as CustomerDataErase;
    expect(again.erased).toEqual([]);
    expect(again.kept.map((booking) => booking.reference)).toEqual([open.reference, recent.reference]);
  });

  it('keeps another company out: its admin finds nothing, and exports or erases nothing (404)', async () => {
    const { old } = await customerWorld();
    const stranger = await createTenant(ctx);
    const found = await find(stranger, BOTH);
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual({ retention_days: 365, bookings: [], erasable_count: 0, kept_count: 0 });
    for (const response of [await exportJson(stranger, BOTH), await erase(stranger, BOTH)]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({
        code: 'customer_bookings_not_found',
        message: customerDataEn.errors.customer_bookings_not_found,
      });
    }
    expect((await exportCsv(stranger, BOTH)).statusCode).toBe(404);
    expect(await bookingRow(old.id)).toMatchObject({ customer_name: 'Grace Hopper', customer_email: GRACE.customer_email });
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.company_id, stranger.company.id))).toEqual([]);
  });

  it('is refused (403) to a role without its permission: a driver, a role that may only look, a role that sees no money', async () => {
    const { tenant, old } = await customerWorld();
    const driver = await addUser(ctx, tenant.company.id, 'driver');
    for (const response of [await find(driver, BOTH), await exportJson(driver, BOTH), await erase(driver, BOTH)]) {
      expect(response.status).toBe(403);
    }
    const withRole = async (name: string, permissions: string[]) => {
      const [role] = await ctx.db.insert(roles).values({ company_id: tenant.company.id, name, permissions }).returning();
      const user = await createUser(ctx.db, { company_id: tenant.company.id, role: 'admin', role_id: role?.id ?? null });
      return { company: null, user, headers: { authorization: `Bearer ${await mintAccessToken(ctx, user)}` } } satisfies Tenant;
    };
    const looker = await withRole('Data protection', ['customer_data.view', 'finance.view']);
    expect((await find(looker, BOTH)).status).toBe(200);
    expect((await exportJson(looker, BOTH)).status).toBe(200);
    const refused = await erase(looker, BOTH, 'ta');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden', message: ta.errors.forbidden });
    const noMoney = await withRole('Front desk', ['customer_data.view']);
    expect((await find(noMoney, BOTH)).status).toBe(200);
    expect((await exportJson(noMoney, BOTH)).status).toBe(403);
    expect((await bookingRow(old.id))?.customer_name).toBe('Grace Hopper');
  });

  it('refuses bad input and a customer with no booking in the caller’s language', async () => {
    const { tenant } = await customerWorld();
    const neither = await find(tenant, { email: '  ', phone: '' }, 'ta');
    expect(neither.status).toBe(400);
    expect(neither.body).toMatchObject({ code: 'validation_failed', message: ta.errors.validation_failed });
    expect(neither.body.details).toEqual([expect.objectContaining({ field: 'email', message: ta.validation.contactNeeded })]);
    const wrong = await erase(tenant, { email: 'grace at example', phone: '12' }, 'ta');
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([
      expect.objectContaining({ field: 'email', message: ta.validation.wrongEmail }),
      expect.objectContaining({ field: 'phone', message: ta.validation.wrongPhone }),
    ]);
    const unknownField = await erase(tenant, { email: BOTH.email, company_id: 1 });
    expect(unknownField.status).toBe(400);
    const nobody = await erase(tenant, { email: 'nobody@example.com' }, 'ta');
    expect(nobody.status).toBe(404);
    expect(nobody.body).toMatchObject({ code: 'customer_bookings_not_found', message: customerDataTa.errors.customer_bookings_not_found });
    const nobodyCsv = await exportCsv(tenant, { phone: '+94 77 123 4567' }, 'ta');
    expect(nobodyCsv.statusCode).toBe(404);
    expect(nobodyCsv.json()).toMatchObject({ message: customerDataTa.errors.customer_bookings_not_found });
  });
});
