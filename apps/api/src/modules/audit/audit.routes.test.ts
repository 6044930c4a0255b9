import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AuditEntry, auditEntities } from '@ps/contracts';
import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertBookingPlace } from '../../../test/factories/booking-rows.ts';
import { insertDriver } from '../../../test/factories/drivers.ts';
import { createAirport, createCompany, createUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createSuperAdmin, createTenant, type Headers, mintAccessToken } from '../../../test/kit.ts';
import { auditLog, companies } from '../../db/schema/index.ts';
import { AUDIT_EXPORT_BATCH } from './audit.log.ts';

/**
 * The Audit screen's API (issue 9, section 5): the company's log as a page with its filters, the filter lists, the CSV
 * export; company scope, permission, and no way to change the log through the API.
 */

let ctx: TestContext;
/** A company on Colombo's clock (UTC+05:30): a change at 18:40 UTC is the next day there. */
let company: { id: number };
let admin: { id: number; name: string };
let clerk: { id: number; name: string };
let headers: Headers;
let other: Awaited<ReturnType<typeof createTenant>>;
const ids: Record<'agency' | 'bookingCreate' | 'bookingDelete' | 'user' | 'mail', number> = {
  agency: 0,
  bookingCreate: 0,
  bookingDelete: 0,
  user: 0,
  mail: 0,
};

async function insertEntry(values: typeof auditLog.$inferInsert): Promise<number> {
  const [row] = await ctx.db.insert(auditLog).values(values).returning({ id: auditLog.id });
  return row?.id ?? 0;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const created = await createCompany(ctx.db, { time_zone: 'Asia/Colombo' });
  company = created;
  const adminUser = await createUser(ctx.db, { company_id: company.id, role: 'admin', name: 'Asha Admin' });
  const clerkUser = await createUser(ctx.db, { company_id: company.id, role: 'admin', name: 'Kumar Clerk' });
  admin = adminUser;
  clerk = clerkUser;
  headers = { authorization: `Bearer ${await mintAccessToken(ctx, adminUser)}` };
  other = await createTenant(ctx);

  ids.bookingCreate = await insertEntry({
    company_id: company.id,
    actor_user_id: clerk.id,
    entity: 'booking',
    entity_id: '5',
    action: 'create',
    changes: { reference: { to: 'PS-1' }, notes: { to: 'Gate 4, "north"\nsecond line' } },
    created_at: new Date('2026-03-01T10:00:00Z'),
  });
  ids.agency = await insertEntry({
    company_id: company.id,
    actor_user_id: admin.id,
    entity: 'agency',
    entity_id: '11',
    action: 'update',
    changes: { name: { from: 'Blue Sky', to: '=HYPERLINK("http://x")' }, commission_percent: { from: 10, to: 12.5 } },
    // 00:10 on 2 March in Colombo.
    created_at: new Date('2026-03-01T18:40:00Z'),
  });
  ids.user = await insertEntry({
    company_id: company.id,
    actor_user_id: admin.id,
    entity: 'user',
    entity_id: String(admin.id),
    action: 'update',
    changes: { password_hash: { to: '[changed]' }, name: { from: 'Asha', to: 'Asha Admin' } },
    created_at: new Date('2026-03-02T12:00:00Z'),
  });
  ids.mail = await insertEntry({
    company_id: company.id,
    actor_user_id: clerk.id,
    entity: 'mail_message',
    entity_id: '9',
    action: 'create',
    changes: { subject: { to: 'Your booking' }, text_body: { to: 'Dear customer' }, html_body: { to: '<p>Dear</p>' } },
    created_at: new Date('2026-03-02T13:00:00Z'),
  });
  ids.bookingDelete = await insertEntry({
    company_id: company.id,
    actor_user_id: null,
    entity: 'booking',
    entity_id: '5',
    action: 'delete',
    changes: { reference: { from: 'PS-1' }, tags: { from: ['vip', 'late'] } },
    created_at: new Date('2026-03-03T12:00:00Z'),
  });
  // Another company's change: never in this company's answers.
  await insertEntry({
    company_id: other.company.id,
    actor_user_id: other.user.id,
    entity: 'agency',
    entity_id: '11',
    action: 'update',
    changes: { name: { from: 'Theirs', to: 'Still theirs' } },
    created_at: new Date('2026-03-02T09:00:00Z'),
  });
});
afterAll(() => ctx?.close());

const list = async (query = '', as: Headers = headers) => {
  const response = await call(ctx.app, 'GET', `/api/audit/list${query ? `?${query}` : ''}`, as);
  return { ...response, entries: (response.body.data ?? []) as AuditEntry[] };
};
const idsOf = (entries: AuditEntry[]) => entries.map((entry) => entry.id);
/** A changed field that points at no other record (no names). */
const plain = (field: string, from: unknown, to: unknown) => ({ field, from, to, from_name: null, to_name: null });
const exportCsv = (query = '', extra: Headers = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/audit/export${query ? `?${query}` : ''}`, headers: { ...headers, ...extra } });

describe('GET /api/audit/list', () => {
  it("answers the company's entries newest first, each with who, what and every field before and after", async () => {
    const { status, body, entries } = await list();
    expect(status).toBe(200);
    expect(idsOf(entries)).toEqual([ids.bookingDelete, ids.mail, ids.user, ids.agency, ids.bookingCreate]);
    expect(body.pagination).toEqual({ page: 1, page_size: 20, total: 5 });
    expect(entries[3]).toEqual({
      id: ids.agency,
      created_at: '2026-03-01T18:40:00.000Z',
      actor: { id: admin.id, name: 'Asha Admin' },
      entity: 'agency',
      entity_id: '11',
      // No agency 11 in the company: it keeps its id.
      record_name: null,
      action: 'update',
      changes: [plain('commission_percent', 10, 12.5), plain('name', 'Blue Sky', '=HYPERLINK("http://x")')],
    });
    // The system's change has no actor; a deletion has no "to"; a creation no "from".
    expect(entries[0]).toMatchObject({
      actor: null,
      action: 'delete',
      changes: [plain('reference', 'PS-1', null), plain('tags', ['vip', 'late'], null)],
    });
    expect(entries[4]?.changes[1]).toEqual(plain('reference', null, 'PS-1'));
    // A secret says only that it changed; a message's bodies are left out.
    expect(entries[2]?.changes).toEqual([plain('name', 'Asha', 'Asha Admin'), plain('password_hash', null, '[changed]')]);
    expect(entries[1]?.changes).toEqual([plain('subject', null, 'Your booking')]);
  });

  it('pages: page_size and page cut the same order, and the total stays', async () => {
    const second = await list('page=2&page_size=2');
    expect(idsOf(second.entries)).toEqual([ids.user, ids.agency]);
    expect(second.body.pagination).toEqual({ page: 2, page_size: 2, total: 5 });
    const last = await list('page=3&page_size=2');
    expect(idsOf(last.entries)).toEqual([ids.bookingCreate]);
    expect(idsOf((await list('page=4&page_size=2')).entries)).toEqual([]);
  });

  it('each filter narrows to exactly its entries', async () => {
    expect(idsOf((await list(`user_id=${clerk.id}`)).entries)).toEqual([ids.mail, ids.bookingCreate]);
    expect(idsOf((await list(`user_id=${admin.id}`)).entries)).toEqual([ids.user, ids.agency]);
    expect(idsOf((await list('entity=booking')).entries)).toEqual([ids.bookingDelete, ids.bookingCreate]);
    expect(idsOf((await list('entity_id=5')).entries)).toEqual([ids.bookingDelete, ids.bookingCreate]);
    expect(idsOf((await list('entity=agency&entity_id=5')).entries)).toEqual([]);
    expect(idsOf((await list('entity=agency&entity_id=11')).entries)).toEqual([ids.agency]);
    expect(idsOf((await list('action=delete')).entries)).toEqual([ids.bookingDelete]);
    expect(idsOf((await list('action=create')).entries)).toEqual([ids.mail, ids.bookingCreate]);
    expect(idsOf((await list(`action=create&user_id=${clerk.id}&entity=booking`)).entries)).toEqual([ids.bookingCreate]);
    expect((await list('entity=booking')).body.pagination).toMatchObject({ total: 2 });
  });

  it("filters days on the company's clock, both ends counted", async () => {
    // 18:40 UTC on 1 March is 00:10 on 2 March in Colombo: a 2 March entry, whatever the browser's zone.
    expect(idsOf((await list('to=2026-03-01&time_zone=UTC')).entries)).toEqual([ids.bookingCreate]);
    expect(idsOf((await list('from=2026-03-02&to=2026-03-02')).entries)).toEqual([ids.mail, ids.user, ids.agency]);
    expect(idsOf((await list('from=2026-03-03')).entries)).toEqual([ids.bookingDelete]);
    expect(idsOf((await list('from=2026-03-04')).entries)).toEqual([]);
  });

  it('refuses bad filters with 400 naming each parameter, in the caller’s language', async () => {
    const bad = await list('entity=spaceship&action=rename&user_id=abc&from=2026-02-30&page_size=1000');
    expect(bad.status).toBe(400);
    const fields = (bad.body.details as Array<{ field: string }>).map((detail) => detail.field).sort();
    expect(fields).toEqual(['action', 'entity', 'from', 'page_size', 'user_id']);
    const order = await ctx.app.inject({
      method: 'GET',
      url: '/api/audit/list?from=2026-03-05&to=2026-03-01',
      headers: { ...headers, 'accept-language': 'ta' },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().details).toEqual([expect.objectContaining({ field: 'to', message: ta.validation.dateOrder })]);
    const english = await call(ctx.app, 'GET', '/api/audit/list?entity=spaceship', headers);
    expect(english.body.details).toEqual([expect.objectContaining({ field: 'entity', message: en.validation.invalidValue })]);
    const csv = await exportCsv('action=rename');
    expect(csv.statusCode).toBe(400);
  });

  it('shows a change made through the API with its before and after', async () => {
    const tenant = await createTenant(ctx);
    const airport = await createAirport(ctx.db, tenant.company.id, { name: 'Before Field' });
    const changed = await call(ctx.app, 'PATCH', `/api/airport/update/${airport.id}`, tenant.headers, { name: 'After Field' });
    expect(changed.status).toBe(200);
    const { entries } = await list(`entity=airport&entity_id=${airport.id}`, tenant.headers);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { id: tenant.user.id, name: tenant.user.name },
      entity: 'airport',
      entity_id: String(airport.id),
      action: 'update',
      changes: [{ field: 'name', from: 'Before Field', to: 'After Field' }],
    });
  });
});

describe('GET /api/audit/filters', () => {
  it('lists the people who made changes, by name, and the kinds of record changed', async () => {
    const { status, body } = await call(ctx.app, 'GET', '/api/audit/filters', headers);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      users: [
        { id: admin.id, name: 'Asha Admin' },
        { id: clerk.id, name: 'Kumar Clerk' },
      ],
      entities: ['agency', 'booking', 'mail_message', 'user'],
    });
  });
});

describe('GET /api/audit/export', () => {
  it('writes one CSV line per changed field, times on the company clock, formulas defused and text quoted', async () => {
    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('attachment; filename="audit.csv"');
    expect(response.body.split('\r\n')).toEqual([
      '\uFEFFTime (Asia/Colombo),User,Resource,Record,Action,Field,Before,After',
      '2026-03-03 17:30:00,System,Booking,5,Deleted,Reference,PS-1,',
      '2026-03-03 17:30:00,System,Booking,5,Deleted,tags,"[""vip"",""late""]",',
      '2026-03-02 18:30:00,Kumar Clerk,Mail message,9,Created,Subject,,Your booking',
      // A user is named by their name.
      `2026-03-02 17:30:00,Asha Admin,User,Asha Admin,Changed,Name,Asha,Asha Admin`,
      `2026-03-02 17:30:00,Asha Admin,User,Asha Admin,Changed,Password,,[changed]`,
      '2026-03-02 00:10:00,Asha Admin,Agency,11,Changed,Commission %,10,12.5',
      '2026-03-02 00:10:00,Asha Admin,Agency,11,Changed,Name,Blue Sky,"\'=HYPERLINK(""http://x"")"',
      '2026-03-01 15:30:00,Kumar Clerk,Booking,5,Created,Notes,,"Gate 4, ""north""\nsecond line"',
      '2026-03-01 15:30:00,Kumar Clerk,Booking,5,Created,Reference,,PS-1',
      '',
    ]);
  });

  it('takes the same filters as the list, and speaks the caller’s language', async () => {
    const response = await exportCsv(`entity=agency&user_id=${admin.id}&from=2026-03-02&to=2026-03-02`, { 'accept-language': 'ta' });
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFநேரம் (Asia/Colombo),பயனர்,வளம்,பதிவு,செயல்,புலம்,முன்,பின்');
    expect(lines.slice(1)).toEqual([
      '2026-03-02 00:10:00,Asha Admin,முகவர் நிறுவனம்,11,மாற்றப்பட்டது,தரகு %,10,12.5',
      '2026-03-02 00:10:00,Asha Admin,முகவர் நிறுவனம்,11,மாற்றப்பட்டது,பெயர்,Blue Sky,"\'=HYPERLINK(""http://x"")"',
      '',
    ]);
  });

  it('streams a log longer than one batch whole, each entry once, even when many share one instant', async () => {
    const tenant = await createTenant(ctx);
    const count = AUDIT_EXPORT_BATCH * 2 + 7;
    const at = new Date('2026-04-01T08:00:00Z');
    await ctx.db.insert(auditLog).values(
      Array.from({ length: count }, (_, index) => ({
        company_id: tenant.company.id,
        actor_user_id: tenant.user.id,
        entity: 'voucher',
        entity_id: String(index + 1),
        action: 'create' as const,
        changes: { code: { to: `V${index + 1}` } },
        // Every third one at the same instant: the cursor must tell them apart by id.
        created_at: index % 3 === 0 ? at : new Date(at.getTime() + index * 1000),
      })),
    );
    const response = await ctx.app.inject({ method: 'GET', url: '/api/audit/export', headers: tenant.headers });
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(count);
    const records = lines.map((line) => line.split(',')[3]);
    expect(new Set(records).size).toBe(count);
    const listed = await list('page_size=100', tenant.headers);
    expect(listed.body.pagination).toMatchObject({ total: count });
  });
});

describe('reads like a story (issue 21)', () => {
  it('labels fields, says money as money, names bookings, drivers and places, shows times on the company clock, hides bookkeeping', async () => {
    const tenant = await createTenant(ctx);
    const place = await insertBookingPlace(ctx.db, tenant.company.id);
    const booking = await insertBooking(ctx.db, tenant.company.id, place);
    const { driver } = await insertDriver(ctx.db, tenant.company.id, { first_name: 'Priya', last_name: 'Raman' });
    const payment = await insertEntry({
      company_id: tenant.company.id,
      actor_user_id: tenant.user.id,
      entity: 'payment',
      entity_id: '31',
      action: 'create',
      changes: {
        id: { to: 31 },
        company_id: { to: tenant.company.id },
        booking_id: { to: booking.id },
        amount: { to: 5999 },
        method: { to: 'card' },
        created_by: { to: tenant.user.id },
        idempotency_key: { to: 'pay-575c' },
        // 14:04 in London (summer time).
        paid_at: { to: '2026-07-01T13:04:00.000Z' },
      },
      created_at: new Date('2026-07-01T13:05:00Z'),
    });
    const trip = await insertEntry({
      company_id: tenant.company.id,
      actor_user_id: tenant.user.id,
      entity: 'trip',
      entity_id: '77',
      action: 'update',
      changes: { driver_id: { from: null, to: driver.id }, from_location_id: { from: place.carPark.id, to: place.terminal.id } },
      created_at: new Date('2026-07-01T13:06:00Z'),
    });
    const document = await insertEntry({
      company_id: tenant.company.id,
      actor_user_id: tenant.user.id,
      entity: 'driver_document',
      entity_id: '4',
      action: 'create',
      changes: { driver_id: { to: driver.id }, file_name: { to: 'licence.pdf' }, stored_name: { to: '9f0c2a.pdf' } },
      created_at: new Date('2026-07-01T13:07:00Z'),
    });
    const made = await insertEntry({
      company_id: tenant.company.id,
      actor_user_id: tenant.user.id,
      entity: 'booking',
      entity_id: String(booking.id),
      action: 'update',
      changes: { notes: { from: null, to: 'Roof box' } },
      created_at: new Date('2026-07-01T13:08:00Z'),
    });

    const { entries } = await list('', tenant.headers);
    expect(idsOf(entries)).toEqual([made, document, trip, payment]);
    const [bookingEntry, documentEntry, tripEntry, paymentEntry] = entries;
    expect(bookingEntry?.record_name).toBe(booking.reference);
    expect(paymentEntry?.changes).toEqual([
      plain('amount', null, 5999),
      { field: 'booking_id', from: null, to: booking.id, from_name: null, to_name: booking.reference },
      plain('method', null, 'card'),
      plain('paid_at', null, '2026-07-01T13:04:00.000Z'),
    ]);
    expect(tripEntry?.changes).toEqual([
      { field: 'driver_id', from: null, to: driver.id, from_name: null, to_name: 'Priya Raman' },
      { field: 'from_location_id', from: place.carPark.id, to: place.terminal.id, from_name: 'Long Stay South', to_name: 'North Terminal' },
    ]);
    expect(documentEntry?.changes.map((change) => change.field)).toEqual(['driver_id', 'file_name']);

    const english = await ctx.app.inject({ method: 'GET', url: '/api/audit/export', headers: tenant.headers });
    const who = tenant.user.name;
    expect(english.body.split('\r\n').slice(1, -1)).toEqual([
      `2026-07-01 14:08:00,${who},Booking,${booking.reference},Changed,Notes,,Roof box`,
      `2026-07-01 14:07:00,${who},Driver document,4,Created,Driver,,Priya Raman`,
      `2026-07-01 14:07:00,${who},Driver document,4,Created,file_name,,licence.pdf`,
      `2026-07-01 14:06:00,${who},Trip,77,Changed,Driver,,Priya Raman`,
      `2026-07-01 14:06:00,${who},Trip,77,Changed,From,Long Stay South,North Terminal`,
      `2026-07-01 14:05:00,${who},Payment,31,Created,Amount,,£59.99`,
      `2026-07-01 14:05:00,${who},Payment,31,Created,Booking,,${booking.reference}`,
      `2026-07-01 14:05:00,${who},Payment,31,Created,Method,,card`,
      `2026-07-01 14:05:00,${who},Payment,31,Created,Paid,,2026-07-01 14:04:00`,
    ]);
    const tamil = await ctx.app.inject({
      method: 'GET',
      url: `/api/audit/export?entity=payment`,
      headers: { ...tenant.headers, 'accept-language': 'ta' },
    });
    expect(tamil.body).toContain(`,தொகை,,£59.99\r\n`);
    expect(tamil.body).toContain(`,முன்பதிவு,,${booking.reference}\r\n`);

    // Another company's admin: the same entries are not theirs, and their own log names nothing of this company.
    const stranger = await createTenant(ctx);
    await insertEntry({
      company_id: stranger.company.id,
      actor_user_id: stranger.user.id,
      entity: 'payment',
      entity_id: '32',
      action: 'create',
      changes: { booking_id: { to: booking.id }, driver_id: { to: driver.id } },
      created_at: new Date('2026-07-01T13:09:00Z'),
    });
    const theirs = await list('', stranger.headers);
    expect(theirs.entries.map((entry) => entry.changes)).toEqual([
      [plain('booking_id', null, booking.id), plain('driver_id', null, driver.id)],
    ]);
    expect((await list(`entity=booking&entity_id=${booking.id}`, stranger.headers)).entries).toEqual([]);
    const theirCsv = await ctx.app.inject({ method: 'GET', url: '/api/audit/export', headers: stranger.headers });
    expect(theirCsv.body).not.toContain(booking.reference);
    expect(theirCsv.body).not.toContain('Priya');
    expect(theirCsv.body).toContain(`,Booking,,No longer on record (#${booking.id})\r\n`);
  });
});

describe('company scope and permission', () => {
  it("another company's admin sees only their own company's entries; a company with none sees nothing", async () => {
    const theirs = await list('', other.headers);
    expect(theirs.entries.map((entry) => entry.entity)).toEqual(['agency']);
    expect(theirs.entries[0]?.changes).toEqual([plain('name', 'Theirs', 'Still theirs')]);
    expect((await list(`user_id=${admin.id}`, other.headers)).entries).toEqual([]);
    expect((await list('entity_id=5', other.headers)).entries).toEqual([]);

    const empty = await createTenant(ctx);
    await ctx.db.update(companies).set({ time_zone: 'UTC' }).where(eq(companies.id, empty.company.id));
    const none = await list('', empty.headers);
    expect(none.status).toBe(200);
    expect(none.entries).toEqual([]);
    expect(none.body.pagination).toMatchObject({ total: 0 });
    expect((await call(ctx.app, 'GET', '/api/audit/filters', empty.headers)).body.data).toEqual({ users: [], entities: [] });
    const csv = await ctx.app.inject({ method: 'GET', url: '/api/audit/export', headers: empty.headers });
    expect(csv.body).toBe('\uFEFFTime (UTC),User,Resource,Record,Action,Field,Before,After\r\n');
  });

  it('a driver, and the organisation’s super admin, are refused every audit call', async () => {
    const { user: driver } = await insertDriver(ctx.db, company.id);
    const driverHeaders = { authorization: `Bearer ${await mintAccessToken(ctx, driver)}` };
    const superAdmin = await createSuperAdmin(ctx);
    for (const url of ['/api/audit/list', '/api/audit/filters', '/api/audit/export']) {
      for (const as of [driverHeaders, superAdmin.headers]) {
        const response = await ctx.app.inject({ method: 'GET', url, headers: as });
        expect(response.statusCode, url).toBe(403);
        expect(response.body).not.toContain('Asha');
      }
    }
  });

  it('no route writes the log: the audit routes are reads behind audit.view, and no other route names the log', () => {
    const auditRoutes = ctx.app.routeTable.filter((route) => route.url.startsWith('/api/audit'));
    expect(auditRoutes.map((route) => `${route.method} ${route.url} ${route.permission}`).sort()).toEqual([
      'GET /api/audit/export audit.view',
      'GET /api/audit/filters audit.view',
      'GET /api/audit/list audit.view',
    ]);
    // Anywhere else, "audit" is only ever read (a booking's trail).
    const elsewhere = ctx.app.routeTable.filter((route) => route.url.includes('audit') && !route.url.startsWith('/api/audit'));
    expect(elsewhere.every((route) => route.method === 'GET')).toBe(true);
  });
});

describe('the kinds of record', () => {
  it('every kind the API writes to the log is one the filter accepts and the screen names', () => {
    const root = join(import.meta.dirname, '..', '..');
    const written = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
          for (const match of readFileSync(path, 'utf8').matchAll(/\bentity: '([a-z_]+)'/g)) written.add(match[1] ?? '');
        }
      }
    };
    walk(root);
    expect(written.size).toBeGreaterThan(20);
    expect([...written].filter((entity) => !(auditEntities as readonly string[]).includes(entity))).toEqual([]);
  });
});
