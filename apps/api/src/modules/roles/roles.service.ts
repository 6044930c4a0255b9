import {
  assignablePermissions,
  type PermissionCatalogue,
  permissionParts,
  type RoleAssignBody,
  type RoleAssignment,
  type RoleCreate,
  type RoleListQuery,
  type RoleRecord,
  type RoleUpdate,
  SESSION_PERMISSION,
} from '@ps/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
import { writeRecords } from '../../kit/records.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { recordOf } from '../../kit/service.ts';
import { AppError, conflict, invalidField, notFound } from '../../lib/errors.ts';
import { rolePermissionSet } from '../../lib/permissions.ts';
import { constraintOf, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import { notifyAccessChanged } from '../../plugins/access.ts';
import { createRolesRepository, type RoleRow } from './roles.repository.ts';

/**
 * Roles and their assignment (issue 9, section 3; docs/decisions.md "Roles"). Two rules keep a role from being a way
 * up: nobody gives (to a role, or to a person through a role) a permission they do not hold themselves, and nobody
 * changes the role of someone who may do more than they may, or their own. A change reaches every signed-in user of
 * the company at their next request, in every server process (the access change).
 */

/** What a role allows: a built-in role's are the release's, a company's own what is stored. */
const allowedBy = (role: Pick<RoleRow, 'key' | 'permissions'>) => rolePermissionSet(role.key, role.permissions);

function toRecord(row: RoleRow): RoleRecord {
  const { company_id: _company, key, permissions: _stored, ...rest } = recordOf(row);
  const allowed = allowedBy(row);
  return {
    ...rest,
    key: key === 'admin' || key === 'driver' ? key : null,
    // In the catalogue's order, without `session`, which every role has.
    permissions: [...allowed].filter((permission) => permission !== SESSION_PERMISSION),
  };
}

function roleConflict(error: unknown): AppError | undefined {
  if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && constraintOf(error) === 'roles_company_name_unique') {
    return conflict('role_name_taken', 'name');
  }
  return undefined;
}

/** Refuses a change that would give a permission the actor does not hold. */
function assertWithinOwn(actorAllowed: ReadonlySet<string>, given: Iterable<string>): void {
  for (const permission of given) {
    if (!actorAllowed.has(permission)) throw new AppError(403, 'role_beyond_own');
  }
}

/** The permission catalogue of a company's roles, grouped by resource in the order the catalogue lists them. */
export function permissionCatalogue(): PermissionCatalogue {
  const byResource = new Map<string, string[]>();
  for (const permission of assignablePermissions) {
    const { resource } = permissionParts(permission);
    byResource.set(resource, [...(byResource.get(resource) ?? []), permission]);
  }
  return [...byResource].map(([resource, permissions]) => ({ resource, permissions }));
}

const repository = (tx: DbOrTx, actor: CompanyActor) => createRolesRepository(tx, actor.companyId);

/** What the acting user may do now, read in the change's transaction. */
async function actorAllowed(tx: DbOrTx, actor: CompanyActor): Promise<ReadonlySet<string>> {
  const me = await repository(tx, actor).userWithRole(actor.actorUserId);
  if (!me) throw notFound();
  return me.allowed;
}

/**
 * The role an office user is to have, checked in the change's transaction: the built-in Admin (stored as
 * null) or one of the company's own, within what the actor may do. An unknown or another company's role is a 400 on
 * `role_id`; the Driver role is given to nobody.
 */
export async function officeRoleToGive(
  tx: DbOrTx,
  actor: CompanyActor,
  roleId: number,
): Promise<{ role_id: number | null; id: number; name: string | null }> {
  const role = await repository(tx, actor).findById(roleId);
  if (!role) throw invalidField('role_id');
  if (role.key === 'driver') throw new AppError(409, 'role_not_assignable');
  assertWithinOwn(await actorAllowed(tx, actor), allowedBy(role));
  return { role_id: role.key === null ? role.id : null, id: role.id, name: role.key === null ? role.name : null };
}

export function createRolesService(db: Db) {
  /** A company's own role, locked for the change; a built-in role is 409, another company's or none 404. */
  async function ownRoleForChange(tx: DbOrTx, actor: CompanyActor, id: number): Promise<RoleRow> {
    const role = await repository(tx, actor).findById(id);
    if (!role) throw notFound();
    if (role.key !== null) throw new AppError(409, 'role_built_in');
    return role;
  }

  const read = async (tx: DbOrTx, actor: CompanyActor, id: number) => {
    const row = await repository(tx, actor).findById(id);
    if (!row) throw notFound();
    return toRecord(row);
  };

  return {
    async list(actor: CompanyActor, query: RoleListQuery) {
      const { rows, total } = await repository(db, actor).list(query);
      return { items: rows.map(toRecord), total };
    },

    get: (actor: CompanyActor, id: number) => read(db, actor, id),

    async create(actor: CompanyActor, input: RoleCreate): Promise<RoleRecord> {
      return writeRecords(db, roles, actor, { entity: 'role', translate: roleConflict }, async (records) => {
        assertWithinOwn(await actorAllowed(records.tx, actor), input.permissions);
        const row = await records.create({ name: input.name, description: input.description, permissions: input.permissions });
        return read(records.tx, actor, row.id);
      });
    },

    async update(actor: CompanyActor, id: number, input: RoleUpdate): Promise<RoleRecord> {
      const updated = await writeRecords(db, roles, actor, { entity: 'role', translate: roleConflict }, async (records) => {
        await ownRoleForChange(records.tx, actor, id);
        const current = await records.lock(id);
        if (input.permissions) {
          const before = new Set(current.permissions as string[]);
          assertWithinOwn(
            await actorAllowed(records.tx, actor),
            input.permissions.filter((permission) => !before.has(permission)),
          );
        }
        await records.update(id, input);
        return read(records.tx, actor, id);
      });
      // Everyone with the role acts by its new permissions from their next request, in every process.
      await notifyAccessChanged(db, { companyId: actor.companyId });
      return updated;
    },

    async delete(actor: CompanyActor, id: number): Promise<void> {
      // Someone given the role while it was being deleted: the users' foreign key refuses, as the count would have.
      const inUse = (error: unknown) =>
        pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION ? new AppError(409, 'role_in_use', { vars: { count: 1 } }) : undefined;
      await writeRecords(db, roles, actor, { entity: 'role', translate: inUse }, async (records) => {
        const role = await ownRoleForChange(records.tx, actor, id);
        await records.lock(id);
        if (role.users > 0) throw new AppError(409, 'role_in_use', { vars: { count: role.users } });
        await records.remove(id);
      });
    },

    /**
     * Gives an office user of the company the built-in Admin role or one of the company's own. Not one's own
     * role, not a driver's (drivers keep theirs), and only between roles within what the actor may do themselves.
     */
    async assign(actor: CompanyActor, userId: number, body: RoleAssignBody): Promise<RoleAssignment> {
      if (userId === actor.actorUserId) throw new AppError(409, 'cannot_change_own_role');
      // A role deleted while it was being given: the users' foreign key refuses it, as an unknown role is.
      const roleGone = (error: unknown) => (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION ? invalidField('role_id') : undefined);
      const assignment = await writeRecords(db, users, actor, { entity: 'user', translate: roleGone }, async (records) => {
        const target = await repository(records.tx, actor).userWithRole(userId, { lock: true });
        if (!target) throw notFound();
        if (target.kind !== 'admin') throw new AppError(409, 'role_not_assignable');
        // Not a way down for someone who may do more than the actor (nor, below, a way up).
        assertWithinOwn(await actorAllowed(records.tx, actor), target.allowed);
        const role = await officeRoleToGive(records.tx, actor, body.role_id);
        await records.update(userId, { role_id: role.role_id });
        return { user_id: userId, role_id: role.id, role_name: role.name };
      });
      await notifyAccessChanged(db, { userId });
      return assignment;
    },
  };
}
export type RolesService = ReturnType<typeof createRolesService>;
