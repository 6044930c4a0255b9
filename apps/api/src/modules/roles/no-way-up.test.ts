import rolesEn from '@ps/contracts/locales/roles.en.json' with { type: 'json' };
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueTag } from '../../../test/factories/catalogue.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, builtInRoleId, call, createTenant, type Tenant } from '../../../test/kit.ts';
import { users } from '../../db/schema/index.ts';

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

