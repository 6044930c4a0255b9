import { assignablePermissions } from '@ps/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, roles, users } from '../../db/schema/index.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { rolePermissionSet } from '../../lib/permissions.ts';
import { createRolesRepository } from './roles.repository.ts';

/**
 * "No way up" for every action on a person (docs/decisions.md): turning their sign-in off or on, ending their
 * sessions, removing them, changing their role. The target's permissions must all be the actor's too, so a narrower
 * role never acts on someone above it; and the company's last administrator with every permission is never disabled
 * or removed, so a company can always be run.
 */

/** Whether a set of permissions holds everything a company's administrator may hold. */
const isFullAdmin = (allowed: ReadonlySet<string>) => assignablePermissions.every((permission) => allowed.has(permission));

export type PersonAction = 'status' | 'sessions' | 'remove' | 'role';

/**
 * The person the actor is to act on, locked to the end of the transaction: a user of the actor's company (another
 * company's, or a removed one, is a 404) whose permissions are all within the actor's own (else 403
 * `person_beyond_own`). A driver's permissions reach only their own trips and attendance, never anyone else's rows, so
 * a driver is below every office user who may manage them; the comparison is between office users. An action that
 * ends someone's access (`endsAccess`) is refused for the company's last active full administrator (409
 * `last_full_admin`).
 */
export async function lockPersonToActOn(tx: DbOrTx, actor: CompanyActor, userId: number, options: { endsAccess: boolean }) {
  // One change of people at a time per company, so two administrators cannot disable each other at once and leave none.
  // NO KEY UPDATE: the inserts of the company's other rows (their foreign key's KEY SHARE lock) do not wait for it.
  if (options.endsAccess)
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, actor.companyId)).for('no key update');
  const repository = createRolesRepository(tx, actor.companyId);
  const target = await repository.userWithRole(userId, { lock: true });
  if (!target) throw notFound();
  if (target.kind === 'admin') {
    const me = await repository.userWithRole(actor.actorUserId);
    if (!me) throw notFound();
    for (const permission of target.allowed) {
      if (!me.allowed.has(permission)) throw new AppError(403, 'person_beyond_own');
    }
    if (options.endsAccess && isFullAdmin(target.allowed) && (await activeFullAdmins(tx, actor.companyId)) <= 1) {
      throw new AppError(409, 'last_full_admin');
    }
  }
  return target;
}

/** How many office users of the company may sign in and hold every permission an administrator may. */
async function activeFullAdmins(tx: DbOrTx, companyId: number): Promise<number> {
  const rows = await tx
    .select({ role_id: users.role_id, permissions: roles.permissions })
    .from(users)
    .leftJoin(roles, and(eq(roles.id, users.role_id), eq(roles.company_id, users.company_id)))
    .where(and(eq(users.company_id, companyId), eq(users.role, 'admin'), eq(users.status, 1), isNull(users.deleted_at)));
  return rows.filter((row) =>
    isFullAdmin(row.role_id === null ? rolePermissionSet('admin', null) : rolePermissionSet(null, row.permissions ?? [])),
  ).length;
}
