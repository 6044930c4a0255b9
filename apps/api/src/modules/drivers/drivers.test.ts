import driversEn from '@ps/contracts/locales/drivers.en.json' with { type: 'json' };
import driversTa from '@ps/contracts/locales/drivers.ta.json' with { type: 'json' };
import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocumentType, insertDriver, insertDriverRate } from '../../../test/factories/drivers.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant, mintAccessToken, type Tenant } from '../../../test/kit.ts';
import { auditLog, driverDocuments, drivers, users } from '../../db/schema/index.ts';
import { addDays } from '../../lib/dates.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Reason = { code: string; document_type_id: number | null; document_type_name: string | null; date: string | null };
type DriverRecord = {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  approve_status: string;
  status: number;
  admin_status: number;
  price_per_hour: number | null;
  eligibility: { eligible: boolean; reasons: Reason[] };
};

const unique = () => Math.random().toString(36).slice(2, 10);
const addBody = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Ravi',
  last_name: 'Kumar',
  email: `ravi.${unique()}@example.com`,
  temporary_password: 'Tmp-4821x-driver',
  licence_number: 'ab 123 cd',
  licence_expiry: '2030-01-31',
  ...overrides,
});
const addDriver = async (tenant: Tenant, overrides: Record<string, unknown> = {}) => {
  const response = await call(ctx.app, 'POST', '/api/auth/driver/add', tenant.headers, addBody(overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as DriverRecord;
};
const getDriver = (tenant: Tenant, id: number, query = '') => call(ctx.app, 'GET', `/api/driver/get/${id}${query}`, tenant.headers);
const codes = (driver: DriverRecord) => driver.eligibility.reasons.map((reason) => reason.code);
const driverHeaders = async (userId: number, companyId: number) => ({
  authorization: `Bearer ${await mintAccessToken(ctx, { id: userId, role: 'driver', company_id: companyId })}`,
});

describe('adding a driver', () => {
  it('creates the sign-in account and the profile, pending approval, with audit entries for both', async () => {
    const tenant = await createTenant(ctx);
    const driver = await addDriver(tenant);
    expect(driver).toMatchObject({
      first_name: 'Ravi',
      last_name: 'Kumar',
      licence_number: 'AB 123 CD',
      licence_expiry: '2030-01-31',
      approve_status: 'pending',
      status: 1,
      admin_status: 1,
      price_per_hour: null,
    });
    expect(driver.eligibility).toEqual({
      eligible: false,
      reasons: [{ code: 'not_approved', document_type_id: null, document_type_name: null, date: null }],
    });
    const [account] = await ctx.db.select().from(users).where(eq(users.id, driver.user_id));
    expect(account).toMatchObject({ role: 'driver', name: 'Ravi Kumar', must_change_password: true, company_id: tenant.company.id });
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.company_id, tenant.company.id));
    expect(entries.map((entry) => [entry.entity, entry.action]).sort()).toEqual([
      ['driver', 'create'],
      ['user', 'create'],
    ]);
    expect(JSON.stringify(entries)).not.toContain('password');
  });

  it('keeps the phone as it was typed for every screen, and signs in by its digits (issue 21, section 2)', async () => {
    const tenant = await createTenant(ctx);
    const driver = await addDriver(tenant, { phn_nbr: '0771 234 567', country_id: 94 });
    const read = await getDriver(tenant, driver.id);
    expect((read.body.data as { phn_nbr: string }).phn_nbr).toBe('0771 234 567');
    const [account] = await ctx.db.select().from(users).where(eq(users.id, driver.user_id));
    expect(account).toMatchObject({ phn_nbr: '771234567', phone_as_entered: '0771 234 567' });
    const changed = await call(ctx.app, 'PATCH', `/api/driver/update/${driver.id}`, tenant.headers, { phn_nbr: '+94 77 765 4321' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((changed.body.data as { phn_nbr: string }).phn_nbr).toBe('+94 77 765 4321');
    const listed = await call(ctx.app, 'GET', '/api/driver/list?page_size=50', tenant.headers);
    expect((listed.body.data as Array<{ id: number; phn_nbr: string }>).find((row) => row.id === driver.id)?.phn_nbr).toBe(
      '+94 77 765 4321',
    );
    const [after] = await ctx.db.select().from(users).where(eq(users.id, driver.user_id));
    expect(after?.phn_nbr).toBe('777654321');
  });

  it('refuses an e-mail in use (409 on email, in English and Tamil) and writes nothing', async () => {
    const tenant = await createTenant(ctx);
    const first = await addDriver(tenant);
    for (const [language, catalogue] of [
      ['en', en],
      ['ta', ta],
    ] as const) {
      const again = await call(
        ctx.app,
        'POST',
        '/api/auth/driver/add',
        { ...tenant.headers, 'accept-language': language },
        addBody({ email: first.email }),
      );
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(catalogue.errors.email_taken);
      expect(again.body.details).toEqual([{ field: 'email', code: 'errors.email_taken', message: catalogue.errors.email_taken }]);
    }
    const list = await call(ctx.app, 'GET', '/api/driver/list', tenant.headers);
    expect((list.body.data as DriverRecord[]).length).toBe(1);
  });

  it('refuses bad fields with 400 details, a company_id in the body included', async () => {
    const tenant = await createTenant(ctx);
    const bad = await call(
      ctx.app,
      'POST',
      '/api/auth/driver/add',
      { ...tenant.headers, 'accept-language': 'ta' },
      addBody({ first_name: 'R2D2', licence_expiry: '2030-02-30', company_id: 9 }),
    );
    expect(bad.status).toBe(400);
    const fields = (bad.body.details as Array<{ field: string; message: string }>).map((detail) => detail.field).sort();
    expect(fields).toEqual(['company_id', 'first_name', 'licence_expiry']);
  });

  it('refuses a licence expiry that has passed, on a new driver and on a change (400 expiry_in_past); today is fine', async () => {
    const tenant = await createTenant(ctx);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(new Date());
    for (const [language, catalogue] of [
      ['en', driversEn],
      ['ta', driversTa],
    ] as const) {
      const refused = await call(
        ctx.app,
        'POST',
        '/api/auth/driver/add?time_zone=UTC',
        { ...tenant.headers, 'accept-language': language },
        addBody({ licence_expiry: addDays(today, -1) }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual([
        { field: 'licence_expiry', code: 'errors.expiry_in_past', message: catalogue.errors.expiry_in_past },
      ]);
    }
    const driver = await addDriver(tenant, { licence_expiry: addDays(today, 1) });
    const change = (licence_expiry: string) =>
      call(ctx.app, 'PATCH', `/api/driver/update/${driver.id}?time_zone=UTC`, tenant.headers, { licence_expiry });
    expect((await change(addDays(today, -30))).body.details).toEqual([
      { field: 'licence_expiry', code: 'errors.expiry_in_past', message: driversEn.errors.expiry_in_past },
    ]);
    expect((await change(today)).status).toBe(200);
    // With no licence document type, the profile's date is the one source: the driver's record says it.
    expect(((await getDriver(tenant, driver.id)).body.data as { licence_expiry: string }).licence_expiry).toBe(today);
  });

  it('says an empty e-mail is required (not "wrong format"), with the keys the web form uses, in both languages', async () => {
    const tenant = await createTenant(ctx);
    for (const [language, catalogue] of [
      ['en', en],
      ['ta', ta],
    ] as const) {
      const empty = await call(
        ctx.app,
        'POST',
        '/api/auth/driver/add',
        { ...tenant.headers, 'accept-language': language },
        addBody({ email: ' ' }),
      );
      expect(empty.status).toBe(400);
      expect(empty.body.details).toEqual([{ field: 'email', code: 'validation.required', message: catalogue.validation.required }]);
    }
    const malformed = await call(ctx.app, 'POST', '/api/auth/driver/add', tenant.headers, addBody({ email: 'ravi@' }));
    expect(malformed.body.details).toEqual([{ field: 'email', code: 'validation.wrongEmail', message: en.validation.wrongEmail }]);
  });
});

describe('the drivers list and one driver', () => {
  it('filters by approval and status (the spec asks page_size=1000&approve_status=approved), searches and sorts', async () => {
    const tenant = await createTenant(ctx);
    await insertDriver(ctx.db, tenant.company.id, { first_name: 'Anbu', last_name: 'Selvan', approve_status: 'approved' });
    await insertDriver(ctx.db, tenant.company.id, { first_name: 'Bala', last_name: 'Murugan', approve_status: 'pending' });
    await insertDriver(ctx.db, tenant.company.id, { first_name: 'Chitra', last_name: 'Devi', approve_status: 'approved', status: 0 });
    const approved = await call(ctx.app, 'GET', '/api/driver/list?page_size=1000&approve_status=approved', tenant.headers);
    expect(approved.status).toBe(200);
    expect((approved.body.data as DriverRecord[]).map((driver) => driver.first_name)).toEqual(['Anbu', 'Chitra']);
    expect(approved.body.pagination).toEqual({ page: 1, page_size: 1000, total: 2 });
    const active = await call(ctx.app, 'GET', '/api/driver/list?approve_status=approved&status=1', tenant.headers);
    expect((active.body.data as DriverRecord[]).map((driver) => driver.first_name)).toEqual(['Anbu']);
    const search = await call(ctx.app, 'GET', '/api/driver/list?search=murug', tenant.headers);
    expect((search.body.data as DriverRecord[]).map((driver) => driver.first_name)).toEqual(['Bala']);
    const sorted = await call(ctx.app, 'GET', '/api/driver/list?sort=-last_name', tenant.headers);
    expect((sorted.body.data as DriverRecord[]).map((driver) => driver.last_name)).toEqual(['Selvan', 'Murugan', 'Devi']);
    const unknownSort = await call(ctx.app, 'GET', '/api/driver/list?sort=password_hash', tenant.headers);
    expect(unknownSort.status).toBe(400);
  });

  it('shows the hourly rate in force on the request day', async () => {
    const tenant = await createTenant(ctx);
    const { driver } = await insertDriver(ctx.db, tenant.company.id);
    await insertDriverRate(ctx.db, tenant.company.id, driver.id, 1500, '2020-01-01');
    await insertDriverRate(ctx.db, tenant.company.id, driver.id, 1800, '2024-06-01');
    await insertDriverRate(ctx.db, tenant.company.id, driver.id, 9900, '2999-01-01');
    const got = await getDriver(tenant, driver.id);
    expect((got.body.data as DriverRecord).price_per_hour).toBe(1800);
  });
});

describe('eligibility: who may be given a trip today', () => {
  it('needs approval, work status, sign-in, a licence in date and every required document valid', async () => {
    const tenant = await createTenant(ctx);
    const company = tenant.company.id;
    const licence = await insertDocumentType(ctx.db, company, { name: 'Licence', required: true, has_expiry: true });
    const insurance = await insertDocumentType(ctx.db, company, { name: 'Insurance', required: true, has_expiry: true });
    await insertDocumentType(ctx.db, company, { name: 'Photo', required: false });
    await insertDocumentType(ctx.db, company, { name: 'Old permit', required: true, status: 0 });
    const { driver } = await insertDriver(ctx.db, company, { licence_expiry: '2999-12-31' });
    const document = (typeId: number, expiry: string | null) => ({
      company_id: company,
      driver_id: driver.id,
      document_type_id: typeId,
      expiry_date: expiry,
      file_name: 'scan.pdf',
      stored_name: `${unique()}.pdf`,
      content_type: 'application/pdf' as const,
      size_bytes: 10,
    });

    let got = (await getDriver(tenant, driver.id)).body.data as DriverRecord;
    expect(got.eligibility.reasons).toEqual([
      { code: 'document_missing', document_type_id: insurance.id, document_type_name: 'Insurance', date: null },
      { code: 'document_missing', document_type_id: licence.id, document_type_name: 'Licence', date: null },
    ]);

    await ctx.db.insert(driverDocuments).values([document(licence.id, '2999-01-01'), document(insurance.id, '2020-05-31')]);
    got = (await getDriver(tenant, driver.id)).body.data as DriverRecord;
    expect(got.eligibility.reasons).toEqual([
      { code: 'document_expired', document_type_id: insurance.id, document_type_name: 'Insurance', date: '2020-05-31' },
    ]);

    // The expiry day itself still counts: a document expiring "today" (in the request's zone) is valid.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    await ctx.db.insert(driverDocuments).values(document(insurance.id, today));
    got = (await getDriver(tenant, driver.id, '?time_zone=Pacific/Kiritimati')).body.data as DriverRecord;
    expect(got.eligibility).toEqual({ eligible: true, reasons: [] });
    // A zone a day behind Kiritimati is still before that expiry day: valid there too.
    got = (await getDriver(tenant, driver.id, '?time_zone=Pacific/Pago_Pago')).body.data as DriverRecord;
    expect(got.eligibility.eligible).toBe(true);
    // The list reads another day when asked (the dispatch screen plans ahead): the day after, that expiry has passed.
    const listedOn = async (date: string) =>
      ((await call(ctx.app, 'GET', `/api/driver/list?date=${date}`, tenant.headers)).body.data as DriverRecord[]).find(
        (row) => row.id === driver.id,
      );
    expect((await listedOn(today))?.eligibility.eligible).toBe(true);
    const dayAfter = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect((await listedOn(dayAfter))?.eligibility.reasons.map((reason) => reason.code)).toEqual(['document_expired']);
    expect((await call(ctx.app, 'GET', '/api/driver/list?date=2026-02-30', tenant.headers)).status).toBe(400);

    await call(ctx.app, 'PATCH', `/api/driver/update/status/${driver.id}`, tenant.headers, { status: 0 });
    await call(ctx.app, 'PATCH', `/api/driver/update/${driver.id}`, tenant.headers, { approve_status: 'rejected' });
    // A licence that has run out since it was entered (a past date is never entered: see below).
    await ctx.db.update(drivers).set({ licence_expiry: '2001-01-01' }).where(eq(drivers.id, driver.id));
    await call(ctx.app, 'PATCH', `/api/company/driver/admin-status/update/${driver.user_id}`, tenant.headers, { admin_status: 0 });
    got = (await getDriver(tenant, driver.id)).body.data as DriverRecord;
    expect(codes(got)).toEqual(['not_approved', 'inactive', 'sign_in_disabled', 'licence_expired']);
    expect(got.eligibility.reasons[3]?.date).toBe('2001-01-01');
  });
});

describe('changing and removing a driver', () => {
  it('updates the profile and the sign-in e-mail together, each audited, and refuses an e-mail in use', async () => {
    const tenant = await createTenant(ctx);
    const driver = await addDriver(tenant);
    const other = await addDriver(tenant);
    const changed = await call(ctx.app, 'PATCH', `/api/driver/update/${driver.id}`, tenant.headers, {
      last_name: 'Raman',
      email: 'New.Address@Example.com',
      approve_status: 'approved',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ last_name: 'Raman', email: 'new.address@example.com', approve_status: 'approved' });
    const [account] = await ctx.db.select().from(users).where(eq(users.id, driver.user_id));
    expect(account).toMatchObject({ name: 'Ravi Raman', email: 'new.address@example.com' });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.company_id, tenant.company.id), eq(auditLog.action, 'update')));
    const byEntity = Object.fromEntries(audit.map((entry) => [entry.entity, entry.changes]));
    expect(byEntity.driver).toMatchObject({
      last_name: { from: 'Kumar', to: 'Raman' },
      approve_status: { from: 'pending', to: 'approved' },
    });
    expect(byEntity.user).toMatchObject({ email: { from: driver.email, to: 'new.address@example.com' } });

    const clash = await call(ctx.app, 'PATCH', `/api/driver/update/${other.id}`, tenant.headers, {
      email: 'new.address@example.com',
      last_name: 'Kept',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('email_taken');
    expect(((await getDriver(tenant, other.id)).body.data as DriverRecord).last_name).toBe('Kumar');
  });

  it('removes a driver: gone from the list and get, sessions ended, history kept', async () => {
    const tenant = await createTenant(ctx);
    const driver = await addDriver(tenant);
    const own = await driverHeaders(driver.user_id, tenant.company.id);
    expect((await call(ctx.app, 'GET', '/api/auth/get-details-by-token', own)).status).toBe(200);
    const removed = await call(ctx.app, 'DELETE', `/api/driver/delete/${driver.id}`, tenant.headers);
    expect(removed.status).toBe(200);
    expect((await getDriver(tenant, driver.id)).status).toBe(404);
    expect(((await call(ctx.app, 'GET', '/api/driver/list', tenant.headers)).body.data as DriverRecord[]).length).toBe(0);
    expect((await call(ctx.app, 'GET', '/api/auth/get-details-by-token', own)).status).toBe(401);
    expect((await call(ctx.app, 'DELETE', `/api/driver/delete/${driver.id}`, tenant.headers)).status).toBe(404);
    const [deletion] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'driver'), eq(auditLog.entity_id, String(driver.id)), eq(auditLog.action, 'delete')));
    expect(deletion).toBeDefined();
  });
});

describe("the company's admins and drivers, and who may sign in", () => {
  it('lists both roles with the driver profile, and filters by role', async () => {
    const tenant = await createTenant(ctx);
    const driver = await addDriver(tenant, { first_name: 'Zara', last_name: 'Nadar' });
    const people = await call(ctx.app, 'GET', '/api/company/driver&admin/list?sort=role', tenant.headers);
    expect(people.status).toBe(200);
    expect(people.body.data).toEqual([
      expect.objectContaining({ user_id: tenant.user.id, role: 'admin', driver_id: null, approve_status: null, admin_status: 1 }),
      expect.objectContaining({
        user_id: driver.user_id,
        role: 'driver',
        driver_id: driver.id,
        approve_status: 'pending',
        name: 'Zara Nadar',
      }),
    ]);
    const drivers = await call(ctx.app, 'GET', '/api/company/driver&admin/list?role=driver', tenant.headers);
    expect((drivers.body.data as Array<{ role: string }>).map((person) => person.role)).toEqual(['driver']);
  });

  it("turning a person's sign-in off ends their sessions at once; on lets them back; never one's own", async () => {
    const tenant = await createTenant(ctx);
    const driver = await addDriver(tenant);
    const own = await driverHeaders(driver.user_id, tenant.company.id);
    const off = await call(ctx.app, 'PATCH', `/api/company/driver/admin-status/update/${driver.user_id}`, tenant.headers, {
      admin_status: 0,
    });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ user_id: driver.user_id, admin_status: 0 });
    expect((await call(ctx.app, 'GET', '/api/auth/get-details-by-token', own)).status).toBe(401);
    const on = await call(ctx.app, 'PATCH', `/api/company/driver/admin-status/update/${driver.user_id}`, tenant.headers, {
      admin_status: 1,
    });
    expect(on.body.data).toMatchObject({ admin_status: 1 });
    const again = await driverHeaders(driver.user_id, tenant.company.id);
    expect((await call(ctx.app, 'GET', '/api/auth/get-details-by-token', again)).status).toBe(200);

    const self = await call(
      ctx.app,
      'PATCH',
      `/api/company/driver/admin-status/update/${tenant.user.id}`,
      { ...tenant.headers, 'accept-language': 'ta' },
      { admin_status: 0 },
    );
    expect(self.status).toBe(409);
    expect(self.body.code).toBe('cannot_change_self');
  });
});

describe('another company, and drivers themselves', () => {
  it("a second company's admin gets 404 on every driver call and never sees the drivers", async () => {
    const owner = await createTenant(ctx);
    const stranger = await createTenant(ctx);
    const driver = await addDriver(owner);
    const id = driver.id;
    const attempts = [
      await call(ctx.app, 'GET', `/api/driver/get/${id}`, stranger.headers),
      await call(ctx.app, 'PATCH', `/api/driver/update/${id}`, stranger.headers, { last_name: 'Taken' }),
      await call(ctx.app, 'PATCH', `/api/driver/update/status/${id}`, stranger.headers, { status: 0 }),
      await call(ctx.app, 'DELETE', `/api/driver/delete/${id}`, stranger.headers),
      await call(ctx.app, 'PATCH', `/api/company/driver/admin-status/update/${driver.user_id}`, stranger.headers, { admin_status: 0 }),
    ];
    expect(attempts.map((attempt) => attempt.status)).toEqual([404, 404, 404, 404, 404]);
    expect(((await call(ctx.app, 'GET', '/api/driver/list?page_size=1000', stranger.headers)).body.data as unknown[]).length).toBe(0);
    const people = (await call(ctx.app, 'GET', '/api/company/driver&admin/list', stranger.headers)).body.data as Array<{ user_id: number }>;
    expect(people.map((person) => person.user_id)).toEqual([stranger.user.id]);
    expect((await getDriver(owner, id)).body.data).toMatchObject({ last_name: 'Kumar', status: 1, admin_status: 1 });
  });

  it('a driver gets 403 on the admin calls', async () => {
    const tenant = await createTenant(ctx);
    const driver = await addDriver(tenant);
    const own = await driverHeaders(driver.user_id, tenant.company.id);
    expect((await call(ctx.app, 'GET', '/api/driver/list', own)).status).toBe(403);
    expect((await call(ctx.app, 'PATCH', `/api/driver/update/${driver.id}`, own, { approve_status: 'approved' })).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/company/driver&admin/list', own)).status).toBe(403);
  });
});
