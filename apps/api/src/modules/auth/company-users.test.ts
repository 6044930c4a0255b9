import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInDriver } from '../../../test/factories/trips.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { builtInRoleId, call, createTenant } from '../../../test/kit.ts';
import { auditLog } from '../../db/schema/index.ts';

let ctx: TestContext;
let adminRoleId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  adminRoleId = await builtInRoleId(ctx, 'admin');
});
afterAll(() => ctx?.close());

const tag = () => Math.random().toString(36).slice(2, 8);
const adminBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Nila Selvam',
  email: `nila.${tag()}@example.com`,
  temporary_password: 'Harbour-gate-4417',
  role_id: adminRoleId,
  ...overrides,
});

describe('POST /api/auth/admin/add', () => {
  it('adds an admin of the caller’s company who chooses a password at first sign-in; audited without the password', async () => {
    const tenant = await createTenant(ctx);
    const body = adminBody({ phn_nbr: '077 123 4567' });
    const added = await call(ctx.app, 'POST', '/api/auth/admin/add', tenant.headers, body);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toMatchObject({ name: 'Nila Selvam', email: body.email, role: 'admin', status: 1, must_change_password: true });
    const id = (added.body.data as { id: number }).id;

    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { type: 'email', email: body.email, password: body.temporary_password, org_instance_id: 1 },
    });
    // 200: one more step, the new password.
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.context).toBe('change-password');

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entity_id, String(id)), eq(auditLog.action, 'create')));
    expect(entry?.company_id).toBe(tenant.company.id);
    expect(entry?.actor_user_id).toBe(tenant.user.id);
    expect(JSON.stringify(entry?.changes)).not.toContain(body.temporary_password);
    expect(entry?.changes).toMatchObject({ role: { to: 'admin' }, password_hash: { to: '[changed]' } });
  });

  it('refuses a taken e-mail (409 on the field), a common password and a company in the body; a driver may not add admins', async () => {
    const tenant = await createTenant(ctx);
    const first = adminBody();
    expect((await call(ctx.app, 'POST', '/api/auth/admin/add', tenant.headers, first)).status).toBe(201);
    const taken = await call(ctx.app, 'POST', '/api/auth/admin/add', tenant.headers, adminBody({ email: first.email }));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'email_taken', message: en.errors.email_taken, details: [{ field: 'email' }] });

    const common = await call(ctx.app, 'POST', '/api/auth/admin/add', tenant.headers, adminBody({ temporary_password: 'Password1' }));
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({ details: [{ field: 'temporary_password' }] });

    const other = await createTenant(ctx);
    const named = await call(ctx.app, 'POST', '/api/auth/admin/add', tenant.headers, adminBody({ company_id: other.company.id }));
    expect(named.status).toBe(400);

    const driver = await signedInDriver(ctx, tenant.company.id, { first_name: 'Kavin', last_name: 'Raj' });
    expect((await call(ctx.app, 'POST', '/api/auth/admin/add', driver.headers, adminBody())).status).toBe(403);
  });
});

describe('GET /api/user/list', () => {
  it('lists every admin and driver of the caller’s company, and nobody of another company', async () => {
    const tenant = await createTenant(ctx);
    const other = await createTenant(ctx);
    const mine = await signedInDriver(ctx, tenant.company.id, { first_name: 'Meena', last_name: 'Kumari' });
    const theirs = await signedInDriver(ctx, other.company.id, { first_name: 'Other', last_name: 'Driver' });
    const listed = await call(ctx.app, 'GET', '/api/user/list?sort=name', tenant.headers);
    expect(listed.status).toBe(200);
    const people = listed.body.data as Array<{ name: string; role: string; user_id: number }>;
    expect(people.map((person) => person.role).sort()).toEqual(['admin', 'driver']);
    expect(people.map((person) => person.user_id)).toContain(tenant.user.id);
    expect(people.map((person) => person.user_id)).toContain(mine.user.id);
    expect(people.map((person) => person.user_id)).not.toContain(theirs.user.id);
    expect(people.map((person) => person.user_id)).not.toContain(other.user.id);
    const drivers = await call(ctx.app, 'GET', '/api/user/list?role=driver', tenant.headers);
    expect((drivers.body.data as Array<{ user_id: number }>).map((person) => person.user_id)).toEqual([mine.user.id]);
  });
});
