import type { AdminAddBody, CompanyUser } from '@ps/contracts';
import type { Db } from '../../db/client.ts';
import { users as usersTable } from '../../db/schema/index.ts';
import { writeRecords } from '../../kit/records.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { assertNewPasswordAllowed, hashPassword } from '../../lib/passwords.ts';
import { constraintOf, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import { notifyAccessChanged } from '../../plugins/access.ts';
import type { Caller } from '../../plugins/auth.ts';
import { officeRoleToGive } from '../roles/roles.service.ts';
import { lockPersonToActOn } from '../roles/standing.ts';
import { createAuthRepository, phoneColumns, type UserListQuery, type UserRow } from './auth.repository.ts';
import { identityOf, type RequestMeta } from './auth.service.ts';

/** A user of the company as the admin list shows it. */
export function toCompanyUser(user: UserRow): CompanyUser {
  return {
    ...identityOf(user),
    status: user.status === 1 ? 1 : 0,
    must_change_password: user.must_change_password,
    created_at: user.created_at.toISOString(),
  };
}

/** Maps a unique-index violation on users to the field that clashed. */
export function userConflict(error: unknown): AppError | undefined {
  if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) return undefined;
  const field = { users_email_unique: 'email', users_phone_unique: 'phn_nbr', users_username_unique: 'username' } as const;
  const constraint = constraintOf(error) as keyof typeof field | undefined;
  if (constraint === 'users_email_unique') return conflict('email_taken', field[constraint]);
  if (constraint === 'users_phone_unique') return conflict('phone_taken', field[constraint]);
  if (constraint === 'users_username_unique') return conflict('username_taken', field[constraint]);
  return undefined;
}

/**
 * A company's users as its admin manages them (the admin list, removing an admin, adding a driver): apart
 * from sign-in and sessions (auth.service.ts), which these calls only end through the shared access change.
 */
export function createCompanyUsersService(db: Db) {
  const users = createAuthRepository(db);
  return {
    async listAdmins(companyId: number, query: UserListQuery) {
      const { rows, total } = await users.listCompanyUsers(companyId, ['admin'], query);
      return { items: rows.map(toCompanyUser), total };
    },

    /**
     * Another admin of the caller's company, who chooses a new password at first sign-in. The temporary password
     * follows the new-password rules; e-mail and phone are unique in the organisation (409 naming the field).
     */
    async addAdmin(actor: CompanyActor, body: AdminAddBody): Promise<CompanyUser> {
      await assertNewPasswordAllowed(body.temporary_password, 'temporary_password');
      const passwordHash = await hashPassword(body.temporary_password);
      const phone = phoneColumns(body.phn_nbr);
      return writeRecords(db, usersTable, actor, { entity: 'user', translate: userConflict }, async (records) => {
        // Always a role chosen and within the actor's own permissions: never the built-in Admin by default.
        const role = await officeRoleToGive(records.tx, actor, body.role_id);
        const created = await records.create({
          role: 'admin',
          role_id: role.role_id,
          name: body.name,
          email: body.email,
          ...phone,
          country_id: phone.phn_nbr ? (body.country_id ?? 94) : (body.country_id ?? null),
          password_hash: passwordHash,
          must_change_password: true,
        });
        return toCompanyUser(created as UserRow);
      });
    },

    /** Removes an admin of the caller's company: the row stays for the audit trail, sign-in and sessions end. */
    async deleteAdmin(caller: Caller, companyId: number, userId: number, meta: RequestMeta): Promise<void> {
      if (userId === caller.userId) throw new AppError(409, 'cannot_delete_self');
      await writeRecords(db, usersTable, { companyId, actorUserId: caller.userId }, { entity: 'user' }, async (records) => {
        // Another company's user is a 404; someone above the caller, or the last full administrator, is refused.
        const target = await lockPersonToActOn(records.tx, { companyId, actorUserId: caller.userId }, userId, { endsAccess: true });
        if (target.kind !== 'admin') throw notFound();
        await records.softRemove(userId, { deleted_at: new Date(), status: 0 });
        await createAuthRepository(records.tx).revokeUserTokens(userId);
      });
      await notifyAccessChanged(db, { userId });
      meta.log('auth.session_revoked', { user_id: userId, company_id: companyId, reason: 'user_deleted' });
    },
  };
}
export type CompanyUsersService = ReturnType<typeof createCompanyUsersService>;
