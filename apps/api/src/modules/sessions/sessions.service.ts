import type { AccountSession, SessionsEnded } from '@ps/contracts';
import type { Db } from '../../db/client.ts';
import { users as usersTable } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import { writeRecords } from '../../kit/records.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { describeUserAgent } from '../../lib/userAgent.ts';
import { notifyAccessChanged } from '../../plugins/access.ts';
import type { Caller } from '../../plugins/auth.ts';
import { createAuthRepository } from '../auth/auth.repository.ts';
import type { RequestMeta } from '../auth/auth.service.ts';
import { lockPersonToActOn } from '../roles/standing.ts';
import { createSessionsRepository } from './sessions.repository.ts';

/**
 * Sessions (issue 9, section 3): a user's own open sessions, listed and ended one by one, and an admin ending
 * every session of a user of the company. Ending goes through the same revoke and access change as signing out,
 * so the session's access tokens stop at their next request, in every server process.
 */
export function createSessionsService(db: Db, idleTimeoutSeconds: number) {
  const repository = createSessionsRepository(db, idleTimeoutSeconds);
  return {
    async listOwn(caller: Caller): Promise<AccountSession[]> {
      const rows = await repository.listOpen(caller.userId);
      return rows.map((row) => ({
        id: row.id,
        created_at: row.created_at.toISOString(),
        last_used_at: row.last_used_at.toISOString(),
        expires_at: row.expires_at.toISOString(),
        ip: row.ip,
        ...describeUserAgent(row.user_agent),
        current: row.id === caller.family,
      }));
    },

    /** Ends one of the caller's own open sessions (this one too: that is signing out here). Another's is a 404. */
    async endOwn(caller: Caller, id: string, meta: RequestMeta): Promise<void> {
      if (!(await repository.isOpenSessionOf(caller.userId, id))) throw notFound();
      await createAuthRepository(db).revokeFamily(id);
      await notifyAccessChanged(db, { family: id });
      meta.log('auth.session_revoked', { user_id: caller.userId, company_id: caller.companyId, session_id: id, reason: 'ended_by_user' });
    },

    /**
     * Ends every open session of a user of the actor's company (another company's user is a 404, through the
     * company scope), audited with how many were open. The actor's own are ended from their account instead.
     */
    async endUsers(actor: CompanyActor, userId: number, meta: RequestMeta): Promise<SessionsEnded> {
      if (userId === actor.actorUserId) throw new AppError(409, 'cannot_end_own_sessions');
      const ended = await writeRecords(db, usersTable, actor, { entity: 'user' }, async (records) => {
        // Only someone within the actor's own permissions (another company's or a removed user: 404).
        await lockPersonToActOn(records.tx, actor, userId, { endsAccess: false });
        const open = await createSessionsRepository(records.tx, idleTimeoutSeconds).countOpen(userId);
        await createAuthRepository(records.tx).revokeUserTokens(userId);
        await recordAudit(records.tx, {
          companyId: actor.companyId,
          actorUserId: actor.actorUserId,
          entity: 'user',
          entityId: userId,
          action: 'update',
          before: { open_sessions: open },
          after: { open_sessions: 0 },
        });
        return open;
      });
      await notifyAccessChanged(db, { userId });
      meta.log('auth.session_revoked', { user_id: userId, company_id: actor.companyId, reason: 'ended_by_admin' });
      return { ended };
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
