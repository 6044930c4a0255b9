import { companyBuiltInRoleKeys, type RoleListQuery } from '@ps/contracts';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
import { listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';
import { rolePermissionSet } from '../../lib/permissions.ts';

export type RoleRow = typeof roles.$inferSelect & { users: number };

/**
 * The roles a company sees: the built-in Admin and Driver (no company) and its own. Its own go through the
 * company scope like every company row; the built-in ones are named by their keys.
 */
export function createRolesRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, roles, companyId);
  const visible = (...conditions: Array<SQL | undefined>) =>
    and(or(scope.owned(), and(isNull(roles.company_id), inArray(roles.key, [...companyBuiltInRoleKeys]))), ...conditions);
  // The company's users (not removed) who have the role: a built-in role is had by those of its kind without a role of
  // the company's own. The outer role's columns are named with their table by hand: in a one-table select Drizzle
  // writes columns unqualified, and the subquery's "id" would be the user's.
  const usersOfRole = sql<number>`(select count(*)::int from ${users} as u
    where u.company_id = ${companyId} and u.deleted_at is null
      and (u.role_id = "roles"."id" or (u.role_id is null and u.role = "roles"."key")))`;
  const selectRoles = () => db.select({ role: roles, users: usersOfRole }).from(roles);
  const flatten = ({ role, users: count }: { role: typeof roles.$inferSelect; users: number }): RoleRow => ({ ...role, users: count });

  return {
    async list(query: RoleListQuery): Promise<{ rows: RoleRow[]; total: number }> {
      const parts = listParts(query, {
        filters: [visible()],
        searchColumns: [roles.name, roles.description],
        sortColumns: { name: roles.name, created_at: roles.created_at },
        defaultSort: 'name',
        tieBreaker: roles.id,
      });
      return listPage(parts, {
        rows: async ({ where, orderBy, limit, offset }) =>
          (
            await selectRoles()
              .where(where)
              .orderBy(...orderBy)
              .limit(limit)
              .offset(offset)
          ).map(flatten),
        count: async (where) => {
          const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(roles).where(where);
          return row?.total ?? 0;
        },
      });
    },

    /** A role the company sees (built-in or its own), or undefined (also another company's). */
    async findById(id: number): Promise<RoleRow | undefined> {
      const [row] = await selectRoles()
        .where(visible(eq(roles.id, id)))
        .limit(1);
      return row ? flatten(row) : undefined;
    },

    /**
     * A user of the company (not removed) with what their role allows now, or undefined (also another company's).
     * `lock` holds the user's row to the end of the transaction, so two assignments of one user queue up.
     */
    async userWithRole(userId: number, options: { lock?: boolean } = {}) {
      const userScope = companyScope(db, users, companyId);
      const query = db
        .select({ id: users.id, name: users.name, kind: users.role, role_id: users.role_id, permissions: roles.permissions })
        .from(users)
        .leftJoin(roles, and(eq(roles.id, users.role_id), eq(roles.company_id, users.company_id)))
        .where(userScope.owned(eq(users.id, userId), isNull(users.deleted_at)))
        .limit(1);
      const [row] = options.lock ? await query.for('update', { of: users }) : await query;
      if (!row) return undefined;
      return { ...row, allowed: row.role_id === null ? rolePermissionSet(row.kind, null) : rolePermissionSet(null, row.permissions ?? []) };
    },

    /** The built-in role of a kind of user. */
    async builtIn(key: (typeof companyBuiltInRoleKeys)[number]): Promise<typeof roles.$inferSelect> {
      const [row] = await db.select().from(roles).where(eq(roles.key, key)).limit(1);
      if (!row) throw new Error(`the built-in role ${key} is missing (migration 0012)`);
      return row;
    },
  };
}
