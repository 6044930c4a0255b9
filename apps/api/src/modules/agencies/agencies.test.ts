import { agencySortFields } from '@ps/contracts';
import agenciesEn from '@ps/contracts/locales/agencies.en.json' with { type: 'json' };
import agenciesTa from '@ps/contracts/locales/agencies.ta.json' with { type: 'json' };
import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../../test/crud-suite.ts';
import {
  type BookingRoute,
  bookingBody,
  createBookingThroughApi,
  insertBooking,
  insertBookingRoute,
} from '../../../test/factories/bookings.ts';
import { uniqueTag } from '../../../test/factories/catalogue.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, createSuperAdmin, createTenant, type Tenant } from '../../../test/kit.ts';
import { agencies, companies, coreAgencies, payments } from '../../db/schema/index.ts';

describeCrudResource('agencies', {
  base: '/api/agency',
  entity: 'agency',
  createBody: () => ({ name: `Blue Sky Travel ${uniqueTag()}`, commission_percent: 12.5, contact_email: 'sales@bluesky.example' }),
  update: {
    body: { commission_percent: 7.25, contact_name: 'Ravi Kumar' },
    expect: { commission_percent: 7.25, contact_name: 'Ravi Kumar' },
  },
  invalid: {
    body: { name: 'ab', commission_percent: 100.5, contact_email: 'nope', core_agency_id: 0 },
    fields: ['name', 'commission_percent', 'contact_email', 'core_agency_id'],
  },
  sortFields: agencySortFields,
  searchTermOf: (record) => String(record.name),
});

let ctx: TestContext;
let owner: Tenant & { company: { id: number } };
let route: BookingRoute;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createTenant(ctx);
  route = await insertBookingRoute(ctx.db, owner.company.id);
});
afterAll(() => ctx?.close());

type Detail = { field: string; code: string; message: string };
type AgencyRecord = { id: number; commission_percent: number; name: string };
const detail = (body: Record<string, unknown>, field: string) =>
  (body.details as Detail[] | undefined)?.find((item) => item.field === field);

async function addAgency(tenant: Tenant, overrides: Record<string, unknown> = {}): Promise<AgencyRecord> {
  const response = await call(ctx.app, 'POST', '/api/agency/add', tenant.headers, {
    name: `Agency ${uniqueTag()}`,
    commission_percent: 10,
    ...overrides,
  });
  if (response.status !== 201) throw new Error(`agency add failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as AgencyRecord;
}

describe('agencies', () => {
  it('keeps the commission with two decimals and refuses a third one, a negative one or more than 100', async () => {
    const agency = await addAgency(owner, { commission_percent: 12.55 });
    expect(agency.commission_percent).toBe(12.55);
    for (const commission_percent of [12.555, -1, 100.01]) {
      const response = await call(ctx.app, 'POST', '/api/agency/add', owner.headers, { name: `Bad ${uniqueTag()}`, commission_percent });
      expect(response.status, String(commission_percent)).toBe(400);
      expect(detail(response.body, 'commission_percent')?.code).toBe('validation.commissionPercent');
    }
    const tamil = await call(
      ctx.app,
      'POST',
      '/api/agency/add',
      { ...owner.headers, 'accept-language': 'ta' },
      { name: 'Bad one', commission_percent: 101 },
    );
    expect(detail(tamil.body, 'commission_percent')?.message).toBe(ta.validation.commissionPercent);
  });

  it('refuses the same name in the company in any case (409 on name); another company may use it', async () => {
    const name = `Lanka Holidays ${uniqueTag()}`;
    await addAgency(owner, { name });
    const again = await call(ctx.app, 'POST', '/api/agency/add', owner.headers, { name: name.toLowerCase(), commission_percent: 5 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'agency_name_taken', message: agenciesEn.errors.agency_name_taken });
    expect(detail(again.body, 'name')).toBeDefined();
    await addAgency(await createTenant(ctx), { name });
  });

  it('takes a core agency only when it exists and is active (400 on core_agency_id, nothing written)', async () => {
    const [inactive] = await ctx.db
      .insert(coreAgencies)
      .values({ name: `Sleeping ${uniqueTag()}`, status: 0 })
      .returning();
    const name = `Picky ${uniqueTag()}`;
    for (const core_agency_id of [inactive?.id, 2_000_000_000]) {
      const response = await call(ctx.app, 'POST', '/api/agency/add', owner.headers, { name, core_agency_id, commission_percent: 5 });
      expect(response.status).toBe(400);
      expect(detail(response.body, 'core_agency_id')?.message).toBe(en.validation.invalidValue);
    }
    expect(await ctx.db.select().from(agencies).where(eq(agencies.name, name))).toEqual([]);
    // A link made while the core agency was active stays through later edits once it is deactivated.
    const [core] = await ctx.db
      .insert(coreAgencies)
      .values({ name: `Awake ${uniqueTag()}` })
      .returning();
    const linked = await addAgency(owner, { core_agency_id: core?.id });
    await ctx.db
      .update(coreAgencies)
      .set({ status: 0 })
      .where(eq(coreAgencies.id, core?.id ?? 0));
    const edited = await call(ctx.app, 'PATCH', `/api/agency/update/${linked.id}`, owner.headers, {
      core_agency_id: core?.id,
      commission_percent: 9,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ core_agency_id: core?.id, commission_percent: 9 });
  });

  it('refuses to delete an agency that sold a booking (409 agency_in_use, in English and Tamil)', async () => {
    const agency = await addAgency(owner);
    await createBookingThroughApi(ctx, owner, route, { channel: 'agency', agency_id: agency.id });
    const refused = await call(ctx.app, 'DELETE', `/api/agency/delete/${agency.id}`, owner.headers);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'agency_in_use', message: agenciesEn.errors.agency_in_use });
    const tamil = await call(ctx.app, 'DELETE', `/api/agency/delete/${agency.id}`, { ...owner.headers, 'accept-language': 'ta' });
    expect(tamil.body.message).toBe(agenciesTa.errors.agency_in_use);
    const unused = await addAgency(owner);
    expect((await call(ctx.app, 'DELETE', `/api/agency/delete/${unused.id}`, owner.headers)).status).toBe(200);
  });

  it("stops a company's deletion: an agency is a business record", async () => {
    const superAdmin = await createSuperAdmin(ctx);
    const tenant = await createTenant(ctx);
    await addAgency(tenant);
    const removed = await call(ctx.app, 'DELETE', `/api/company/delete/${tenant.company.id}`, superAdmin.headers);
    expect(removed.status).toBe(409);
    expect(removed.body.code).toBe('company_in_use');
  });
});

describe('bookings sold by an agency', () => {
  it('keep the rate they were sold at when the agency changes it, and name the agency', async () => {
    const agency = await addAgency(owner, { commission_percent: 10 });
    const sold = await createBookingThroughApi(ctx, owner, route, { channel: 'agency', agency_id: agency.id });
    expect(sold).toMatchObject({ agency_id: agency.id, agency_name: agency.name, agency_commission_percent: 10 });
    await call(ctx.app, 'PATCH', `/api/agency/update/${agency.id}`, owner.headers, { commission_percent: 15 });
    const later = await createBookingThroughApi(ctx, owner, route, { channel: 'agency', agency_id: agency.id });
    expect(later.agency_commission_percent).toBe(15);
    const old = await call(ctx.app, 'GET', `/api/booking/get/${sold.id}`, owner.headers);
    expect(old.body.data).toMatchObject({ agency_commission_percent: 10 });
    // Changing something else keeps the rate too; clearing the agency clears it.
    const edited = await call(ctx.app, 'PATCH', `/api/booking/update/${sold.id}`, owner.headers, {
      notes: 'Window seat',
      agency_id: agency.id,
    });
    expect(edited.body.data).toMatchObject({ agency_commission_percent: 10 });
    const cleared = await call(ctx.app, 'PATCH', `/api/booking/update/${sold.id}`, owner.headers, { channel: 'phone', agency_id: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.data).toMatchObject({ agency_id: null, agency_name: null, agency_commission_percent: null });
    // Set again later: the rate of that moment.
    const reset = await call(ctx.app, 'PATCH', `/api/booking/update/${sold.id}`, owner.headers, { agency_id: agency.id });
    expect(reset.body.data).toMatchObject({ agency_id: agency.id, agency_commission_percent: 15 });
  });

  it("refuse another company's agency exactly like a missing one, and an inactive one (400 on agency_id)", async () => {
    const stranger = await createTenant(ctx);
    const theirs = await addAgency(stranger);
    const mine = await addAgency(owner, { status: 0 });
    const answers = [];
    for (const agency_id of [theirs.id, 2_000_000_000, mine.id]) {
      const response = await call(
        ctx.app,
        'POST',
        '/api/booking/add',
        { ...owner.headers, 'accept-language': 'ta' },
        bookingBody(route, { channel: 'agency', agency_id }),
      );
      expect(response.status).toBe(400);
      answers.push(response.body);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(detail(answers[0] as Record<string, unknown>, 'agency_id')?.message).toBe(ta.validation.invalidValue);
    const existing = await createBookingThroughApi(ctx, owner, route);
    const update = await call(ctx.app, 'PATCH', `/api/booking/update/${existing.id}`, owner.headers, { agency_id: theirs.id });
    expect(update.status).toBe(400);
    expect(detail(update.body, 'agency_id')).toBeDefined();
  });

  it('of the agency channel must name the agency (400 on agency_id, in the language asked)', async () => {
    const response = await call(
      ctx.app,
      'POST',
      '/api/booking/add',
      { ...owner.headers, 'accept-language': 'ta' },
      bookingBody(route, { channel: 'agency' }),
    );
    expect(response.status).toBe(400);
    expect(detail(response.body, 'agency_id')).toMatchObject({ code: 'validation.agencyNeeded', message: ta.validation.agencyNeeded });
    const phone = await createBookingThroughApi(ctx, owner, route);
    const switched = await call(ctx.app, 'PATCH', `/api/booking/update/${phone.id}`, owner.headers, { channel: 'agency' });
    expect(switched.status).toBe(400);
    expect(detail(switched.body, 'agency_id')?.message).toBe(en.validation.agencyNeeded);
  });

  it('cannot set the commission rate themselves (strict body)', async () => {
    const response = await call(ctx.app, 'POST', '/api/booking/add', owner.headers, {
      ...bookingBody(route, { channel: 'phone' }),
      agency_commission_percent: 50,
    });
    expect(response.status).toBe(400);
    expect(detail(response.body, 'agency_commission_percent')).toBeDefined();
  });
});

describe("an agency's statement", () => {
  type Statement = {
    from: string;
    to: string;
    time_zone: string;
    currency: string;
    lines: Array<Record<string, unknown> & { reference: string; commission: number; counted: boolean }>;
    totals: Record<string, number>;
  };
  const statementOf = async (tenant: Tenant, id: number, from: string, to: string, headers: Record<string, string> = {}) =>
    call(ctx.app, 'GET', `/api/agency/statement/${id}?from=${from}&to=${to}`, { ...tenant.headers, ...headers });

  it("lists the period's bookings by departure day on the company's clock, with commission, collected and the balance", async () => {
    const tenant = await createTenant(ctx);
    // Colombo is UTC+5:30: 19:00 UTC on 31 May is 1 June there; 18:00 UTC on 30 June is 23:30 on 30 June.
    await ctx.db.update(companies).set({ time_zone: 'Asia/Colombo', currency: 'LKR' }).where(eq(companies.id, tenant.company.id));
    const place = await insertBookingRoute(ctx.db, tenant.company.id, { timeZone: 'Asia/Colombo' });
    const agency = await addAgency(tenant, { commission_percent: 12.5 });
    const other = await addAgency(tenant);
    const sold = (departure: string, values: Record<string, unknown>) =>
      insertBooking(ctx.db, tenant.company.id, place, {
        channel: 'agency',
        agency_id: agency.id,
        agency_commission_percent: '12.50',
        departure_at: new Date(departure),
        arrival_at: new Date(Date.parse(departure) + 3 * 86_400_000),
        ...values,
      });
    const first = await sold('2026-05-31T19:00:00Z', { reference: 'PS-AAAA-01', total: 1005, base_price: 1005 });
    await sold('2026-06-15T10:00:00Z', { reference: 'PS-AAAA-02', total: 2000, base_price: 2000, agency_commission_percent: '10.00' });
    const cancelled = await sold('2026-06-20T10:00:00Z', { reference: 'PS-AAAA-03', total: 3000, base_price: 3000, status: 'cancelled' });
    await sold('2026-06-30T18:00:00Z', { reference: 'PS-AAAA-04', total: 999, base_price: 999, status: 'completed' });
    // Outside the period on the company's clock: 18:29 UTC on 31 May is 23:59 on 31 May; 18:30 UTC on 30 June is 1 July.
    await sold('2026-05-31T18:29:00Z', { reference: 'PS-AAAA-05', total: 5000, base_price: 5000 });
    await sold('2026-06-30T18:30:00Z', { reference: 'PS-AAAA-06', total: 5000, base_price: 5000 });
    // Another agency's booking and a booking sold by nobody are not on it.
    await insertBooking(ctx.db, tenant.company.id, place, {
      agency_id: other.id,
      agency_commission_percent: '10.00',
      departure_at: new Date('2026-06-10T10:00:00Z'),
      arrival_at: new Date('2026-06-12T10:00:00Z'),
    });
    await insertBooking(ctx.db, tenant.company.id, place, {
      departure_at: new Date('2026-06-10T10:00:00Z'),
      arrival_at: new Date('2026-06-12T10:00:00Z'),
    });
    // The agency took 1005 for the first booking and 500 on the cancelled one; a card payment and a deleted one are not the agency's.
    await ctx.db.insert(payments).values([
      { company_id: tenant.company.id, booking_id: first.id, amount: 1005, method: 'agency', paid_at: new Date() },
      { company_id: tenant.company.id, booking_id: cancelled.id, amount: 500, method: 'agency', paid_at: new Date() },
      { company_id: tenant.company.id, booking_id: first.id, amount: 700, method: 'card', paid_at: new Date() },
      { company_id: tenant.company.id, booking_id: first.id, amount: 300, method: 'agency', paid_at: new Date(), deleted_at: new Date() },
    ]);

    const response = await statementOf(tenant, agency.id, '2026-06-01', '2026-06-30');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const statement = response.body.data as Statement;
    expect(statement).toMatchObject({ from: '2026-06-01', to: '2026-06-30', time_zone: 'Asia/Colombo', currency: 'LKR' });
    expect(statement.lines.map((line) => line.reference)).toEqual(['PS-AAAA-01', 'PS-AAAA-02', 'PS-AAAA-03', 'PS-AAAA-04']);
    expect(statement.lines[0]).toMatchObject({
      customer_name: 'Grace Hopper',
      departure_at: '2026-05-31T19:00:00.000Z',
      status: 'confirmed',
      total: 1005,
      commission_percent: 12.5,
      // 1005 x 12.5% = 125.625: rounded to 126 minor units.
      commission: 126,
      collected: 1005,
      counted: true,
    });
    expect(statement.lines[1]).toMatchObject({ commission_percent: 10, commission: 200, collected: 0 });
    // Cancelled: listed with its total and rate, but no commission and not in the sales.
    expect(statement.lines[2]).toMatchObject({
      status: 'cancelled',
      total: 3000,
      commission_percent: 12.5,
      commission: 0,
      collected: 500,
      counted: false,
    });
    // 999 x 12.5% = 124.875: 125.
    expect(statement.lines[3]).toMatchObject({ status: 'completed', commission: 125 });
    expect(statement.totals).toEqual({
      bookings: 4,
      cancelled: 1,
      sales: 1005 + 2000 + 999,
      commission: 126 + 200 + 125,
      collected: 1505,
      // The agency holds 1505 and earned 451: it owes the company 1054.
      balance: 1505 - 451,
    });

    // A period without its bookings: nothing, and a balance of 0.
    const empty = await statementOf(tenant, agency.id, '2025-01-01', '2025-01-31');
    expect((empty.body.data as Statement).totals).toEqual({ bookings: 0, cancelled: 0, sales: 0, commission: 0, collected: 0, balance: 0 });
  });

  it('has a negative balance when the company took the money: it owes the agency its commission', async () => {
    const agency = await addAgency(owner, { commission_percent: 20 });
    const booking = await createBookingThroughApi(ctx, owner, route, { channel: 'agency', agency_id: agency.id });
    const response = await statementOf(owner, agency.id, '2026-06-01', '2026-06-30');
    const statement = response.body.data as Statement;
    expect(statement.lines.map((line) => line.reference)).toEqual([booking.reference]);
    expect(statement.totals).toMatchObject({ sales: booking.total, commission: Math.round(booking.total * 0.2), collected: 0 });
    expect(statement.totals.balance).toBe(-Math.round(booking.total * 0.2));
  });

  it('refuses a period that ends before it starts or is longer than 366 days (400 on to, in the language asked)', async () => {
    const agency = await addAgency(owner);
    const backwards = await statementOf(owner, agency.id, '2026-06-30', '2026-06-01', { 'accept-language': 'ta' });
    expect(backwards.status).toBe(400);
    expect(detail(backwards.body, 'to')).toMatchObject({ code: 'validation.dateOrder', message: ta.validation.dateOrder });
    const long = await statementOf(owner, agency.id, '2025-01-01', '2026-01-02');
    expect(long.status).toBe(400);
    expect(detail(long.body, 'to')).toMatchObject({ code: 'validation.periodTooLong', message: en.validation.periodTooLong });
    // A leap year's 366 days are fine.
    expect((await statementOf(owner, agency.id, '2028-01-01', '2028-12-31')).status).toBe(200);
    const malformed = await statementOf(owner, agency.id, '2026-02-30', 'june');
    expect(malformed.status).toBe(400);
    expect(detail(malformed.body, 'from')?.code).toBe('validation.date');
  });

  it("carries the company's letterhead: its name, address, contact, VAT number and terms as its admin set them", async () => {
    const tenant = await createTenant(ctx);
    const agency = await addAgency(tenant);
    const blank = (await statementOf(tenant, agency.id, '2026-06-01', '2026-06-30')).body.data as { company: Record<string, unknown> };
    expect(blank.company).toEqual({
      name: tenant.company.name,
      address: null,
      contact_phone: null,
      contact_email: null,
      tax_number: null,
      terms: null,
    });
    const saved = await call(ctx.app, 'PATCH', '/api/company/details/update', tenant.headers, {
      address: 'Harbour House\nPortsmouth PO1 3AB',
      contact_phone: '+44 23 9200 0000',
      contact_email: 'office@harbour.example',
      tax_number: 'GB 123 4567 89',
      terms: 'Payable within 30 days.',
      mail_sender_name: 'Harbour Bookings',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const response = await statementOf(tenant, agency.id, '2026-06-01', '2026-06-30');
    expect((response.body.data as { company: unknown }).company).toEqual({
      name: tenant.company.name,
      address: 'Harbour House\nPortsmouth PO1 3AB',
      contact_phone: '+44 23 9200 0000',
      contact_email: 'office@harbour.example',
      tax_number: 'GB 123 4567 89',
      terms: 'Payable within 30 days.',
    });
    // Another company's admin learns nothing of it.
    const stranger = await createTenant(ctx);
    const theirs = await statementOf(stranger, agency.id, '2026-06-01', '2026-06-30');
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toMatch(/GB 123|Harbour|Payable/);
  });

  it("is a 404 for another company's agency and a 403 for a driver", async () => {
    const agency = await addAgency(owner);
    const stranger = await createTenant(ctx);
    const theirs = await statementOf(stranger, agency.id, '2026-06-01', '2026-06-30');
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain(agency.name);
    const driver = await addUser(ctx, owner.company.id, 'driver');
    expect((await statementOf(driver, agency.id, '2026-06-01', '2026-06-30')).status).toBe(403);
  });
});
