import { builtInRolePermissions, roleSortFields } from '@ps/contracts';
import rolesEn from '@ps/contracts/locales/roles.en.json' with { type: 'json' };
import rolesTa from '@ps/contracts/locales/roles.ta.json' with { type: 'json' };
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../../test/crud-suite.ts';
import { uniqueTag } from '../../../test/factories/catalogue.ts';
import { insertDriver } from '../../../test/factories/drivers.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, createCompanyThroughApi, createTenant, type Headers, mintAccessToken, type Tenant } from '../../../test/kit.ts';
import { auditLog, users } from '../../db/schema/index.ts';

describeCrudResource('roles', {
  base: '/api/role',
  entity: 'role',
  createBody: () => ({
    name: `Accountant ${uniqueTag()}`,
    description: 'Reads the books',
    permissions: ['bookings.view', 'payments.view'],
  }),
  update: {
    body: { description: 'Reads bookings, payments and payouts', permissions: ['bookings.view', 'payments.view', 'payouts.view'] },
    expect: { description: 'Reads bookings, payments and payouts', permissions: ['bookings.view', 'payments.view', 'payouts.view'] },
  },
  invalid: { body: { name: 'ab', permissions: ['companies.create'] }, fields: ['name', 'permissions.0'] },
  sortFields: roleSortFields,
  searchTermOf: (record) => String(record.name),
});

const DISPATCHER = ['bookings.view', 'drivers.view', 'trips.view', 'trips.update', 'trips.status', 'trips.status_admin', 'flights.view'];

let ctx: TestContext;
let owner: Tenant & { company: { id: number } };
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createTenant(ctx);
});
afterAll(() => ctx?.close());

async function addRole(headers: Headers, permissions: readonly string[], name = `Dispatcher ${uniqueTag()}`) {
  const response = await call(ctx.app, 'POST', '/api/role/add', headers, { name, permissions });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as { id: number; name: string; permissions: string[]; users: number };
}

const roleOf = async (headers: Headers, id: number) =>
  (await call(ctx.app, 'GET', `/api/role/get/${id}`, headers)).body.data as { users: number };
const assign = (headers: Headers, userId: number, roleId: number) =>
  call(ctx.app, 'PATCH', `/api/user/role/${userId}`, headers, { role_id: roleId });

/** The company's built-in role ids, as the list shows them. */
async function builtInIds(headers: Headers) {
  const { body } = await call(ctx.app, 'GET', '/api/role/list?page_size=1000', headers);
  const rows = body.data as Array<{ id: number; key: string | null }>;
  return { admin: rows.find((row) => row.key === 'admin')?.id ?? 0, driver: rows.find((row) => row.key === 'driver')?.id ?? 0 };
}

describe('roles a company sees', () => {
  it('lists the built-in Admin and Driver with the release’s permissions beside the company’s own, never another’s', async () => {
    const own = await addRole(owner.headers, DISPATCHER);
    const other = await createCompanyThroughApi(ctx);
    const foreign = await addRole(other.headers, ['bookings.view'], `Foreign ${uniqueTag()}`);

    const { status, body } = await call(ctx.app, 'GET', '/api/role/list?page_size=1000', owner.headers);
    expect(status).toBe(200);
    const rows = body.data as Array<{ id: number; key: string | null; name: string; permissions: string[]; users: number }>;
    const admin = rows.find((row) => row.key === 'admin');
    const driver = rows.find((row) => row.key === 'driver');
    expect(admin?.permissions).toEqual(builtInRolePermissions.admin.filter((permission) => permission !== 'session'));
    expect(driver?.permissions).toEqual(builtInRolePermissions.driver.filter((permission) => permission !== 'session'));
    expect(admin?.users).toBe(1);
    expect(rows.some((row) => row.key === null && row.name === 'Super admin')).toBe(false);
    expect(rows.map((row) => row.id)).toContain(own.id);
    expect(rows.map((row) => row.id)).not.toContain(foreign.id);
    expect((await call(ctx.app, 'GET', `/api/role/get/${foreign.id}`, owner.headers)).status).toBe(404);
    expect(own.permissions).toEqual(DISPATCHER);
  });

  it('offers the administrator’s permissions by resource as the matrix’s rows, none of the organisation’s', async () => {
    const { status, body } = await call(ctx.app, 'GET', '/api/role/permissions', owner.headers);
    expect(status).toBe(200);
    const catalogue = body.data as Array<{ resource: string; permissions: string[] }>;
    expect(catalogue.find((row) => row.resource === 'trips')?.permissions).toEqual(
      expect.arrayContaining(['trips.view', 'trips.create', 'trips.update', 'trips.delete', 'trips.status_admin']),
    );
    const all = catalogue.flatMap((row) => row.permissions);
    expect(all).not.toContain('session');
    expect(all).not.toContain('companies.create');
    expect(all).toHaveLength(builtInRolePermissions.admin.length - 1);
  });

  it('refuses a name the company already has, whatever its case, in English and Tamil, naming the field', async () => {
    const role = await addRole(owner.headers, ['bookings.view']);
    const en = await call(ctx.app, 'POST', '/api/role/add', owner.headers, { name: role.name.toUpperCase(), permissions: ['trips.view'] });
    expect(en.status).toBe(409);
    expect(en.body).toMatchObject({ code: 'role_name_taken', message: rolesEn.errors.role_name_taken, details: [{ field: 'name' }] });
    const ta = await call(
      ctx.app,
      'POST',
      '/api/role/add',
      { ...owner.headers, 'accept-language': 'ta' },
      { name: role.name, permissions: ['trips.view'] },
    );
    expect(ta.body.message).toBe(rolesTa.errors.role_name_taken);
    // Another company may use the same name.
    const other = await createTenant(ctx);
    await addRole(other.headers, ['bookings.view'], role.name);
  });

  it('refuses a role with no permission, with the reason on the field', async () => {
    const response = await call(ctx.app, 'POST', '/api/role/add', owner.headers, { name: `Empty ${uniqueTag()}`, permissions: [] });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([expect.objectContaining({ field: 'permissions', code: 'validation.rolePermissionsNeeded' })]);
  });

  it('keeps the built-in roles as they are (409), and a role someone has cannot be deleted (409, how many)', async () => {
    const ids = await builtInIds(owner.headers);
    for (const id of [ids.admin, ids.driver]) {
      const update = await call(ctx.app, 'PATCH', `/api/role/update/${id}`, owner.headers, { permissions: ['bookings.view'] });
      expect(update.status).toBe(409);
      expect(update.body.code).toBe('role_built_in');
      expect((await call(ctx.app, 'DELETE', `/api/role/delete/${id}`, owner.headers)).body.code).toBe('role_built_in');
    }
    const role = await addRole(owner.headers, DISPATCHER);
    const clerk = await addUser(ctx, owner.company.id, 'admin');
    expect((await assign(owner.headers, clerk.user.id, role.id)).status).toBe(200);
    const refused = await call(ctx.app, 'DELETE', `/api/role/delete/${role.id}`, owner.headers);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'role_in_use',
      message: '1 person still has this role. Give them another role before deleting it.',
    });
    expect((await assign(owner.headers, clerk.user.id, ids.admin)).status).toBe(200);
    expect((await call(ctx.app, 'DELETE', `/api/role/delete/${role.id}`, owner.headers)).status).toBe(200);
  });
});

describe('assigning a role', () => {
  it('a dispatcher may do exactly what the role allows from their next request, and the change of the role reaches them at once', async () => {
    const role = await addRole(owner.headers, DISPATCHER);
    const clerk = await addUser(ctx, owner.company.id, 'admin');
    // Before: the built-in Admin.
    expect((await call(ctx.app, 'GET', '/api/airport/list', clerk.headers)).status).toBe(200);

    const assigned = await assign(owner.headers, clerk.user.id, role.id);
    expect(assigned.status).toBe(200);
    expect(assigned.body.data).toEqual({ user_id: clerk.user.id, role_id: role.id, role_name: role.name });
    expect((await call(ctx.app, 'GET', '/api/airport/list', clerk.headers)).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/trips/list', clerk.headers)).status).toBe(200);
    const me = await call(ctx.app, 'GET', '/api/auth/get-details-by-token', clerk.headers);
    expect((me.body.data as { permissions: string[] }).permissions.sort()).toEqual(['session', ...DISPATCHER].sort());
    expect((me.body.data as { role_name: string }).role_name).toBe(role.name);
    expect((await roleOf(owner.headers, role.id)).users).toBe(1);

    // The people list names the role.
    const people = await call(ctx.app, 'GET', '/api/user/list?page_size=1000', owner.headers);
    const row = (people.body.data as Array<{ user_id: number; role_id: number; role_name: string | null }>).find(
      (person) => person.user_id === clerk.user.id,
    );
    expect(row).toMatchObject({ role_id: role.id, role_name: role.name });

    // Taking trips.view off the role: refused at the next request, though the caller's access was cached.
    const changed = await call(ctx.app, 'PATCH', `/api/role/update/${role.id}`, owner.headers, { permissions: ['bookings.view'] });
    expect(changed.status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/trips/list', clerk.headers)).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/booking/list', clerk.headers)).status).toBe(200);

    // The assignment is in the user's audit trail.
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entity_id, String(clerk.user.id)), eq(auditLog.action, 'update')));
    expect(entry?.changes.role_id).toEqual({ from: null, to: role.id });
    expect(entry?.actor_user_id).toBe(owner.user.id);
  });

  it('gives the built-in Admin back by its id, and adds an admin with a role of the company’s', async () => {
    const role = await addRole(owner.headers, ['bookings.view']);
    const ids = await builtInIds(owner.headers);
    const clerk = await addUser(ctx, owner.company.id, 'admin');
    await assign(owner.headers, clerk.user.id, role.id);
    const back = await assign(owner.headers, clerk.user.id, ids.admin);
    expect(back.body.data).toEqual({ user_id: clerk.user.id, role_id: ids.admin, role_name: null });
    const [row] = await ctx.db.select({ role_id: users.role_id }).from(users).where(eq(users.id, clerk.user.id));
    expect(row?.role_id).toBeNull();

    const added = await call(ctx.app, 'POST', '/api/auth/admin/add', owner.headers, {
      name: 'Meena Arul',
      email: `meena-${uniqueTag()}@example.com`,
      temporary_password: 'Lotus-pond-8812',
      role_id: role.id,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const [stored] = await ctx.db
      .select({ role_id: users.role_id })
      .from(users)
      .where(eq(users.id, (added.body.data as { id: number }).id));
    expect(stored?.role_id).toBe(role.id);
  });

  it('refuses one’s own role, a driver, the Driver role, and another company’s user or role', async () => {
    const role = await addRole(owner.headers, ['bookings.view']);
    const ids = await builtInIds(owner.headers);
    const own = await assign(owner.headers, owner.user.id, role.id);
    expect(own.status).toBe(409);
    expect(own.body.code).toBe('cannot_change_own_role');

    const { user: driver } = await insertDriver(ctx.db, owner.company.id);
    expect((await assign(owner.headers, driver.id, role.id)).body.code).toBe('role_not_assignable');
    const clerk = await addUser(ctx, owner.company.id, 'admin');
    expect((await assign(owner.headers, clerk.user.id, ids.driver)).body.code).toBe('role_not_assignable');

    const other = await createTenant(ctx);
    const foreignRole = await addRole(other.headers, ['bookings.view']);
    const wrongRole = await assign(owner.headers, clerk.user.id, foreignRole.id);
    expect(wrongRole.status).toBe(400);
    expect(wrongRole.body.details).toEqual([expect.objectContaining({ field: 'role_id' })]);
    // Another company's user: 404, and their role is untouched.
    expect((await assign(other.headers, clerk.user.id, foreignRole.id)).status).toBe(404);
    const [row] = await ctx.db.select({ role_id: users.role_id }).from(users).where(eq(users.id, clerk.user.id));
    expect(row?.role_id).toBeNull();
  });
});

describe('a role is never a way up', () => {
  let manager: Tenant;
  let managerRole: { id: number };
  beforeAll(async () => {
    // An office manager who manages roles and people but may not delete bookings or approve payouts.
    managerRole = await addRole(owner.headers, [
      'roles.view',
      'roles.create',
      'roles.update',
      'roles.assign',
      'users.view',
      'bookings.view',
      'trips.view',
    ]);
    manager = await addUser(ctx, owner.company.id, 'admin');
    await assign(owner.headers, manager.user.id, managerRole.id);
  });

  it('cannot make or widen a role with a permission they lack (403), in English and Tamil', async () => {
    const refused = await call(ctx.app, 'POST', '/api/role/add', manager.headers, {
      name: `Wide ${uniqueTag()}`,
      permissions: ['bookings.delete'],
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'role_beyond_own', message: rolesEn.errors.role_beyond_own });
    const ta = await call(
      ctx.app,
      'POST',
      '/api/role/add',
      { ...manager.headers, 'accept-language': 'ta' },
      {
        name: `Wide ${uniqueTag()}`,
        permissions: ['payouts.approve'],
      },
    );
    expect(ta.body.message).toBe(rolesTa.errors.role_beyond_own);

    const narrow = await addRole(manager.headers, ['bookings.view']);
    const widen = await call(ctx.app, 'PATCH', `/api/role/update/${narrow.id}`, manager.headers, {
      permissions: ['bookings.view', 'payouts.approve'],
    });
    expect(widen.status).toBe(403);
    // Their own role neither.
    const self = await call(ctx.app, 'PATCH', `/api/role/update/${managerRole.id}`, manager.headers, {
      permissions: [
        'roles.view',
        'roles.create',
        'roles.update',
        'roles.assign',
        'users.view',
        'bookings.view',
        'trips.view',
        'bookings.delete',
      ],
    });
    expect(self.status).toBe(403);
    expect((await call(ctx.app, 'DELETE', '/api/booking/delete/2147483000', manager.headers)).status).toBe(403);
  });

  it('cannot give the Admin role, nor change the role of someone who may do more', async () => {
    const ids = await builtInIds(owner.headers);
    const clerk = await addUser(ctx, owner.company.id, 'admin');
    const narrow = await addRole(owner.headers, ['bookings.view']);
    // The clerk is an Admin: above the manager.
    const down = await assign(manager.headers, clerk.user.id, narrow.id);
    expect(down.status).toBe(403);
    expect(down.body.code).toBe('role_beyond_own');
    await assign(owner.headers, clerk.user.id, narrow.id);
    // Now below the manager: moved between roles within the manager's permissions, not up to Admin.
    expect((await assign(manager.headers, clerk.user.id, ids.admin)).status).toBe(403);
    const sideways = await addRole(owner.headers, ['trips.view']);
    expect((await assign(manager.headers, clerk.user.id, sideways.id)).status).toBe(200);
  });

  it('a driver’s and a role-less caller’s tokens carry no role: the role is read from the database at each request', async () => {
    const role = await addRole(owner.headers, ['bookings.view']);
    const clerk = await addUser(ctx, owner.company.id, 'admin');
    await assign(owner.headers, clerk.user.id, role.id);
    // A token minted before or after the change is the same kind of token: only the database decides.
    const fresh = { authorization: `Bearer ${await mintAccessToken(ctx, { ...clerk.user, role: 'admin' })}` };
    expect((await call(ctx.app, 'GET', '/api/airport/list', fresh)).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/booking/list', fresh)).status).toBe(200);
  });
});
