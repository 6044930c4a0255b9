import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, createSuperAdmin, createTenant, mintAccessToken, type Tenant } from '../../../test/kit.ts';
import { auditLog, companies, roles } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ MAIL_FROM: 'Parking Solutions <bookings@parking.test>' });
});
afterAll(() => ctx?.close());

const DETAILS = {
  contact_email: 'Office@Harbour.example',
  contact_phone: '+44 (0)20 7946 0958',
  address: '  Harbour House\n12 Quay Street\nPortsmouth PO1 3AB  ',
  tax_number: 'GB 123 4567 89',
  mail_sender_name: 'Harbour Parking Bookings',
  mail_reply_to: 'Desk@Harbour.example',
  first_day_of_week: 7,
  terms: 'Payable within 30 days.\nQuote the booking reference with every payment.',
};

const details = (tenant: Tenant) => call(ctx.app, 'GET', '/api/company/details', tenant.headers);
const update = (tenant: Tenant, body: unknown, language = 'en') =>
  call(ctx.app, 'PATCH', '/api/company/details/update', { ...tenant.headers, 'accept-language': language }, body);
const fieldsOf = (body: Record<string, unknown>) =>
  Object.fromEntries((body.details as Array<{ field: string; message: string }>).map((detail) => [detail.field, detail.message]));

describe("a company's own details (issue 21, section 8)", () => {
  it('an admin reads and changes them; the answer, a second read and the web config agree; the change is audited', async () => {
    const tenant = await createTenant(ctx);
    const before = await details(tenant);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.data).toEqual({
      company_id: tenant.company.id,
      name: tenant.company.name,
      contact_email: null,
      contact_phone: null,
      address: null,
      tax_number: null,
      mail_sender_name: null,
      mail_reply_to: null,
      first_day_of_week: 1,
      terms: null,
      mail_from_address: 'bookings@parking.test',
      public_booking_enabled: true,
      public_booking_payment: 'on_arrival',
      public_booking_refund_hours: 48,
      public_booking_origins: [],
      booking_slug: tenant.company.booking_slug,
      personal_data_retention_days: 365,
    });

    const saved = await update(tenant, DETAILS);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const expected = {
      company_id: tenant.company.id,
      name: tenant.company.name,
      // E-mail addresses in lower case; the address trimmed at its ends, its lines kept; the phone as entered.
      contact_email: 'office@harbour.example',
      contact_phone: '+44 (0)20 7946 0958',
      address: 'Harbour House\n12 Quay Street\nPortsmouth PO1 3AB',
      tax_number: 'GB 123 4567 89',
      mail_sender_name: 'Harbour Parking Bookings',
      mail_reply_to: 'desk@harbour.example',
      first_day_of_week: 7,
      terms: 'Payable within 30 days.\nQuote the booking reference with every payment.',
      mail_from_address: 'bookings@parking.test',
      public_booking_enabled: true,
      public_booking_payment: 'on_arrival',
      public_booking_refund_hours: 48,
      public_booking_origins: [],
      booking_slug: tenant.company.booking_slug,
      personal_data_retention_days: 365,
    };
    expect(saved.body.data).toEqual(expected);
    expect((await details(tenant)).body.data).toEqual(expected);

    // Calendars learn the first day of the week from the web config, signed in and on the sign-in page alike.
    expect((await call(ctx.app, 'GET', '/api/web-config/company', tenant.headers)).body.data).toMatchObject({ first_day_of_week: 7 });
    const basic = `Basic ${Buffer.from(`${tenant.company.id}:${tenant.company.client_key}`).toString('base64')}`;
    expect((await call(ctx.app, 'GET', '/api/web-config', { authorization: basic })).body.data).toMatchObject({ first_day_of_week: 7 });

    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.company_id, tenant.company.id), eq(auditLog.entity, 'company')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'update', entity_id: String(tenant.company.id), actor_user_id: tenant.user.id });
    expect(entries[0]?.changes).toEqual({
      contact_email: { from: null, to: 'office@harbour.example' },
      contact_phone: { from: null, to: '+44 (0)20 7946 0958' },
      address: { from: null, to: 'Harbour House\n12 Quay Street\nPortsmouth PO1 3AB' },
      tax_number: { from: null, to: 'GB 123 4567 89' },
      mail_sender_name: { from: null, to: 'Harbour Parking Bookings' },
      mail_reply_to: { from: null, to: 'desk@harbour.example' },
      first_day_of_week: { from: 1, to: 7 },
      terms: { from: null, to: 'Payable within 30 days.\nQuote the booking reference with every payment.' },
    });

    // The same values again change nothing and leave no second entry.
    expect((await update(tenant, DETAILS)).status).toBe(200);
    expect(
      await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.company_id, tenant.company.id), eq(auditLog.entity, 'company'))),
    ).toHaveLength(1);
  });

  it('a part of them changes alone; blank or null clears an optional field, never the e-mail', async () => {
    const tenant = await createTenant(ctx);
    await update(tenant, DETAILS);
    const partial = await update(tenant, { tax_number: '   ', terms: null, mail_sender_name: '' });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body.data).toMatchObject({
      tax_number: null,
      terms: null,
      mail_sender_name: null,
      // Untouched:
      mail_reply_to: 'desk@harbour.example',
      first_day_of_week: 7,
      address: 'Harbour House\n12 Quay Street\nPortsmouth PO1 3AB',
    });
    const noEmail = await update(tenant, { contact_email: '' });
    expect(noEmail.status).toBe(400);
    expect(fieldsOf(noEmail.body)).toEqual({ contact_email: en.validation.required });
    const empty = await update(tenant, {});
    expect(empty.status).toBe(400);
  });

  it('refuses bad input with a message per field in English and in Tamil, and saves none of it', async () => {
    const tenant = await createTenant(ctx);
    await update(tenant, DETAILS);
    const bad = {
      contact_email: 'office at harbour',
      contact_phone: 'call us',
      address: 'x'.repeat(301),
      tax_number: 'GB<123>',
      mail_sender_name: 'bookings@harbour.example',
      mail_reply_to: 'desk@',
      first_day_of_week: 0,
      terms: 't'.repeat(5001),
    };
    const english = await update(tenant, bad);
    expect(english.status).toBe(400);
    expect(english.body).toMatchObject({ code: 'validation_failed' });
    expect(fieldsOf(english.body)).toEqual({
      contact_email: en.validation.wrongEmail,
      contact_phone: en.validation.wrongPhone,
      address: en.validation.max300,
      tax_number: en.validation.taxNumber,
      mail_sender_name: en.validation.senderName,
      mail_reply_to: en.validation.wrongEmail,
      first_day_of_week: en.validation.weekday,
      terms: en.validation.max5000,
    });
    const tamil = await update(tenant, bad, 'ta');
    expect(tamil.status).toBe(400);
    expect(fieldsOf(tamil.body)).toEqual({
      contact_email: ta.validation.wrongEmail,
      contact_phone: ta.validation.wrongPhone,
      address: ta.validation.max300,
      tax_number: ta.validation.taxNumber,
      mail_sender_name: ta.validation.senderName,
      mail_reply_to: ta.validation.wrongEmail,
      first_day_of_week: ta.validation.weekday,
      terms: ta.validation.max5000,
    });
    // A sender name cannot carry a second header line either.
    const injected = await update(tenant, { mail_sender_name: 'Harbour\r\nBcc: all@example.com' });
    expect(fieldsOf(injected.body)).toEqual({ mail_sender_name: en.validation.senderName });
    // One good field beside a bad one: nothing is written.
    const mixed = await update(tenant, { tax_number: 'GB 999 9999 99', first_day_of_week: 9 });
    expect(mixed.status).toBe(400);
    expect((await details(tenant)).body.data).toMatchObject({ tax_number: 'GB 123 4567 89', first_day_of_week: 7 });
    const [row] = await ctx.db.select().from(companies).where(eq(companies.id, tenant.company.id));
    expect(row).toMatchObject({ tax_number: 'GB 123 4567 89', first_day_of_week: 7, mail_sender_name: 'Harbour Parking Bookings' });
  });

  it('switches public booking off and to paid in advance; a new client key refuses the old one at once, and the audit keeps neither', async () => {
    const tenant = await createTenant(ctx);
    const switched = await update(tenant, { public_booking_enabled: false, public_booking_payment: 'in_advance' });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body.data).toMatchObject({ public_booking_enabled: false, public_booking_payment: 'in_advance' });
    const unknown = await update(tenant, { public_booking_payment: 'by_cheque' }, 'ta');
    expect(fieldsOf(unknown.body)).toEqual({ public_booking_payment: ta.validation.invalidValue });

    const basicOf = (key: string) => ({ authorization: `Basic ${Buffer.from(`${tenant.company.id}:${key}`).toString('base64')}` });
    const current = await call(ctx.app, 'GET', '/api/company/client-key', tenant.headers);
    expect(current.body.data).toEqual({ company_id: tenant.company.id, client_key: tenant.company.client_key });
    const rotated = await call(ctx.app, 'POST', '/api/company/client-key/rotate', tenant.headers);
    expect(rotated.status).toBe(200);
    const fresh = (rotated.body.data as { client_key: string }).client_key;
    expect(fresh).not.toBe(tenant.company.client_key);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await call(ctx.app, 'GET', '/api/web-config', basicOf(tenant.company.client_key))).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/web-config', basicOf(fresh))).status).toBe(200);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.company_id, tenant.company.id), eq(auditLog.entity, 'company')));
    expect(JSON.stringify(entries)).not.toContain(fresh);
    expect(JSON.stringify(entries)).not.toContain(tenant.company.client_key);
    expect(entries.some((entry) => JSON.stringify(entry.changes).includes('client_key'))).toBe(true);

    // Another company's admin rotates their own key only.
    const second = await createTenant(ctx);
    await call(ctx.app, 'POST', '/api/company/client-key/rotate', second.headers);
    expect((await call(ctx.app, 'GET', '/api/web-config', basicOf(fresh))).status).toBe(200);
  });

  it("a second company's admin reads and changes only their own company's details: never the first one's", async () => {
    const first = await createTenant(ctx);
    await update(first, DETAILS);
    const second = await createTenant(ctx);
    const theirs = await details(second);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toMatchObject({ company_id: second.company.id, tax_number: null, terms: null });
    expect(JSON.stringify(theirs.body)).not.toContain('Harbour');

    expect((await update(second, { tax_number: 'LK 55 66' })).status).toBe(200);
    expect((await details(first)).body.data).toMatchObject({ tax_number: 'GB 123 4567 89' });
    // The body cannot name a company (strict bodies): 400, and nothing changes anywhere.
    const named = await update(second, { company_id: first.company.id, tax_number: 'XX 1' });
    expect(named.status).toBe(400);
    expect(fieldsOf(named.body)).toMatchObject({ company_id: en.validation.unknownField });
    expect((await details(first)).body.data).toMatchObject({ tax_number: 'GB 123 4567 89' });
    expect((await details(second)).body.data).toMatchObject({ tax_number: 'LK 55 66' });
    // Nor does the query string.
    const viaQuery = await call(ctx.app, 'GET', `/api/company/details?company_id=${first.company.id}`, second.headers);
    expect(JSON.stringify(viaQuery.body)).not.toContain('GB 123 4567 89');
    // The second company's audit holds its own change only.
    const firstEntries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'company'), eq(auditLog.entity_id, String(first.company.id))));
    expect(firstEntries.every((entry) => entry.company_id === first.company.id && entry.actor_user_id === first.user.id)).toBe(true);
  });

  it('only a role that may change the company settings reads or changes them (a driver, a read-only role and the super admin may not)', async () => {
    const tenant = await createTenant(ctx);
    const driver = await addUser(ctx, tenant.company.id, 'driver');
    expect((await details(driver)).status).toBe(403);
    expect((await update(driver, { tax_number: 'GB 1' })).status).toBe(403);

    const [role] = await ctx.db
      .insert(roles)
      .values({ company_id: tenant.company.id, name: 'Bookkeeper', permissions: ['bookings.view', 'agencies.view'] })
      .returning();
    const bookkeeper = await createUser(ctx.db, { company_id: tenant.company.id, role: 'admin', role_id: role?.id ?? null });
    const keeper: Tenant = {
      company: null,
      user: bookkeeper,
      headers: { authorization: `Bearer ${await mintAccessToken(ctx, bookkeeper)}` },
    };
    expect((await details(keeper)).status).toBe(403);
    expect((await update(keeper, { tax_number: 'GB 1' })).status).toBe(403);

    const superAdmin = await createSuperAdmin(ctx);
    expect((await details(superAdmin)).status).toBe(403);
    expect((await details(tenant)).body.data).toMatchObject({ tax_number: null });
  });

  it("the super admin's company record keeps its own fields: the details the company keeps are not in it", async () => {
    const tenant = await createTenant(ctx);
    await update(tenant, DETAILS);
    const superAdmin = await createSuperAdmin(ctx);
    const record = await call(ctx.app, 'GET', `/api/company/get/${tenant.company.id}`, superAdmin.headers);
    expect(record.status).toBe(200);
    // The contact details are the same columns, so both see one address; the rest is the company's own business.
    expect(record.body.data).toMatchObject({
      contact_email: 'office@harbour.example',
      address: 'Harbour House\n12 Quay Street\nPortsmouth PO1 3AB',
    });
    expect(record.body.data).not.toHaveProperty('terms');
    expect(record.body.data).not.toHaveProperty('tax_number');
  });
});
