import rolesEn from '@ps/contracts/locales/roles.en.json' with { type: 'json' };
import rolesTa from '@ps/contracts/locales/roles.ta.json' with { type: 'json' };
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueTag } from '../../../test/factories/catalogue.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, builtInRoleId, call, createTenant, type Tenant } from '../../../test/kit.ts';
import { users } from '../../db/schema/index.ts';
import { lockPersonToActOn } from './standing.ts';

/**
 * docs/decisions.md "No way up", on every path that acts on a person: nobody gives more than they hold, and nobody acts
 * on someone who may do more than they may.
 */

let ctx: TestContext;
let owner: Tenant & { company: { id: number } };
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createTenant(ctx);
});
afterAll(() => ctx?.close());

async function addRole(permissions: readonly string[]) {
  const response = await call(ctx.app, 'POST', '/api/role/add', owner.headers, { name: `Role ${uniqueTag()}`, permissions });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as { id: number };
}

/** An office user of the owner's company holding a role of the company's with exactly these permissions. */
async function officeUserWith(permissions: readonly string[]): Promise<Tenant> {
  const role = await addRole(permissions);
  const person = await addUser(ctx, owner.company.id, 'admin');
  const assigned = await call(ctx.app, 'PATCH', `/api/user/role/${person.user.id}`, owner.headers, { role_id: role.id });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  return person;
}

const newPerson = (overrides: Record<string, unknown> = {}) => ({
  name: 'Nila Selvam',
  email: `nila.${uniqueTag().toLowerCase()}@example.com`,
  temporary_password: 'Harbour-gate-4417',
  ...overrides,
});

describe('adding a person gives at most what the adder holds', () => {
  it('a role with only users.view and users.create cannot make an administrator, with or without a role_id', async () => {
    const recruiter = await officeUserWith(['users.view', 'users.create']);
    const before = await ctx.db.select({ id: users.id }).from(users).where(eq(users.company_id, owner.company.id));

    // No role_id: a 400 on the field, never the built-in Admin.
    const bare = newPerson();
    const withoutRole = await call(ctx.app, 'POST', '/api/auth/admin/add', recruiter.headers, bare);
    expect(withoutRole.status).toBe(400);
    expect(withoutRole.body.details).toEqual([expect.objectContaining({ field: 'role_id' })]);

    // The built-in Admin named outright: beyond their own permissions.
    const admin = await call(
      ctx.app,
      'POST',
      '/api/auth/admin/add',
      recruiter.headers,
      newPerson({ role_id: await builtInRoleId(ctx, 'admin') }),
    );
    expect(admin.status).toBe(403);
    expect(admin.body).toMatchObject({ code: 'role_beyond_own', message: rolesEn.errors.role_beyond_own });

    const after = await ctx.db.select({ id: users.id }).from(users).where(eq(users.company_id, owner.company.id));
    expect(after).toHaveLength(before.length);
  });

  it('a role within the adder’s own permissions is given', async () => {
    const recruiter = await officeUserWith(['users.view', 'users.create', 'bookings.view']);
    const clerk = await addRole(['bookings.view']);
    const added = await call(ctx.app, 'POST', '/api/auth/admin/add', recruiter.headers, newPerson({ role_id: clerk.id }));
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const [stored] = await ctx.db
      .select({ role_id: users.role_id })
      .from(users)
      .where(eq(users.id, (added.body.data as { id: number }).id));
    expect(stored?.role_id).toBe(clerk.id);
  });

  it('the built-in Admin is given by its id by someone who holds everything it allows', async () => {
    const added = await call(
      ctx.app,
      'POST',
      '/api/auth/admin/add',
      owner.headers,
      newPerson({ role_id: await builtInRoleId(ctx, 'admin') }),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const [stored] = await ctx.db
      .select({ role_id: users.role_id })
      .from(users)
      .where(eq(users.id, (added.body.data as { id: number }).id));
    expect(stored?.role_id).toBeNull();
  });
});

describe('nobody acts on someone who may do more than they may', () => {
  it('a narrower role can neither turn a full admin’s sign-in off, nor end their sessions, nor remove them', async () => {
    const manager = await officeUserWith(['users.view', 'users.update', 'users.delete', 'bookings.view']);
    const fullAdmin = await addUser(ctx, owner.company.id, 'admin');
    const attempts = [
      await call(ctx.app, 'PATCH', `/api/company/driver/admin-status/update/${fullAdmin.user.id}`, manager.headers, { admin_status: 0 }),
      await call(ctx.app, 'POST', `/api/user/sessions/end/${fullAdmin.user.id}`, manager.headers),
      await call(ctx.app, 'DELETE', `/api/auth/admin/delete/${fullAdmin.user.id}`, manager.headers),
    ];
    for (const attempt of attempts) {
      expect(attempt.status, JSON.stringify(attempt.body)).toBe(403);
      expect(attempt.body).toMatchObject({ code: 'person_beyond_own', message: rolesEn.errors.person_beyond_own });
    }
    const ta = await call(ctx.app, 'DELETE', `/api/auth/admin/delete/${fullAdmin.user.id}`, {
      ...manager.headers,
      'accept-language': 'ta',
    });
    expect(ta.body.message).toBe(rolesTa.errors.person_beyond_own);
    // The full admin still signs in and acts.
    const [row] = await ctx.db
      .select({ status: users.status, deleted_at: users.deleted_at })
      .from(users)
      .where(eq(users.id, fullAdmin.user.id));
    expect(row).toEqual({ status: 1, deleted_at: null });
    expect((await call(ctx.app, 'GET', '/api/airport/list', fullAdmin.headers)).status).toBe(200);
  });

  it('the same role acts on someone whose permissions are all its own', async () => {
    const manager = await officeUserWith(['users.view', 'users.update', 'users.delete', 'bookings.view']);
    const clerk = await officeUserWith(['bookings.view']);
    expect(
      (await call(ctx.app, 'PATCH', `/api/company/driver/admin-status/update/${clerk.user.id}`, manager.headers, { admin_status: 0 }))
        .status,
    ).toBe(200);
    expect((await call(ctx.app, 'POST', `/api/user/sessions/end/${clerk.user.id}`, manager.headers)).status).toBe(200);
    expect((await call(ctx.app, 'DELETE', `/api/auth/admin/delete/${clerk.user.id}`, manager.headers)).status).toBe(200);
  });

  it('two full admins turning each other off at once leave one of them: the last full admin is never disabled or removed', async () => {
    const company = await createTenant(ctx);
    const second = await addUser(ctx, company.company.id, 'admin');
    const [first, other] = await Promise.all([
      call(ctx.app, 'PATCH', `/api/company/driver/admin-status/update/${second.user.id}`, company.headers, { admin_status: 0 }),
      call(ctx.app, 'DELETE', `/api/auth/admin/delete/${company.user.id}`, second.headers),
    ]);
    const statuses = [first.status, other.status].sort();
    // One wins; the other is refused as the last full admin, or finds its own access already ended (401, or 404 for an
    // actor removed while their request was on its way).
    expect(statuses[0]).toBe(200);
    expect([401, 404, 409]).toContain(statuses[1]);
    if (statuses[1] === 409) expect([first.body.code, other.body.code]).toContain('last_full_admin');
    const active = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.company_id, company.company.id), eq(users.status, 1), isNull(users.deleted_at)));
    expect(active).toHaveLength(1);
  });
});

// On a server, two requests really run side by side: the company's lock makes the second count after the first commits.
describe.skipIf(process.env.TEST_DB !== 'postgres')('the last full admin under concurrent transactions', () => {
  it('a second transaction waits for the first and then finds the last full admin', async () => {
    const company = await createTenant(ctx);
    const second = await addUser(ctx, company.company.id, 'admin');
    const companyId = company.company.id;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reportLocked = () => {};
    const locked = new Promise<void>((resolve) => {
      reportLocked = resolve;
    });
    const first = ctx.db.transaction(async (tx) => {
      await lockPersonToActOn(tx, { companyId, actorUserId: company.user.id }, second.user.id, { endsAccess: true });
      await tx.update(users).set({ status: 0 }).where(eq(users.id, second.user.id));
      reportLocked();
      await held;
    });
    await locked;
    const other = ctx.db.transaction(async (tx) => {
      await lockPersonToActOn(tx, { companyId, actorUserId: second.user.id }, company.user.id, { endsAccess: true });
      await tx.update(users).set({ status: 0 }).where(eq(users.id, company.user.id));
    });
    const outcome = other.then(
      () => 'committed',
      (error: { code?: string }) => error.code,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await first;
    expect(await outcome).toBe('last_full_admin');
  });
});
